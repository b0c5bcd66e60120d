import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { pointsNoteKeys } from "../../domain/loyalty-points";
import { discountScopes, discountTypes } from "../../domain/promotions";
import { variants } from "./catalog";
import { customers, staffUsers } from "./customers";
import { orders } from "./orders";

/**
 * Discount codes, flash sales and loyalty points. Every limit is a counted row guarded by a CHECK
 * (DESIGN §5): the order batch increments used_count / sold_count, and going past the limit fails
 * the CHECK and rolls the whole batch back. Never read-then-write.
 */

export { discountScopes, discountTypes, type DiscountScope, type DiscountType } from "../../domain/promotions";

export const discountCodes = sqliteTable(
  "discount_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored upper-cased; unique. */
    code: text("code").notNull(),
    type: text("type", { enum: discountTypes }).notNull(),
    /** Whole percent (1–100) for "percent", satang for "fixed", 0 for "free_shipping". */
    value: integer("value").notNull(),
    /** Cap on a percent discount, in satang; null = no cap. */
    maxDiscountSatang: integer("max_discount_satang"),
    minPurchaseSatang: integer("min_purchase_satang").notNull().default(0),
    /** Null = unlimited. 0 is allowed (the spec asks staff to confirm it): the code cannot be used. */
    usageLimit: integer("usage_limit"),
    usedCount: integer("used_count").notNull().default(0),
    perCustomerLimit: integer("per_customer_limit"),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    startsAt: integer("starts_at"),
    endsAt: integer("ends_at"),
    /** Which lines the code discounts: the whole order, or lines of the listed categories / products / collections (discount_code_targets). */
    scope: text("scope", { enum: discountScopes }).notNull().default("order"),
    /** Only for a signed-in customer with no earlier order (cancelled ones do not count). */
    firstOrderOnly: integer("first_order_only", { mode: "boolean" }).notNull().default(false),
    /** Whether the code also discounts lines bought at a flash-sale price. */
    combinesWithFlashSale: integer("combines_with_flash_sale", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("discount_codes_code_unique").on(table.code),
    check("discount_codes_type_valid", sql`${table.type} IN ('percent', 'fixed', 'free_shipping')`),
    check(
      "discount_codes_value_valid",
      sql`(${table.type} = 'percent' AND ${table.value} BETWEEN 1 AND 100) OR (${table.type} = 'fixed' AND ${table.value} > 0) OR (${table.type} = 'free_shipping' AND ${table.value} = 0)`,
    ),
    check("discount_codes_scope_valid", sql`${table.scope} IN ('order', 'categories', 'products', 'collections')`),
    check("discount_codes_min_purchase_non_negative", sql`${table.minPurchaseSatang} >= 0`),
    check("discount_codes_used_within_limit", sql`${table.usedCount} >= 0 AND (${table.usageLimit} IS NULL OR ${table.usedCount} <= ${table.usageLimit})`),
    check("discount_codes_period_valid", sql`${table.startsAt} IS NULL OR ${table.endsAt} IS NULL OR ${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The categories, products or collections a scoped code applies to (which one: the code's scope). */
export const discountCodeTargets = sqliteTable(
  "discount_code_targets",
  {
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    targetId: integer("target_id").notNull(),
  },
  (table) => [primaryKey({ columns: [table.discountCodeId, table.targetId] })],
);

export const discountRedemptions = sqliteTable(
  "discount_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    discountCodeId: integer("discount_code_id")
      .notNull()
      .references(() => discountCodes.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    amountSatang: integer("amount_satang").notNull(),
    createdAt: integer("created_at").notNull(),
    /** When the order was cancelled: the use went back to the code (used_count, the customer's own limit) and gave nothing. */
    releasedAt: integer("released_at"),
  },
  (table) => [
    uniqueIndex("discount_redemptions_order_unique").on(table.orderId),
    index("discount_redemptions_code_customer_idx").on(table.discountCodeId, table.customerId),
  ],
);

export const flashSales = sqliteTable(
  "flash_sales",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("flash_sales_period_idx").on(table.startsAt, table.endsAt), check("flash_sales_period_valid", sql`${table.endsAt} > ${table.startsAt}`)],
);

export const flashSaleItems = sqliteTable(
  "flash_sale_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    flashSaleId: integer("flash_sale_id")
      .notNull()
      .references(() => flashSales.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    salePriceSatang: integer("sale_price_satang").notNull(),
    quantityCap: integer("quantity_cap").notNull(),
    soldCount: integer("sold_count").notNull().default(0),
  },
  (table) => [
    uniqueIndex("flash_sale_items_sale_variant_unique").on(table.flashSaleId, table.variantId),
    index("flash_sale_items_variant_idx").on(table.variantId),
    check("flash_sale_items_sold_within_cap", sql`${table.soldCount} >= 0 AND ${table.soldCount} <= ${table.quantityCap}`),
    check("flash_sale_items_price_non_negative", sql`${table.salePriceSatang} >= 0`),
  ],
);

export const pointsReasons = ["order_earned", "order_redeemed", "order_reversed", "signup_bonus", "adjustment"] as const;

/**
 * Points movements. customers.points_balance is the running total, written in the same batch
 * (its CHECK (points_balance >= 0) stops over-redemption).
 */
export const pointsLedger = sqliteTable(
  "points_ledger",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    delta: integer("delta").notNull(),
    reason: text("reason", { enum: pointsReasons }).notNull(),
    orderId: integer("order_id").references(() => orders.id, { onDelete: "set null" }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** Words a staff member typed (an adjustment's reason): shown as typed. */
    note: text("note").notNull().default(""),
    /**
     * A note the shop writes itself, as a translation key under `points.notes` with its values
     * (JSON), so the ledger reads in the page's language; null when there is none.
     */
    noteKey: text("note_key", { enum: pointsNoteKeys }),
    noteParamsJson: text("note_params_json").notNull().default("{}"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("points_ledger_customer_idx").on(table.customerId, table.createdAt),
    index("points_ledger_order_idx").on(table.orderId),
    check("points_ledger_reason_valid", sql`${table.reason} IN ('order_earned', 'order_redeemed', 'order_reversed', 'signup_bonus', 'adjustment')`),
    check("points_ledger_delta_non_zero", sql`${table.delta} <> 0`),
  ],
);
