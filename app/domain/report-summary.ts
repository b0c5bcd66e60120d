import { lineAmountSatang } from "./line-amounts";
import { type OrderStatusId, orderStatusId } from "./order-status";
import { bangkokDayOf } from "./report-period";

/**
 * The daily report summary (issue 18, DESIGN §5 "Reports"): what each source row adds to the
 * summary tables, as data. The data layer (app/features/reports/report-summary.server.ts) renders
 * these rules into INSERT … ON CONFLICT DO UPDATE increments inside the batch that changes the row
 * — once with sign −1 for the row as it was and once with +1 as it is after — and into the
 * rebuild's GROUP BY. {@link orderContribution} and friends evaluate the same rules in TypeScript:
 * the tests' model, and the delta of changes whose numbers are known before the batch.
 *
 * Grain: one row per Bangkok day in `report_daily_sales` and `report_daily_stock` (a year is 365
 * rows, however many orders). Sold lines go to five tables ({@link lineGrains}): per day and per
 * month by product and by category, and per calendar year by product — a year's category view reads
 * 12 monthly rows per category plus the days of the part-months at its ends, a whole year's product
 * view its top rows of one year's ranking index. The ledger is also kept per variant and month
 * ({@link variantStockTable}), and sponsor sales per partner and per day across partners. An order counts
 * on the day it was placed, in its current status: cancelling or refunding it later moves it
 * between columns of that day, so a report over any past period always agrees with its orders.
 */

/** Statuses whose orders are sales: paid and neither cancelled nor refunded (yet). */
export const soldStatusIds: readonly OrderStatusId[] = [
  orderStatusId.paid,
  orderStatusId.awaiting_fulfilment,
  orderStatusId.fulfilment_done,
  orderStatusId.refund_request,
  orderStatusId.completed,
];

/**
 * The Bangkok calendar day of an epoch-ms column in SQL, the twin of report-period's `bangkokDayOf`:
 * Thailand has kept UTC+7 without daylight saving since 1920 and SQLite has no time-zone data, so
 * both add the fixed offset.
 */
export function bangkokDaySql(column: string): string {
  return `date((${column} + ${7 * 3_600_000}) / 1000, 'unixepoch')`;
}

/** What an order's row and lines say, as far as the summary cares. */
export interface OrderFacts {
  createdAt: number;
  statusId: number;
  orderTypeId: number;
  paymentTypeId: number | null;
  subtotalSatang: number;
  discountSatang: number;
  pointsDiscountSatang: number;
  pointsRedeemed: number;
  pointsEarned: number;
  shippingSatang: number;
  vatSatang: number;
  totalSatang: number;
  /** When the money came (null: not paid, or from before it was kept); sponsor figures count on its day. */
  paidAt: number | null;
  /** The sponsors the order was made for (sponsor_orders; POS, at placing). */
  sponsorIds: readonly number[];
  /** The approved affiliate the customer was at placing (the order's snapshot), or null. */
  distributorAffiliateId: number | null;
  lines: readonly OrderLineFacts[];
}

export interface OrderLineFacts {
  productId: number | null;
  /** The product's category now (a product moved to another category takes its history along). */
  categoryId: number | null;
  quantity: number;
  unitPriceSatang: number;
  /** Bought at a flash-sale price. */
  flashSale: boolean;
}

/** A value an order gives a measure: a column of its row, or a sum over its lines. */
export type OrderValue =
  | "one"
  | "totalSatang"
  | "subtotalSatang"
  | "discountSatang"
  | "pointsDiscountSatang"
  | "pointsRedeemed"
  | "pointsEarned"
  | "shippingSatang"
  | "vatSatang"
  | "units"
  | "flashUnits"
  | "flashSatang";

export interface OrderMeasure {
  column: string;
  value: OrderValue;
  /** Counted only while the order is in one of these statuses (absent: always). */
  statuses?: readonly OrderStatusId[];
  orderTypeId?: number;
  paymentTypeId?: number;
}

const statusIds = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const satisfies readonly OrderStatusId[];
const sold = soldStatusIds;

