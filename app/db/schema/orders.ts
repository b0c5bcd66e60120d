import { sql } from "drizzle-orm";
import { check, index, integer, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { shippingMethodNames } from "../../domain/shipping";
import { products, variants } from "./catalog";
import { customDesigns } from "./custom";
import { affiliates, customers, staffUsers } from "./customers";
import { discountCodes, flashSaleItems } from "./promotions";

/**
 * Orders and what happens to them: lines (snapshots of what was bought), status history, payments,
 * shipments with carriers, shipping rates and exchanges.
 *
 * Order status ids (the transition table lives in app/domain/order-status.ts):
 * 1 waiting_payment, 2 paid, 3 awaiting_fulfilment, 4 fulfilment_done, 5 refund_request,
 * 6 in_review, 7 completed, 8 cancelled, 9 refunded, 10 slip_review.
 * Spec reference lists: order type 1 online, 2 POS; payment type 1 cash, 2 paypal, 3 transfer.
 */

export const orderTypeIds = { online: 1, pointOfSale: 2 } as const;
export const paymentTypeIds = { cash: 1, paypal: 2, transfer: 3 } as const;

export const orders = sqliteTable(
  "orders",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Public, non-guessable reference shown to shoppers and used in links (not the row id). */
    orderNumber: text("order_number").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /**
     * The customer's approved affiliate application when the order was placed: the order is a
     * distributor order (/backend/orders/sponsored, the sponsor report) by this snapshot, so an
     * affiliate approved later does not move past months' figures (docs/decisions/0020-report-summaries.md).
     * No ON DELETE: an affiliate with attributed orders stays.
     */
    distributorAffiliateId: integer("distributor_affiliate_id").references(() => affiliates.id),
    /** Contact e-mail: the customer's at the time of ordering, or the guest's. */
    email: text("email").notNull(),
    /** Guest orders: the session that placed it (lets the guest see the confirmation page). */
    sessionId: text("session_id"),
    /**
     * Guest orders: the random key in the links the shop e-mails. Opening such a link in any browser
     * gives that browser's session the order (a guest pays from the confirmation e-mail days later,
     * on another device). Customers' orders have none: they sign in.
     */
    guestKey: text("guest_key"),
    orderTypeId: integer("order_type_id").notNull().default(orderTypeIds.online),
    paymentTypeId: integer("payment_type_id"),
    statusId: integer("status_id").notNull(),
    /** Custom-design orders start in review (DESIGN §5). */
    isCustom: integer("is_custom", { mode: "boolean" }).notNull().default(false),
    /** Sum of line totals before the order discount; VAT-inclusive like every price. */
    subtotalSatang: integer("subtotal_satang").notNull(),
    discountSatang: integer("discount_satang").notNull().default(0),
    /** Value of points redeemed on this order. */
    pointsDiscountSatang: integer("points_discount_satang").notNull().default(0),
    shippingSatang: integer("shipping_satang").notNull().default(0),
    /** VAT included in the total (for documents), at vatPercent. */
    vatSatang: integer("vat_satang").notNull(),
    totalSatang: integer("total_satang").notNull(),
    vatPercent: real("vat_percent").notNull(),
    pointsRedeemed: integer("points_redeemed").notNull().default(0),
    pointsEarned: integer("points_earned").notNull().default(0),
    /** Charging is always THB; the display currency and rate the shopper saw are kept for reference. */
    currencyCode: text("currency_code").notNull().default("THB"),
    exchangeRate: real("exchange_rate").notNull().default(1),
    discountCodeId: integer("discount_code_id").references(() => discountCodes.id, { onDelete: "set null" }),
    discountCode: text("discount_code"),
    shippingMethod: text("shipping_method", { enum: shippingMethodNames }),
    shippingRateId: integer("shipping_rate_id").references(() => shippingRates.id, { onDelete: "set null" }),
    shipFirstName: text("ship_first_name"),
    shipLastName: text("ship_last_name"),
    shipPhone: text("ship_phone"),
    shipAddress: text("ship_address"),
    shipSuburb: text("ship_suburb"),
    shipCity: text("ship_city"),
    shipProvince: text("ship_province"),
    /**
     * The area as it was when the order was placed, in both languages: ship_suburb/city/province
     * hold the Thai names (what carriers read; free text abroad), these the English ones, and the
     * geocodes they were found by. A later change to the area data never rewrites an order.
     */
    shipSuburbEn: text("ship_suburb_en"),
    shipCityEn: text("ship_city_en"),
    shipProvinceEn: text("ship_province_en"),
    shipProvinceCode: text("ship_province_code"),
    shipDistrictCode: text("ship_district_code"),
    shipSubdistrictCode: text("ship_subdistrict_code"),
    shipZipcode: text("ship_zipcode"),
    shipCountry: text("ship_country"),
    note: text("note").notNull().default(""),
    /**
     * The full tax invoice the shopper asked for at checkout (issue 17): the buyer the document names.
     * Null name = no request (the order gets the abbreviated invoice or a receipt). A snapshot: a later
     * change to the customer's remembered details never rewrites an order.
     */
    taxInvoiceName: text("tax_invoice_name"),
    /** 13 digits, checksum valid. */
    taxInvoiceTaxId: text("tax_invoice_tax_id"),
    /** "00000" head office, "00001"… a branch. */
    taxInvoiceBranch: text("tax_invoice_branch"),
    taxInvoiceAddress: text("tax_invoice_address"),
    /** From the checkout form; a resubmitted form finds the order it already made. */
    idempotencyKey: text("idempotency_key"),
    locale: text("locale", { enum: ["en", "th"] })
      .notNull()
      .default("en"),
    createdByStaffUserId: integer("created_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    paidAt: integer("paid_at"),
    cancelledAt: integer("cancelled_at"),
  },
  (table) => [
    uniqueIndex("orders_order_number_unique").on(table.orderNumber),
    uniqueIndex("orders_idempotency_key_unique").on(table.idempotencyKey),
    index("orders_customer_idx").on(table.customerId, table.createdAt),
    index("orders_status_idx").on(table.statusId, table.createdAt),
    index("orders_created_idx").on(table.createdAt),
    check("orders_status_valid", sql`${table.statusId} IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)`),
    check("orders_type_valid", sql`${table.orderTypeId} IN (1, 2)`),
    check("orders_payment_type_valid", sql`${table.paymentTypeId} IS NULL OR ${table.paymentTypeId} IN (1, 2, 3)`),
    check("orders_shipping_method_valid", sql`${table.shippingMethod} IS NULL OR ${table.shippingMethod} IN ('standard', 'express')`),
    check("orders_locale_valid", sql`${table.locale} IN ('en', 'th')`),
    check(
      "orders_amounts_non_negative",
      sql`${table.subtotalSatang} >= 0 AND ${table.discountSatang} >= 0 AND ${table.pointsDiscountSatang} >= 0 AND ${table.shippingSatang} >= 0 AND ${table.vatSatang} >= 0 AND ${table.totalSatang} >= 0`,
    ),
    check("orders_ship_address_length", sql`${table.shipAddress} IS NULL OR length(${table.shipAddress}) <= 45`),
  ],
);

/**
 * Orders per status (spec §3 ids): the back-office sidebar's "needs attention" chip and the dashboard read these
 * few rows instead of one index entry per order. Kept by triggers on `orders` (migration 0026) in the writing
 * statement's own transaction, so every status change (checkout, POS, payments, staff changes, cancellations by
 * the system, deletions) keeps it; no foreign key, as the counts outlive nothing.
 */
export const orderStatusCounts = sqliteTable("order_status_counts", {
  statusId: integer("status_id").primaryKey(),
  orders: integer("orders").notNull().default(0),
});

export const orderLines = sqliteTable(
  "order_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    productId: integer("product_id").references(() => products.id, { onDelete: "set null" }),
    variantId: integer("variant_id").references(() => variants.id, { onDelete: "set null" }),
    /** custom_designs.id for a custom-product line. */
    customDesignId: integer("custom_design_id").references(() => customDesigns.id, { onDelete: "set null" }),
    flashSaleItemId: integer("flash_sale_item_id").references(() => flashSaleItems.id, { onDelete: "set null" }),
    productNameEn: text("product_name_en").notNull(),
    productNameTh: text("product_name_th").notNull(),
    /** "M / Black" */
    variantLabelEn: text("variant_label_en").notNull().default(""),
    variantLabelTh: text("variant_label_th").notNull().default(""),
    sku: text("sku").notNull().default(""),
    imageKey: text("image_key"),
    unitPriceSatang: integer("unit_price_satang").notNull(),
    quantity: integer("quantity").notNull(),
    /** This line's share of the order discount (largest-remainder proration). */
    discountSatang: integer("discount_satang").notNull().default(0),
    lineTotalSatang: integer("line_total_satang").notNull(),
  },
  (table) => [
    index("order_lines_order_idx").on(table.orderId),
    index("order_lines_variant_idx").on(table.variantId),
    check("order_lines_quantity_positive", sql`${table.quantity} > 0`),
    check("order_lines_amounts_non_negative", sql`${table.unitPriceSatang} >= 0 AND ${table.discountSatang} >= 0 AND ${table.lineTotalSatang} >= 0`),
  ],
);

