import { z } from "zod";
import { maxRequestQuantity } from "~/domain/cart";

/**
 * The cart form (POST /cart, /th/cart): one schema, `intent` picks the change. Issue messages are
 * keys under shop:validation. No intent takes a price to store: whatever a browser posts as a
 * price is dropped here and never reaches the cart. The one price read is `prices` of
 * accept-prices ("lineId:satang", the price the page showed): it is only compared with the D1
 * price, and the D1 price is what gets recorded (ADR 0011).
 */
const id = z.coerce.number({ message: "invalid" }).int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid");
const blankToUndefined = (value: unknown) => (value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, id.optional());

const lineTarget = { lineId: optionalId, variantId: optionalId };

/** More lines than a cart page shows at once is not a real form. */
const maxAcceptedPrices = 200;

export const cartFormSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("add"),
      variantId: id,
      // Without a quantity field (a one-click "add"), one piece.
      quantity: z.preprocess(
        (value) => blankToUndefined(value) ?? "1",
        z.coerce.number({ message: "quantity" }).int("quantity").min(1, "quantity").max(maxRequestQuantity, "quantity"),
      ),
    }),
    z
      .object({
        intent: z.literal("update"),
        ...lineTarget,
        quantity: z.coerce.number({ message: "quantity" }).int("quantity").min(0, "quantity").max(maxRequestQuantity, "quantity"),
      })
      .refine((value) => value.lineId !== undefined || value.variantId !== undefined, { message: "line", path: ["lineId"] }),
    z
      .object({ intent: z.literal("remove"), ...lineTarget })
      .refine((value) => value.lineId !== undefined || value.variantId !== undefined, { message: "line", path: ["lineId"] }),
    z.object({ intent: z.literal("clear") }),
    z.object({
      intent: z.literal("accept-prices"),
      prices: z
        .array(z.string().regex(/^\d{1,15}:\d{1,12}$/, "invalid"))
        .min(1, "line")
        .max(maxAcceptedPrices, "invalid")
        .transform((entries) =>
          entries.map((entry) => {
            const [lineId, priceSatang] = entry.split(":").map(Number);
            return { lineId: lineId!, priceSatang: priceSatang! };
          }),
        )
        .refine((entries) => entries.every((entry) => Number.isSafeInteger(entry.lineId) && entry.lineId > 0 && Number.isSafeInteger(entry.priceSatang)), {
          message: "invalid",
        }),
    }),
  ],
  { message: "intent" },
);

export type CartForm = z.infer<typeof cartFormSchema>;

export const cartFormFields = ["intent", "variantId", "lineId", "quantity"] as const;

/** The fields the schema reads, as strings; anything else the browser sent (a price) is left out. */
export function cartFormValues(formData: FormData): Record<string, string | string[] | undefined> {
  const values: Record<string, string | string[] | undefined> = {};
  for (const name of cartFormFields) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 100) : undefined;
  }
  const prices = formData.getAll("prices").slice(0, maxAcceptedPrices + 1);
  if (prices.length) values.prices = prices.map((value) => (typeof value === "string" ? value.slice(0, 40) : ""));
  return values;
}
