import { type SQL, sql } from "drizzle-orm";

import { bangkokDayOf, type RangePart, rangeParts, rollingWindowDays, windowFrom } from "~/domain/report-period";
import {
  bangkokDaySql,
  categoryGrainOf,
  exchangeMeasures,
  type LineGrain,
  lineGrains,
  monthlyStockTable,
  type OrderMeasure,
  orderMeasures,
  type OrderValue,
  planStockMovements,
  productMeasures,
  soldStatusIds,
  sponsorGrains,
  sponsorMeasures,
  sponsorTotalColumns,
  sponsorTotalsTable,
  type StockMovementFacts,
  type StockReason,
  stockReasonColumns,
  type SummaryDelta,
  type SummaryPeriod,
  variantStockTable,
} from "~/domain/report-summary";
import { lowStockThreshold, stockCountLevel } from "~/domain/stock-label";

/**
 * Keeps the daily report summary (app/db/schema/reports.ts) in step with its source rows, inside
 * the caller's db.batch: the rules are app/domain/report-summary.ts, rendered here into
 * INSERT … ON CONFLICT DO UPDATE increments.
 *
 * An order or exchange row is "bracketed": its contribution as it stands is subtracted before the
 * batch's changes and added back after them ({@link withOrderSummary}). That is exact whatever the
 * statements in between do — a status change, the payment type a capture sets, the price staff
 * confirm for a custom design — and needs no read before the batch. Stock movements are
 * append-only, so their deltas are added once ({@link stockSummaryStatements}).
 */

export type OrderSelector = { id: number } | { orderNumber: string };
type Sign = 1 | -1;

const orderColumn: Record<Exclude<OrderValue, "one" | "units" | "flashUnits" | "flashSatang">, string> = {
  totalSatang: "total_satang",
  subtotalSatang: "subtotal_satang",
  discountSatang: "discount_satang",
  pointsDiscountSatang: "points_discount_satang",
  pointsRedeemed: "points_redeemed",
  pointsEarned: "points_earned",
  shippingSatang: "shipping_satang",
  vatSatang: "vat_satang",
};

function orderValueSql(value: OrderValue): string {
  const lines = (expression: string, where = "") =>
    `(SELECT coalesce(sum(${expression}), 0) FROM order_lines AS line WHERE line.order_id = placed.id${where ? ` AND ${where}` : ""})`;
  switch (value) {
    case "one":
      return "1";
    case "units":
      return lines("line.quantity");
    case "flashUnits":
      return lines("line.quantity", "line.flash_sale_item_id IS NOT NULL");
    case "flashSatang":
      return lines("line.quantity * line.unit_price_satang", "line.flash_sale_item_id IS NOT NULL");
    default:
      return `placed.${orderColumn[value]}`;
  }
}

function orderConditionSql(measure: OrderMeasure): string {
  const conditions: string[] = [];
  if (measure.statuses) conditions.push(`placed.status_id IN (${measure.statuses.join(", ")})`);
  if (measure.orderTypeId !== undefined) conditions.push(`placed.order_type_id = ${measure.orderTypeId}`);
  if (measure.paymentTypeId !== undefined) conditions.push(`placed.payment_type_id = ${measure.paymentTypeId}`);
  return conditions.length ? conditions.join(" AND ") : "1";
}

/** A period's key from a Bangkok day expression ("YYYY-MM-DD" → "YYYY-MM", "YYYY"). */
function periodSql(period: SummaryPeriod, day: string): string {
  return period === "day" ? day : `substr(${day}, 1, ${period === "month" ? 7 : 4})`;
}

const increments = (columns: readonly string[]) => columns.map((column) => `${column} = ${column} + excluded.${column}`).join(", ");

/**
 * INSERT … SELECT of orders' contributions to report_daily_sales: one order (`where` binds its id
 * or number) with a sign, or every order grouped by day for the rebuild.
 */
function orderSalesSql(where: string, sign: Sign | "rebuild"): string {
  const columns = orderMeasures.map((measure) => measure.column);
  const values = orderMeasures.map((measure) => {
    const value = `CASE WHEN ${orderConditionSql(measure)} THEN ${orderValueSql(measure.value)} ELSE 0 END`;
    return sign === "rebuild" ? `sum(${value})` : `${sign} * ${value}`;
  });
  return `INSERT INTO report_daily_sales (day, ${columns.join(", ")})
    SELECT ${bangkokDaySql("placed.created_at")}, ${values.join(", ")} FROM orders AS placed WHERE ${where}${sign === "rebuild" ? " GROUP BY 1" : ""}
    ON CONFLICT (day) DO UPDATE SET ${increments(columns)}`;
}

