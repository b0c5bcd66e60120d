import { z } from "zod";

import { foreignCurrencyCodes } from "~/domain/currency";
import { maxExchangeWindowDays } from "~/domain/exchange";
import { policyKinds } from "~/domain/policies";
import { maxRichTextLength } from "~/domain/rich-text";
import { maxUnpaidOrderHours } from "~/domain/unpaid-orders";
import { refineSellerSettings, sellerSettingsFields, sellerSettingsFromForm } from "~/features/billing/seller-settings";
import { bankAccountSchema, promptPayIdSchema } from "~/features/payments/payment-settings";
import { baht, checkbox, choice, optionalText, text, wholeNumber } from "~/ui/form/schema-fields";

import { shopLocalToEpoch } from "./shop-local-time";
import { type SizeGuideTable, sizeGuideTableFromValues } from "./size-guide-schemas";

/**
 * The forms of the back office's content pages (issue 4 item 11; issue 15): settings, policies,
 * home page (hero slides and content areas), activities, collections and size guides. Each is ONE
 * schema, parsed by Conform on the server and in the browser (an empty field arrives as undefined);
 * `<name>Input` maps the parsed value to what the .server.ts functions store. Messages are keys of
 * `contentAdmin:validation`, then `forms:validation` (app/ui/form/form-messages.ts). Rich-text
 * bodies are checked for length here and sanitised by the .server.ts functions that save them.
 */

export const slug = text(80)
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug");

export const isImageKey = (value: string) => /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(value) && !value.split("/").includes("..");

/** An R2 key picked from the gallery. Existence is checked by the server function. */
const imageKey = (missing?: string) =>
  z
    .string(missing ? { error: missing } : undefined)
    .trim()
    .max(300, "image")
    .refine(isImageKey, "image");
const optionalImageKey = imageKey().optional();

/** A locale-neutral path on this site ("/shop?category=2"; the storefront adds /th). */
const optionalLinkPath = z
  .string()
  .trim()
  .max(300)
  .refine((value) => /^\/(?!\/)[^\s\\]*$/.test(value) && !/^\/th(\/|$|\?)/.test(value), "linkPath")
  .optional();

const sortOrder = wholeNumber(0, 9999, "sortOrder").optional();

/** A shop-local datetime-local value ("2026-06-01T09:00", Bangkok time). */
const optionalMoment = z
  .string()
  .trim()
  .refine((value) => shopLocalToEpoch(value) !== null, "date")
  .optional();
const momentOrNull = (value: string | undefined) => (value === undefined ? null : shopLocalToEpoch(value));

const richText = z.string().max(maxRichTextLength);
const requiredRichText = richText.refine((value) => value.trim() !== "", "required");

/** Cross-field checks that read fields which may be missing, so they run beside the field messages. */
const always = { when: () => true };

// ----- /backend/setting ---------------------------------------------------------------------------

const rate = z
  .string()
  .trim()
  .regex(/^\d{1,6}(?:\.\d{1,8})?$/, "rate")
  .refine((value) => Number(value) > 0, "rate");

const social = optionalText(200).refine(
  (value) => value === undefined || /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value) || /^@?[A-Za-z0-9._-]{1,100}$/.test(value),
  "social",
);

/** The bank-account rows of the settings form (a page without JavaScript needs a fixed number). */
export const settingsBankRows = [1, 2, 3] as const;
type BankRow = (typeof settingsBankRows)[number];
type RateField = `rate${(typeof foreignCurrencyCodes)[number]}`;
type BankField = `${"bank" | "bankAccountName" | "bankAccountNumber"}${BankRow}`;

const bankField = optionalText(100);
const bankAccountNumberField = optionalText(30);

