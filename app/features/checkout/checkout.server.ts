import { and, asc, count, eq, getTableColumns, inArray, isNull, ne, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { type Database, database } from "~/db/client";
import { preparedRead } from "~/db/prepared-read";
import { cartLines, carts } from "~/db/schema/cart";
import { collectionProducts, products, stockMovements, variants } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { customers } from "~/db/schema/customers";
import { carriers, orderLines, orders, orderStatusHistory, payments, paymentTypeIds, shippingRates } from "~/db/schema/orders";
import { discountCodes, discountCodeTargets, discountRedemptions, flashSaleItems, pointsLedger } from "~/db/schema/promotions";
import { type CartLineStatus, isPurchasable, reviewCartLine } from "~/domain/cart";
import { type CheckoutLine, type CheckoutQuote, parseSatangPerPoint, quoteCheckout } from "~/domain/checkout";
import { type DiscountCodeRecord, type DiscountRefusal, normalizeDiscountCode } from "~/domain/discount-code";
import { lineAmountSatang } from "~/domain/line-amounts";
import { parseVatPercent } from "~/domain/money";
import { formatOrderNumber } from "~/domain/order-number";
import { orderStatusId } from "~/domain/order-status";
import type { PaymentMethod } from "~/domain/payment-methods";
import type { AppliedFlashSale } from "~/domain/pricing";
import type { ShippingMethodName, ShippingRateRecord } from "~/domain/shipping";
import type { BuyerDetails } from "~/domain/tax-documents";
import { distributorAtPlacing } from "~/features/affiliates/distributor.server";
import { taxInvoiceColumns } from "~/features/billing/tax-invoice-request";
import { rememberTaxInvoiceStatement } from "~/features/billing/tax-invoice-request.server";
import { sellableVariantReads, sellableVariantsFromRows } from "~/features/cart/offers.server";
import { type OrderPlacedEmailPayload, orderPlacedSubject } from "~/features/email/order-placed-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { type BatchStatement, runBatch } from "~/features/orders/order-status.server";
import { newGuestKey, orderEmailLink } from "~/features/payments/order-payment.server";
import { orderSummaryStatements, stockSummaryStatements } from "~/features/reports/report-summary.server";
import { shipAreaSnapshot } from "~/features/thai-address/thai-address.server";
import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";

/**
 * The checkout (issue 5 items 1–2, docs/decisions/0012-checkout.md). Reads the cart again from D1
 * (never a price, quantity or variant from the browser), quotes it with domain/checkout, and places
 * the order in ONE db.batch: order, lines, stock, flash-sale counts, code use, points, history,
 * payment, cart, e-mail. The CHECKs on variants.stock, flash_sale_items.sold_count,
 * discount_codes.used_count and customers.points_balance are the final word: a race lost at any of
 * them rolls the whole batch back, and a re-read says which line or code it was.
 */
type Statement = BatchStatement;

export type CheckoutShopper = { kind: "customer"; customerId: number; email: string; pointsBalance: number } | { kind: "guest"; sessionId: string | null };

export interface CheckoutChoices {
  /** What the shopper typed or applied ("" = no code). */
  code: string;
  points: number;
  country: string;
  method: ShippingMethodName;
}

export interface CheckoutLineView {
  cartLineId: number;
  variantId: number;
  productId: number;
  productSlug: string;
  nameEn: string;
  nameTh: string;
  optionsEn: string;
  optionsTh: string;
  imageKey: string | null;
  sku: string;
  /** In the cart now. */
  quantity: number;
  /** What can be bought now (stock, or the flash sale's cap). */
  max: number;
  status: CartLineStatus;
  unitPriceSatang: number;
  wasPriceSatang: number | null;
  flashSale: AppliedFlashSale | null;
  weightGrams: number;
  /** What a scoped discount code matches on. */
  categoryId: number | null;
  collectionIds: number[];
}

export interface CheckoutContext {
  /** Lines that can be bought (status ok or reduced, quantity lowered to the max). */
  lines: CheckoutLineView[];
  /** Lines in the cart that cannot be bought now (sold out, withdrawn): left in the cart, not ordered. */
  excluded: CheckoutLineView[];
  rates: ShippingRateRecord[];
  vatPercent: number;
  satangPerPoint: number;
  pointsBalance: number;
}

/** The shipping table as the checkout quotes it (custom-design orders use the same one). */
export function activeShippingRatesQuery(db: Database) {
  return db
    .select({ ...getTableColumns(shippingRates), carrierEn: carriers.nameEn, carrierTh: carriers.nameTh })
    .from(shippingRates)
    .leftJoin(carriers, eq(carriers.id, shippingRates.carrierId))
    .where(eq(shippingRates.isActive, true))
    .orderBy(asc(shippingRates.id));
}

export function shippingRateRecords(rows: Awaited<ReturnType<typeof activeShippingRatesQuery>>): CheckoutContext["rates"] {
  return rows.map(({ carrierEn, carrierTh, ...rate }) => ({ ...rate, carrier: carrierEn && carrierTh ? { en: carrierEn, th: carrierTh } : null }));
}

/**
 * The checkout's reads for each kind of shopper (a customer's cart, a guest session's, none), their SQL
 * built once per isolate (issue 19); the request's values are the owner (`owner`: customer or session
 * id), `customerId` (-1 for a guest) and `now`.
 */
function checkoutReadsFor(kind: "customer" | "guest" | "none") {
  const owner =
    kind === "customer" ? eq(carts.customerId, sql.placeholder("owner")) : kind === "guest" ? eq(carts.sessionId, sql.placeholder("owner")) : sql`0`;
  const cartVariantIds = (db: Database) => db.select({ id: cartLines.variantId }).from(cartLines).innerJoin(carts, eq(carts.id, cartLines.cartId)).where(owner);
  return {
    lines: preparedRead((db) =>
      db
        .select({
          lineId: cartLines.id,
          variantId: cartLines.variantId,
          quantity: cartLines.quantity,
          weightGrams: products.weightGrams,
          categoryId: products.categoryId,
        })
        .from(cartLines)
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .innerJoin(variants, eq(variants.id, cartLines.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .where(owner)
        .orderBy(asc(cartLines.createdAt), asc(cartLines.id))
        .prepare(),
    ),
    rates: preparedRead((db) => activeShippingRatesQuery(db).prepare()),
    config: preparedRead((db) =>
      db
        .select({ key: config.key, value: config.value })
        .from(config)
        .where(inArray(config.key, [configKeys.vat, configKeys.pointsValue]))
        .prepare(),
    ),
    balance: preparedRead((db) =>
      db
        .select({ balance: customers.pointsBalance })
        .from(customers)
        .where(eq(customers.id, sql.placeholder("customerId")))
        .prepare(),
    ),
    collections: preparedRead((db) =>
      db
        .select({ productId: collectionProducts.productId, collectionId: collectionProducts.collectionId })
        .from(collectionProducts)
        .innerJoin(variants, eq(variants.productId, collectionProducts.productId))
        .innerJoin(cartLines, eq(cartLines.variantId, variants.id))
        .innerJoin(carts, eq(carts.id, cartLines.cartId))
        .where(owner)
        .prepare(),
    ),
    sellable: sellableVariantReads(cartVariantIds),
  };
}

const checkoutReads = { customer: checkoutReadsFor("customer"), guest: checkoutReadsFor("guest"), none: checkoutReadsFor("none") };

/** Cart lines with today's offer, weights, shipping rates and the settings checkout needs: one batch of reads. */
export async function loadCheckoutContext(
  d1: D1Database,
  shopper: CheckoutShopper,
  now = Date.now(),
  options: { lowerReducedLines?: boolean } = {},
): Promise<CheckoutContext> {
  const db = database(d1);
  // Prices come in the same round trip as the lines, selected through the cart (issue 19).
  const reads = checkoutReads[shopper.kind === "customer" ? "customer" : shopper.sessionId ? "guest" : "none"];
  const values = {
    owner: shopper.kind === "customer" ? shopper.customerId : shopper.sessionId,
    customerId: shopper.kind === "customer" ? shopper.customerId : -1,
    now,
  };
  const [stored, rateRows, configRows, balanceRows, collectionRows, [variantRows, optionRows, imageRows, saleRows]] = await Promise.all([
    reads.lines.all(d1, values),
    reads.rates.all(d1, values),
    reads.config.all(d1, values),
    reads.balance.all(d1, values),
    reads.collections.all(d1, values),
    reads.sellable(d1, values),
  ]);
  const sellable = sellableVariantsFromRows(variantRows, optionRows, imageRows, saleRows, now);
  const lines: CheckoutLineView[] = [];
  const excluded: CheckoutLineView[] = [];
  const corrections: BatchItem<"sqlite">[] = [];
  for (const line of stored) {
    const variant = sellable.get(line.variantId);
    if (!variant) continue;
    const review = reviewCartLine({ quantity: line.quantity, max: variant.offer.max, available: variant.available });
    const view: CheckoutLineView = {
      cartLineId: line.lineId,
      variantId: line.variantId,
      productId: variant.productId,
      productSlug: variant.productSlug,
      nameEn: variant.nameEn,
      nameTh: variant.nameTh,
      optionsEn: variant.optionsEn,
      optionsTh: variant.optionsTh,
      imageKey: variant.imageKey,
      sku: variant.sku,
      quantity: review.quantity,
      max: variant.offer.max,
      status: review.status,
      unitPriceSatang: variant.offer.unitPriceSatang,
      wasPriceSatang: variant.offer.wasPriceSatang,
      flashSale: variant.offer.flashSale,
      weightGrams: line.weightGrams,
      categoryId: line.categoryId,
      collectionIds: [...new Set(collectionRows.filter((row) => row.productId === variant.productId).map((row) => row.collectionId))],
    };
    (isPurchasable(review.status) ? lines : excluded).push(view);
    if (review.status === "reduced" && options.lowerReducedLines !== false)
      corrections.push(db.update(cartLines).set({ quantity: review.quantity, updatedAt: now }).where(eq(cartLines.id, line.lineId)));
  }
  // Like the cart page (decision 0011): a line holding more than is left is lowered in D1, so the
  // page, the badge and the order agree.
  if (corrections.length) await db.batch(corrections as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const setting = (key: string) => configRows.find((row) => row.key === key)?.value;
  return {
    lines,
    excluded,
    rates: shippingRateRecords(rateRows),
    vatPercent: parseVatPercent(setting(configKeys.vat) ?? ""),
    satangPerPoint: parseSatangPerPoint(setting(configKeys.pointsValue)),
    pointsBalance: balanceRows[0]?.balance ?? 0,
  };
}

/** The code row (with its scope's targets) for what the shopper typed, how often this customer already used it, and their earlier orders. */
async function findDiscountCode(
  db: Database,
  typed: string,
  customerId: number | null,
): Promise<{ record: DiscountCodeRecord | null; customerRedemptions: number; customerOrders: number } | undefined> {
  if (!typed.trim()) return undefined;
  const code = normalizeDiscountCode(typed);
  if (!code) return { record: null, customerRedemptions: 0, customerOrders: 0 };
  const row = (await db.select().from(discountCodes).where(eq(discountCodes.code, code)).get()) ?? null;
  if (!row) return { record: null, customerRedemptions: 0, customerOrders: 0 };
  const [targets, used, placed] = await db.batch([
    db.select({ targetId: discountCodeTargets.targetId }).from(discountCodeTargets).where(eq(discountCodeTargets.discountCodeId, row.id)),
    db
      .select({ count: count() })
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.discountCodeId, row.id), eq(discountRedemptions.customerId, customerId ?? -1), isNull(discountRedemptions.releasedAt))),
    db
      .select({ count: count() })
      .from(orders)
      .where(and(eq(orders.customerId, customerId ?? -1), ne(orders.statusId, orderStatusId.cancelled))),
  ]);
  const record: DiscountCodeRecord = { ...row, targetIds: targets.map((target) => target.targetId) };
  return { record, customerRedemptions: used[0]?.count ?? 0, customerOrders: placed[0]?.count ?? 0 };
}

function checkoutLines(lines: readonly CheckoutLineView[]): CheckoutLine[] {
  return lines.map((line) => ({
    variantId: line.variantId,
    unitPriceSatang: line.unitPriceSatang,
    quantity: line.quantity,
    weightGrams: line.weightGrams,
    onFlashSale: line.flashSale !== null,
    productId: line.productId,
    categoryId: line.categoryId,
    collectionIds: line.collectionIds,
  }));
}

export interface PricedCheckout {
  context: CheckoutContext;
  quote: CheckoutQuote;
}

/** The checkout as the page shows it for these choices (the loader, "apply code", "update totals"). */
export async function priceCheckout(
  d1: D1Database,
  shopper: CheckoutShopper,
  choices: CheckoutChoices,
  now = Date.now(),
  options: { lowerReducedLines?: boolean; context?: CheckoutContext } = {},
): Promise<PricedCheckout> {
  // A caller may have read the context already, alongside its other reads (the page's loader).
  const context = options.context ?? (await loadCheckoutContext(d1, shopper, now, options));
  const customerId = shopper.kind === "customer" ? shopper.customerId : null;
  const code = await findDiscountCode(database(d1), choices.code, customerId);
  const quote = quoteCheckout({
    lines: checkoutLines(context.lines),
    ...(code ? { code } : {}),
    pointsRequested: choices.points,
    pointsBalance: context.pointsBalance,
    satangPerPoint: context.satangPerPoint,
    customerId,
    country: choices.country,
    method: choices.method,
    rates: context.rates,
    vatPercent: context.vatPercent,
    now,
  });
  return { context, quote };
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  suburb: string;
  city: string;
  province: string;
  zipcode: string;
  country: string;
  /** Geocodes of a saved Thai address (addresses.*_code); looked up by name when absent. */
  provinceCode?: string | null;
  districtCode?: string | null;
  subdistrictCode?: string | null;
}

export interface PlaceOrderInput {
  shopper: CheckoutShopper;
  /** From the form (a random id the page made): a resubmitted form finds the order it made. */
  idempotencyKey: string;
  email: string;
  locale: Locale;
  address: ShippingAddress;
  choices: CheckoutChoices;
  paymentMethod: PaymentMethod;
  /** The total the shopper saw; a different total now (a sale ended, a price changed) is not charged silently. */
  expectedTotalSatang?: number;
  /** The display currency and its rate when ordering (reference only; charging is THB). */
  currencyCode?: string;
  exchangeRate?: number;
  note?: string;
  /** Absolute origin for the e-mail's link, e.g. "https://pryde.shop". */
  linkOrigin: string;
  /** The full tax invoice asked for (issue 17): kept on the order and, for a customer, remembered for next time. */
  taxInvoice?: BuyerDetails | null;
}

export interface FailedLine {
  variantId: number;
  nameEn: string;
  nameTh: string;
  optionsEn: string;
  optionsTh: string;
  /** How many can be bought now (0: sold out). */
  available: number;
}

export type PlaceOrderResult =
  | { ok: true; orderNumber: string; orderId: number; replayed: boolean }
  | { ok: false; reason: "empty-cart" | "no-shipping" | "busy" | "key-taken" }
  | { ok: false; reason: "line-unavailable" | "line-reduced" | "line-sold-out" | "flash-sale-sold-out"; line: FailedLine }
  | { ok: false; reason: "code"; code: DiscountRefusal; minPurchaseSatang?: number }
  | { ok: false; reason: "points" }
  | { ok: false; reason: "total-changed"; totalSatang: number };

function failedLine(line: CheckoutLineView, available: number): FailedLine {
  return {
    variantId: line.variantId,
    nameEn: line.nameEn,
    nameTh: line.nameTh,
    optionsEn: line.optionsEn,
    optionsTh: line.optionsTh,
    available: Math.max(0, available),
  };
}

async function existingOrder(db: Database, idempotencyKey: string, shopper: CheckoutShopper): Promise<PlaceOrderResult | null> {
  const row = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, customerId: orders.customerId, sessionId: orders.sessionId })
    .from(orders)
    .where(eq(orders.idempotencyKey, idempotencyKey))
    .get();
  if (!row) return null;
  const mine =
    shopper.kind === "customer"
      ? row.customerId === shopper.customerId
      : row.customerId === null && row.sessionId !== null && row.sessionId === shopper.sessionId;
  return mine ? { ok: true, orderNumber: row.orderNumber, orderId: row.id, replayed: true } : { ok: false, reason: "key-taken" };
}

