import { z } from "zod";

/** Which variants the stock report lists (`?level=`): low (5 or fewer, spec §9, out of stock included; the default), out of stock, or all. */
export const stockReportLevels = ["low", "out", "all"] as const;
export type StockReportLevel = (typeof stockReportLevels)[number];

/** Variants a page (`?page=`, lowest stock first); the CSV has every listed variant. */
export const stockReportPageSize = 50;

export const stockReportFilters = z.object({
  level: z.enum(stockReportLevels).nullable().catch(null),
  page: z.coerce.number().int().min(2).max(100_000).nullable().catch(null),
});
export type StockReportFilters = z.infer<typeof stockReportFilters>;
