import { z } from "zod";

/** Which variants the stock report lists (`?level=`): low (5 or fewer, spec §9, out of stock included; the default), out of stock, or all. */
export const stockReportLevels = ["low", "out", "all"] as const;
export type StockReportLevel = (typeof stockReportLevels)[number];

/**
 * Variants a page (`?page=`, lowest stock first); the CSV has every listed variant. The pager's next and
 * previous links also carry the page's last (`after`) or first (`before`) variant as `<stock>.<variantId>`,
 * so a page is read from there in the stock index instead of skipping the variants before it.
 */
export const stockReportPageSize = 50;

const stockKey = z.string().regex(/^\d{1,9}\.\d{1,15}$/);

export const stockReportFilters = z.object({
  level: z.enum(stockReportLevels).nullable().catch(null),
  page: z.coerce.number().int().min(2).max(100_000).nullable().catch(null),
  after: stockKey.nullable().catch(null),
  before: stockKey.nullable().catch(null),
});
export type StockReportFilters = z.infer<typeof stockReportFilters>;
