import { z } from "zod";
import { reviewMessageMaxLength, type ReviewAction } from "~/domain/custom-order";
import { legacyBaht as baht } from "~/features/catalog-admin/catalog-admin-schemas";

/**
 * The staff review form (/backend/orders/fulfillment/custom-form?order=…): one of three decisions,
 * an optional quoted price per piece (confirm only; empty keeps the list price), the message to the
 * shopper, and the design status the page showed (a decision taken meanwhile is a conflict).
 */
export const reviewActions = ["confirm", "request-changes", "reject"] as const satisfies readonly ReviewAction[];

export const reviewFormSchema = z.object({
  intent: z.enum(reviewActions, "invalid"),
  from: z.enum(["submitted", "changes_requested", "confirmed", "rejected", "draft"], "invalid"),
  price: z.union([z.literal("").transform(() => null), baht("price").refine((satang) => satang <= 100_000_000, "price")]),
  message: z
    .string()
    .trim()
    .max(reviewMessageMaxLength * 4, "messageTooLong")
    .refine((text) => [...new Intl.Segmenter().segment(text)].length <= reviewMessageMaxLength, "messageTooLong"),
});

export type ReviewForm = z.output<typeof reviewFormSchema>;

export function reviewFormValues(formData: FormData): Record<"intent" | "from" | "price" | "message", string> {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 5000) : "";
  };
  return { intent: text("intent"), from: text("from"), price: text("price").trim(), message: text("message") };
}

/** The review queue's tabs (?filter=). */
export const reviewQueueFilters = ["to-review", "waiting-shopper", "confirmed", "all"] as const;
export type ReviewQueueFilter = (typeof reviewQueueFilters)[number];
