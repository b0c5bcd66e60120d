import { z } from "zod";

/** What a customer may do to their own order (the transition table decides which are offered). */
export const customerOrderIntents = ["cancel", "confirm-receipt", "request-refund"] as const;
export type CustomerOrderIntent = (typeof customerOrderIntents)[number];

/**
 * /my-purchase/{orderNumber}: the order's action buttons (one form; each button posts its intent).
 * Message keys are purchases:validation's.
 */
export const customerOrderIntentSchema = z.object({ intent: z.enum(customerOrderIntents, { error: "invalid" }) });