const lineExpressions: Record<(typeof productMeasures)[number]["value"], string> = {
  quantity: "line.quantity",
  amount: "line.quantity * line.unit_price_satang",
  flashQuantity: "CASE WHEN line.flash_sale_item_id IS NOT NULL THEN line.quantity ELSE 0 END",
};

/** An order's sold lines (or every order's, for the rebuild) added up into one of the line tables ({@link lineGrains}). */
function orderLinesSql(grain: LineGrain, where: string, sign: Sign | "rebuild"): string {
  const factor = sign === "rebuild" ? "" : `${sign} * `;
  const columns = productMeasures.map((measure) => measure.column);
  const period = periodSql(grain.period, bangkokDaySql("placed.created_at"));
  const [key, join] = grain.by === "product" ? ["line.product_id", ""] : ["product.category_id", " JOIN products AS product ON product.id = line.product_id"];
  return `INSERT INTO ${grain.table} (${grain.period}, ${grain.by}_id, ${columns.join(", ")})
    SELECT ${period}, ${key}, ${productMeasures.map((measure) => `${factor}sum(${lineExpressions[measure.value]})`).join(", ")}
    FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id${join}
    WHERE ${where} AND line.product_id IS NOT NULL AND placed.status_id IN (${soldStatusIds.join(", ")})
    GROUP BY 1, 2
    ON CONFLICT (${grain.period}, ${grain.by}_id) DO UPDATE SET ${increments(columns)}`;
}

/**
 * An order's sponsor rows (or every order's, for the rebuild), as `period, kind, partner_id` and
 * the {@link sponsorMeasures}: one row per sponsor it was made for, else one for the affiliate it
 * snapshots at placing; sales only, on the Bangkok day it was paid (placed, when no payment time was
 * kept). `where` appears twice: bind its value twice.
 */
function sponsorRowsSql(period: SummaryPeriod, where: string): string {
  const day = periodSql(period, bangkokDaySql("coalesce(placed.paid_at, placed.created_at)"));
  const values = sponsorMeasures.map((measure) => `${orderValueSql(measure.value)} AS ${measure.column}`).join(", ");
  const sold = `placed.status_id IN (${soldStatusIds.join(", ")})`;
  return `SELECT ${day} AS period, 'sponsor' AS kind, made_for.sponsor_id AS partner_id, ${values}
        FROM orders AS placed JOIN sponsor_orders AS made_for ON made_for.order_id = placed.id WHERE ${where} AND ${sold}
      UNION ALL
      SELECT ${day}, 'distributor', placed.distributor_affiliate_id, ${values}
        FROM orders AS placed
        WHERE ${where} AND ${sold} AND placed.distributor_affiliate_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM sponsor_orders WHERE order_id = placed.id)`;
}

/** An order's rows (or every order's) in one of the {@link sponsorGrains}; bind `where`'s value twice. */
function orderSponsorsSql(grain: (typeof sponsorGrains)[number], where: string, sign: Sign | "rebuild"): string {
  const factor = sign === "rebuild" ? "" : `${sign} * `;
  const columns = sponsorMeasures.map((measure) => measure.column);
  return `INSERT INTO ${grain.table} (${grain.period}, kind, partner_id, ${columns.join(", ")})
    SELECT period, kind, partner_id, ${columns.map((column) => `${factor}sum(${column})`).join(", ")} FROM (${sponsorRowsSql(grain.period, where)}) WHERE 1 GROUP BY 1, 2, 3
    ON CONFLICT (${grain.period}, kind, partner_id) DO UPDATE SET ${increments(columns)}`;
}

/** The same rows added up per day across partners into {@link sponsorTotalsTable}; bind `where`'s value twice. */
function orderSponsorTotalsSql(where: string, sign: Sign | "rebuild"): string {
  const factor = sign === "rebuild" ? "" : `${sign} * `;
  const sums = sponsorTotalColumns.map((column) => {
    const [kind, measure] = [column.slice(0, column.indexOf("_")), column.slice(column.indexOf("_") + 1)];
    return `${factor}sum(CASE WHEN kind = '${kind}' THEN ${measure} ELSE 0 END)`;
  });
  return `INSERT INTO ${sponsorTotalsTable} (day, ${sponsorTotalColumns.join(", ")})
    SELECT period, ${sums.join(", ")} FROM (${sponsorRowsSql("day", where)}) WHERE 1 GROUP BY 1
    ON CONFLICT (day) DO UPDATE SET ${increments(sponsorTotalColumns)}`;
}

