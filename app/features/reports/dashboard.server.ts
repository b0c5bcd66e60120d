import { orderStatusId } from "~/domain/order-status";
import { addDays, bangkokDayOf, monthDays } from "~/domain/report-period";

import { readSales, type TopProduct } from "./sales.server";

/**
 * The dashboard's charts (issue 18): sales per day for the last 30 Bangkok days against the 30 before,
 * today's and this month's sales, this calendar month's best-selling products (all through `readSales`,
 * the one read of sales; the month's, not the 30 days', because a month's ranking is kept and read a
 * row per product shown), and the transfer payments waiting for staff approval: the oldest
 * {@link waitingPaymentsShown} orders by placing, with the count of the whole queue and a link to it.
 */
export const dashboardDays = 30;
export const dashboardTopProducts = 5;
export const waitingPaymentsShown = 5;

export interface WaitingPayment {
  orderId: number;
  orderNumber: string;
  totalSatang: number;
  /** When the slip was sent (its payment row's last change; the order's when no slip row is found). */
  submittedAt: number;
}

export interface DashboardSales {
  /** The current 30 days, oldest first, and the 30 before them. */
  current: { from: string; to: string; days: string[]; salesSatang: number[]; totalSatang: number; orders: number };
  previous: { from: string; to: string; salesSatang: number[]; totalSatang: number; orders: number };
  todaySatang: number;
  monthSatang: number;
  topProducts: TopProduct[];
  /** The month the top products are of (the order report's "this month"): its first and last day. */
  topProductsMonth: { from: string; to: string };
  waitingPayments: { count: number; oldest: WaitingPayment[] };
  rowsRead: number;
}

export async function loadDashboardSales(d1: D1Database, now = Date.now()): Promise<DashboardSales> {
  const today = bangkokDayOf(now);
  const currentFrom = addDays(today, -(dashboardDays - 1));
  const previousTo = addDays(currentFrom, -1);
  const previousFrom = addDays(previousTo, -(dashboardDays - 1));
  const monthStart = `${today.slice(0, 7)}-01`;
  type WaitingRow = { id: number; order_number: string; total_satang: number; submitted_at: number; waiting: number };
  const [sales, waiting] = await Promise.all([
    readSales(d1, { from: previousFrom, to: today, top: { month: today.slice(0, 7), count: dashboardTopProducts } }),
    d1
      .prepare(
        // The oldest waiting orders are the first entries of the status index (status, placed), so the list reads its own few
        // rows however long the queue is; the count is the one the database keeps per status (migration 0026).
        `SELECT o.id, o.order_number, o.total_satang,
                coalesce((SELECT max(p.updated_at) FROM payments AS p WHERE p.order_id = o.id AND p.status = 'slip_submitted'), o.updated_at) AS submitted_at,
                (SELECT orders FROM order_status_counts WHERE status_id = ?1) AS waiting
           FROM orders AS o WHERE o.status_id = ?1 ORDER BY o.created_at, o.id LIMIT ?2`,
      )
      .bind(orderStatusId.slip_review, waitingPaymentsShown)
      .all<WaitingRow>(),
  ]);
  const byDay = new Map(sales.days.map((day) => [day.day, day]));
  const daysFrom = (from: string) => Array.from({ length: dashboardDays }, (_, index) => addDays(from, index));
  const figures = (days: string[]) => {
    const salesSatang = days.map((day) => byDay.get(day)?.salesSatang ?? 0);
    return {
      salesSatang,
      totalSatang: salesSatang.reduce((sum, value) => sum + value, 0),
      orders: days.reduce((sum, day) => sum + (byDay.get(day)?.orders ?? 0), 0),
    };
  };
  const currentDays = daysFrom(currentFrom);
  return {
    current: { from: currentFrom, to: today, days: currentDays, ...figures(currentDays) },
    previous: { from: previousFrom, to: previousTo, ...figures(daysFrom(previousFrom)) },
    todaySatang: byDay.get(today)?.salesSatang ?? 0,
    monthSatang: sales.days.filter((day) => day.day >= monthStart).reduce((sum, day) => sum + day.salesSatang, 0),
    topProducts: sales.topProducts,
    topProductsMonth: monthDays(today.slice(0, 7)),
    waitingPayments: {
      count: waiting.results[0]?.waiting ?? 0,
      oldest: waiting.results.map((row) => ({ orderId: row.id, orderNumber: row.order_number, totalSatang: row.total_satang, submittedAt: row.submitted_at })),
    },
    rowsRead: sales.rowsRead + (waiting.meta.rows_read ?? 0),
  };
}