export const orderStatusActors = ["customer", "staff", "system", "payment-provider"] as const;

/** Every status change, with who made it (DESIGN §4.9). `fromStatusId` is null for the first row. */
export const orderStatusHistory = sqliteTable(
  "order_status_history",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatusId: integer("from_status_id"),
    toStatusId: integer("to_status_id").notNull(),
    actorType: text("actor_type", { enum: orderStatusActors }).notNull(),
    actorCustomerId: integer("actor_customer_id").references(() => customers.id, { onDelete: "set null" }),
    actorStaffUserId: integer("actor_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("order_status_history_order_idx").on(table.orderId, table.createdAt),
    check("order_status_history_to_valid", sql`${table.toStatusId} IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)`),
    check("order_status_history_actor_valid", sql`${table.actorType} IN ('customer', 'staff', 'system', 'payment-provider')`),
  ],
);

export const paymentProviders = ["cash", "paypal", "transfer"] as const;
export const paymentStatuses = ["pending", "captured", "slip_submitted", "approved", "rejected", "failed", "refunded"] as const;

export const paymentProblems = ["amount-mismatch", "order-not-waiting"] as const;
export type PaymentProblem = (typeof paymentProblems)[number];

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    /** PayPal order/capture id; unique so a replayed callback or webhook cannot record a second payment. */
    providerRef: text("provider_ref"),
    amountSatang: integer("amount_satang").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("pending"),
    /** Bank-transfer slip in R2. */
    slipKey: text("slip_key"),
    reviewedByStaffUserId: integer("reviewed_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    /** Provider response kept for support (JSON). */
    rawJson: text("raw_json"),
    /**
     * Money taken that did not pay the order (docs/decisions/0013-payments.md): a capture of another
     * amount than the order's total, or one that arrived when the order no longer waited for payment.
     * Staff see it on the dashboard and the order page and refund it; null for a normal payment.
     */
    problem: text("problem", { enum: paymentProblems }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("payments_provider_ref_unique").on(table.provider, table.providerRef),
    index("payments_order_idx").on(table.orderId),
    // The dashboard's and the order page's problem payments: a handful of rows, found without reading every payment ever taken.
    index("payments_problem_idx")
      .on(table.status, table.id)
      .where(sql`${table.problem} IS NOT NULL`),
    check("payments_provider_valid", sql`${table.provider} IN ('cash', 'paypal', 'transfer')`),
    check("payments_status_valid", sql`${table.status} IN ('pending', 'captured', 'slip_submitted', 'approved', 'rejected', 'failed', 'refunded')`),
    check("payments_amount_non_negative", sql`${table.amountSatang} >= 0`),
  ],
);