function orderWhere(order: OrderSelector): { where: string; value: number | string } {
  return "id" in order ? { where: "placed.id = ?", value: order.id } : { where: "placed.order_number = ?", value: order.orderNumber };
}

/** An order's contribution with a sign: −1 before the batch changes it, +1 after. */
export function orderSummaryStatements(d1: D1Database, order: OrderSelector, sign: Sign): D1PreparedStatement[] {
  const { where, value } = orderWhere(order);
  return [
    d1.prepare(orderSalesSql(where, sign)).bind(value),
    ...lineGrains.map((grain) => d1.prepare(orderLinesSql(grain, where, sign)).bind(value)),
    ...sponsorGrains.map((grain) => d1.prepare(orderSponsorsSql(grain, where, sign)).bind(value, value)),
    d1.prepare(orderSponsorTotalsSql(where, sign)).bind(value, value),
  ];
}

/**
 * The order's statements between its contribution taken out and put back. A new order (not there
 * yet for the first half) is only added; a change that moves nothing nets to zero.
 */
export function withOrderSummary(d1: D1Database, order: OrderSelector, statements: readonly D1PreparedStatement[]): D1PreparedStatement[] {
  return [...orderSummaryStatements(d1, order, -1), ...statements, ...orderSummaryStatements(d1, order, 1)];
}

function exchangeSql(where: string, sign: Sign | "rebuild"): string {
  const columns = exchangeMeasures.map((measure) => measure.column);
  const values = exchangeMeasures.map((measure) => {
    const value = `CASE WHEN asked.status <> 'rejected' THEN ${measure.value === "one" ? "1" : "asked.quantity"} ELSE 0 END`;
    return sign === "rebuild" ? `sum(${value})` : `${sign} * ${value}`;
  });
  return `INSERT INTO report_daily_sales (day, ${columns.join(", ")})
    SELECT ${bangkokDaySql("asked.created_at")}, ${values.join(", ")} FROM exchanges AS asked WHERE ${where}${sign === "rebuild" ? " GROUP BY 1" : ""}
    ON CONFLICT (day) DO UPDATE SET ${increments(columns)}`;
}

/** The exchange's statements between its contribution taken out and put back (a new exchange is only added). */
export function withExchangeSummary(d1: D1Database, exchangeId: number, statements: readonly D1PreparedStatement[]): D1PreparedStatement[] {
  return [d1.prepare(exchangeSql("asked.id = ?", -1)).bind(exchangeId), ...statements, d1.prepare(exchangeSql("asked.id = ?", 1)).bind(exchangeId)];
}

/** Increments for deltas planned in TypeScript (app/domain/report-summary.ts). */
export function summaryDeltaStatements(d1: D1Database, deltas: readonly SummaryDelta[]): D1PreparedStatement[] {
  return deltas.map((delta) => {
    const keyColumns = Object.keys(delta.key);
    const keyValues = Object.values(delta.key);
    const columns = Object.keys(delta.values);
    return d1
      .prepare(
        `INSERT INTO ${delta.table} (${[...keyColumns, ...columns].join(", ")}) VALUES (${[...keyColumns, ...columns].map(() => "?").join(", ")})
        ON CONFLICT (${keyColumns.join(", ")}) DO UPDATE SET ${increments(columns)}`,
      )
      .bind(...keyValues, ...Object.values(delta.values));
  });
}

/** The summary side of stock movements whose deltas are known before the batch. */
export function stockSummaryStatements(d1: D1Database, movements: readonly StockMovementFacts[]): D1PreparedStatement[] {
  return summaryDeltaStatements(d1, planStockMovements(movements));
}

/**
 * The summary side of movements whose deltas only the batch knows: `deltaSql` is a SELECT of the
 * columns `variant_id` and `delta`, one row per movement row (no rows: nothing moved), bound with
 * `params`. Three statements: the day's row, the month's and the variants' month.
 */
export function stockSummaryFromSql(d1: D1Database, at: number, reason: StockReason, deltaSql: string, ...params: unknown[]): D1PreparedStatement[] {
  return stockFromSelectSql(at, reason).map(([head, tail]) => d1.prepare(`${head}${deltaSql}${tail}`).bind(...params));
}

