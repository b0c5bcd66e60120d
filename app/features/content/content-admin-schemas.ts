import { z } from "zod";
import { foreignCurrencyCodes } from "~/domain/currency";
import { maxExchangeWindowDays } from "~/domain/exchange";
import { maxUnpaidOrderHours } from "~/domain/unpaid-orders";
import { bankAccountSchema, promptPayIdSchema } from "~/features/payments/payment-settings";
import { maxRichTextLength } from "~/domain/rich-text";
import { policyKinds } from "~/domain/policies";
import { shopLocalToEpoch } from "./shop-local-time";

/**
 * The forms of the back office's content pages (issue 4 item 11): settings, policies, home page
 * (hero slides and content areas), activities, collections and size guides. Every value arrives
 * as text (app/features/backoffice/form-errors.ts `textFields`); messages are keys of
 * `contentAdmin:validation` (`key:max` for lengths). Rich-text bodies are checked for length here
 * and sanitised by the .server.ts functions that save them.
 */
export const contentValidationKeys = [
  "required",
  "maxLength",
  "invalid",
  "slug",
  "slugTaken",
  "areaKeyTaken",
  "emailInvalid",
  "vat",
  "rate",
  "phone",
  "social",
  "linkPath",
  "image",
  "imageRequired",
  "sortOrder",
  "date",
  "dateOrder",
  "publishAt",
  "products",
  "unit",
  "columnKey",
  "columnKeyDuplicate",
  "columnName",
  "rowSize",
  "rowSizeDuplicate",
  "cellNumber",
  "tableColumns",
  "tableRows",
  "policyKind",
  "promptPayId",
  "bankAccountNumber",
  "bankAccountIncomplete",
] as const;

const required = (max: number) => z.string().trim().min(1, "required").max(max, `maxLength:${max}`);
const optional = (max: number) => z.string().trim().max(max, `maxLength:${max}`);
const richText = z.string().max(maxRichTextLength, `maxLength:${maxRichTextLength}`);
const checkbox = z.string().transform((value) => value === "on" || value === "true" || value === "1");

export const slug = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "required")
  .max(80, "maxLength:80")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug");

/** An R2 key picked from the gallery ("" = none). Existence is checked by the server function. */
export const optionalImageKey = z
  .string()
  .trim()
  .max(300, "image")
  .refine((value) => value === "" || (/^[A-Za-z0-9][A-Za-z0-9/_.-]*$/.test(value) && !value.split("/").includes("..")), "image")
  .transform((value) => (value === "" ? null : value));

/** A locale-neutral path on this site ("/shop?category=2"; the storefront adds /th); "" = none. */
export const optionalLinkPath = z
  .string()
  .trim()
  .max(300, "maxLength:300")
  .refine((value) => value === "" || (/^\/(?!\/)[^\s\\]*$/.test(value) && !/^\/th(\/|$|\?)/.test(value)), "linkPath")
  .transform((value) => (value === "" ? null : value));

export const sortOrder = z
  .string()
  .trim()
  .transform((value) => (value === "" ? "0" : value))
  .refine((value) => /^\d{1,4}$/.test(value), "sortOrder")
  .transform(Number);

/** "" → null; otherwise a shop-local datetime-local value. */
const optionalMoment = z
  .string()
  .trim()
  .refine((value) => value === "" || shopLocalToEpoch(value) !== null, "date")
  .transform((value) => (value === "" ? null : shopLocalToEpoch(value)));

// ----- /backend/setting ---------------------------------------------------------------------------

const rate = z
  .string()
  .trim()
  .refine((value) => /^\d{1,6}(?:\.\d{1,8})?$/.test(value) && Number(value) > 0, "rate")
  .transform(Number);

