import { z } from "zod";

/** The order report's tables (`?by=`), shared by its page (the select) and its loader: per period, then by status, payment method, channel, category or product. */
export const orderReportViews = ["period", "status", "payment", "channel", "category", "product"] as const;
export type OrderReportView = (typeof orderReportViews)[number];

/**
 * The product view shows the top {@link topProductsCount} products by sales; `?show=all` lists every
 * product sold, {@link productPageSize} a page (`?page=`): a year can hold thousands of products.
 * The pager's next and previous links also carry the ranking key of the page's last (`after`) or first
 * (`before`) product, so the page is read from there on in the ranking index instead of skipping every
 * product of the pages before it (docs/decisions/0020-report-summaries.md, "keyset pages"); `page`
 * alone (a typed address) still works, by skipping.
 */
export const topProductsCount = 20;
export const productPageSize = 50;

/** A product's place in the ranking (sales, then units, both descending, then id): `<satang>.<units>.<productId>` in the URL. */
export interface RankKey {
  satang: number;
  units: number;
  productId: number;
}

export const formatRankKey = (key: RankKey) => `${key.satang}.${key.units}.${key.productId}`;

/** The key of a valid `after`/`before` value (the filters keep the text, so the report's own links carry it as it came). */
export function parseRankKey(value: string): RankKey {
  const [satang, units, productId] = value.split(".").map(Number) as [number, number, number];
  return { satang, units, productId };
}

const rankKey = z.string().regex(/^-?\d{1,15}\.-?\d{1,15}\.\d{1,15}$/);

export const orderReportFilters = z.object({
  by: z.enum(orderReportViews).nullable().catch(null),
  show: z.enum(["all"]).nullable().catch(null),
  page: z.coerce.number().int().min(2).max(100_000).nullable().catch(null),
  after: rankKey.nullable().catch(null),
  before: rankKey.nullable().catch(null),
});
export type OrderReportFilters = z.infer<typeof orderReportFilters>;
