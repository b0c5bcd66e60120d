import { z } from "zod";
import { recordId } from "./staff-user-schemas";

/**
 * The forms of /backend/member and /backend/member/detail/:id (issue 3 item 16). Messages are keys
 * of `staff:validation`.
 */
export const memberPageSize = 20;
export const pointsAdjustmentLimit = 1_000_000;
export const searchMaxLength = 100;

/** List query in the URL: `?q=&page=`. Anything odd becomes the defaults (a URL is not a form). */
export function parseMemberListQuery(url: URL): { search: string; page: number } {
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, searchMaxLength);
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { search, page };
}

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
  reason: z.string().trim().min(1, "required").max(200, "maxLength:200"),
});

export const affiliateReviewSchema = z.object({ id: recordId });
