import { bangkokDayOf, rangeParts, rollingWindowOf, sumByPeriod } from "~/domain/report-period";

import {
  formatRankKey,
  type OrderReportFilters,
  orderReportFilters,
  parseRankKey,
  productPageSize,
  type RankKey,
  topProductsCount,
} from "./order-report-views";
import { type ReportPeriod, type ReportResult, type ReportSource, rowsReadOf } from "./report-page.server";
import { grainTables, linePartsBinds, linePartsSql, windowTotalsPeriod } from "./report-summary.server";

/**
 * The order report (spec §2 /backend/reports/order; issue 18), read from the daily summary
 * (app/db/schema/reports.ts; rules in app/domain/report-summary.ts) — one row per Bangkok day, so a
 * year reads 365 rows however many orders it had. Orders count on the day they were placed, in their
 * status now. `by` picks the table: per period (day, week or month: orders, sales, discounts,
 * flash-sale units, points, shipping, refunds, cancellations, exchanges), or the period's sales by
 * status, payment method, channel, category or product. Those two read the line tables: whole
 * years (products) and months from the yearly and monthly ones and the parts at the range's ends as
 * days, or as their month or year less what lies outside the range (rangeParts: a year to date is
 * one yearly row per product, about 13 monthly rows per category); the last 7, 30, 90 or 365 days of products from their kept
 * rolling window (migration 0030). Products are ranked by sales: the top {@link topProductsCount}, or
 * every one a page at a time (`?show=all`); the CSV has them all.
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

/** The product view's slice of the ranking: the top products, a page of all of them (from a neighbouring page's edge, when known), or (CSV) every one. */
export type ProductListing =
  { kind: "top"; limit: number } | { kind: "page"; page: number; pageSize: number; after?: RankKey | null; before?: RankKey | null } | { kind: "every" };

export type OrderReportResult = ReportResult<OrderReportRow, OrderReportTotals> & {
  /**
   * Product view: how many products sold in the period, which slice the rows are, and the ranking keys
   * of its first and last rows (`before`/`after` of the pager's previous and next links); other views: null.
   */
  listing: { kind: ProductListing["kind"]; listed: number; page: number; pageCount: number; first: string | null; last: string | null } | null;
};

function listingFor(filters: OrderReportFilters): ProductListing {
  if (filters.show !== "all") return { kind: "top", limit: topProductsCount };
  const page = filters.page ?? 1;
  // Page 1 starts at the top: a cursor there would only be stale.
  const edge = (value: string | null) => (page > 1 && value ? parseRankKey(value) : null);
  return { kind: "page", page, pageSize: productPageSize, after: edge(filters.after), before: filters.after ? null : edge(filters.before) };
}

/** Where a slice of the ranking starts: skip `offset` rows, or seek past (`after`) or up to (`before`) a row's ranking key. */
type RankSlice = { limit: number; offset: number; after?: RankKey | null; before?: RankKey | null };

/**
 * The condition and order that seek a slice from a ranking key: rows rank by sales and units
 * (descending) and then product id. `satang <= ?` (or `>=`) on its own lets SQLite start the ranking
 * index's range there; the rest settles ties. `before` reads backwards from the key, and its rows
 * come back in that order (sorting them again would read them again): the caller turns them round.
 */
function seek(slice: RankSlice | null, [satang, units, id]: [string, string, string]): { where: string; binds: number[]; order: string } {
  const forwards = `${satang} DESC, ${units} DESC, ${id}`;
  const key = slice?.after ?? slice?.before;
  if (!key) return { where: "", binds: [], order: forwards };
  const binds = [key.satang, key.satang, key.units, key.units, key.productId];
  if (slice?.after) return { where: `AND ${satang} <= ? AND (${satang} < ? OR ${units} < ? OR (${units} = ? AND ${id} > ?))`, binds, order: forwards };
  return { where: `AND ${satang} >= ? AND (${satang} > ? OR ${units} > ? OR (${units} = ? AND ${id} < ?))`, binds, order: `${satang}, ${units}, ${id} DESC` };
}

/** The lines statements of a report, and the rolling window they read (its `from_day` is checked in the results), if any. */
interface LinesRead {
  statements: D1PreparedStatement[];
  window: number | null;
}

