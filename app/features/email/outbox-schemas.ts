import { z } from "zod";

/**
 * /backend/setting/outbox/{id}: the mail's two buttons (one form; each button posts its intent).
 * Message keys are outbox:validation's.
 */
export const outboxMailActionSchema = z.object({ intent: z.enum(["resend", "send-copy"], { error: "unknownAction" }) });