/**
 * {@link stockSummaryFromSql} for a Drizzle batch: `...reportStockSql(…).map((one) => db.run(one))`. Drizzle's D1 batch
 * cannot bind parameters of a raw statement, so the SELECT is written with {@link integerSql} literals.
 */
export function reportStockSql(at: number, reason: StockReason, deltaSelect: string): SQL[] {
  return stockFromSelectSql(at, reason).map(([head, tail]) => sql.raw(`${head}${deltaSelect}${tail}`));
}

/** An integer as SQL text; anything else is a programming error, never text from a request. */
export function integerSql(value: number): string {
  if (!Number.isSafeInteger(value)) throw new TypeError(`not an integer: ${value}`);
  return String(value);
}

/** The text around a movements SELECT for the day's row, the month's and the variants' month (the day is a literal: it is the clock's, never a request's). */
function stockFromSelectSql(at: number, reason: StockReason): [head: string, tail: string][] {
  const column = stockReasonColumns[reason];
  const columns = ["movements", "units_in", "units_out", column];
  const day = bangkokDayOf(at);
  const sums = `count(*), sum(max(delta, 0)), sum(max(-delta, 0)), sum(delta) FROM (`;
  return [
    [
      `INSERT INTO report_daily_stock (day, ${columns.join(", ")}) SELECT '${day}', ${sums}`,
      `) WHERE 1 HAVING count(*) > 0 ON CONFLICT (day) DO UPDATE SET ${increments(columns)}`,
    ],
    [
      `INSERT INTO ${monthlyStockTable} (month, ${columns.join(", ")}) SELECT '${day.slice(0, 7)}', ${sums}`,
      `) WHERE 1 HAVING count(*) > 0 ON CONFLICT (month) DO UPDATE SET ${increments(columns)}`,
    ],
    [
      `INSERT INTO ${variantStockTable} (variant_id, month, ${columns.join(", ")}) SELECT variant_id, '${day.slice(0, 7)}', ${sums}`,
      `) WHERE 1 GROUP BY variant_id ON CONFLICT (variant_id, month) DO UPDATE SET ${increments(columns)}`,
    ],
  ];
}

/** The ledger per day, per month, or per variant and month. */
function stockRebuildSql(by: "day" | "month" | "variant"): string {
  const reasonSums = Object.entries(stockReasonColumns).map(([reason, column]) => [column, `sum(CASE WHEN reason = '${reason}' THEN delta ELSE 0 END)`]);
  const columns = ["movements", "units_in", "units_out", ...reasonSums.map(([column]) => column!)];
  const [table, keys, select, groups] =
    by === "day"
      ? ["report_daily_stock", "day", bangkokDaySql("created_at"), "1"]
      : by === "month"
        ? [monthlyStockTable, "month", periodSql("month", bangkokDaySql("created_at")), "1"]
        : [variantStockTable, "variant_id, month", `variant_id, ${periodSql("month", bangkokDaySql("created_at"))}`, "1, 2"];
  return `INSERT INTO ${table} (${keys}, ${columns.join(", ")})
    SELECT ${select}, count(*), sum(max(delta, 0)), sum(max(-delta, 0)), ${reasonSums.map(([, sum]) => sum).join(", ")}
    FROM stock_movements WHERE 1 GROUP BY ${groups}
    ON CONFLICT (${keys}) DO UPDATE SET ${increments(columns)}`;
}

/** A line table recomputed from `report_daily_products` (the rebuild, after that table). */
function lineRollupSql(grain: LineGrain): string {
  const columns = productMeasures.map((measure) => measure.column);
  const period = periodSql(grain.period, "sold.day");
  const [key, join] = grain.by === "product" ? ["sold.product_id", ""] : ["product.category_id", " JOIN products AS product ON product.id = sold.product_id"];
  return `INSERT INTO ${grain.table} (${grain.period}, ${grain.by}_id, ${columns.join(", ")})
    SELECT ${period}, ${key}, ${columns.map((column) => `sum(sold.${column})`).join(", ")} FROM report_daily_products AS sold${join} WHERE 1 GROUP BY 1, 2
    ON CONFLICT (${grain.period}, ${grain.by}_id) DO UPDATE SET ${increments(columns)}`;
}

/** Products sold and their totals per whole month and year, kept by triggers on the two ranking tables (migration 0029; app/db/schema/reports.ts). */
const productPeriodTotalsTable = "report_product_period_totals";

