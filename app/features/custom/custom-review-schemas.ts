import { z } from "zod";

import { type ReviewAction, reviewMessageMaxLength } from "~/domain/custom-order";
import { baht, choice } from "~/ui/form/schema-fields";

/**
 * The staff review form (/backend/orders/fulfillment/custom-form?order=…): one of three decisions,
 * an optional quoted price per piece (confirm only; empty keeps the list price), the message to the
 * shopper (needed to ask for changes or to decline), and the design status the page showed (a
 * decision taken meanwhile is a conflict). Parsed with the form kit on both sides; messages are keys
 * of `customReview:validation`, then `forms:validation`.
 */
export const reviewActions = ["confirm", "request-changes", "reject"] as const satisfies readonly ReviewAction[];
const designStatuses = ["submitted", "changes_requested", "confirmed", "rejected", "draft"] as const;

const message = z
  .string({ error: "message" })
  .trim()
  .min(1, "message")
  .max(reviewMessageMaxLength * 4, "messageTooLong")
  // Counted as people see characters (a Thai vowel mark is not a character of its own).
  .refine((text) => [...new Intl.Segmenter().segment(text)].length <= reviewMessageMaxLength, "messageTooLong");

export const reviewFormSchema = z.object({
  intent: choice(reviewActions),
  from: choice(designStatuses),
  price: baht(0, 1_000_000, "price").optional(),
  message: message.optional(),
});
/** Asking for changes or declining needs a message: the shopper is told why. */
const reviewWithMessageSchema = reviewFormSchema.extend({ message });

/** The schema of a decision's form (by the decision posted; an unknown one gets the plain schema, which refuses it). */
export function reviewFormSchemaFor(intent: unknown) {
  return intent === "request-changes" || intent === "reject" ? reviewWithMessageSchema : reviewFormSchema;
}

export type ReviewForm = z.output<typeof reviewFormSchema>;

/** The review queue's tabs (?filter=). */
export const reviewQueueFilters = ["to-review", "waiting-shopper", "confirmed", "all"] as const;
export type ReviewQueueFilter = (typeof reviewQueueFilters)[number];