const social = optionalMaxSocial();
function optionalMaxSocial() {
  return z
    .string()
    .trim()
    .max(200, "maxLength:200")
    .refine((value) => value === "" || /^https?:\/\/[^\s/?#]+\.[^\s]*$/i.test(value) || /^@?[A-Za-z0-9._-]{1,100}$/.test(value), "social");
}

/** The bank-account rows of the settings form (a page without JavaScript needs a fixed number). */
export const settingsBankRows = [1, 2, 3] as const;

/** A Baht amount typed with at most 2 decimals, as whole satang. */
function bahtAmount(min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .refine((value) => /^\d{1,6}(?:\.\d{1,2})?$/.test(value) && Number(value) >= min && Number(value) <= max, message)
    .transform((value) => Math.round(Number(value) * 100));
}

export const settingsSchema = z
  .object({
    vat: z
      .string()
      .trim()
      .refine((value) => /^\d{1,2}(?:\.\d{1,2})?$/.test(value), "vat")
      // Stored as text, the way config_value_vat always was ("7", "7.5").
      .transform((value) => String(Number(value))),
    nameEn: required(100),
    nameTh: required(100),
    addressEn: optional(500),
    addressTh: optional(500),
    phone: optional(30).refine((value) => value === "" || /^[0-9+()\-.\s]{6,30}$/.test(value), "phone"),
    email: z.string().trim().toLowerCase().min(1, "required").max(254, "maxLength:254").email("emailInvalid"),
    facebook: social,
    instagram: social,
    line: social,
    ...(Object.fromEntries(foreignCurrencyCodes.map((code) => [`rate${code}`, rate])) as Record<`rate${(typeof foreignCurrencyCodes)[number]}`, typeof rate>),
    // Bank transfer (docs/decisions/0013-payments.md): the PromptPay id of the QR and up to three
    // accounts, each row all filled in or all empty.
    promptPayId: promptPayIdSchema,
    // Loyalty points and exchanges (docs/decisions/0012-checkout.md, 0003, 0014), in Baht and days as staff think of them.
    pointValueBaht: bahtAmount(0.01, 10_000, "pointValue"),
    pointsEarnBaht: bahtAmount(0, 100_000, "pointsEarn"),
    unpaidOrderHours: z
      .string()
      .trim()
      .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= maxUnpaidOrderHours, "unpaidOrderHours")
      .transform(Number),
    exchangeWindowDays: z
      .string()
      .trim()
      .refine((value) => /^\d{1,3}$/.test(value) && Number(value) <= maxExchangeWindowDays, "exchangeWindow")
      .transform(Number),
    ...(Object.fromEntries(
      settingsBankRows.flatMap((row) => [
        [`bank${row}`, optional(100)],
        [`bankAccountName${row}`, optional(100)],
        [`bankAccountNumber${row}`, optional(30)],
      ]),
    ) as Record<`${"bank" | "bankAccountName" | "bankAccountNumber"}${(typeof settingsBankRows)[number]}`, ReturnType<typeof optional>>),
  })
  .superRefine((input, context) => {
    for (const row of settingsBankRows) {
      const values = { bank: input[`bank${row}`], accountName: input[`bankAccountName${row}`], accountNumber: input[`bankAccountNumber${row}`] };
      if (!values.bank && !values.accountName && !values.accountNumber) continue;
      const parsed = bankAccountSchema.safeParse(values);
      if (parsed.success) continue;
      for (const issue of parsed.error.issues) {
        const field = { bank: `bank${row}`, accountName: `bankAccountName${row}`, accountNumber: `bankAccountNumber${row}` }[
          issue.path[0] as keyof typeof values
        ];
        const message = issue.message === "required" ? "bankAccountIncomplete" : issue.message;
        context.addIssue({ code: "custom", path: [field], message });
      }
    }
  });
export type SettingsInput = z.infer<typeof settingsSchema>;
export const settingsFieldNames = Object.keys(settingsSchema.shape) as (keyof SettingsInput)[];

// ----- /backend/Policy ----------------------------------------------------------------------------

export const policySchema = z.object({
  kind: z.enum(policyKinds, { message: "policyKind" }),
  titleEn: required(200),
  titleTh: required(200),
  bodyEn: richText.refine((value) => value.trim() !== "", "required"),
  bodyTh: richText.refine((value) => value.trim() !== "", "required"),
});
export type PolicyInput = z.infer<typeof policySchema>;

// ----- /backend/home/content-area -----------------------------------------------------------------

export const heroSlideSchema = z
  .object({
    titleEn: required(120),
    titleTh: required(120),
    subtitleEn: optional(300),
    subtitleTh: optional(300),
    ctaLabelEn: optional(40),
    ctaLabelTh: optional(40),
    linkPath: optionalLinkPath,
    imageKey: optionalImageKey.refine((value) => value !== null, "imageRequired"),
    isActive: checkbox,
    startsAt: optionalMoment,
    endsAt: optionalMoment,
    sortOrder,
  })
  .superRefine((slide, context) => {
    if (slide.startsAt !== null && slide.endsAt !== null && slide.endsAt <= slide.startsAt) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "dateOrder" });
    }
  });
