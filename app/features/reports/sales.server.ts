import { rowsReadOf } from "./report-page.server";

/**
 * THE read of the shop's sales for the dashboard (issue 18): value and orders per Bangkok day and the
 * best-selling products of a range, from the daily summary tables the order report reads — so a day's
 * figure on the dashboard is the order report's for that day: sold orders (paid and neither cancelled
 * nor refunded) on the day they were placed. A range reads one row per day, and the best sellers of a
 * calendar month its first rows of the month's ranking index — however many orders and products the
 * shop has. (A rolling 30 days' ranking would sum one row per product and day sold: ~33,000 rows read
 * at a year of 100,000 orders; a month's is kept whole by the same batches that keep the days.)
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
  /** The month's best sellers by value, then items sold: the order report's ranking by product. */
  topProducts: TopProduct[];
  rowsRead: number;
}

/** Sales per day from `from` to `to` (Bangkok days, both included); the `top.count` best sellers of the month `top.month` ("YYYY-MM"). */
export async function readSales(d1: D1Database, range: { from: string; to: string; top: { month: string; count: number } }): Promise<SalesSummary> {
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
        // The month's first entries of report_monthly_products_rank_idx, then their names: `count` rows and `count` lookups.
        `SELECT s.product_id, p.name_en, p.name_th, s.sold_units AS quantity, s.sold_satang AS sales
           FROM (
             SELECT product_id, sold_units, sold_satang FROM report_monthly_products
              WHERE month = ?1 AND sold_units > 0 ORDER BY sold_satang DESC, sold_units DESC, product_id LIMIT ?2
           ) AS s JOIN products AS p ON p.id = s.product_id
          ORDER BY s.sold_satang DESC, s.sold_units DESC, s.product_id`,
      )
      .bind(range.top.month, range.top.count),
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
