import { z } from "zod";

import { exchangeNoteMaxLength, exchangeReasons } from "~/domain/exchange";

/**
 * The exchange request form (/exchange?line={id}), shared by the action and the component. Messages
 * are keys of `exchanges:validation` (or the form kit's). The photo's size is checked here and again
 * by the server, which also decides by its bytes whether it is an image; `wanted` is "same" or a
 * variant id, and the domain decides whether that variant may be chosen.
 */
export const exchangePhotoMaxMegabytes = 5;
export const exchangePhotoMaxBytes = exchangePhotoMaxMegabytes * 1024 * 1024;

const variantId = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .refine((value) => value <= 2_147_483_647);

/** `openQuantity`: how many units of the line are still open to a request (the most one may ask for). */
export function exchangeRequestSchema(openQuantity: number) {
  const max = Math.max(1, openQuantity);
  const quantityInvalid = `quantity-invalid:${max}`;
  return (
    z
      .object({
        quantity: z
          .number({ error: (issue) => (issue.input === undefined ? "required" : quantityInvalid) })
          .int(quantityInvalid)
          .min(1, quantityInvalid)
          .max(max, `quantity-too-many:${max}`),
        wanted: z.union([z.literal("same"), variantId], { error: "variant-unavailable" }),
        reason: z.enum(exchangeReasons, { error: "reason-invalid" }),
        // Browsers send a textarea's line breaks as CRLF; counted as one, as the text box counts them.
        note: z
          .string()
          .transform((value) => value.replace(/\r\n?/g, "\n").trim())
          .pipe(z.string().max(exchangeNoteMaxLength))
          .optional(),
        photo: z.file({ error: "photo-not-image" }).max(exchangePhotoMaxBytes, `photo-too-large:${exchangePhotoMaxMegabytes}`).optional(),
      })
      // A defect needs a photo; checked even while other fields are wrong (`when`), so it is marked with them.
      .refine((value: { reason?: unknown; photo?: unknown }) => value.reason !== "defective" || Boolean(value.photo), {
        path: ["photo"],
        message: "photo-required",
        when: () => true,
      })
  );
}
export type ExchangeRequestInput = z.output<ReturnType<typeof exchangeRequestSchema>>;
