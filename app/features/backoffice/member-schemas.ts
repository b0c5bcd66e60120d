import { z } from "zod";

import { text } from "~/ui/form/schema-fields";

/**
 * The forms of /backend/member and /backend/member/detail/:id (issue 3 item 16), on the form kit
 * (Conform: an empty field arrives as undefined). Messages are keys of `staff:validation`, then
 * `forms:validation`.
 */
export const pointsAdjustmentLimit = 1_000_000;

export const pointsAdjustmentSchema = z.object({
  delta: z
    .string()
    .trim()
    .transform((value) =>
      value
        .replace(/^\+/, "")
        .replace(/[\u2212\u2013]/, "-")
        .replace(/,/g, ""),
    )
    .refine((value) => value !== "", "required")
    .refine((value) => value === "" || (/^-?\d{1,9}$/.test(value) && Number(value) !== 0), "wholeNumber")
    .transform(Number)
    .refine((value) => Number.isNaN(value) || Math.abs(value) <= pointsAdjustmentLimit, "pointsRange"),
  reason: text(200),
});

/** Approve or reject an affiliate application (the form kit parses it: the id arrives as a number). */
export const affiliateReviewSchema = z.object({
  intent: z.enum(["approve", "reject"]),
  id: z.number().int().min(1).max(9_999_999_999),
});
