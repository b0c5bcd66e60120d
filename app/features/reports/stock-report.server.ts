import { dayRangeMs, sumByPeriod } from "~/domain/report-period";

import { type ReportPeriod, type ReportResult, type ReportSource, rowsReadOf } from "./report-page.server";
import { type StockReportFilters, stockReportFilters, stockReportPageSize } from "./stock-report-levels";

/**
 * The stock report (spec §2 /backend/reports/stock; issue 18): stock on hand per variant — low
 * (5 or fewer, spec §9), out of stock or all — lowest first, {@link stockReportPageSize} a page, with
 * each listed variant's movements in the period (sold net of cancellations, adjusted, exchanged,
 * returned) from the stock ledger through its (variant, time) index: the daily stock summary has no
 * variant, and a page reads only its variants' movements. The totals row: how many variants the
 * level lists and their stock on hand (the stock index), and the period's movements of every
 * variant from the daily stock summary (one row a day, also the chart of units in and out).
 */
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

export type StockReportResult = ReportResult<StockReportRow, StockReportTotals> & {
  /** The page shown (1 in the CSV, which lists every variant) and how many there are. */
  listing: { page: number; pageCount: number; first: number; variants: number };
};

type DayRow = Record<string, number> & { day: string };

/** The stock report; `every` lists every variant of the level (the CSV) instead of a page. */
export async function loadStockReport(d1: D1Database, filters: ReportPeriod & StockReportFilters, every = false): Promise<StockReportResult> {
  const level = filters.level ?? "low";
  const page = every ? 1 : (filters.page ?? 1);
  const [limit, offset] = every ? [-1, 0] : [stockReportPageSize, (page - 1) * stockReportPageSize];
  const { startMs, endMs } = dayRangeMs(filters.from, filters.to);
  const which = level === "all" ? "1" : level === "out" ? "variant.stock <= 0" : "variant.stock <= 5";
  const results = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `WITH listed AS (
             SELECT variant.id, variant.product_id, variant.sku, variant.stock FROM variants AS variant
             WHERE ${which} ORDER BY variant.stock, variant.id LIMIT ? OFFSET ?
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
      .bind(limit, offset, startMs, endMs),
    d1.prepare(`SELECT count(*) AS variants, coalesce(sum(variant.stock), 0) AS stock FROM variants AS variant WHERE ${which}`),
    d1.prepare("SELECT * FROM report_daily_stock WHERE day BETWEEN ? AND ? ORDER BY day").bind(filters.from, filters.to),
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
  const days = results[2]!.results as DayRow[];
  const perPeriod = sumByPeriod(
    days,
    (row) => row.day,
    (row) => ({ in: row.units_in ?? 0, out: row.units_out ?? 0 }),
    filters,
    ["in", "out"],
  );
  const listed = results[1]!.results[0] as { variants: number; stock: number };
  const moved = (...columns: string[]) => days.reduce((sum, row) => sum + columns.reduce((one, column) => one + (row[column] ?? 0), 0), 0);
  return {
    rows,
    totals: {
      variants: listed.variants,
      stock: listed.stock,
      // The ledger's reasons as the rows count them: sold net of cancellations (positive), the rest as they moved the shelf.
      sold: -moved("order_units", "order_cancelled_units"),
      adjusted: moved("restock_units", "correction_units", "damaged_units", "import_units"),
      exchanged: moved("exchange_units"),
      returned: moved("returned_units"),
    },
    listing: {
      page,
      pageCount: every ? 1 : Math.max(1, Math.ceil(listed.variants / stockReportPageSize)),
      first: offset + 1,
      variants: listed.variants,
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
}

export const stockReport: ReportSource<StockReportResult, StockReportFilters> = {
  period: "range",
  filters: stockReportFilters,
  load: (d1, filters) => loadStockReport(d1, filters),
};

/** The CSV's source: every variant of the level, not a page. */
export const stockReportCsv: ReportSource<StockReportResult, StockReportFilters> = {
  ...stockReport,
  load: (d1, filters) => loadStockReport(d1, filters, true),
};