/** The order a checkout form (its idempotency key) already placed for this shopper, if any. */
export async function findPlacedOrder(d1: D1Database, idempotencyKey: string, shopper: CheckoutShopper): Promise<{ orderNumber: string } | null> {
  const found = await existingOrder(database(d1), idempotencyKey, shopper);
  return found?.ok ? { orderNumber: found.orderNumber } : null;
}

/**
 * Places the order for the shopper's cart. Expected failures are results, never exceptions:
 * nothing is written unless the whole batch went through.
 */
export async function placeOrder(d1: D1Database, input: PlaceOrderInput, now = Date.now()): Promise<PlaceOrderResult> {
  const db = database(d1);
  // Read together, in one batch (app/db/d1-meter.ts): one snapshot, so a double submit sees either
  // no order and the cart, or the order the other request placed — never an emptied cart without it.
  const [replay, { context, quote }] = await Promise.all([
    existingOrder(db, input.idempotencyKey, input.shopper),
    priceCheckout(d1, input.shopper, input.choices, now),
  ]);
  if (replay) return replay;

  // A line with more than is left now (lowered in the cart just now): say which, buy nothing, so
  // the shopper sees the new quantity and total before paying for it.
  const reduced = context.lines.find((line) => line.status === "reduced");
  if (reduced) return { ok: false, reason: "line-reduced", line: failedLine(reduced, reduced.max) };
  if (context.lines.length === 0) {
    const gone = context.excluded[0];
    return gone
      ? { ok: false, reason: gone.status === "unavailable" ? "line-unavailable" : "line-sold-out", line: failedLine(gone, 0) }
      : { ok: false, reason: "empty-cart" };
  }
  if (quote.discount && !quote.discount.ok) {
    return {
      ok: false,
      reason: "code",
      code: quote.discount.reason,
      ...(quote.discount.reason === "minimum-purchase" ? { minPurchaseSatang: quote.discount.minPurchaseSatang } : {}),
    };
  }
  if (!quote.points.ok) return { ok: false, reason: "points" };
  if (!quote.shipping) return { ok: false, reason: "no-shipping" };
  if (input.expectedTotalSatang !== undefined && input.expectedTotalSatang !== quote.totalSatang)
    return { ok: false, reason: "total-changed", totalSatang: quote.totalSatang };

  const areaSnapshot = await shipAreaSnapshot(input.address);
  // An order-number collision (40 random bits a day) fails the batch on the UNIQUE index: try once more.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const orderNumber = formatOrderNumber(now, crypto.getRandomValues(new Uint8Array(5)));
    const guestKey = input.shopper.kind === "guest" ? newGuestKey() : null;
    try {
      await runBatch(d1, orderStatements(d1, input, context, quote, { orderNumber, guestKey }, areaSnapshot, now));
      const placed = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber)).get();
      return { ok: true, orderNumber, orderId: placed!.id, replayed: false };
    } catch (error) {
      const explained = await explainFailure(db, input, context, quote, now);
      if (explained) return explained;
      if (attempt === 1) {
        console.error("placeOrder: batch failed without a known cause", error);
        return { ok: false, reason: "busy" };
      }
    }
  }
  return { ok: false, reason: "busy" };
}