/** The line tables' name part per period grain (`report_<part>_products`, `…_categories`). */
export const grainTables = { day: "daily", month: "monthly", year: "yearly" } as const;

/**
 * A range's sold lines by product or category as one SELECT of `id, sold_units, sold_satang,
 * flash_units` rows (a key can have several: sum them), read from the line tables' primary keys by
 * the range's parts (rangeParts: whole years, months and days, some taken away). Its `?` are bound by
 * {@link linePartsBinds}.
 */
export function linePartsSql(by: "product" | "category", parts: readonly RangePart[]): string {
  const plural = by === "product" ? "products" : "categories";
  return parts
    .map(({ grain, sign }) => {
      const signed = (column: string) => (sign === 1 ? column : `-${column}`);
      return `SELECT ${by}_id AS id, ${signed("sold_units")} AS sold_units, ${signed("sold_satang")} AS sold_satang, ${signed("flash_units")} AS flash_units
        FROM report_${grainTables[grain]}_${plural} WHERE ${grain} BETWEEN ? AND ?`;
    })
    .join(" UNION ALL ");
}

export const linePartsBinds = (parts: readonly RangePart[]) => parts.flatMap((part) => [part.from, part.to]);

/** Where a rolling window's count and totals are kept in `report_product_period_totals` (by triggers on its rows, migration 0030). */
export const windowTotalsPeriod = (days: number) => `${days}d`;

/**
 * Rolls the window of the last `days` days to start `days − 1` days before `today`: its ranking is
 * recomputed from the product grains (about 13 rows per product for a year), its totals row with it
 * (by the triggers of its rows, from nothing), and its `from_day` moved. From then on the triggers on
 * `report_daily_products` keep it. One batch: a reader sees the window before or after, whole.
 */
export function productWindowStatements(d1: D1Database, days: number, today: string): D1PreparedStatement[] {
  const from = windowFrom(today, days);
  const parts = rangeParts(from, today, { years: true, noRowsAfter: today });
  return [
    d1.prepare("DELETE FROM report_window_products WHERE days = ?").bind(days),
    d1.prepare("DELETE FROM report_product_period_totals WHERE period = ?").bind(windowTotalsPeriod(days)),
    d1
      .prepare(
        `INSERT INTO report_window_products (days, product_id, sold_units, sold_satang, flash_units)
         SELECT ?, id, sum(sold_units), sum(sold_satang), sum(flash_units) FROM (${linePartsSql("product", parts)}) WHERE 1
         GROUP BY id HAVING sum(sold_units) <> 0 OR sum(sold_satang) <> 0 OR sum(flash_units) <> 0`,
      )
      .bind(days, ...linePartsBinds(parts)),
    d1
      .prepare("INSERT INTO report_product_windows (days, from_day) VALUES (?, ?) ON CONFLICT (days) DO UPDATE SET from_day = excluded.from_day")
      .bind(days, from),
  ];
}

/**
 * The five-minute cron's check: rolls every window that does not start where today's "last N days"
 * starts (a new Bangkok day has begun since it rolled, or it was never made). Reads the four window
 * rows when there is nothing to do. Until a window has rolled, the report sums that range instead.
 */
export async function rollProductWindows(d1: D1Database, nowMs = Date.now()): Promise<number[]> {
  const today = bangkokDayOf(nowMs);
  const { results } = await d1.prepare("SELECT days, from_day FROM report_product_windows").all<{ days: number; from_day: string }>();
  const stale = rollingWindowDays.filter((days) => results.find((row) => row.days === days)?.from_day !== windowFrom(today, days));
  if (stale.length > 0) await d1.batch(stale.flatMap((days) => productWindowStatements(d1, days, today)));
  return stale;
}

/**
 * Every statement of a rebuild from the source rows, in one batch (all or nothing). The rolling
 * windows are deleted first (so the triggers on the daily product rows move none while the table is
 * emptied and refilled) and recomputed last, for `nowMs`'s Bangkok day.
 */