export const carriers = sqliteTable(
  "carriers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    code: text("code").notNull(),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    /** e.g. "https://track.thailandpost.co.th/?trackNumber={tracking}"; `{tracking}` is replaced. */
    trackingUrlTemplate: text("tracking_url_template").notNull().default(""),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (table) => [uniqueIndex("carriers_code_unique").on(table.code)],
);

export const shipments = sqliteTable(
  "shipments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    carrierId: integer("carrier_id")
      .notNull()
      .references(() => carriers.id, { onDelete: "restrict" }),
    trackingNumber: text("tracking_number").notNull(),
    shippedAt: integer("shipped_at"),
    deliveredAt: integer("delivered_at"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("shipments_order_idx").on(table.orderId), index("shipments_tracking_idx").on(table.trackingNumber)],
);

/**
 * Shipping price table. A rate applies to a method and a zone (optionally one country), for a
 * bracket of total weight (grams) or item quantity: min_value <= x < max_value (max null = no upper bound).
 */
export const shippingRates = sqliteTable(
  "shipping_rates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    method: text("method", { enum: shippingMethodNames }).notNull(),
    zone: text("zone", { enum: ["domestic", "international"] }).notNull(),
    /** ISO alpha-2; null = every country of the zone. */
    countryCode: text("country_code"),
    basis: text("basis", { enum: ["weight", "quantity"] }).notNull(),
    /** Who carries parcels at this rate (shown at checkout, preselected when staff ship); null = not said. */
    carrierId: integer("carrier_id").references(() => carriers.id, { onDelete: "set null" }),
    minValue: integer("min_value").notNull().default(0),
    maxValue: integer("max_value"),
    priceSatang: integer("price_satang").notNull(),
    deliveryDaysMin: integer("delivery_days_min").notNull(),
    deliveryDaysMax: integer("delivery_days_max").notNull(),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("shipping_rates_lookup_idx").on(table.method, table.zone, table.countryCode),
    check("shipping_rates_method_valid", sql`${table.method} IN ('standard', 'express')`),
    check("shipping_rates_zone_valid", sql`${table.zone} IN ('domestic', 'international')`),
    check("shipping_rates_basis_valid", sql`${table.basis} IN ('weight', 'quantity')`),
    check("shipping_rates_bracket_valid", sql`${table.minValue} >= 0 AND (${table.maxValue} IS NULL OR ${table.maxValue} > ${table.minValue})`),
    check("shipping_rates_price_non_negative", sql`${table.priceSatang} >= 0`),
    check("shipping_rates_days_valid", sql`${table.deliveryDaysMin} >= 0 AND ${table.deliveryDaysMax} >= ${table.deliveryDaysMin}`),
  ],
);