function orderStatements(
  d1: D1Database,
  input: PlaceOrderInput,
  context: CheckoutContext,
  quote: CheckoutQuote,
  placed: { orderNumber: string; guestKey: string | null },
  areaSnapshot: Awaited<ReturnType<typeof shipAreaSnapshot>>,
  now: number,
): [Statement, ...Statement[]] {
  const { orderNumber, guestKey } = placed;
  const db = database(d1);
  const customerId = input.shopper.kind === "customer" ? input.shopper.customerId : null;
  const sessionId = input.shopper.kind === "guest" ? input.shopper.sessionId : null;
  const orderId = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.orderNumber} = ${orderNumber})`;
  const discount = quote.discount?.ok ? quote.discount : null;
  const points = quote.points.ok ? quote.points.points : 0;
  const address = input.address;

  const statements: Statement[] = [
    db.insert(orders).values({
      orderNumber,
      customerId,
      distributorAffiliateId: distributorAtPlacing(customerId),
      email: input.email,
      sessionId,
      guestKey,
      paymentTypeId: paymentTypeIds[input.paymentMethod],
      statusId: orderStatusId.waiting_payment,
      subtotalSatang: quote.subtotalSatang,
      discountSatang: quote.discountSatang,
      pointsDiscountSatang: quote.pointsSatang,
      shippingSatang: quote.shippingSatang,
      vatSatang: quote.vatSatang,
      totalSatang: quote.totalSatang,
      vatPercent: quote.vatPercent,
      pointsRedeemed: points,
      currencyCode: input.currencyCode ?? "THB",
      exchangeRate: input.exchangeRate ?? 1,
      discountCodeId: discount?.codeId ?? null,
      discountCode: discount?.code ?? null,
      shippingMethod: input.choices.method,
      shippingRateId: quote.shipping!.rateId,
      shipFirstName: address.firstName,
      shipLastName: address.lastName,
      shipPhone: address.phone,
      shipAddress: address.address,
      shipSuburb: address.suburb,
      shipCity: address.city,
      shipProvince: address.province,
      shipZipcode: address.zipcode,
      shipCountry: address.country,
      ...areaSnapshot,
      ...taxInvoiceColumns(input.taxInvoice ?? null),
      note: input.note ?? "",
      idempotencyKey: input.idempotencyKey,
      locale: input.locale,
      createdAt: now,
      updatedAt: now,
    }),
  ];

  context.lines.forEach((line, index) => {
    const quoted = quote.lines[index]!;
    statements.push(
      db.insert(orderLines).values({
        orderId,
        productId: line.productId,
        variantId: line.variantId,
        flashSaleItemId: line.flashSale
          ? sql`(SELECT ${flashSaleItems.id} FROM ${flashSaleItems} WHERE ${flashSaleItems.flashSaleId} = ${line.flashSale.flashSaleId} AND ${flashSaleItems.variantId} = ${line.variantId})`
          : null,
        productNameEn: line.nameEn,
        productNameTh: line.nameTh,
        variantLabelEn: line.optionsEn,
        variantLabelTh: line.optionsTh,
        sku: line.sku,
        imageKey: line.imageKey,
        unitPriceSatang: line.unitPriceSatang,
        quantity: line.quantity,
        discountSatang: quoted.discountSatang,
        lineTotalSatang: quoted.lineTotalSatang,
      }),
      // CHECK (stock >= 0): an oversell fails here and nothing of this batch is kept.
      db
        .update(variants)
        .set({ stock: sql`${variants.stock} - ${line.quantity}`, updatedAt: now })
        .where(eq(variants.id, line.variantId)),
      db.insert(stockMovements).select(
        db
          .select({
            id: sql`NULL`.as("id"),
            variantId: variants.id,
            delta: sql`${-line.quantity}`.as("delta"),
            stockAfter: variants.stock,
            reason: sql`'order'`.as("reason"),
            note: sql`''`.as("note"),
            staffUserId: sql`NULL`.as("staff_user_id"),
            orderId: sql`${orderId}`.as("order_id"),
            createdAt: sql`${now}`.as("created_at"),
          })
          .from(variants)
          .where(eq(variants.id, line.variantId)),
      ),
    );
    if (line.flashSale) {
      // CHECK (sold_count <= quantity_cap): the sale's last units go to one shopper only.
      statements.push(
        db
          .update(flashSaleItems)
          .set({ soldCount: sql`${flashSaleItems.soldCount} + ${line.quantity}` })
          .where(and(eq(flashSaleItems.flashSaleId, line.flashSale.flashSaleId), eq(flashSaleItems.variantId, line.variantId))),
      );
    }
  });

  if (discount) {
    const record = discountCodes;
    // CHECK (used_count <= usage_limit): the last use goes to one order only.
    statements.push(
      db
        .update(discountCodes)
        .set({ usedCount: sql`${discountCodes.usedCount} + 1`, updatedAt: now })
        .where(eq(discountCodes.id, discount.codeId)),
    );
    // amount_satang is NOT NULL: when the code was switched off or ended meanwhile, or this customer
    // reached their own limit (or placed a first order) in a racing order, the CASE gives NULL and the whole batch fails.
    const stillValid = sql`EXISTS (SELECT 1 FROM ${record} WHERE ${record.id} = ${discount.codeId} AND ${record.isActive} = 1 AND (${record.endsAt} IS NULL OR ${record.endsAt} > ${now}) AND (${record.perCustomerLimit} IS NULL OR ${record.perCustomerLimit} > (SELECT count(*) FROM ${discountRedemptions} WHERE ${discountRedemptions.discountCodeId} = ${discount.codeId} AND ${discountRedemptions.customerId} IS ${customerId} AND ${discountRedemptions.releasedAt} IS NULL)) AND (${record.firstOrderOnly} = 0 OR NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.customerId} IS ${customerId} AND ${orders.statusId} <> ${orderStatusId.cancelled} AND ${orders.orderNumber} <> ${orderNumber})))`;
    statements.push(
      db.insert(discountRedemptions).values({
        discountCodeId: discount.codeId,
        orderId,
        customerId,
        amountSatang: sql`CASE WHEN ${stillValid} THEN ${quote.codeSavingSatang} ELSE NULL END`,
        createdAt: now,
      }),
    );
  }

  // The account remembers the tax-invoice buyer for the next checkout (a guest's stays on the order only).
  if (input.taxInvoice && customerId !== null) statements.push(rememberTaxInvoiceStatement(d1, customerId, input.taxInvoice, now));

  if (points > 0 && customerId !== null) {
    // CHECK (points_balance >= 0): points spent twice at once fail the second order.
    statements.push(
      db
        .update(customers)
        .set({ pointsBalance: sql`${customers.pointsBalance} - ${points}`, updatedAt: now })
        .where(eq(customers.id, customerId)),
      // The reason and the order's link say it all: no note (a note would be text in one language).
      db.insert(pointsLedger).values({ customerId, delta: -points, reason: "order_redeemed", orderId, createdAt: now }),
    );
  }

  statements.push(
    db.insert(orderStatusHistory).values({
      orderId,
      fromStatusId: null,
      toStatusId: orderStatusId.waiting_payment,
      actorType: customerId !== null ? "customer" : "system",
      actorCustomerId: customerId,
      createdAt: now,
    }),
    db.insert(payments).values({ orderId, provider: input.paymentMethod, amountSatang: quote.totalSatang, status: "pending", createdAt: now, updatedAt: now }),
    db.delete(cartLines).where(
      inArray(
        cartLines.id,
        context.lines.map((line) => line.cartLineId),
      ),
    ),
    outboxInsert(
      d1,
      {
        to: input.email,
        locale: input.locale,
        template: "order-placed",
        subject: orderPlacedSubject(input.locale, orderNumber),
        payload: orderEmailPayload(input, context, quote, placed),
      },
      now,
    ),
  );
  statements.push(
    ...orderSummaryStatements(d1, { orderNumber }, 1),
    ...stockSummaryStatements(
      d1,
      context.lines.map((line) => ({ variantId: line.variantId, createdAt: now, reason: "order" as const, delta: -line.quantity })),
    ),
  );
  return statements as [Statement, ...Statement[]];
}

function orderEmailPayload(
  input: PlaceOrderInput,
  context: CheckoutContext,
  quote: CheckoutQuote,
  placed: { orderNumber: string; guestKey: string | null },
): OrderPlacedEmailPayload {
  const { orderNumber } = placed;
  return {
    orderNumber,
    name: input.address.firstName,
    lines: context.lines.map((line, index) => ({
      name: localized(line, "name", input.locale),
      options: localized(line, "options", input.locale),
      quantity: line.quantity,
      lineTotalSatang: lineAmountSatang(quote.lines[index]!),
    })),
    subtotalSatang: quote.subtotalSatang,
    discountSatang: quote.discountSatang,
    pointsSatang: quote.pointsSatang,
    shippingSatang: quote.shippingSatang,
    vatSatang: quote.vatSatang,
    vatPercent: quote.vatPercent,
    totalSatang: quote.totalSatang,
    paymentMethod: input.paymentMethod,
    link: orderEmailLink(input.linkOrigin, input.locale, placed),
  };
}

/**
 * After a failed batch: which line, code or balance lost the race? Re-reads the counted rows;
 * null when none explains it (then the caller retries once, e.g. for an order-number collision).
 */
async function explainFailure(
  db: Database,
  input: PlaceOrderInput,
  context: CheckoutContext,
  quote: CheckoutQuote,
  now: number,
): Promise<PlaceOrderResult | null> {
  const replay = await existingOrder(db, input.idempotencyKey, input.shopper);
  if (replay) return replay;
  const variantIds = context.lines.map((line) => line.variantId);
  const customerId = input.shopper.kind === "customer" ? input.shopper.customerId : -1;
  const [stockRows, saleRows, codeRows, balanceRows] = await db.batch([
    db.select({ id: variants.id, stock: variants.stock }).from(variants).where(inArray(variants.id, variantIds)),
    db
      .select({
        flashSaleId: flashSaleItems.flashSaleId,
        variantId: flashSaleItems.variantId,
        soldCount: flashSaleItems.soldCount,
        quantityCap: flashSaleItems.quantityCap,
      })
      .from(flashSaleItems)
      .where(inArray(flashSaleItems.variantId, variantIds)),
    db
      .select()
      .from(discountCodes)
      .where(eq(discountCodes.id, quote.discount?.ok ? quote.discount.codeId : -1)),
    db.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, customerId)),
  ]);
  for (const line of context.lines) {
    const stock = stockRows.find((row) => row.id === line.variantId)?.stock ?? 0;
    if (stock < line.quantity) return { ok: false, reason: stock <= 0 ? "line-sold-out" : "line-reduced", line: failedLine(line, stock) };
    if (line.flashSale) {
      const sale = saleRows.find((row) => row.flashSaleId === line.flashSale!.flashSaleId && row.variantId === line.variantId);
      if (sale && sale.soldCount + line.quantity > sale.quantityCap)
        return { ok: false, reason: "flash-sale-sold-out", line: failedLine(line, sale.quantityCap - sale.soldCount) };
    }
  }
  const code = codeRows[0];
  if (quote.discount?.ok) {
    const again = await findDiscountCode(db, quote.discount.code, input.shopper.kind === "customer" ? input.shopper.customerId : null);
    const record = again?.record ?? code ?? null;
    if (!record) return { ok: false, reason: "code", code: "not-found" };
    if (!record.isActive) return { ok: false, reason: "code", code: "cannot-use" };
    if (record.endsAt !== null && record.endsAt <= now) return { ok: false, reason: "code", code: "expired" };
    if (record.usageLimit !== null && record.usedCount >= record.usageLimit) return { ok: false, reason: "code", code: "usage-limit" };
    if (record.perCustomerLimit !== null && (again?.customerRedemptions ?? 0) >= record.perCustomerLimit)
      return { ok: false, reason: "code", code: "per-customer-limit" };
  }
  if (quote.points.ok && quote.points.points > 0 && (balanceRows[0]?.balance ?? 0) < quote.points.points) return { ok: false, reason: "points" };
  return null;
}
