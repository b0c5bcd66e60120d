import { bangkokDayOf, dayRangeMs, rangeParts, sumByPeriod } from "~/domain/report-period";
import { type StockReason, stockReasonColumns } from "~/domain/report-summary";
import { stockCountLevel } from "~/domain/stock-label";

import { type ReportPeriod, type ReportResult, type ReportSource, rowsReadOf } from "./report-page.server";
import { type StockReportFilters, stockReportFilters, stockReportPageSize } from "./stock-report-levels";

/**
 * The stock report (spec §2 /backend/reports/stock; issue 18): stock on hand per variant — low
 * (5 or fewer, spec §9), out of stock or all — lowest first, {@link stockReportPageSize} a page, with
 * each listed variant's movements in the period (sold net of cancellations, adjusted, exchanged,
 * returned): whole months from the per-variant monthly grain (report_monthly_variant_stock) and the
 * part-months' days from the stock ledger through its (variant, time) index — a page reads only its
 * variants' movements, about 13 rows each for a year. The totals row: how many variants the
 * level lists and their stock on hand (the few rows of variant_stock_counts, kept by triggers on
 * variants), and the period's movements of every variant — also the chart of units in and out —
 * from the stock summary: whole months from report_monthly_stock and the part-months' days from
 * report_daily_stock when the chart is by month (a year: about 13 rows), every day of the range
 * when it is by day or week.
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
  /**
   * The page shown (1 in the CSV, which lists every variant) and how many there are; `firstKey`/`lastKey`: the page's
   * lowest and highest variant in the listing's order (stock, id), as `<stock>.<variantId>` for the pager's links.
   */
  listing: { page: number; pageCount: number; first: number; variants: number; firstKey: string | null; lastKey: string | null };
};

type DayRow = { day: string; sign: 1 | -1 };

/** The stock summary's columns the report reads: units in and out (the chart) and the reasons (the totals). */
const summaryColumns = ["units_in", "units_out", ...Object.values(stockReasonColumns)];

/** The highest level of variant_stock_counts a report level lists (it lists every level below too). */
const highestLevel = { out: stockCountLevel.out, low: stockCountLevel.low, all: stockCountLevel.in } as const;

/** The report's movement columns from a reason's net change: sold net of cancellations (positive), the rest as they moved the shelf. */
const movementColumns = {
  sold: { reasons: ["order", "order-cancelled"], sign: -1 },
  adjusted: { reasons: ["restock", "correction", "damaged", "import"], sign: 1 },
  exchanged: { reasons: ["exchange"], sign: 1 },
  returned: { reasons: ["returned"], sign: 1 },
} as const satisfies Record<string, { reasons: readonly StockReason[]; sign: 1 | -1 }>;

const movedNames = Object.keys(movementColumns);

/**
 * A listed variant's movements in one part of the range: whole months from the per-variant
 * monthly grain (its key range per variant) or days from the ledger (its (variant, time) index),
 * added or taken away. Binds the part's two bounds (months, or the days' moments).
 */
function movedPartSql(source: "months" | "ledger", sign: 1 | -1): string {
  const columns = Object.entries(movementColumns).map(([name, { reasons, sign: direction }]) => {
    const net =
      source === "months"
        ? reasons.map((reason) => stockReasonColumns[reason]).join(" + ")
        : `CASE WHEN reason IN (${reasons.map((reason) => `'${reason}'`).join(", ")}) THEN delta ELSE 0 END`;
    return `${sign * direction === 1 ? "" : "-"}(${net}) AS ${name}`;
  });
  return source === "months"
    ? `SELECT ${columns.join(", ")} FROM report_monthly_variant_stock WHERE variant_id = listed.id AND month BETWEEN ? AND ?`
    : `SELECT ${columns.join(", ")} FROM stock_movements WHERE variant_id = listed.id AND created_at >= ? AND created_at < ?`;
}

/** A page's lowest and highest variant in the listing's order (stock, then id): the rows are shown by stock and product name. */
function edgeKeys(rows: readonly StockReportRow[]): { firstKey: string | null; lastKey: string | null } {
  const ordered = [...rows].sort((one, other) => one.stock - other.stock || one.variantId - other.variantId);
  const key = (row: StockReportRow | undefined) => (row ? `${row.stock}.${row.variantId}` : null);
  return { firstKey: key(ordered[0]), lastKey: key(ordered.at(-1)) };
}

