import { sumByPeriod } from "~/domain/report-period";
import { orderReportFilters, type OrderReportFilters } from "./order-report-views";
import { rowsReadOf, type ReportResult, type ReportSource } from "./report-page.server";

/**
 * The order report (spec §2 /backend/reports/order; issue 18), read from the daily summary
 * (app/db/schema/reports.ts; rules in app/domain/report-summary.ts) — one row per Bangkok day, so a
 * year reads 365 rows however many orders it had. Orders count on the day they were placed, in their
 * status now. `by` picks the table: per period (day, week or month: orders, sales, discounts,
 * flash-sale units, points, shipping, refunds, cancellations, exchanges), or the period's sales by
 * status, payment method, channel, category or product (these two read the per-product summary).
 */

export interface OrderReportRow {
  id: string;
  /** Period rows: the period's first day; other views: null. */
  period: string | null;
  /** A key of the reports namespace naming the row (status, payment, channel), or null. */
  labelKey: string | null;
  /** Category and product names. */
  labelEn: string;
  labelTh: string;
  orders: number;
  units: number;
  valueSatang: number;
  discountSatang: number;
  pointsSatang: number;
  flashUnits: number;
  shippingSatang: number;
  refunded: number;
  refundedSatang: number;
  cancelled: number;
  exchanges: number;
}

export type OrderReportTotals = Omit<OrderReportRow, "id" | "period" | "labelKey" | "labelEn" | "labelTh"> & { placed: number; placedSatang: number };

type DayRow = Record<string, number> & { day: string };

const figures = [
  "orders",
  "units",
  "valueSatang",
  "discountSatang",
  "pointsSatang",
  "flashUnits",
  "shippingSatang",
  "refunded",
  "refundedSatang",
  "cancelled",
  "exchanges",
] as const satisfies readonly (keyof OrderReportTotals)[];

/** A summary day's figures as the report's columns: sales (paid, not cancelled or refunded), and the day's refunds and cancellations. */
function dayFigures(row: DayRow): Record<(typeof figures)[number], number> {
  return {
    orders: row.sold_count!,
    units: row.sold_units!,
    valueSatang: row.sold_total_satang!,
    discountSatang: row.sold_discount_satang!,
    pointsSatang: row.sold_points_discount_satang!,
    flashUnits: row.sold_flash_units!,
    shippingSatang: row.sold_shipping_satang!,
    refunded: row.status_9_count!,
    refundedSatang: row.status_9_total_satang!,
    cancelled: row.status_8_count!,
    exchanges: row.exchange_count!,
  };
}

const blank = (): Omit<OrderReportRow, "id" | "period" | "labelKey" | "labelEn" | "labelTh"> => ({
  orders: 0,
  units: 0,
  valueSatang: 0,
  discountSatang: 0,
  pointsSatang: 0,
  flashUnits: 0,
  shippingSatang: 0,
  refunded: 0,
  refundedSatang: 0,
  cancelled: 0,
  exchanges: 0,
});

function keyedRow(id: string, labelKey: string, orders: number, valueSatang: number): OrderReportRow {
  return { ...blank(), id, period: null, labelKey, labelEn: "", labelTh: "", orders, valueSatang };
}

const sum = (rows: readonly DayRow[], column: string) => rows.reduce((total, row) => total + (row[column] ?? 0), 0);

export const orderReport: ReportSource<ReportResult<OrderReportRow, OrderReportTotals>, OrderReportFilters> = {
  period: "range",
  filters: orderReportFilters,
  async load(d1, filters) {
    const by = filters.by ?? "period";
    const range = [filters.from, filters.to] as const;
    const statements = [d1.prepare("SELECT * FROM report_daily_sales WHERE day BETWEEN ? AND ? ORDER BY day").bind(...range)];
    if (by === "product" || by === "category") {
      const key = by === "product" ? "product.id" : "category.id";
      statements.push(
        d1
          .prepare(
            `SELECT ${key} AS id, min(${by}.name_en) AS name_en, min(${by}.name_th) AS name_th, sum(sold.sold_units) AS units, sum(sold.sold_satang) AS value, sum(sold.flash_units) AS flash
             FROM report_daily_products AS sold JOIN products AS product ON product.id = sold.product_id JOIN categories AS category ON category.id = product.category_id
             WHERE sold.day BETWEEN ? AND ? GROUP BY ${key} HAVING sum(sold.sold_units) <> 0 ORDER BY value DESC, units DESC, ${key}`,
          )
          .bind(...range),
      );
    }
    const results = await d1.batch<Record<string, unknown>>(statements);
    const days = results[0]!.results as DayRow[];
    const perPeriod = sumByPeriod(days, (row) => row.day, dayFigures, filters, figures);

    let rows: OrderReportRow[];
    if (by === "period") {
      rows = perPeriod.map(({ period, values }) => ({ id: period, period, labelKey: null, labelEn: "", labelTh: "", ...values }));
    } else if (by === "status") {
      rows = [1, 10, 6, 2, 3, 4, 7, 5, 9, 8]
        .map((id) => keyedRow(String(id), `order.statuses.${id}`, sum(days, `status_${id}_count`), sum(days, `status_${id}_total_satang`)))
        .filter((row) => row.orders !== 0);
    } else if (by === "payment") {
      rows = (["cash", "paypal", "transfer"] as const)
        .map((method) => keyedRow(method, `order.payments.${method}`, sum(days, `${method}_count`), sum(days, `${method}_total_satang`)))
        .filter((row) => row.orders !== 0);
    } else if (by === "channel") {
      rows = (["online", "pos"] as const)
        .map((channel) => keyedRow(channel, `order.channels.${channel}`, sum(days, `${channel}_count`), sum(days, `${channel}_total_satang`)))
        .filter((row) => row.orders !== 0);
    } else {
      type NamedRow = { id: number; name_en: string; name_th: string; units: number; value: number; flash: number };
      rows = (results[1]!.results as NamedRow[]).map((row) => ({
        ...blank(),
        id: String(row.id),
        period: null,
        labelKey: null,
        labelEn: row.name_en,
        labelTh: row.name_th,
        units: row.units,
        valueSatang: row.value,
        flashUnits: row.flash,
      }));
    }

    const totals: OrderReportTotals = {
      ...blank(),
      placed: sum(days, "placed_count"),
      placedSatang: sum(days, "placed_total_satang"),
    };
    for (const row of days) {
      const values = dayFigures(row);
      for (const figure of figures) totals[figure] += values[figure];
    }
    // The totals row adds up its table: every order placed by status; the lines of products by category or product.
    if (by === "status") Object.assign(totals, { orders: totals.placed, valueSatang: totals.placedSatang });
    if (by === "category" || by === "product")
      Object.assign(totals, {
        units: rows.reduce((total, row) => total + row.units, 0),
        flashUnits: rows.reduce((total, row) => total + row.flashUnits, 0),
        valueSatang: rows.reduce((total, row) => total + row.valueSatang, 0),
      });
    return {
      rows,
      totals,
      chart: {
        group: filters.group,
        periods: perPeriod.map((one) => one.period),
        series: [
          { id: "sales", label: "order.columns.value", kind: "bar" as const, values: perPeriod.map((one) => one.values.valueSatang) },
          { id: "refunds", label: "order.columns.refundedSatang", kind: "line" as const, values: perPeriod.map((one) => one.values.refundedSatang) },
        ],
        unit: "satang" as const,
      },
      rowsRead: rowsReadOf(results),
    };
  },
};
