import { desc } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { categories, products, variants } from "./catalog";

/**
 * The daily report summary (issue 18; rules in app/domain/report-summary.ts, kept in the same
 * db.batch as every order, payment, refund, exchange and stock change by
 * app/features/reports/report-summary.server.ts, rebuilt from the source rows by
 * `npm run reports:rebuild`). `day` is the Bangkok calendar day, "YYYY-MM-DD". One row per day
 * keeps a year's report at 365 rows read, which is why the status, channel and payment breakdowns
 * are columns and not rows. Amounts are satang; "sold" means paid and not cancelled or refunded.
 */
const counter = (name: string) => integer(name).notNull().default(0);

const statusColumns = {
  status1Count: counter("status_1_count"),
  status1TotalSatang: counter("status_1_total_satang"),
  status2Count: counter("status_2_count"),
  status2TotalSatang: counter("status_2_total_satang"),
  status3Count: counter("status_3_count"),
  status3TotalSatang: counter("status_3_total_satang"),
  status4Count: counter("status_4_count"),
  status4TotalSatang: counter("status_4_total_satang"),
  status5Count: counter("status_5_count"),
  status5TotalSatang: counter("status_5_total_satang"),
  status6Count: counter("status_6_count"),
  status6TotalSatang: counter("status_6_total_satang"),
  status7Count: counter("status_7_count"),
  status7TotalSatang: counter("status_7_total_satang"),
  status8Count: counter("status_8_count"),
  status8TotalSatang: counter("status_8_total_satang"),
  status9Count: counter("status_9_count"),
  status9TotalSatang: counter("status_9_total_satang"),
  status10Count: counter("status_10_count"),
  status10TotalSatang: counter("status_10_total_satang"),
};

/** Orders by the day they were placed, in their current status; exchanges by the day they were asked for. */
export const reportDailySales = sqliteTable("report_daily_sales", {
  day: text("day").primaryKey(),
  placedCount: counter("placed_count"),
  placedTotalSatang: counter("placed_total_satang"),
  ...statusColumns,
  soldCount: counter("sold_count"),
  soldUnits: counter("sold_units"),
  soldSubtotalSatang: counter("sold_subtotal_satang"),
  soldDiscountSatang: counter("sold_discount_satang"),
  soldPointsDiscountSatang: counter("sold_points_discount_satang"),
  soldPointsRedeemed: counter("sold_points_redeemed"),
  soldPointsEarned: counter("sold_points_earned"),
  soldFlashUnits: counter("sold_flash_units"),
  soldFlashSatang: counter("sold_flash_satang"),
  soldShippingSatang: counter("sold_shipping_satang"),
  soldVatSatang: counter("sold_vat_satang"),
  soldTotalSatang: counter("sold_total_satang"),
  onlineCount: counter("online_count"),
  onlineTotalSatang: counter("online_total_satang"),
  posCount: counter("pos_count"),
  posTotalSatang: counter("pos_total_satang"),
  cashCount: counter("cash_count"),
  cashTotalSatang: counter("cash_total_satang"),
  paypalCount: counter("paypal_count"),
  paypalTotalSatang: counter("paypal_total_satang"),
  transferCount: counter("transfer_count"),
  transferTotalSatang: counter("transfer_total_satang"),
  exchangeCount: counter("exchange_count"),
  exchangeUnits: counter("exchange_units"),
});