/** The stock report; `every` lists every variant of the level (the CSV) instead of a page. */
export async function loadStockReport(d1: D1Database, filters: ReportPeriod & StockReportFilters, every = false): Promise<StockReportResult> {
  const level = filters.level ?? "low";
  const page = every ? 1 : (filters.page ?? 1);
  const [limit, offset] = every ? [-1, 0] : [stockReportPageSize, (page - 1) * stockReportPageSize];
  // Each listed variant's movements: whole months from report_monthly_variant_stock, the days at the range's ends from the ledger
  // (rangeParts), in one correlated subquery per variant (an aggregate over its own key ranges: no grouping of the page's rows).
  const parts = rangeParts(filters.from, filters.to, { noRowsAfter: bangkokDayOf(Date.now()) });
  const movedSql = parts.map((part) => movedPartSql(part.grain === "day" ? "ledger" : "months", part.sign)).join(" UNION ALL ");
  const movedBinds = parts.flatMap((part): (string | number)[] => {
    if (part.grain !== "day") return [part.from, part.to];
    const { startMs, endMs } = dayRangeMs(part.from, part.to);
    return [startMs, endMs];
  });
  const which = level === "all" ? "1" : level === "out" ? "variant.stock <= 0" : "variant.stock <= 5";
  // The chart and the totals: by month, the range's whole months from the monthly summary and its ends as days (or as
  // their month less the days outside, sign −1); by day or week, every day of the range (the chart needs them anyway).
  const summaryParts = filters.group === "month" ? parts : [{ grain: "day" as const, from: filters.from, to: filters.to, sign: 1 as const }];
  const summarySql = summaryParts
    .map((part) =>
      part.grain === "day"
        ? `SELECT day, ${part.sign} AS sign, ${summaryColumns.join(", ")} FROM report_daily_stock WHERE day BETWEEN ? AND ?`
        : `SELECT month || '-01' AS day, ${part.sign} AS sign, ${summaryColumns.join(", ")} FROM report_monthly_stock WHERE month BETWEEN ? AND ?`,
    )
    .join(" UNION ALL ");
  // From a neighbouring page's edge (the pager's links): seek in the stock index rather than skip `offset` variants. The
  // variants of the key's own stock level and those of the levels beyond are two seeks (stock = ? AND id > ?, which the
  // index's rowid serves, and stock > ?), so a level of many variants is not read again up to the key.
  const edge = !every && page > 1 ? (filters.after ?? filters.before) : null;
  const columns = "variant.id, variant.product_id, variant.sku, variant.stock";
  let listedSql = `SELECT ${columns} FROM variants AS variant WHERE ${which} ORDER BY variant.stock, variant.id LIMIT ? OFFSET ?`;
  let listedBinds = [limit, offset];
  const [edgeStock, edgeId] = edge ? (edge.split(".").map(Number) as [number, number]) : [0, 0];
  // A key beyond the level's stock (typed by hand) is ignored: the page is then skipped to, as without one.
  if (edge && edgeStock <= { out: 0, low: 5, all: Number.POSITIVE_INFINITY }[level]) {
    // The key's own stock level by id, then the levels beyond it (towards the level's bound after the key, towards 0 before it).
    // A compound ordered like both arms' index ranges: SQLite merges the two seeks as they come (no sort) and stops at the
    // page's end. The level's condition only bounds the arm that moves up (repeated on the others, a low-stock previous page read ~600 more rows).
    const [ahead, order] = filters.after ? [">", ""] : ["<", " DESC"];
    listedSql = `SELECT ${columns} FROM variants AS variant WHERE variant.stock = ? AND variant.id ${ahead} ?
      UNION ALL
      SELECT ${columns} FROM variants AS variant WHERE ${filters.after ? `${which} AND ` : ""}variant.stock ${ahead} ?
      ORDER BY stock${order}, id${order} LIMIT ?`;
    listedBinds = [edgeStock, edgeId, edgeStock, limit];
  }
  const results = await d1.batch<Record<string, unknown>>([
    d1
      .prepare(
        `WITH listed AS (${listedSql})
           SELECT listed.id, listed.product_id, listed.sku, listed.stock, product.name_en, product.name_th,
             (SELECT json_array(${movedNames.map((name) => `coalesce(sum(${name}), 0)`).join(", ")}) FROM (${movedSql})) AS moved
           FROM listed JOIN products AS product ON product.id = listed.product_id
           ORDER BY listed.stock, product.name_en, listed.sku`,
      )
      .bind(...listedBinds, ...movedBinds),
    d1
      .prepare("SELECT coalesce(sum(variants), 0) AS variants, coalesce(sum(stock), 0) AS stock FROM variant_stock_counts WHERE level <= ?")
      .bind(highestLevel[level]),
    d1.prepare(summarySql).bind(...summaryParts.flatMap((part) => [part.from, part.to])),
  ]);
  type VariantRow = { id: number; product_id: number; sku: string; stock: number; name_en: string; name_th: string; moved: string };
  const rows = (results[0]!.results as VariantRow[]).map((row) => {
    const [sold, adjusted, exchanged, returned] = JSON.parse(row.moved) as number[];
    return {
      variantId: row.id,
      productId: row.product_id,
      productEn: row.name_en,
      productTh: row.name_th,
      sku: row.sku,
      stock: row.stock,
      sold: sold!,
      adjusted: adjusted!,
      exchanged: exchanged!,
      returned: returned!,
    };
  });
  // A month's row is dated its first day and a day outside the range (taken away) moved to the range's nearer end:
  // either way the same month, now inside the range, so sumByPeriod counts it.
  const days = (results[2]!.results as DayRow[]).map((row) => ({
    day: row.day < filters.from ? filters.from : row.day > filters.to ? filters.to : row.day,
    sign: row.sign,
    units: row as unknown as Record<string, number>,
  }));
  const perPeriod = sumByPeriod(
    days,
    (row) => row.day,
    (row) => ({ in: row.sign * (row.units.units_in ?? 0), out: row.sign * (row.units.units_out ?? 0) }),
    filters,
    ["in", "out"],
  );
  const listed = results[1]!.results[0] as { variants: number; stock: number };
  // `|| 0`: no -0 (a day taken away with nothing moved), which the server writes as "-0" and the browser, after JSON, as "0".
  const moved = (...columns: string[]) =>
    days.reduce((sum, row) => sum + row.sign * columns.reduce((one, column) => one + (row.units[column] ?? 0), 0), 0) || 0;
  return {
    rows,
    totals: {
      variants: listed.variants,
      stock: listed.stock,
      // The ledger's reasons as the rows count them: sold net of cancellations (positive), the rest as they moved the shelf.
      sold: -moved("order_units", "order_cancelled_units") || 0,
      adjusted: moved("restock_units", "correction_units", "damaged_units", "import_units"),
      exchanged: moved("exchange_units"),
      returned: moved("returned_units"),
    },
    listing: {
      page,
      pageCount: every ? 1 : Math.max(1, Math.ceil(listed.variants / stockReportPageSize)),
      first: offset + 1,
      variants: listed.variants,
      ...edgeKeys(rows),
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
