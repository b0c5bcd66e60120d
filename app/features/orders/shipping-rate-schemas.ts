import { z } from "zod";

import { shippingMethodNames } from "~/domain/shipping";
import { baht, checkbox, choice, optionalWholeNumber, wholeNumber } from "~/ui/form/schema-fields";

/**
 * The shipping-rate form (spec §2 /backend/shipping-rates/form; issue 5 item 12): ONE schema for
 * create and edit. A bracket is min ≤ x < max (max empty = no upper bound), like the checkout reads
 * it (min < max, both whole numbers); the price is Baht ≥ 0; delivery days min ≤ max; the country is
 * an optional ISO 3166-1 alpha-2 code (a domestic rate can only be Thailand). Parsed with the form
 * kit (app/ui/form): messages are keys of `ordersAdmin:validation`, then `forms:validation`.
 * Overlaps with other rows are checked by the server layer, inside the write
 * (shipping-rates-admin.server.ts).
 */
/** The form's values as the inputs show them (an edit page starts from the stored row). */
export interface ShippingRateDraft {
  method: string;
  zone: string;
  countryCode: string;
  carrierId: string;
  basis: string;
  minValue: string;
  maxValue: string;
  price: string;
  deliveryDaysMin: string;
  deliveryDaysMax: string;
  isActive: boolean;
}

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

export const shippingRateSchema = z
  .object({
    method: choice(shippingMethodNames),
    zone: choice(shippingZones),
    countryCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "countryInvalid")
      .optional(),
    // Checked against the active carriers by the server layer (a stale or forged id is a field error).
    carrierId: optionalWholeNumber(1, 1_000_000_000),
    basis: choice(shippingBases),
    minValue: wholeNumber(0, maxMeasure),
    maxValue: optionalWholeNumber(0, maxMeasure),
    price: baht(0, 9_999_999.99, "priceInvalid"),
    deliveryDaysMin: wholeNumber(0, 999),
    deliveryDaysMax: wholeNumber(0, 999),
    isActive: checkbox(),
  })
  .superRefine((value, context) => {
    if (value.maxValue !== undefined && value.maxValue <= value.minValue) context.addIssue({ code: "custom", path: ["maxValue"], message: "bracketOrder" });
    if (value.deliveryDaysMax < value.deliveryDaysMin) context.addIssue({ code: "custom", path: ["deliveryDaysMax"], message: "daysOrder" });
    if (value.zone === "domestic" && value.countryCode !== undefined && value.countryCode !== "TH")
      context.addIssue({ code: "custom", path: ["countryCode"], message: "countryZone" });
    if (value.zone === "international" && value.countryCode === "TH") context.addIssue({ code: "custom", path: ["countryCode"], message: "countryAbroad" });
  });

/** What the server layer stores: "no country / carrier / upper bound" is null. */
export interface ShippingRateInput extends Omit<z.output<typeof shippingRateSchema>, "countryCode" | "carrierId" | "maxValue"> {
  countryCode: string | null;
  carrierId: number | null;
  maxValue: number | null;
}

// Conform cannot read the constraints of a schema transformed at its root, so the nulls are filled in here.
export function shippingRateInput(value: z.output<typeof shippingRateSchema>): ShippingRateInput {
  return { ...value, countryCode: value.countryCode ?? null, carrierId: value.carrierId ?? null, maxValue: value.maxValue ?? null };
}
