import { z } from "zod";

import { slipMaxBytes } from "./payment-settings";

/**
 * The order payment page's forms (POST /cart/checkout/{orderNumber}): pay by PayPal, switch the
 * payment method, upload a transfer slip. One schema, `intent` picks the action; message keys are
 * payments:validation's. The slip's size is checked here (and in the browser); what the file *is*
 * is decided by its bytes on the server (order-payment.server.ts `checkSlipFile`), never by its
 * name or the browser's type.
 */
export const slipMaxMegabytes = slipMaxBytes / 1024 / 1024;
/** What the file picker offers (a hint to the browser; the server sniffs the content). */
export const slipAccept = "image/png,image/jpeg,image/gif,image/bmp,image/webp";

export const slipSchema = z.object({
  intent: z.literal("upload-slip"),
  slip: z.file("slipRequired").min(1, "slipRequired").max(slipMaxBytes, `slipTooLarge:${slipMaxMegabytes}`),
});

export const paymentActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("pay-paypal") }),
    z.object({ intent: z.literal("switch-method"), method: z.enum(["paypal", "transfer"], "method") }),
    slipSchema,
  ],
  { error: "unknownAction" },
);

/** Which of the page's forms an answer belongs to (each shows only its own messages). */
export type PaymentForm = "slip" | "choice";
export const paymentFormOf = (intent: unknown): PaymentForm => (intent === "upload-slip" ? "slip" : "choice");
