import { z } from "zod";
import { maxRequestQuantity } from "~/domain/cart";

/**
 * The cart form (POST /cart, /th/cart): one schema, `intent` picks the change. Issue messages are
 * keys under shop:validation. Price fields are not part of any intent: whatever a browser posts
 * as a price is dropped here and never reaches the cart.
 */
const id = z.coerce.number({ message: "invalid" }).int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid");
const blankToUndefined = (value: unknown) => (value === undefined || (typeof value === "string" && value.trim() === "") ? undefined : value);
const optionalId = z.preprocess(blankToUndefined, id.optional());

const lineTarget = { lineId: optionalId, variantId: optionalId };

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
    z.object({ intent: z.literal("remove"), ...lineTarget }).refine((value) => value.lineId !== undefined || value.variantId !== undefined, { message: "line", path: ["lineId"] }),
    z.object({ intent: z.literal("clear") }),
  ],
  { message: "intent" },
);

export type CartForm = z.infer<typeof cartFormSchema>;

export const cartFormFields = ["intent", "variantId", "lineId", "quantity"] as const;

/** The fields the schema reads, as strings; anything else the browser sent (a price) is left out. */
export function cartFormValues(formData: FormData): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  for (const name of cartFormFields) {
    const value = formData.get(name);
    values[name] = typeof value === "string" ? value.slice(0, 100) : undefined;
  }
  return values;
}