export type HeroSlideInput = z.infer<typeof heroSlideSchema> & { imageKey: string };

export const contentAreaSchema = z.object({
  areaKey: slug,
  titleEn: required(200),
  titleTh: required(200),
  bodyEn: richText,
  bodyTh: richText,
  imageKey: optionalImageKey,
  linkPath: optionalLinkPath,
  isActive: checkbox,
  sortOrder,
});
export type ContentAreaInput = z.infer<typeof contentAreaSchema>;

// ----- /backend/home/activities -------------------------------------------------------------------

export const publishModes = ["draft", "now", "schedule"] as const;

export const activitySchema = z
  .object({
    slug,
    titleEn: required(200),
    titleTh: required(200),
    summaryEn: optional(500),
    summaryTh: optional(500),
    bodyEn: richText,
    bodyTh: richText,
    coverImageKey: optionalImageKey,
    publish: z.enum(publishModes, { message: "invalid" }),
    publishAt: optionalMoment,
  })
  .superRefine((activity, context) => {
    if (activity.publish === "schedule" && activity.publishAt === null) context.addIssue({ code: "custom", path: ["publishAt"], message: "publishAt" });
  });
export type ActivityInput = z.infer<typeof activitySchema>;

// ----- /backend/home/collections ------------------------------------------------------------------

export const maxCollectionProducts = 100;

export const collectionSchema = z.object({
  slug,
  nameEn: required(120),
  nameTh: required(120),
  descriptionEn: optional(1000),
  descriptionTh: optional(1000),
  imageKey: optionalImageKey,
  isPublished: checkbox,
  isFeatured: checkbox,
  sortOrder,
  products: z
    .array(z.object({ productId: z.number().int().positive(), position: z.number().int().min(0) }))
    .max(maxCollectionProducts, "products")
    .refine((items) => new Set(items.map((item) => item.productId)).size === items.length, "products")
    // The order staff asked for: by position, ties by the order they were listed.
    .transform((items) =>
      items
        .map((item, index) => ({ ...item, index }))
        .sort((a, b) => a.position - b.position || a.index - b.index)
        .map((item) => item.productId),
    ),
});
export type CollectionInput = z.infer<typeof collectionSchema>;

/** The ticked products (`productId` checkboxes) with their `position-<id>` numbers; odd values are refused. */
export function collectionProductsFromForm(formData: FormData): { productId: number; position: number }[] | "invalid" {
  const items: { productId: number; position: number }[] = [];
  for (const value of formData.getAll("productId")) {
    if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return "invalid";
    const positionText = formData.get(`position-${value}`);
    const position =
      typeof positionText === "string" && /^\d{1,4}$/.test(positionText.trim())
        ? Number(positionText.trim())
        : positionText === null || positionText === ""
          ? 9999
          : Number.NaN;
    if (Number.isNaN(position)) return "invalid";
    items.push({ productId: Number(value), position });
  }
  return items;
}

// ----- /backend/home/size-guide -------------------------------------------------------------------

export const sizeGuideSchema = z.object({
  slug,
  nameEn: required(120),
  nameTh: required(120),
  noteEn: optional(1000),
  noteTh: optional(1000),
  imageKey: optionalImageKey,
  sortOrder,
});
export type SizeGuideInput = z.infer<typeof sizeGuideSchema>;