/** The columns of `report_daily_sales` that orders fill (table: app/db/schema/reports.ts). */
export const orderMeasures: readonly OrderMeasure[] = [
  { column: "placed_count", value: "one" },
  { column: "placed_total_satang", value: "totalSatang" },
  ...statusIds.flatMap((id): OrderMeasure[] => [
    { column: `status_${id}_count`, value: "one", statuses: [id] },
    { column: `status_${id}_total_satang`, value: "totalSatang", statuses: [id] },
  ]),
  { column: "sold_count", value: "one", statuses: sold },
  { column: "sold_units", value: "units", statuses: sold },
  { column: "sold_subtotal_satang", value: "subtotalSatang", statuses: sold },
  { column: "sold_discount_satang", value: "discountSatang", statuses: sold },
  { column: "sold_points_discount_satang", value: "pointsDiscountSatang", statuses: sold },
  { column: "sold_points_redeemed", value: "pointsRedeemed", statuses: sold },
  { column: "sold_points_earned", value: "pointsEarned", statuses: sold },
  { column: "sold_flash_units", value: "flashUnits", statuses: sold },
  { column: "sold_flash_satang", value: "flashSatang", statuses: sold },
  { column: "sold_shipping_satang", value: "shippingSatang", statuses: sold },
  { column: "sold_vat_satang", value: "vatSatang", statuses: sold },
  { column: "sold_total_satang", value: "totalSatang", statuses: sold },
  { column: "online_count", value: "one", statuses: sold, orderTypeId: 1 },
  { column: "online_total_satang", value: "totalSatang", statuses: sold, orderTypeId: 1 },
  { column: "pos_count", value: "one", statuses: sold, orderTypeId: 2 },
  { column: "pos_total_satang", value: "totalSatang", statuses: sold, orderTypeId: 2 },
  { column: "cash_count", value: "one", statuses: sold, paymentTypeId: 1 },
  { column: "cash_total_satang", value: "totalSatang", statuses: sold, paymentTypeId: 1 },
  { column: "paypal_count", value: "one", statuses: sold, paymentTypeId: 2 },
  { column: "paypal_total_satang", value: "totalSatang", statuses: sold, paymentTypeId: 2 },
  { column: "transfer_count", value: "one", statuses: sold, paymentTypeId: 3 },
  { column: "transfer_total_satang", value: "totalSatang", statuses: sold, paymentTypeId: 3 },
];

/** Columns of the line tables ({@link lineGrains}: lines of sold orders per period and product or category). */
export const productMeasures = [
  { column: "sold_units", value: "quantity" },
  { column: "sold_satang", value: "amount" },
  { column: "flash_units", value: "flashQuantity" },
] as const satisfies readonly { column: string; value: "quantity" | "amount" | "flashQuantity" }[];

/** Exchanges count on the day they were asked for, unless turned down. */
export const exchangeMeasures = [
  { column: "exchange_count", value: "one" },
  { column: "exchange_units", value: "quantity" },
] as const;

/** Stock movement reasons (the ledger's `reason`) and their `report_daily_stock` column. */
export const stockReasonColumns = {
  restock: "restock_units",
  correction: "correction_units",
  damaged: "damaged_units",
  returned: "returned_units",
  import: "import_units",
  order: "order_units",
  "order-cancelled": "order_cancelled_units",
  exchange: "exchange_units",
} as const;
export type StockReason = keyof typeof stockReasonColumns;

export const stockMeasureColumns = ["movements", "units_in", "units_out", ...Object.values(stockReasonColumns)] as const;

/** A summary period: a Bangkok day "YYYY-MM-DD", month "YYYY-MM" or calendar year "YYYY". */
export type SummaryPeriod = "day" | "month" | "year";

/** The key column of a period and its value for a Bangkok day. */
export function periodKey(period: SummaryPeriod, day: string): Record<string, string> {
  return period === "day" ? { day } : period === "month" ? { month: day.slice(0, 7) } : { year: day.slice(0, 4) };
}

/**
 * The tables of sold lines: each keyed by a period and a product or category id. The monthly and
 * yearly rows are the sums of their days, kept in the same batch; a report over a range reads whole
 * years and months from them and the days at its ends from the daily ones (rangeParts). Products
 * have a year grain (hundreds of keys: a year's ranking is then one row per product, the top 20
 * straight from the (period, sales) index); categories are few and do without.
 */
export const lineGrains = [
  { table: "report_daily_products", period: "day", by: "product" },
  { table: "report_monthly_products", period: "month", by: "product" },
  { table: "report_yearly_products", period: "year", by: "product" },
  { table: "report_daily_categories", period: "day", by: "category" },
  { table: "report_monthly_categories", period: "month", by: "category" },
] as const satisfies readonly { table: string; period: SummaryPeriod; by: "product" | "category" }[];
export type LineGrain = (typeof lineGrains)[number];
export type LineTable = LineGrain["table"];

/** The category table a product table's rows add up into, period for period (moving a product's history between categories). */
export const categoryGrainOf = {
  report_daily_products: "report_daily_categories",
  report_monthly_products: "report_monthly_categories",
} as const satisfies Partial<Record<LineTable, LineTable>>;

