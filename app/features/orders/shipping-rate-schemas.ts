import { z } from "zod";
import { shippingMethods } from "~/db/schema/orders";
import { bahtToSatang } from "~/domain/money";

/**
 * The shipping-rate form (spec §2 /backend/shipping-rates/form; issue 5 item 12): ONE schema for
 * create and edit. A bracket is min ≤ x < max (max empty = no upper bound), like the checkout reads
 * it (min < max, both whole numbers); the price is Baht ≥ 0; delivery days min ≤ max; the country is
 * an optional ISO 3166-1 alpha-2 code (a domestic rate can only be Thailand). Messages are keys of
 * `ordersAdmin:validation` (with `:<max>` for length limits). Overlaps with other rows are checked
 * by the server layer, inside the write (shipping-rates-admin.server.ts).
 */
export const shippingRateFields = ["method", "zone", "countryCode", "carrierId", "basis", "minValue", "maxValue", "price", "deliveryDaysMin", "deliveryDaysMax", "isActive"] as const;
export type ShippingRateDraft = Record<(typeof shippingRateFields)[number], string>;

export const shippingZones = ["domestic", "international"] as const;
export const shippingBases = ["weight", "quantity"] as const;

export const ordersAdminValidationKeys = [
  "required",
  "maxLength",
  "invalid",
  "choice",
  "wholeNumber",
  "priceInvalid",
  "bracketOrder",
  "daysOrder",
  "countryInvalid",
  "countryZone",
  "countryAbroad",
  "trackingInvalid",
  "quantityInvalid",
  "duplicateLine",
  "linesRequired",
  "tooManyLines",
  "customerRequired",
  "phoneInvalid",
  "emailInvalid",
] as const;

const maxMeasure = 100_000_000;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .trim()
    .refine((value): value is T[number] => (values as readonly string[]).includes(value), "choice")
    .transform((value) => value as T[number]);

const whole = z
  .string()
  .trim()
  .regex(/^\d{1,9}$/, "wholeNumber")
  .transform(Number)
  .refine((value) => value <= maxMeasure, "wholeNumber");

const optionalWhole = z
  .string()
  .trim()
  .regex(/^(|\d{1,9})$/, "wholeNumber")
  .transform((value) => (value === "" ? null : Number(value)))
  .refine((value) => value === null || value <= maxMeasure, "wholeNumber");

/** Baht as typed ("1,290", "49.5", "฿ 99.00") → integer satang, at most 9,999,999.99. */
export const bahtAmount = z
  .string()
  .transform((value) => value.replace(/[,\s฿]/g, ""))
  .refine((value) => /^\d{1,7}(\.\d{1,2})?$/.test(value), "priceInvalid")
  .transform((value) => bahtToSatang(Number(value)) as number);

const days = z
  .string()
  .trim()
  .regex(/^\d{1,3}$/, "wholeNumber")
  .transform(Number);

export const shippingRateSchema = z
  .object({
    method: choice(shippingMethods),
    zone: choice(shippingZones),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .refine((value) => value === "" || /^[A-Z]{2}$/.test(value), "countryInvalid")
      .transform((value) => (value === "" ? null : value)),
    // Checked against the active carriers by the server layer (a stale or forged id is a field error).
    carrierId: optionalWhole,
    basis: choice(shippingBases),
    minValue: whole,
    maxValue: optionalWhole,
    price: bahtAmount,
    deliveryDaysMin: days,
    deliveryDaysMax: days,
    isActive: z.string().transform((value) => value === "on" || value === "true" || value === "1"),
  })
  .superRefine((value, context) => {
    if (value.maxValue !== null && value.maxValue <= value.minValue) context.addIssue({ code: "custom", path: ["maxValue"], message: "bracketOrder" });
    if (value.deliveryDaysMax < value.deliveryDaysMin) context.addIssue({ code: "custom", path: ["deliveryDaysMax"], message: "daysOrder" });
    if (value.zone === "domestic" && value.countryCode !== null && value.countryCode !== "TH") context.addIssue({ code: "custom", path: ["countryCode"], message: "countryZone" });
    if (value.zone === "international" && value.countryCode === "TH") context.addIssue({ code: "custom", path: ["countryCode"], message: "countryAbroad" });
  });

export type ShippingRateInput = z.output<typeof shippingRateSchema>;
