import { rowsReadOf } from "./report-page.server";

/**
 * THE read of the shop's sales for the dashboard (issue 18): value and orders per Bangkok day and the
 * best-selling products of a range, from the daily summary tables the order report reads — so a day's
 * figure on the dashboard is the order report's for that day: sold orders (paid and neither cancelled
 * nor refunded) on the day they were placed. A range reads one row per day and one per product and
 * day sold, however many orders the shop has.
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

/** Sales per day from `from` to `to` (Bangkok days, both included); the `top.count` best sellers from `top.from` to `to`. */
export async function readSales(d1: D1Database, range: { from: string; to: string; top: { from: string; count: number } }): Promise<SalesSummary> {
  type DayRow = { day: string; sales: number; orders: number };
  type ProductRow = { product_id: number; name_en: string; name_th: string; quantity: number; sales: number };
  const [days, products] = await d1.batch<DayRow | ProductRow>([
    d1
      .prepare(
        "SELECT day, sold_total_satang AS sales, sold_count AS orders FROM report_daily_sales WHERE day >= ?1 AND day <= ?2 AND sold_count > 0 ORDER BY day",
      )
      .bind(range.from, range.to),
    d1
      .prepare(
        `SELECT s.product_id, p.name_en, p.name_th, sum(s.sold_units) AS quantity, sum(s.sold_satang) AS sales
           FROM report_daily_products AS s JOIN products AS p ON p.id = s.product_id
          WHERE s.day >= ?1 AND s.day <= ?2 AND s.sold_units > 0
          GROUP BY s.product_id ORDER BY quantity DESC, sales DESC, s.product_id LIMIT ?3`,
      )
      .bind(range.top.from, range.to, range.top.count),
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
