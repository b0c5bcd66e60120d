import { z } from "zod";

import { maxRequestQuantity } from "~/domain/cart";

/**
 * The cart form (POST /cart, /th/cart): one schema, `intent` picks the change, parsed with Conform's
 * `parseWithZod` (an empty field arrives as undefined, numbers are coerced). Issue messages are keys
 * of shop:validation (invalid, quantity, line, intent). No intent takes a price to store: fields
 * the schema does not name (a price) are dropped and never reach the cart. The one price read is
 * `prices` of accept-prices ("lineId:satang", the price the page showed): it is only compared with
 * the D1 price, and the D1 price is what gets recorded (ADR 0011).
 */
const id = z.number("invalid").int("invalid").positive("invalid").max(Number.MAX_SAFE_INTEGER, "invalid");

/**
 * Pieces from `min` up to `max`: anything else is "Enter a whole number from 1 to 999". The server
 * takes up to the request limit and lowers it to what is left (saying so); the product page's form
 * asks for at most the variant's own max, worded by the kit ("Quantity must be at most 8").
 */
export const pieces = (min: number, max = maxRequestQuantity, over: "quantity" | "kit" = "quantity") =>
  z
    .number({ error: (issue) => ((issue.code as string) === "too_big" && over === "kit" ? undefined : "quantity") })
    .int()
    .min(min)
    .max(max);

const lineTarget = { lineId: id.optional(), variantId: id.optional() };
const hasLine = (value: { lineId?: number; variantId?: number }) => value.lineId !== undefined || value.variantId !== undefined;

/** More lines than a cart page shows at once is not a real form. */
const maxAcceptedPrices = 200;

export const cartFormSchema = z.discriminatedUnion(
  "intent",
  [
    // Without a quantity field (a one-click "add"), one piece.
    z.object({ intent: z.literal("add"), variantId: id, quantity: pieces(1).default(1) }),
    z.object({ intent: z.literal("update"), ...lineTarget, quantity: pieces(0) }).refine(hasLine, { message: "line", path: ["lineId"] }),
    z.object({ intent: z.literal("remove"), ...lineTarget }).refine(hasLine, { message: "line", path: ["lineId"] }),
    z.object({ intent: z.literal("clear") }),
    z.object({
      intent: z.literal("accept-prices"),
      prices: z
        .array(z.string("invalid").regex(/^\d{1,15}:\d{1,12}$/, "invalid"))
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
  { error: "intent" },
);

export type CartForm = z.infer<typeof cartFormSchema>;

/** The product page's add-to-cart form: what the browser checks before sending (at most the chosen variant's max). */
export const addToCartSchema = (max: number) => z.object({ intent: z.literal("add"), variantId: id, quantity: pieces(1, Math.max(1, max), "kit") });
