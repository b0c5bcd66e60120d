import { dayRangeMs, sumByPeriod } from "~/domain/report-period";
import { rowsReadOf, type ReportResult, type ReportSource } from "./report-page.server";
import { stockReportFilters, type StockReportFilters } from "./stock-report-levels";

/**
 * The stock report (spec §2 /backend/reports/stock; issue 18): stock on hand per variant — low
 * (5 or fewer, spec §9), out of stock or all — with each variant's movements in the period from the
 * stock ledger (sold net of cancellations, adjusted, exchanged, returned), and the chart of units in
 * and out per period from the daily stock summary (one row a day). The list is read through the
 * stock index and capped at {@link stockReportLimit} variants, lowest stock first.
 */
export const stockReportLimit = 500;

export interface StockReportRow {
  variantId: number;
  productId: number;
  productEn: string;
  productTh: string;
  sku: string;
  stock: number;
  sold: number;
  adjusted: number;
  exchanged: number;
  returned: number;
}

export type StockReportTotals = Pick<StockReportRow, "stock" | "sold" | "adjusted" | "exchanged" | "returned"> & { variants: number };

type DayRow = { day: string; units_in: number; units_out: number };

export const stockReport: ReportSource<ReportResult<StockReportRow, StockReportTotals>, StockReportFilters> = {
  period: "range",
  filters: stockReportFilters,
  async load(d1, filters) {
    const level = filters.level ?? "low";
    const { startMs, endMs } = dayRangeMs(filters.from, filters.to);
    const which = level === "all" ? "1" : level === "out" ? "variant.stock <= 0" : "variant.stock <= 5";
    const results = await d1.batch<Record<string, unknown>>([
      d1
        .prepare(
          `WITH listed AS (
             SELECT variant.id, variant.product_id, variant.sku, variant.stock FROM variants AS variant
             WHERE ${which} ORDER BY variant.stock, variant.id LIMIT ${stockReportLimit}
           ),
           moved AS (
             SELECT movement.variant_id,
               -sum(CASE WHEN movement.reason IN ('order', 'order-cancelled') THEN movement.delta ELSE 0 END) AS sold,
               sum(CASE WHEN movement.reason IN ('restock', 'correction', 'damaged', 'import') THEN movement.delta ELSE 0 END) AS adjusted,
               sum(CASE WHEN movement.reason = 'exchange' THEN movement.delta ELSE 0 END) AS exchanged,
               sum(CASE WHEN movement.reason = 'returned' THEN movement.delta ELSE 0 END) AS returned
             FROM stock_movements AS movement
             WHERE movement.variant_id IN (SELECT id FROM listed) AND movement.created_at >= ? AND movement.created_at < ?
             GROUP BY movement.variant_id
           )
           SELECT listed.id, listed.product_id, listed.sku, listed.stock, product.name_en, product.name_th,
             coalesce(moved.sold, 0) AS sold, coalesce(moved.adjusted, 0) AS adjusted, coalesce(moved.exchanged, 0) AS exchanged, coalesce(moved.returned, 0) AS returned
           FROM listed JOIN products AS product ON product.id = listed.product_id LEFT JOIN moved ON moved.variant_id = listed.id
           ORDER BY listed.stock, product.name_en, listed.sku`,
        )
        .bind(startMs, endMs),
      d1.prepare("SELECT day, units_in, units_out FROM report_daily_stock WHERE day BETWEEN ? AND ? ORDER BY day").bind(filters.from, filters.to),
    ]);
    type VariantRow = { id: number; product_id: number; sku: string; stock: number; name_en: string; name_th: string } & Record<
      "sold" | "adjusted" | "exchanged" | "returned",
      number
    >;
    const rows = (results[0]!.results as VariantRow[]).map((row) => ({
      variantId: row.id,
      productId: row.product_id,
      productEn: row.name_en,
      productTh: row.name_th,
      sku: row.sku,
      stock: row.stock,
      sold: row.sold,
      adjusted: row.adjusted,
      exchanged: row.exchanged,
      returned: row.returned,
    }));
    const perPeriod = sumByPeriod(
      results[1]!.results as DayRow[],
      (row) => row.day,
      (row) => ({ in: row.units_in, out: row.units_out }),
      filters,
      ["in", "out"],
    );
    const total = (figure: keyof StockReportTotals & keyof StockReportRow) => rows.reduce((sum, row) => sum + row[figure], 0);
    return {
      rows,
      totals: {
        variants: rows.length,
        stock: total("stock"),
        sold: total("sold"),
        adjusted: total("adjusted"),
        exchanged: total("exchanged"),
        returned: total("returned"),
      },
      chart: {
        group: filters.group,
        periods: perPeriod.map((one) => one.period),
        series: [
          { id: "in", label: "stock.chartIn", kind: "bar" as const, values: perPeriod.map((one) => one.values.in) },
          { id: "out", label: "stock.chartOut", kind: "bar" as const, values: perPeriod.map((one) => one.values.out) },
        ],
        unit: "count" as const,
      },
      rowsRead: rowsReadOf(results),
    };
  },
};