/**
 * Sold lines by product or category over the range, ranked by value, with the totals and count of
 * the whole ranking (window sums, so a page of products still totals them all). Reads the line
 * tables' primary keys by period ranges only (no scan of the tables): whole years (products),
 * months and the days at the ends (rangeParts). A range of products that is one whole month or year
 * (the period picker's presets, a year or month to date) or one of the kept rolling windows (the last
 * 7, 30, 90 or 365 days up to today) is read from that ranking's index instead: the slice is its first
 * rows (or the rows after or before a neighbouring page's edge), and the count and totals its row of
 * `report_product_period_totals`. `windows: false`: sum the range even when it is a window.
 */
function linesStatements(d1: D1Database, by: "product" | "category", range: ReportPeriod, slice: RankSlice | null, windows = true): LinesRead {
  const today = bangkokDayOf(Date.now());
  const parts = rangeParts(range.from, range.to, { years: by === "product", noRowsAfter: today });
  const plural = by === "product" ? "products" : "categories";
  const [limit, offset] = [slice?.limit ?? -1, slice?.after || slice?.before ? 0 : (slice?.offset ?? 0)];
  const only = parts.length === 1 ? parts[0]! : null;
  const window = by === "product" && windows ? rollingWindowOf(range.from, range.to, today) : null;
  const ranking = window
    ? { table: "report_window_products", column: "days", key: window as number | string, totals: windowTotalsPeriod(window) }
    : by === "product" && only && only.grain !== "day" && only.sign === 1 && only.from === only.to
      ? { table: `report_${grainTables[only.grain]}_products`, column: only.grain, key: only.from, totals: only.from }
      : null;
  if (ranking) {
    const from = seek(slice, ["sold_satang", "sold_units", "product_id"]);
    // The window's first day as it was read, in the same batch: a window not rolled since today began is another range (the caller sums it instead).
    const windowFrom = window ? ", (SELECT from_day FROM report_product_windows WHERE days = ?) AS window_from" : "";
    return {
      window,
      statements: [
        d1
          .prepare(
            // The slice first, then its products' names: a page sought from a key reads its own index entries only (skipped rows are index entries too).
            `SELECT sold.product_id AS id, sold.sold_units AS units, sold.sold_satang AS value, sold.flash_units AS flash, named.name_en, named.name_th
           FROM (
             SELECT product_id, sold_units, sold_satang, flash_units FROM ${ranking.table}
             WHERE ${ranking.column} = ? AND sold_units <> 0 ${from.where} ORDER BY ${from.order} LIMIT ? OFFSET ?
           ) AS sold JOIN products AS named ON named.id = sold.product_id
           ORDER BY ${seek(slice, ["sold.sold_satang", "sold.sold_units", "sold.product_id"]).order}`,
          )
          .bind(ranking.key, ...from.binds, limit, offset),
        // The count and totals the triggers keep per period (migrations 0029, 0030): one row, not one index entry per product sold.
        d1
          .prepare(
            `SELECT coalesce(sum(products), 0) AS listed, coalesce(sum(sold_units), 0) AS all_units, coalesce(sum(sold_satang), 0) AS all_value,
             coalesce(sum(flash_units), 0) AS all_flash${windowFrom}
           FROM report_product_period_totals WHERE period = ?`,
          )
          .bind(...(window ? [window] : []), ranking.totals),
      ],
    };
  }
  // A sum over a range ranks every product anyway: a key only picks the slice (the same pages as one whole period's).
  const from = seek(slice, ["value", "units", "id"]);
  return {
    window: null,
    statements: [
      d1
        .prepare(
          `WITH sold AS (${linePartsSql(by, parts)}),
       ranked AS (
         SELECT id, sum(sold_units) AS units, sum(sold_satang) AS value, sum(flash_units) AS flash FROM sold GROUP BY id HAVING sum(sold_units) <> 0
       ),
       counted AS (
         SELECT ranked.*, count(*) OVER () AS listed, sum(units) OVER () AS all_units, sum(value) OVER () AS all_value, sum(flash) OVER () AS all_flash FROM ranked
       ),
       slice AS (SELECT * FROM counted WHERE 1 ${from.where} ORDER BY ${from.order} LIMIT ? OFFSET ?)
       SELECT slice.*, named.name_en, named.name_th FROM slice JOIN ${plural} AS named ON named.id = slice.id ORDER BY ${from.order}`,
        )
        .bind(...linePartsBinds(parts), ...from.binds, limit, offset),
    ],
  };
}

