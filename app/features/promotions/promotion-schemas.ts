import { z } from "zod";

import { maxDiscountCodeLength } from "~/domain/discount-code";
import { type DiscountScope, discountScopes, type DiscountType, discountTypes } from "~/domain/promotions";
import { shopLocalToEpoch } from "~/features/content/shop-local-time";
import { baht, checkbox, choice, optionalText, optionalWholeNumber, text, wholeNumber } from "~/ui/form/schema-fields";

/**
 * The promotion forms (issue 16): a discount code and a flash sale. ONE schema each, parsed by
 * Conform on the server and in the browser (an empty field arrives as undefined); `<name>Input`
 * maps the parsed value to what the .server.ts functions store. Messages are keys of
 * `promotions:validation`, then `forms:validation`. Uniqueness, locks on a used code and overlaps
 * of sales are the server layer's (they need the database).
 */

/** A shop-local datetime-local value ("2026-06-01T09:00", Bangkok time). */
const moment = z
  .string()
  .trim()
  .refine((value) => shopLocalToEpoch(value) !== null, "date");
const optionalMoment = moment.optional();

/** The ids a checkbox list or a multiple select posts (several values under one name). */
const idList = z.array(wholeNumber(1, 1_000_000_000)).max(90, "tooManyTargets").optional();

// ----- discount codes ---------------------------------------------------------------------------

export const discountCodeSchema = z
  .object({
    code: text(maxDiscountCodeLength)
      .toUpperCase()
      .regex(/^[A-Z0-9-]+$/, "codeChars"),
    type: choice(discountTypes),
    /** Percent (1–100) or Baht, by type; not sent for free shipping. */
    value: z.string().trim().max(14).optional(),
    maxDiscount: baht(0, 9_999_999.99).optional(),
    minPurchase: baht(0, 9_999_999.99).optional(),
    usageLimit: optionalWholeNumber(0, 1_000_000),
    perCustomerLimit: optionalWholeNumber(1, 1_000),
    startsAt: optionalMoment,
    endsAt: optionalMoment,
    isActive: checkbox(),
    scope: choice(discountScopes),
    categoryIds: idList,
    productIds: idList,
    collectionIds: idList,
    firstOrderOnly: checkbox(),
    combinesWithFlashSale: checkbox(),
    descriptionEn: optionalText(300),
    descriptionTh: optionalText(300),
  })
  .superRefine((value, context) => {
    if (value.type === "percent" && !isPercent(value.value))
      context.addIssue({ code: "custom", path: ["value"], message: value.value === undefined ? "required" : "percent" });
    if (value.type === "fixed" && bahtValue(value.value) === null)
      context.addIssue({ code: "custom", path: ["value"], message: value.value === undefined ? "required" : "amount" });
    const starts = value.startsAt === undefined ? null : shopLocalToEpoch(value.startsAt);
    const ends = value.endsAt === undefined ? null : shopLocalToEpoch(value.endsAt);
    if (starts !== null && ends !== null && ends <= starts) context.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
    const targets = targetsOf(value);
    if (value.scope !== "order" && targets.length === 0) context.addIssue({ code: "custom", path: [targetField[value.scope]], message: "targetsRequired" });
  });

/** The form field that lists a scope's targets. */
export const targetField = { categories: "categoryIds", products: "productIds", collections: "collectionIds" } as const;

function isPercent(value: string | undefined): boolean {
  return value !== undefined && /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= 100;
}

