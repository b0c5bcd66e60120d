import { z } from "zod";

import { paymentMethods } from "~/domain/payment-methods";
import { type ShippingMethodName, shippingMethodNames } from "~/domain/shipping";
import { emailMaxLength } from "~/features/accounts/account-schemas";
import { checkTaxInvoiceRequest, taxInvoiceFields } from "~/features/billing/tax-invoice-request";
import { addressFormSchema } from "~/features/profile/profile-schemas";
import { optionalText, optionalWholeNumber, text } from "~/ui/form/schema-fields";

/**
 * The checkout form (POST /cart/checkout), parsed with Conform's `parseWithZod`. Every button posts
 * the whole form and `intent` picks what happens: apply-code, remove-code, review ("update totals",
 * also the no-JavaScript address-list refresh "area") answer the page again for the new choices
 * and check only the points; place checks everything. Prices, variants and quantities are not
 * fields: the server reads the cart. Messages are keys of shop:validation (the address's:
 * account:validation, the profile's address schema), then forms:validation.
 */

export const checkoutIntents = ["apply-code", "remove-code", "review", "area", "place"] as const;
export type CheckoutIntent = (typeof checkoutIntents)[number];
const requoteIntents = ["apply-code", "remove-code", "review", "area"] as const;

/** The new address's fields: checked (by the profile's address schema) only when "new" is chosen. */
export const addressFieldNames = ["firstName", "lastName", "phone", "address", "country", "province", "city", "suburb", "zipcode"] as const;

const points = optionalWholeNumber(0, 9_999_999, "points");
const asTyped = z.string().optional();
const maxCodeLength = 40;

const placeFields = {
  intent: z.literal("place"),
  email: text(emailMaxLength).toLowerCase().email("email"),
  addressChoice: z.string("savedAddress").regex(/^(new|[1-9]\d{0,9})$/, "savedAddress"),
  method: z.enum(shippingMethodNames, "method"),
  payment: z.enum(paymentMethods, "payment"),
  points,
  // The applied code (hidden; "" when none) and the one being typed.
  code: optionalText(maxCodeLength),
  codeInput: optionalText(maxCodeLength),
  // Made by the page: a resubmitted form finds its order; the total the shopper was shown.
  idempotencyKey: z.string("invalid").regex(/^[A-Za-z0-9-]{16,64}$/, "invalid"),
  expectedTotal: z.number("invalid").int().min(0).max(999_999_999_999),
  // A full tax invoice (issue 17): optional fields, required once asked for (checked below).
  ...taxInvoiceFields,
  // As typed; read (below) only for a new address.
  ...{ firstName: asTyped, lastName: asTyped, phone: asTyped, address: asTyped, country: asTyped },
  ...{ province: asTyped, city: asTyped, suburb: asTyped, zipcode: asTyped },
} satisfies Record<(typeof addressFieldNames)[number], z.ZodType> & Record<string, z.ZodType>;

const placeSchema = z.object(placeFields).superRefine(
  (value, context) => {
    checkTaxInvoiceRequest(value, context);
    if (value.addressChoice !== "new") return;
    const address = addressFormSchema.safeParse(Object.fromEntries(addressFieldNames.map((name) => [name, value[name]])));
    for (const issue of address.error?.issues ?? []) context.addIssue({ code: "custom", path: issue.path, message: issue.message });
  },
  // The address is checked even when another field is wrong, so one answer names every problem.
  { when: () => true },
);

export const checkoutSchema = z.discriminatedUnion("intent", [placeSchema, z.object({ intent: z.enum(requoteIntents), points })], { error: "invalid" });
export type PlaceOrderForm = z.output<typeof placeSchema>;

/**
 * What the browser is told about each field (required, lengths, limits): the place-order fields with
 * the new address's. The form itself is `noValidate` (a saved address needs no new one), so these
 * mark and describe the fields and the schema above decides.
 */
export const checkoutConstraintSchema = z.object({ ...placeFields, ...addressFormSchema.shape });

/** The fields the page keeps between round trips, as posted (strings, clipped to a sane length); anything else posted (a price) is dropped. */
export const checkoutFields = [
  "intent",
  "addressChoice",
  ...addressFieldNames,
  "method",
  "code",
  "codeInput",
  "points",
  "payment",
  "email",
  "idempotencyKey",
  "expectedTotal",
  "taxInvoice",
  "taxInvoiceName",
  "taxInvoiceTaxId",
  "taxInvoiceOffice",
  "taxInvoiceBranch",
  "taxInvoiceAddress",
] as const;
export type CheckoutFormValues = Record<(typeof checkoutFields)[number], string>;

export function checkoutFormValues(payload: Record<string, unknown>): CheckoutFormValues {
  const values = {} as CheckoutFormValues;
  for (const name of checkoutFields) {
    const value = payload[name];
    values[name] = typeof value === "string" ? value.slice(0, 600) : "";
  }
  return values;
}

export function shippingMethodOf(value: string): ShippingMethodName {
  return (shippingMethodNames as readonly string[]).includes(value) ? (value as ShippingMethodName) : "standard";
}

/** Whole points as typed ("" = none); null when it is not a whole number from 0 to 9,999,999. */
export function pointsOf(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === "") return 0;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}