export const settingsSchema = z
  .object({
    // Stored as text, the way config_value_vat always was ("7", "7.5"); read back by parseVatPercent.
    vat: z
      .string()
      .trim()
      .regex(/^\d{1,2}(?:\.\d{1,2})?$/, "vat"),
    nameEn: text(100),
    nameTh: text(100),
    addressEn: optionalText(500),
    addressTh: optionalText(500),
    phone: optionalText(30).refine((value) => value === undefined || /^[0-9+()\-.\s]{6,30}$/.test(value), "phone"),
    email: z.string().trim().toLowerCase().max(254).email(),
    facebook: social,
    instagram: social,
    line: social,
    ...(Object.fromEntries(foreignCurrencyCodes.map((code) => [`rate${code}`, rate])) as Record<RateField, typeof rate>),
    // Bank transfer (docs/decisions/0013-payments.md): the PromptPay id of the QR and up to three
    // accounts, each row all filled in or all empty.
    promptPayId: promptPayIdSchema.optional(),
    // Loyalty points and exchanges (docs/decisions/0012-checkout.md, 0003, 0014), in Baht and days as staff think of them.
    pointValueBaht: baht(0.01, 10_000, "pointValue"),
    pointsEarnBaht: baht(0, 100_000, "pointsEarn"),
    unpaidOrderHours: wholeNumber(1, maxUnpaidOrderHours, "unpaidOrderHours"),
    exchangeWindowDays: wholeNumber(0, maxExchangeWindowDays, "exchangeWindow"),
    ...(Object.fromEntries(
      settingsBankRows.flatMap((row) => [
        [`bank${row}`, bankField],
        [`bankAccountName${row}`, bankField],
        [`bankAccountNumber${row}`, bankAccountNumberField],
      ]),
    ) as Record<BankField, typeof bankField>),
    // The seller on tax documents (issue 17; app/features/billing/seller-settings.ts).
    ...sellerSettingsFields,
  })
  .superRefine((input, context) => {
    refineSellerSettings(input, context);
    for (const row of settingsBankRows) {
      const names = { bank: `bank${row}`, accountName: `bankAccountName${row}`, accountNumber: `bankAccountNumber${row}` } as const;
      const values = { bank: input[names.bank] ?? "", accountName: input[names.accountName] ?? "", accountNumber: input[names.accountNumber] ?? "" };
      if (!values.bank && !values.accountName && !values.accountNumber) continue;
      const parsed = bankAccountSchema.safeParse(values);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const message = issue.message === "required" ? "bankAccountIncomplete" : issue.message;
        context.addIssue({ code: "custom", path: [names[issue.path[0] as keyof typeof names]], message });
      }
    }
  }, always);
export type SettingsValue = z.infer<typeof settingsSchema>;

/** The parsed form as saveSettings writes it: empty texts as "", amounts in satang. */
export function settingsInput(value: SettingsValue) {
  const texts = (names: readonly (keyof SettingsValue)[]) => Object.fromEntries(names.map((name) => [name, (value[name] as string | undefined) ?? ""]));
  const bankNames = settingsBankRows.flatMap((row) => [`bank${row}`, `bankAccountName${row}`, `bankAccountNumber${row}`] as const);
  return {
    ...value,
    ...(texts(["addressEn", "addressTh", "phone", "facebook", "instagram", "line", "promptPayId", ...bankNames]) as Record<
      "addressEn" | "addressTh" | "phone" | "facebook" | "instagram" | "line" | "promptPayId" | BankField,
      string
    >),
    vat: String(Number(value.vat)),
    seller: sellerSettingsFromForm(value),
    ...(Object.fromEntries(foreignCurrencyCodes.map((code) => [`rate${code}`, Number(value[`rate${code}`])])) as Record<RateField, number>),
  };
}
export type SettingsInput = ReturnType<typeof settingsInput>;

// ----- /backend/Policy ----------------------------------------------------------------------------

export const policySchema = z.object({
  kind: z.enum(policyKinds, { error: "policyKind" }),
  titleEn: text(200),
  titleTh: text(200),
  bodyEn: requiredRichText,
  bodyTh: requiredRichText,
});
export type PolicyInput = z.infer<typeof policySchema>;

