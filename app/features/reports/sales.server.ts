import { dayRangeMs } from "~/domain/report-period";
import { salesStatusIds } from "~/features/backoffice/backoffice.server";

import { rowsReadOf } from "./report-page.server";

/**
 * THE read of the shop's sales for the dashboard (issue 18): value and orders per Bangkok day and the
 * best-selling products of a range. A sale is an order in `salesStatusIds` (paid and every later step),
 * counted on the Bangkok day it was paid (the day placed for orders from before paid_at was kept).
 *
 * It reads the orders themselves for now; when the daily summary tables land (issue 18 "Scale"), this
 * one function switches to them — its callers (the dashboard) do not change.
 */
export interface SalesDay {
  /** Bangkok day "YYYY-MM-DD". */
  day: string;
  salesSatang: number;
  orders: number;
}

export interface TopProduct {
  productId: number;
  nameEn: string;
  nameTh: string;
  quantity: number;
  salesSatang: number;
}

export interface SalesSummary {
  /** Only days with sales, in order. */
  days: SalesDay[];
  /** The best sellers by items sold, then value. */
  topProducts: TopProduct[];
  rowsRead: number;
}

const soldAt = "coalesce(o.paid_at, o.created_at)";
const salesFilter = `o.status_id IN (${salesStatusIds.join(", ")}) AND ${soldAt} >= ?1 AND ${soldAt} < ?2`;
// Bangkok is UTC+7 all year: the day of a moment is the UTC day of the moment 7 hours later.
const bangkokDay = `strftime('%Y-%m-%d', (${soldAt} + 25200000) / 1000, 'unixepoch')`;

/** Sales per day from `from` to `to` (Bangkok days, both included); the `top.count` best sellers from `top.from` to `to`. */
export async function readSales(d1: D1Database, range: { from: string; to: string; top: { from: string; count: number } }): Promise<SalesSummary> {
  const { startMs, endMs } = dayRangeMs(range.from, range.to);
  const topStartMs = dayRangeMs(range.top.from, range.to).startMs;
  type DayRow = { day: string; sales: number; orders: number };
  type ProductRow = { product_id: number; name_en: string; name_th: string; quantity: number; sales: number };
  const [days, products] = await d1.batch<DayRow | ProductRow>([
    d1
      .prepare(`SELECT ${bangkokDay} AS day, sum(o.total_satang) AS sales, count(*) AS orders FROM orders AS o WHERE ${salesFilter} GROUP BY day ORDER BY day`)
      .bind(startMs, endMs),
    d1
      .prepare(
        `SELECT l.product_id, min(l.product_name_en) AS name_en, min(l.product_name_th) AS name_th, sum(l.quantity) AS quantity, sum(l.line_total_satang) AS sales
           FROM order_lines AS l JOIN orders AS o ON o.id = l.order_id
          WHERE ${salesFilter} AND l.product_id IS NOT NULL
          GROUP BY l.product_id ORDER BY quantity DESC, sales DESC, l.product_id LIMIT ?3`,
      )
      .bind(topStartMs, endMs, range.top.count),
  ]);
  return {
    days: (days!.results as DayRow[]).map((row) => ({ day: row.day, salesSatang: row.sales, orders: row.orders })),
    topProducts: (products!.results as ProductRow[]).map((row) => ({
      productId: row.product_id,
      nameEn: row.name_en,
      nameTh: row.name_th,
      quantity: row.quantity,
      salesSatang: row.sales,
    })),
    rowsRead: rowsReadOf([days!, products!]),
  };
}