/**
 * The sponsor report's grains: sponsor and distributor orders that are sales, per partner, by the
 * Bangkok day (and month) they were paid — the day placed for orders without a payment time. An
 * order made for a sponsor counts for each sponsor it was made for; otherwise it is a distributor
 * order when it snapshots an approved affiliate at placing. Columns: {@link sponsorMeasures}.
 */
export const sponsorGrains = [
  { table: "report_daily_sponsors", period: "day" },
  { table: "report_monthly_sponsors", period: "month" },
] as const;
export type SponsorTable = (typeof sponsorGrains)[number]["table"];

const sponsoredKindsOfSummary = ["sponsor", "distributor"] as const;

export const sponsorMeasures = [
  { column: "orders", value: "one" },
  { column: "quantity", value: "units" },
  { column: "value_satang", value: "totalSatang" },
] as const satisfies readonly { column: string; value: OrderValue }[];

/**
 * Sponsor and distributor sales per Bangkok day across partners (`<kind>_<measure>` columns, e.g.
 * `sponsor_value_satang`): the sponsor report's chart by day or week without a sponsor chosen reads
 * one row a day instead of one per day and partner. The sum of the partner rows of its day (an order
 * made for two sponsors counts twice, as in the partner rows).
 */
export const sponsorTotalsTable = "report_daily_sponsor_totals";
export const sponsorTotalColumns = sponsoredKindsOfSummary.flatMap((kind) => sponsorMeasures.map((measure) => `${kind}_${measure.column}`));

/**
 * The stock ledger per variant and Bangkok month ("YYYY-MM"), with the columns of `report_daily_stock`:
 * the stock report reads a page of variants' whole months here and only the part-months' days from
 * the ledger. Written with every ledger row, in the same batch.
 */
export const variantStockTable = "report_monthly_variant_stock";

/**
 * The stock ledger per Bangkok month across variants: the sum of its days in `report_daily_stock`, written by the
 * same statements. A year's stock chart by month and the report's movement totals read its whole months.
 */
export const monthlyStockTable = "report_monthly_stock";

export type SummaryTable =
  "report_daily_sales" | "report_daily_stock" | typeof monthlyStockTable | LineTable | SponsorTable | typeof sponsorTotalsTable | typeof variantStockTable;

/**
 * An increment of one summary row: add `values` to the row at `key` (created when missing). The
 * key's names are the table's key columns: `day`, or `day`/`month` with `product_id`/`category_id`.
 */
export interface SummaryDelta {
  table: SummaryTable;
  key: Record<string, string | number>;
  values: Record<string, number>;
}

function orderValue(order: OrderFacts, value: OrderValue): number {
  switch (value) {
    case "one":
      return 1;
    case "units":
      return order.lines.reduce((sum, line) => sum + line.quantity, 0);
    case "flashUnits":
      return order.lines.reduce((sum, line) => sum + (line.flashSale ? line.quantity : 0), 0);
    case "flashSatang":
      return order.lines.reduce((sum, line) => sum + (line.flashSale ? lineAmountSatang(line) : 0), 0);
    default:
      return order[value];
  }
}

export function measureApplies(
  measure: Omit<OrderMeasure, "column" | "value">,
  order: Pick<OrderFacts, "statusId" | "orderTypeId" | "paymentTypeId">,
): boolean {
  if (measure.statuses && !measure.statuses.includes(order.statusId as OrderStatusId)) return false;
  if (measure.orderTypeId !== undefined && measure.orderTypeId !== order.orderTypeId) return false;
  if (measure.paymentTypeId !== undefined && measure.paymentTypeId !== order.paymentTypeId) return false;
  return true;
}

/** What one order adds to the summary (its day's sales row and its products' rows). */
export function orderContribution(order: OrderFacts): SummaryDelta[] {
  const day = bangkokDayOf(order.createdAt);
  const values: Record<string, number> = {};
  for (const measure of orderMeasures) if (measureApplies(measure, order)) values[measure.column] = orderValue(order, measure.value);
  const deltas: SummaryDelta[] = [{ table: "report_daily_sales", key: { day }, values }];
  if (!sold.includes(order.statusId as OrderStatusId)) return deltas;
  deltas.push(...sponsorContribution(order));
  for (const grain of lineGrains) {
    const rows = new Map<number, Record<string, number>>();
    for (const line of order.lines) {
      const id = grain.by === "product" ? line.productId : line.categoryId;
      if (line.productId === null || id === null) continue;
      const row = rows.get(id) ?? { sold_units: 0, sold_satang: 0, flash_units: 0 };
      row.sold_units! += line.quantity;
      row.sold_satang! += lineAmountSatang(line);
      row.flash_units! += line.flashSale ? line.quantity : 0;
      rows.set(id, row);
    }
    const period = periodKey(grain.period, day);
    for (const [id, values] of rows) deltas.push({ table: grain.table, key: { ...period, [`${grain.by}_id`]: id }, values });
  }
  return deltas;
}