/** The order report for a period and view; `listing` overrides the product view's slice (the CSV: every product). */
export async function loadOrderReport(d1: D1Database, filters: ReportPeriod & OrderReportFilters, listing?: ProductListing): Promise<OrderReportResult> {
  const by = filters.by ?? "period";
  const range = [filters.from, filters.to] as const;
  const statements = [d1.prepare("SELECT * FROM report_daily_sales WHERE day BETWEEN ? AND ? ORDER BY day").bind(...range)];
  const slice = by === "product" ? (listing ?? listingFor(filters)) : ({ kind: "every" } as const);
  let lines: LinesRead | null = null;
  let limits: RankSlice | null = null;
  if (by === "product" || by === "category") {
    limits =
      slice.kind === "top"
        ? { limit: slice.limit, offset: 0 }
        : slice.kind === "page"
          ? { limit: slice.pageSize, offset: (slice.page - 1) * slice.pageSize, after: slice.after, before: slice.before }
          : null;
    lines = linesStatements(d1, by, filters, limits);
    statements.push(...lines.statements);
  }
  let results = await d1.batch<Record<string, unknown>>(statements);
  let staleWindowRows = 0;
  if (lines?.window && (results[2]?.results[0] as { window_from?: string } | undefined)?.window_from !== filters.from) {
    // The window has not rolled since today began (the five-minute cron does it): the range is summed, exactly, as any other.
    const summed = await d1.batch<Record<string, unknown>>(linesStatements(d1, by as "product", filters, limits, false).statements);
    staleWindowRows = rowsReadOf(results.slice(1));
    results = [results[0]!, ...summed];
  }
  const days = results[0]!.results as DayRow[];
  const perPeriod = sumByPeriod(days, (row) => row.day, dayFigures, filters, figures);

  type NamedRow = { id: number; name_en: string; name_th: string; units: number; value: number; flash: number } & Record<
    "listed" | "all_units" | "all_value" | "all_flash",
    number
  >;
  const named = (results[1]?.results ?? []) as NamedRow[];
  if (slice.kind === "page" && slice.before && !slice.after) named.reverse();
  // The ranking's count and totals: a statement of their own (one whole period), else on each row (window sums).
  const ranking = (results[2]?.results[0] ?? named[0]) as Pick<NamedRow, "listed" | "all_units" | "all_value" | "all_flash"> | undefined;
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
    rows = named.map((row) => ({
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
  // The totals row adds up its table: every order placed by status; the lines of every product sold (not only the rows shown) by category or product.
  if (by === "status") Object.assign(totals, { orders: totals.placed, valueSatang: totals.placedSatang });
  if (by === "category" || by === "product")
    Object.assign(totals, { units: ranking?.all_units ?? 0, flashUnits: ranking?.all_flash ?? 0, valueSatang: ranking?.all_value ?? 0 });
  const listed = ranking?.listed ?? 0;
  return {
    rows,
    totals,
    listing:
      by === "product"
        ? {
            kind: slice.kind,
            listed,
            page: slice.kind === "page" ? slice.page : 1,
            pageCount: slice.kind === "page" ? Math.max(1, Math.ceil(listed / slice.pageSize)) : 1,
            first: named[0] ? formatRankKey({ satang: named[0].value, units: named[0].units, productId: named[0].id }) : null,
            last: named.at(-1) ? formatRankKey({ satang: named.at(-1)!.value, units: named.at(-1)!.units, productId: named.at(-1)!.id }) : null,
          }
        : null,
    chart: {
      group: filters.group,
      periods: perPeriod.map((one) => one.period),
      series: [
        { id: "sales", label: "order.columns.valueSatang", kind: "bar" as const, values: perPeriod.map((one) => one.values.valueSatang) },
        { id: "refunds", label: "order.columns.refundedSatang", kind: "line" as const, values: perPeriod.map((one) => one.values.refundedSatang) },
      ],
      unit: "satang" as const,
    },
    rowsRead: rowsReadOf(results) + staleWindowRows,
  };
}

export const orderReport: ReportSource<OrderReportResult, OrderReportFilters> = {
  period: "range",
  filters: orderReportFilters,
  load: (d1, filters) => loadOrderReport(d1, filters),
};

/** The CSV's source: the same report with every product of the period (the page shows the top or a page of them). */
export const orderReportCsv: ReportSource<OrderReportResult, OrderReportFilters> = {
  ...orderReport,
  load: (d1, filters) => loadOrderReport(d1, filters, { kind: "every" }),
};