// ----- /backend/home/content-area -----------------------------------------------------------------

export const heroSlideSchema = z
  .object({
    titleEn: text(120),
    titleTh: text(120),
    subtitleEn: optionalText(300),
    subtitleTh: optionalText(300),
    ctaLabelEn: optionalText(40),
    ctaLabelTh: optionalText(40),
    linkPath: optionalLinkPath,
    imageKey: imageKey("imageRequired"),
    isActive: checkbox(),
    startsAt: optionalMoment,
    endsAt: optionalMoment,
    sortOrder,
  })
  .superRefine((slide, context) => {
    const [startsAt, endsAt] = [momentOrNull(slide.startsAt), momentOrNull(slide.endsAt)];
    if (startsAt !== null && endsAt !== null && endsAt <= startsAt) context.addIssue({ code: "custom", path: ["endsAt"], message: "dateOrder" });
  }, always);

export function heroSlideInput(value: z.infer<typeof heroSlideSchema>) {
  return {
    ...value,
    subtitleEn: value.subtitleEn ?? "",
    subtitleTh: value.subtitleTh ?? "",
    ctaLabelEn: value.ctaLabelEn ?? "",
    ctaLabelTh: value.ctaLabelTh ?? "",
    linkPath: value.linkPath ?? null,
    startsAt: momentOrNull(value.startsAt),
    endsAt: momentOrNull(value.endsAt),
    sortOrder: value.sortOrder ?? 0,
  };
}
export type HeroSlideInput = ReturnType<typeof heroSlideInput>;

export const contentAreaSchema = z.object({
  areaKey: slug,
  titleEn: text(200),
  titleTh: text(200),
  bodyEn: richText.optional(),
  bodyTh: richText.optional(),
  imageKey: optionalImageKey,
  linkPath: optionalLinkPath,
  isActive: checkbox(),
  sortOrder,
});

export function contentAreaInput(value: z.infer<typeof contentAreaSchema>) {
  return {
    ...value,
    bodyEn: value.bodyEn ?? "",
    bodyTh: value.bodyTh ?? "",
    imageKey: value.imageKey ?? null,
    linkPath: value.linkPath ?? null,
    sortOrder: value.sortOrder ?? 0,
  };
}
export type ContentAreaInput = ReturnType<typeof contentAreaInput>;

// ----- /backend/home/activities -------------------------------------------------------------------

export const publishModes = ["draft", "now", "schedule"] as const;

export const activitySchema = z
  .object({
    slug,
    titleEn: text(200),
    titleTh: text(200),
    summaryEn: optionalText(500),
    summaryTh: optionalText(500),
    bodyEn: richText.optional(),
    bodyTh: richText.optional(),
    coverImageKey: optionalImageKey,
    publish: choice(publishModes),
    publishAt: optionalMoment,
  })
  .superRefine((activity, context) => {
    if (activity.publish === "schedule" && activity.publishAt === undefined) context.addIssue({ code: "custom", path: ["publishAt"], message: "publishAt" });
  }, always);

export function activityInput(value: z.infer<typeof activitySchema>) {
  return {
    ...value,
    summaryEn: value.summaryEn ?? "",
    summaryTh: value.summaryTh ?? "",
    bodyEn: value.bodyEn ?? "",
    bodyTh: value.bodyTh ?? "",
    coverImageKey: value.coverImageKey ?? null,
    publishAt: momentOrNull(value.publishAt),
  };
}
export type ActivityInput = ReturnType<typeof activityInput>;

// ----- /backend/home/collections ------------------------------------------------------------------

export const maxCollectionProducts = 100;

/**
 * The ticked products (`productId` checkboxes) in the order staff asked for: by the `position-<id>`
 * number beside each (blank = last), ties by the order they were listed; "invalid" for an odd
 * position or a product ticked twice.
 */