/** Baht as typed → satang (> 0), or null. */
function bahtValue(value: string | undefined): number | null {
  const plain = (value ?? "").replace(/[,\s฿]/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const satang = Math.round(Number(plain) * 100);
  return satang > 0 && satang <= 999_999_999 ? satang : null;
}

function targetsOf(value: Pick<DiscountCodeValue, "scope" | "categoryIds" | "productIds" | "collectionIds">): number[] {
  const ids =
    value.scope === "categories" ? value.categoryIds : value.scope === "products" ? value.productIds : value.scope === "collections" ? value.collectionIds : [];
  return [...new Set(ids ?? [])];
}

type DiscountCodeValue = z.output<typeof discountCodeSchema>;

/** What the server layer stores. */
export interface DiscountCodeInput {
  code: string;
  type: DiscountType;
  /** Whole percent, satang, or 0 for free shipping. */
  value: number;
  maxDiscountSatang: number | null;
  minPurchaseSatang: number;
  usageLimit: number | null;
  perCustomerLimit: number | null;
  startsAt: number | null;
  endsAt: number | null;
  isActive: boolean;
  scope: DiscountScope;
  targetIds: number[];
  firstOrderOnly: boolean;
  combinesWithFlashSale: boolean;
  descriptionEn: string;
  descriptionTh: string;
}

export function discountCodeInput(value: DiscountCodeValue): DiscountCodeInput {
  return {
    code: value.code,
    type: value.type,
    value: value.type === "percent" ? Number(value.value) : value.type === "fixed" ? bahtValue(value.value)! : 0,
    maxDiscountSatang: value.type === "percent" && value.maxDiscount !== undefined && value.maxDiscount > 0 ? value.maxDiscount : null,
    minPurchaseSatang: value.minPurchase ?? 0,
    usageLimit: value.usageLimit ?? null,
    perCustomerLimit: value.perCustomerLimit ?? null,
    startsAt: value.startsAt === undefined ? null : shopLocalToEpoch(value.startsAt),
    endsAt: value.endsAt === undefined ? null : shopLocalToEpoch(value.endsAt),
    isActive: value.isActive,
    scope: value.scope,
    targetIds: targetsOf(value),
    firstOrderOnly: value.firstOrderOnly,
    combinesWithFlashSale: value.combinesWithFlashSale,
    descriptionEn: value.descriptionEn ?? "",
    descriptionTh: value.descriptionTh ?? "",
  };
}

// ----- flash sales ------------------------------------------------------------------------------

/** Item rows a form without JavaScript can hold (an empty row is ignored). */
export const maxFlashSaleItems = 30;

const saleItem = z.object({
  variantId: wholeNumber(1, 1_000_000_000),
  salePrice: baht(0, 9_999_999.99),
  quantityCap: wholeNumber(1, 1_000_000),
});

export const flashSaleSchema = z
  .object({
    nameEn: text(120),
    nameTh: text(120),
    startsAt: moment,
    endsAt: moment,
    isActive: checkbox(),
    items: z.array(saleItem).max(maxFlashSaleItems, "tooManyItems").optional(),
  })
  .superRefine((value, context) => {
    const starts = shopLocalToEpoch(value.startsAt);
    const ends = shopLocalToEpoch(value.endsAt);
    if (starts !== null && ends !== null && ends <= starts) context.addIssue({ code: "custom", path: ["endsAt"], message: "endBeforeStart" });
    const seen = new Set<number>();
    (value.items ?? []).forEach((item, index) => {
      if (seen.has(item.variantId)) context.addIssue({ code: "custom", path: ["items", index, "variantId"], message: "duplicateVariant" });
      seen.add(item.variantId);
    });
  });

export type FlashSaleValue = z.output<typeof flashSaleSchema>;

export interface FlashSaleInput {
  nameEn: string;
  nameTh: string;
  startsAt: number;
  endsAt: number;
  isActive: boolean;
  items: { variantId: number; salePriceSatang: number; quantityCap: number }[];
}

export function flashSaleInput(value: FlashSaleValue): FlashSaleInput {
  return {
    nameEn: value.nameEn,
    nameTh: value.nameTh,
    startsAt: shopLocalToEpoch(value.startsAt)!,
    endsAt: shopLocalToEpoch(value.endsAt)!,
    isActive: value.isActive,
    items: (value.items ?? []).map((item) => ({ variantId: item.variantId, salePriceSatang: item.salePrice, quantityCap: item.quantityCap })),
  };
}