/** A sold order's sponsor rows (none when it is neither a sponsor's nor a distributor's). */
function sponsorContribution(order: OrderFacts): SummaryDelta[] {
  const partners: { kind: "sponsor" | "distributor"; id: number }[] =
    order.sponsorIds.length > 0
      ? order.sponsorIds.map((id) => ({ kind: "sponsor" as const, id }))
      : order.distributorAffiliateId !== null
        ? [{ kind: "distributor", id: order.distributorAffiliateId }]
        : [];
  const day = bangkokDayOf(order.paidAt ?? order.createdAt);
  const values = Object.fromEntries(sponsorMeasures.map((measure) => [measure.column, orderValue(order, measure.value)]));
  return partners.flatMap(({ kind, id }): SummaryDelta[] => [
    ...sponsorGrains.map((grain) => ({ table: grain.table, key: { ...periodKey(grain.period, day), kind, partner_id: id }, values: { ...values } })),
    { table: sponsorTotalsTable, key: { day }, values: Object.fromEntries(Object.entries(values).map(([column, value]) => [`${kind}_${column}`, value])) },
  ]);
}

export interface ExchangeFacts {
  createdAt: number;
  status: string;
  quantity: number;
}

export function exchangeContribution(exchange: ExchangeFacts): SummaryDelta[] {
  if (exchange.status === "rejected") return [];
  return [{ table: "report_daily_sales", key: { day: bangkokDayOf(exchange.createdAt) }, values: { exchange_count: 1, exchange_units: exchange.quantity } }];
}

export interface StockMovementFacts {
  variantId: number;
  createdAt: number;
  reason: StockReason;
  delta: number;
}

/** A ledger row's increments: to its day's row, its month's and its variant's month. */
export function stockMovementContribution(movement: StockMovementFacts): SummaryDelta[] {
  const day = bangkokDayOf(movement.createdAt);
  const values = {
    movements: 1,
    units_in: Math.max(movement.delta, 0),
    units_out: Math.max(-movement.delta, 0),
    [stockReasonColumns[movement.reason]]: movement.delta,
  };
  return [
    { table: "report_daily_stock", key: { day }, values },
    { table: monthlyStockTable, key: periodKey("month", day), values: { ...values } },
    { table: variantStockTable, key: { variant_id: movement.variantId, ...periodKey("month", day) }, values: { ...values } },
  ];
}

const keyOf = (delta: SummaryDelta) => `${delta.table}|${Object.values(delta.key).join("|")}`;

/**
 * Adds deltas up per row and drops the zeros: the plan for a change is
 * `combineDeltas([...after, ...negate(before)])`, and a change that moves nothing plans nothing.
 */
export function combineDeltas(deltas: readonly SummaryDelta[]): SummaryDelta[] {
  const rows = new Map<string, SummaryDelta>();
  for (const delta of deltas) {
    const key = keyOf(delta);
    const row = rows.get(key) ?? { table: delta.table, key: delta.key, values: {} };
    for (const [column, value] of Object.entries(delta.values)) row.values[column] = (row.values[column] ?? 0) + value;
    rows.set(key, row);
  }
  return [...rows.values()]
    .map((row) => ({ ...row, values: Object.fromEntries(Object.entries(row.values).filter(([, value]) => value !== 0)) }))
    .filter((row) => Object.keys(row.values).length > 0);
}

export function negateDeltas(deltas: readonly SummaryDelta[]): SummaryDelta[] {
  return deltas.map((delta) => ({ ...delta, values: Object.fromEntries(Object.entries(delta.values).map(([column, value]) => [column, -value])) }));
}

/** The summary change when an order goes from `before` (null: new) to `after` (null: gone). */
export function planOrderChange(before: OrderFacts | null, after: OrderFacts | null): SummaryDelta[] {
  return combineDeltas([...(after ? orderContribution(after) : []), ...negateDeltas(before ? orderContribution(before) : [])]);
}

/** The summary change of stock movements written together. */
export function planStockMovements(movements: readonly StockMovementFacts[]): SummaryDelta[] {
  return combineDeltas(movements.flatMap(stockMovementContribution));
}