export function collectionProductsFrom(values: { productId?: readonly number[] } & Record<string, unknown>): number[] | "invalid" {
  const items: { productId: number; position: number; index: number }[] = [];
  for (const [index, productId] of (values.productId ?? []).entries()) {
    const typed = values[`position-${productId}`];
    const position =
      typed === undefined || typed === "" ? 9999 : typeof typed === "string" && /^\d{1,4}$/.test(typed.trim()) ? Number(typed.trim()) : Number.NaN;
    if (Number.isNaN(position)) return "invalid";
    items.push({ productId, position, index });
  }
  if (new Set(items.map((item) => item.productId)).size !== items.length) return "invalid";
  return items.sort((a, b) => a.position - b.position || a.index - b.index).map((item) => item.productId);
}

/** The collection form's named fields (what the page's form is typed by). */
export const collectionFields = z.object({
  slug,
  nameEn: text(120),
  nameTh: text(120),
  descriptionEn: optionalText(1000),
  descriptionTh: optionalText(1000),
  imageKey: optionalImageKey,
  isPublished: checkbox(),
  isFeatured: checkbox(),
  sortOrder,
  productId: z
    .array(wholeNumber(1, 9_999_999_999, "products"))
    .max(maxCollectionProducts, "products")
    .optional(),
});

// Loose: each ticked product's `position-<id>` field comes along, read by collectionProductsFrom.
export const collectionSchema = collectionFields.loose().superRefine((value, context) => {
  if (collectionProductsFrom(value) === "invalid") context.addIssue({ code: "custom", path: ["productId"], message: "products" });
}, always);

export function collectionInput(value: z.infer<typeof collectionSchema>) {
  const products = collectionProductsFrom(value);
  return {
    slug: value.slug,
    nameEn: value.nameEn,
    nameTh: value.nameTh,
    descriptionEn: value.descriptionEn ?? "",
    descriptionTh: value.descriptionTh ?? "",
    imageKey: value.imageKey ?? null,
    isPublished: value.isPublished,
    isFeatured: value.isFeatured,
    sortOrder: value.sortOrder ?? 0,
    products: products === "invalid" ? [] : products,
  };
}
export type CollectionInput = ReturnType<typeof collectionInput>;

// ----- /backend/home/size-guide -------------------------------------------------------------------

/** The size-guide form's named fields; `table` is a name no input sends: the table's messages go there. */
export const sizeGuideFields = z.object({
  slug,
  nameEn: text(120),
  nameTh: text(120),
  noteEn: optionalText(1000),
  noteTh: optionalText(1000),
  imageKey: optionalImageKey,
  sortOrder,
  unit: z.string().optional(),
  table: z.never().optional(),
});

// Loose: the measurement table comes as cells (size-guide-schemas.ts), checked as a whole.
export const sizeGuideSchema = sizeGuideFields.loose().superRefine((value, context) => {
  const table = sizeGuideTableFromValues(value);
  if (!table.success) context.addIssue({ code: "custom", path: ["table"], message: table.message });
}, always);

export function sizeGuideInput(value: z.infer<typeof sizeGuideSchema>): { guide: SizeGuideInput; table: SizeGuideTable } {
  const table = sizeGuideTableFromValues(value);
  return {
    guide: {
      slug: value.slug,
      nameEn: value.nameEn,
      nameTh: value.nameTh,
      noteEn: value.noteEn ?? "",
      noteTh: value.noteTh ?? "",
      imageKey: value.imageKey ?? null,
      sortOrder: value.sortOrder ?? 0,
    },
    table: table.success ? table.data : { unit: "cm", columns: [], rows: [] },
  };
}
export interface SizeGuideInput {
  slug: string;
  nameEn: string;
  nameTh: string;
  noteEn: string;
  noteTh: string;
  imageKey: string | null;
  sortOrder: number;
}