export function rebuildSummaryStatements(d1: D1Database, nowMs = Date.now()): D1PreparedStatement[] {
  return [
    ...summaryTables.map((table) => d1.prepare(`DELETE FROM ${table}`)),
    d1.prepare(orderSalesSql("1", "rebuild")),
    d1.prepare(orderLinesSql(lineGrains[0], "1", "rebuild")),
    // The coarser grains add up the daily product rows just rebuilt: the same sums as from the lines, read from far fewer rows.
    ...lineGrains.slice(1).map((grain) => d1.prepare(lineRollupSql(grain))),
    ...sponsorGrains.map((grain) => d1.prepare(orderSponsorsSql(grain, "1", "rebuild"))),
    d1.prepare(orderSponsorTotalsSql("1", "rebuild")),
    d1.prepare(exchangeSql("1", "rebuild")),
    d1.prepare(stockRebuildSql("day")),
    d1.prepare(stockRebuildSql("month")),
    d1.prepare(stockRebuildSql("variant")),
    // Kept by triggers on the two ranking tables (migration 0029): the rows just inserted kept it; recomputed all the same, as the counts below.
    d1.prepare(`DELETE FROM ${productPeriodTotalsTable}`),
    d1.prepare(
      `INSERT INTO ${productPeriodTotalsTable} (period, products, sold_units, sold_satang, flash_units)
       SELECT month, sum(sold_units <> 0), sum(sold_units), sum(sold_satang), sum(flash_units) FROM report_monthly_products WHERE 1 GROUP BY month
       UNION ALL
       SELECT year, sum(sold_units <> 0), sum(sold_units), sum(sold_satang), sum(flash_units) FROM report_yearly_products WHERE 1 GROUP BY year`,
    ),
    // Kept by triggers (migration 0026), rebuilt here all the same: a database written with the triggers off (an import) is put right too.
    d1.prepare("INSERT INTO order_status_counts (status_id, orders) SELECT status_id, count(*) FROM orders WHERE 1 GROUP BY status_id"),
    d1.prepare(
      `INSERT INTO variant_stock_counts (level, is_active, variants, stock)
       SELECT CASE WHEN stock <= 0 THEN ${stockCountLevel.out} WHEN stock <= ${lowStockThreshold} THEN ${stockCountLevel.low} ELSE ${stockCountLevel.in} END,
         is_active <> 0, count(*), sum(stock) FROM variants WHERE 1 GROUP BY 1, 2`,
    ),
    // After the period totals' recomputation above: each window writes its own totals row.
    ...rollingWindowDays.flatMap((days) => productWindowStatements(d1, days, bangkokDayOf(nowMs))),
  ];
}

/**
 * Recomputes the whole summary from orders, order lines, sponsor orders, exchanges and the stock ledger (every grain),
 * the counts per order status and per stock level from the orders and variants, and the rolling windows as of
 * `nowMs`'s Bangkok day.
 */
export async function rebuildReportSummary(d1: D1Database, nowMs = Date.now()): Promise<void> {
  await d1.batch(rebuildSummaryStatements(d1, nowMs));
}

export const summaryTables = [
  // First: emptied before the daily product rows, the windows leave the triggers on those rows nothing to do during a rebuild.
  "report_product_windows",
  "report_window_products",
  "report_daily_sales",
  ...lineGrains.map((grain) => grain.table),
  ...sponsorGrains.map((grain) => grain.table),
  sponsorTotalsTable,
  "report_daily_stock",
  monthlyStockTable,
  variantStockTable,
  productPeriodTotalsTable,
  "order_status_counts",
  "variant_stock_counts",
] as const;

/**
 * Moving a product to another category moves its history with it (the category tables add up the
 * product tables through the product's category now, as the rebuild does): for each category table,
 * the product's rows leave its old category and join `categoryId`, in the product's save batch and
 * before the product row changes. Nothing moves when the category stays. For a Drizzle batch
 * (`db.run(…)`): the ids are written with {@link integerSql}.
 */
export function productCategoryMoveSql(productId: number, categoryId: number): SQL[] {
  const [product, category] = [integerSql(productId), integerSql(categoryId)];
  const columns = productMeasures.map((measure) => measure.column);
  return Object.entries(categoryGrainOf).map(([from, to]) => {
    const period = from === "report_daily_products" ? "day" : "month";
    const rows = (sign: string, key: string) =>
      `SELECT sold.${period}, ${key}, ${columns.map((column) => `${sign}sold.${column}`).join(", ")}
       FROM ${from} AS sold JOIN products AS product ON product.id = sold.product_id WHERE sold.product_id = ${product} AND product.category_id <> ${category}`;
    return sql.raw(`INSERT INTO ${to} (${period}, category_id, ${columns.join(", ")})
      SELECT * FROM (${rows("-", "product.category_id")} UNION ALL ${rows("", category)}) WHERE 1
      ON CONFLICT (${period}, category_id) DO UPDATE SET ${increments(columns)}`);
  });
}