export const exchangeStatuses = ["requested", "approved", "rejected", "completed"] as const;

/**
 * Exchange requests (app/domain/exchange.ts; columns after `updatedAt` came with migration 0008).
 * requested → approved → completed (replacement shipped), or requested → rejected. The wanted
 * variant is reserved at request: its stock is decremented with a stock_movements row ('exchange')
 * in the same batch, and `reservedQuantity` says how many units are still held for it.
 */
export const exchanges = sqliteTable(
  "exchanges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id, { onDelete: "cascade" }),
    /** The variant wanted instead (e.g. another size); null = same variant (defect). */
    requestedVariantId: integer("requested_variant_id").references(() => variants.id, { onDelete: "set null" }),
    quantity: integer("quantity").notNull().default(1),
    /** A code of app/domain/exchange.ts `exchangeReasons`. */
    reason: text("reason").notNull(),
    status: text("status", { enum: exchangeStatuses }).notNull().default("requested"),
    staffNote: text("staff_note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    /** The customer's words besides the reason. */
    note: text("note").notNull().default(""),
    /** R2 key of the customer's picture (content-checked, size-limited). */
    photoKey: text("photo_key"),
    /** The variant whose stock is held for this exchange (the wanted one, or the same one for a defect). */
    reservedVariantId: integer("reserved_variant_id").references(() => variants.id, { onDelete: "set null" }),
    /** Units still held: set at request, back to 0 when a rejection releases them. */
    reservedQuantity: integer("reserved_quantity").notNull().default(0),
    reviewedByStaffUserId: integer("reviewed_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    /** The replacement parcel. */
    carrierId: integer("carrier_id").references(() => carriers.id, { onDelete: "set null" }),
    trackingNumber: text("tracking_number"),
    shippedByStaffUserId: integer("shipped_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    shippedAt: integer("shipped_at"),
    /** The returned item back on the shelf (once). */
    returnedRestockedByStaffUserId: integer("returned_restocked_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    returnedRestockedAt: integer("returned_restocked_at"),
  },
  (table) => [
    index("exchanges_order_line_idx").on(table.orderLineId),
    index("exchanges_status_idx").on(table.status, table.createdAt),
    index("exchanges_customer_idx").on(table.customerId, table.createdAt),
    check("exchanges_status_valid", sql`${table.status} IN ('requested', 'approved', 'rejected', 'completed')`),
    check("exchanges_quantity_positive", sql`${table.quantity} > 0`),
  ],
);

export const exchangeEventKinds = ["requested", "approved", "rejected", "shipped", "restocked"] as const;
export type ExchangeEventKind = (typeof exchangeEventKinds)[number];

/** Every step of an exchange, with who took it and when (the /exchange/{id} history). */
export const exchangeEvents = sqliteTable(
  "exchange_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    exchangeId: integer("exchange_id")
      .notNull()
      .references(() => exchanges.id, { onDelete: "cascade" }),
    event: text("event", { enum: exchangeEventKinds }).notNull(),
    actorType: text("actor_type", { enum: ["customer", "staff"] }).notNull(),
    actorCustomerId: integer("actor_customer_id").references(() => customers.id, { onDelete: "set null" }),
    actorStaffUserId: integer("actor_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    note: text("note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("exchange_events_exchange_idx").on(table.exchangeId, table.createdAt),
    check("exchange_events_event_valid", sql`${table.event} IN ('requested', 'approved', 'rejected', 'shipped', 'restocked')`),
    check("exchange_events_actor_valid", sql`${table.actorType} IN ('customer', 'staff')`),
  ],
);
