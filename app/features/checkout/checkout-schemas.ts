import { z } from "zod";
import { shippingMethodNames, type ShippingMethodName } from "~/domain/shipping";

/**
 * The checkout form (POST /cart/checkout). `intent` picks what happens: apply-code, remove-code,
 * review ("update totals", also the no-JavaScript address-list refresh "area"), place. Prices,
 * variants and quantities are not fields: the server reads the cart. Messages are keys under
 * shop:checkoutErrors; the address part is the profile's address schema (account namespace).
 */
export const paymentMethods = ["paypal", "transfer"] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

export const checkoutIntents = ["apply-code", "remove-code", "review", "area", "place"] as const;
export type CheckoutIntent = (typeof checkoutIntents)[number];

export const checkoutFields = [
  "intent",
  "email",
  "addressChoice",
  "firstName",
  "lastName",
  "phone",
  "address",
  "country",
  "province",
  "city",
  "suburb",
  "zipcode",
  "method",
  "code",
  "codeInput",
  "points",
  "payment",
  "idempotencyKey",
  "expectedTotal",
] as const;
export type CheckoutFormValues = Record<(typeof checkoutFields)[number], string>;

/** The fields the page reads, as strings clipped to a sane length; anything else posted (a price) is dropped. */
export function checkoutFormValues(formData: FormData): CheckoutFormValues {
  const values = {} as CheckoutFormValues;
  for (const name of checkoutFields) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 300) : "";
  }
  return values;
}

export function isCheckoutIntent(value: string): value is CheckoutIntent {
  return (checkoutIntents as readonly string[]).includes(value);
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

/** Placing the order: everything besides the address (which is a saved address or the address schema's). */
export const placeOrderSchema = z.object({
  email: z.string().trim().toLowerCase().max(254, "email").pipe(z.email("email")),
  addressChoice: z.string().regex(/^(new|[1-9]\d{0,9})$/, "savedAddress"),
  method: z.enum(shippingMethodNames, "method"),
  payment: z.enum(paymentMethods, "payment"),
  points: z.string().transform((value, context) => {
    const points = pointsOf(value);
    if (points === null) {
      context.addIssue({ code: "custom", message: "points" });
      return z.NEVER;
    }
    return points;
  }),
  code: z.string().max(100, "invalid"),
  idempotencyKey: z.string().regex(/^[A-Za-z0-9-]{16,64}$/, "invalid"),
  expectedTotal: z
    .string()
    .regex(/^\d{1,12}$/, "invalid")
    .transform(Number),
});
export type PlaceOrderForm = z.output<typeof placeOrderSchema>;