/** Lines of sold orders per day and product (categories are read through the product). */
export const reportDailyProducts = sqliteTable(
  "report_daily_products",
  {
    day: text("day").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [primaryKey({ columns: [table.day, table.productId] })],
);

/**
 * The same lines per Bangkok month ("YYYY-MM") and product: a year's product view reads 12 rows per
 * product here, plus the days of the part-months at the range's ends from the daily table.
 */
export const reportMonthlyProducts = sqliteTable(
  "report_monthly_products",
  {
    month: text("month").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [
    primaryKey({ columns: [table.month, table.productId] }),
    // A whole month's ranking (the order report by product for "this month", "last month") is its first rows here: no sum, no sort.
    index("report_monthly_products_rank_idx").on(table.month, desc(table.soldSatang), desc(table.soldUnits), table.productId, table.flashUnits),
  ],
);

/**
 * The same lines per Bangkok calendar year ("YYYY"): a whole year's product view reads its top 20
 * (or a page) straight from the ranking index, and a year to date one row per product.
 */
export const reportYearlyProducts = sqliteTable(
  "report_yearly_products",
  {
    year: text("year").notNull(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [
    primaryKey({ columns: [table.year, table.productId] }),
    index("report_yearly_products_rank_idx").on(table.year, desc(table.soldSatang), desc(table.soldUnits), table.productId, table.flashUnits),
  ],
);

/**
 * One row per whole period of the two ranking tables above — a month ("YYYY-MM", from
 * `report_monthly_products`) or a year ("YYYY", from `report_yearly_products`): how many products
 * sold in it (rows with units ≠ 0) and their units, value and flash-sale units. Kept by SQLite
 * triggers on those two tables (migration 0029), so it follows every write to them — the shop's
 * batches, category moves, a product's deletion (cascade) and the rebuild — in the writing
 * statement's own transaction. The order report by product for one whole period reads its count and
 * totals row here instead of one ranking-index entry per product sold.
 */
export const reportProductPeriodTotals = sqliteTable("report_product_period_totals", {
  period: text("period").primaryKey(),
  products: counter("products"),
  soldUnits: counter("sold_units"),
  soldSatang: counter("sold_satang"),
  flashUnits: counter("flash_units"),
});

/**
 * The rolling windows of the period picker's "last N days" (7, 30, 90, 365): each window covers the
 * Bangkok days from `from_day` on — today included, and nothing is dated after today. The five-minute
 * cron rolls a window (recomputes its rows, migration 0030) once a new Bangkok day has begun; a range
 * that starts on a window's `from_day` and reaches today is read from that window's ranking.
 */
export const reportProductWindows = sqliteTable("report_product_windows", {
  days: integer("days").primaryKey(),
  fromDay: text("from_day").notNull(),
});

/**
 * Sold lines per rolling window and product: the sum of `report_daily_products` from the window's
 * `from_day` on. Computed when the window rolls, then kept by SQLite triggers on the daily table (every
 * write to a day inside the window — today's orders, a refund of an order of last week — moves it too).
 * No foreign key: a deleted product's daily rows leave it at zero through the same triggers (a cascade
 * could delete the row before its daily rows' triggers write to it), and the next roll drops it. Its
 * count and totals are `report_product_period_totals`' row "<days>d", kept by triggers on this table.
 */
export const reportWindowProducts = sqliteTable(
  "report_window_products",
  {
    days: integer("days").notNull(),
    productId: integer("product_id").notNull(),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [
    primaryKey({ columns: [table.days, table.productId] }),
    index("report_window_products_rank_idx").on(table.days, desc(table.soldSatang), desc(table.soldUnits), table.productId, table.flashUnits),
  ],
);

/**
 * The same lines per day and the product's category (now: moving a product to another category
 * moves its rows here, in the product's save batch), so the category view reads no product rows.
 */
export const reportDailyCategories = sqliteTable(
  "report_daily_categories",
  {
    day: text("day").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [primaryKey({ columns: [table.day, table.categoryId] })],
);

export const reportMonthlyCategories = sqliteTable(
  "report_monthly_categories",
  {
    month: text("month").notNull(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    soldUnits: counter("sold_units"),
    soldSatang: counter("sold_satang"),
    flashUnits: counter("flash_units"),
  },
  (table) => [primaryKey({ columns: [table.month, table.categoryId] })],
);

/** The stock ledger per day: movements, units in and out, and the net change per reason. */
export const reportDailyStock = sqliteTable("report_daily_stock", {
  day: text("day").primaryKey(),
  movements: counter("movements"),
  unitsIn: counter("units_in"),
  unitsOut: counter("units_out"),
  restockUnits: counter("restock_units"),
  correctionUnits: counter("correction_units"),
  damagedUnits: counter("damaged_units"),
  returnedUnits: counter("returned_units"),
  importUnits: counter("import_units"),
  orderUnits: counter("order_units"),
  orderCancelledUnits: counter("order_cancelled_units"),
  exchangeUnits: counter("exchange_units"),
});

const stockColumns = {
  movements: counter("movements"),
  unitsIn: counter("units_in"),
  unitsOut: counter("units_out"),
  restockUnits: counter("restock_units"),
  correctionUnits: counter("correction_units"),
  damagedUnits: counter("damaged_units"),
  returnedUnits: counter("returned_units"),
  importUnits: counter("import_units"),
  orderUnits: counter("order_units"),
  orderCancelledUnits: counter("order_cancelled_units"),
  exchangeUnits: counter("exchange_units"),
};

/**
 * The stock ledger per Bangkok month ("YYYY-MM"): the sum of its days in `report_daily_stock`, written by the same
 * statements. A year's chart by month and the report's movement totals read 12–13 rows here, not 365 days.
 */
export const reportMonthlyStock = sqliteTable("report_monthly_stock", { month: text("month").primaryKey(), ...stockColumns });

/**
 * The stock ledger per variant and Bangkok month ("YYYY-MM"), as `report_daily_stock` per day: the
 * stock report reads its page of variants' whole months here (a year: about 13 rows per variant)
 * and only the part-months' days from the ledger. Keyed variant first: a page reads 50 short key ranges.
 */
export const reportMonthlyVariantStock = sqliteTable(
  "report_monthly_variant_stock",
  {
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    month: text("month").notNull(),
    ...stockColumns,
  },
  (table) => [primaryKey({ columns: [table.variantId, table.month] })],
);

/**
 * Sponsor and distributor orders that are sales (the sponsor report): per Bangkok day they were paid
 * (the day placed when no payment time was kept), kind ("sponsor" | "distributor") and partner (the
 * sponsor's id, or the affiliate's the order snapshots at placing). No foreign key on `partner_id`:
 * it names a row of either table. The index serves one partner's days (the chart filtered by sponsor).
 */
export const reportDailySponsors = sqliteTable(
  "report_daily_sponsors",
  {
    day: text("day").notNull(),
    kind: text("kind", { enum: ["sponsor", "distributor"] }).notNull(),
    partnerId: integer("partner_id").notNull(),
    orders: counter("orders"),
    quantity: counter("quantity"),
    valueSatang: counter("value_satang"),
  },
  (table) => [
    primaryKey({ columns: [table.day, table.kind, table.partnerId] }),
    index("report_daily_sponsors_partner_idx").on(table.kind, table.partnerId, table.day),
  ],
);

/** The same per Bangkok month ("YYYY-MM"): a year's sponsor report reads about 13 rows per partner. */
export const reportMonthlySponsors = sqliteTable(
  "report_monthly_sponsors",
  {
    month: text("month").notNull(),
    kind: text("kind", { enum: ["sponsor", "distributor"] }).notNull(),
    partnerId: integer("partner_id").notNull(),
    orders: counter("orders"),
    quantity: counter("quantity"),
    valueSatang: counter("value_satang"),
  },
  (table) => [primaryKey({ columns: [table.month, table.kind, table.partnerId] })],
);

/**
 * Sponsor and distributor sales per Bangkok day across partners (the sum of that day's rows of
 * report_daily_sponsors, per kind): the chart by day or week without a sponsor chosen reads one row a day.
 */
export const reportDailySponsorTotals = sqliteTable("report_daily_sponsor_totals", {
  day: text("day").primaryKey(),
  sponsorOrders: counter("sponsor_orders"),
  sponsorQuantity: counter("sponsor_quantity"),
  sponsorValueSatang: counter("sponsor_value_satang"),
  distributorOrders: counter("distributor_orders"),
  distributorQuantity: counter("distributor_quantity"),
  distributorValueSatang: counter("distributor_value_satang"),
});
