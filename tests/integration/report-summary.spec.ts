import { env } from "cloudflare:workers";
import { asc, eq, inArray } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { cartLines, carts } from "~/db/schema/cart";
import { categories, products, stockMovements, variants } from "~/db/schema/catalog";
import { affiliates, customers, staffUsers } from "~/db/schema/customers";
import { exchanges, orderLines, orders } from "~/db/schema/orders";
import {
  reportDailyCategories,
  reportDailyProducts,
  reportDailySales,
  reportDailySponsors,
  reportDailySponsorTotals,
  reportDailyStock,
  reportMonthlyCategories,
  reportMonthlyProducts,
  reportMonthlySponsors,
  reportMonthlyStock,
  reportMonthlyVariantStock,
  reportYearlyProducts,
} from "~/db/schema/reports";
import { sponsorOrders, sponsors } from "~/db/schema/sponsors";
import { type OrderStatusId, orderStatusId } from "~/domain/order-status";
import { addDays, bangkokDayOf, dayRangeMs, dayStartMs } from "~/domain/report-period";
import {
  combineDeltas,
  exchangeContribution,
  orderContribution,
  type OrderFacts,
  stockMovementContribution,
  type StockReason,
  type SummaryDelta,
} from "~/domain/report-summary";
import { productFormSchema, productInput, schemaReference } from "~/features/catalog-admin/catalog-admin-schemas";
import { adjustStock, applyStockImport } from "~/features/catalog-admin/inventory.server";
import { loadProductDraft, loadProductFormReference, saveProduct } from "~/features/catalog-admin/products-admin.server";
import { placeOrder, type PlaceOrderInput } from "~/features/checkout/checkout.server";
import { approveExchange, markExchangeShipped, rejectExchange, requestExchange, restockReturnedItem } from "~/features/exchanges/exchanges.server";
import { applyStaffChange, staffChoices } from "~/features/orders/order-actions.server";
import { changeOrderStatus } from "~/features/orders/order-status.server";
import { createPosOrder } from "~/features/orders/pos-order.server";
import { productPageSize, topProductsCount } from "~/features/reports/order-report-views";
import { rebuildReportSummary } from "~/features/reports/report-summary.server";
import { stockReportPageSize } from "~/features/reports/stock-report-levels";
import { createSession } from "~/features/sessions/sessions.server";

import { backendTestCookies } from "./backend-sessions";
import { plainVariants } from "./cart-helpers";
import { get } from "./worker";

/**
 * Issue 18's data layer: every stock change writes its ledger row (the ledger adds up to the shelf),
 * and the daily report summary kept in each change's batch equals a recomputation from the source
 * rows — checked after each kind of change and after random sequences (fast-check) of orders,
 * payments, refunds, cancellations, exchanges, stock changes, products moved to another category,
 * POS orders made for sponsors and orders of distributors (affiliates approved before or after),
 * all through the shop's own functions. "The summary" is every grain: daily sales and stock, the
 * sold lines per day and month by product and by category (and per year by product), sponsor and
 * distributor sales per day and month (per partner) and per day (across partners), and the ledger per
 * month and per variant and month. With it, the counts the database keeps by triggers — orders per
 * status (the sidebar's chip), variants per stock level — equal a fresh GROUP BY after each change.
 */
const db = () => database(env.DB);
const origin = "http://shop.test";
const address = {
  firstName: "Somchai",
  lastName: "Jaidee",
  phone: "0812345678",
  address: "99/1 ถนนพระราม 4",
  country: "TH",
  province: "กรุงเทพมหานคร",
  city: "ปทุมวัน",
  suburb: "ลุมพินี",
  zipcode: "10330",
};

let opening = new Map<number, number>();
let pool: { id: number; productId: number }[] = [];
let staffUserId = 0;

beforeAll(async () => {
  staffUserId = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get())!.id;
  pool = (await plainVariants(1, 6)).map((row) => ({ id: row.id, productId: row.productId }));
  // Plenty to sell, set before the opening count is taken (the seed writes stock without a ledger).
  await db()
    .update(variants)
    .set({ stock: 500 })
    .where(
      inArray(
        variants.id,
        pool.map((row) => row.id),
      ),
    );
  opening = new Map((await db().select({ id: variants.id, stock: variants.stock }).from(variants)).map((row) => [row.id, row.stock]));
});

// ----- the two checks --------------------------------------------------------------------------

/** For every variant: the opening stock plus its ledger is what is on the shelf. */
async function expectLedgerAddsUp() {
  const [shelf, ledger] = await Promise.all([
    db().select({ id: variants.id, stock: variants.stock }).from(variants),
    db().select({ variantId: stockMovements.variantId, delta: stockMovements.delta }).from(stockMovements),
  ]);
  const moved = new Map<number, number>();
  for (const row of ledger) moved.set(row.variantId, (moved.get(row.variantId) ?? 0) + row.delta);
  const wrong = shelf
    .filter((row) => (opening.get(row.id) ?? 0) + (moved.get(row.id) ?? 0) !== row.stock)
    .map((row) => ({ variantId: row.id, stock: row.stock, opening: opening.get(row.id) ?? 0, moved: moved.get(row.id) ?? 0 }));
  expect(wrong).toEqual([]);
}

type Keyed = Record<string, Record<string, number>>;

function keyed(deltas: readonly SummaryDelta[]): Keyed {
  return Object.fromEntries(combineDeltas(deltas).map((delta) => [`${delta.table}|${Object.values(delta.key).join("|")}`, delta.values] as const));
}

/** The summary tables as they are (rows of zeros are the same as no row). */
async function summaryAsStored(): Promise<Keyed> {
  const tables = [
    ["report_daily_sales", reportDailySales],
    ["report_daily_products", reportDailyProducts],
    ["report_monthly_products", reportMonthlyProducts],
    ["report_yearly_products", reportYearlyProducts],
    ["report_daily_categories", reportDailyCategories],
    ["report_monthly_categories", reportMonthlyCategories],
    ["report_daily_stock", reportDailyStock],
    ["report_monthly_stock", reportMonthlyStock],
    ["report_daily_sponsors", reportDailySponsors],
    ["report_monthly_sponsors", reportMonthlySponsors],
    ["report_daily_sponsor_totals", reportDailySponsorTotals],
    ["report_monthly_variant_stock", reportMonthlyVariantStock],
  ] as const;
  const stored = await Promise.all(tables.map(([, table]) => db().select().from(table)));
  const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/(\d+)/g, "_$1");
  const keyNames = ["day", "month", "year", "product_id", "category_id", "kind", "partner_id", "variant_id"];
  const deltas: SummaryDelta[] = [];
  tables.forEach(([name], index) => {
    for (const row of stored[index]!) {
      const columns = Object.entries(row).map(([column, value]) => [snake(column), value] as const);
      deltas.push({
        table: name,
        key: Object.fromEntries(columns.filter(([column]) => keyNames.includes(column))) as SummaryDelta["key"],
        values: Object.fromEntries(columns.filter(([column]) => !keyNames.includes(column))) as SummaryDelta["values"],
      });
    }
  });
  return keyed(deltas);
}

/** The summary recomputed in TypeScript from orders, lines, exchanges and the ledger. */
async function summaryFromSources(): Promise<Keyed> {
  const [orderRows, lineRows, exchangeRows, movementRows, productRows, madeFor] = await Promise.all([
    db().select().from(orders),
    db().select().from(orderLines),
    db().select().from(exchanges),
    db().select().from(stockMovements),
    db().select({ id: products.id, categoryId: products.categoryId }).from(products),
    db().select().from(sponsorOrders),
  ]);
  const sponsorsOf = new Map<number, number[]>();
  for (const row of madeFor) sponsorsOf.set(row.orderId, [...(sponsorsOf.get(row.orderId) ?? []), row.sponsorId]);
  const categoryOf = new Map(productRows.map((product) => [product.id, product.categoryId]));
  const linesOf = new Map<number, OrderFacts["lines"][number][]>();
  for (const line of lineRows) {
    const list = linesOf.get(line.orderId) ?? [];
    list.push({
      productId: line.productId,
      categoryId: line.productId === null ? null : (categoryOf.get(line.productId) ?? null),
      quantity: line.quantity,
      unitPriceSatang: line.unitPriceSatang,
      flashSale: line.flashSaleItemId !== null,
    });
    linesOf.set(line.orderId, list);
  }
  return keyed([
    ...orderRows.flatMap((order) => orderContribution({ ...order, sponsorIds: sponsorsOf.get(order.id) ?? [], lines: linesOf.get(order.id) ?? [] })),
    ...exchangeRows.flatMap(exchangeContribution),
    ...movementRows.flatMap((movement) => stockMovementContribution({ ...movement, reason: movement.reason as StockReason })),
  ]);
}

/**
 * The counts the database keeps by triggers, as a fresh GROUP BY says: orders per status and variants per stock level
 * (migration 0026), products sold and their totals per whole month and year of the ranking tables (migration 0029), and the
 * rolling windows' rankings and totals (migration 0030) as the daily product rows from each window's first day add up.
 */
async function expectKeptCountsMatchSources() {
  const periodTotals = (table: string, period: string) =>
    `SELECT ${period} AS period, sum(sold_units <> 0) AS products, sum(sold_units) AS sold_units, sum(sold_satang) AS sold_satang, sum(flash_units) AS flash_units
     FROM ${table} GROUP BY 1 HAVING products <> 0 OR sum(sold_units) <> 0 OR sum(sold_satang) <> 0 OR sum(flash_units) <> 0`;
  const [statusKept, statusCounted, levelKept, levelCounted, totalsKept, totalsCounted] = await env.DB.batch<Record<string, number | string>>([
    env.DB.prepare("SELECT status_id, orders FROM order_status_counts WHERE orders <> 0 ORDER BY 1"),
    env.DB.prepare("SELECT status_id, count(*) AS orders FROM orders GROUP BY 1 ORDER BY 1"),
    env.DB.prepare("SELECT level, is_active, variants, stock FROM variant_stock_counts WHERE variants <> 0 OR stock <> 0 ORDER BY 1, 2"),
    env.DB.prepare(
      "SELECT CASE WHEN stock <= 0 THEN 0 WHEN stock <= 5 THEN 1 ELSE 2 END AS level, is_active, count(*) AS variants, sum(stock) AS stock FROM variants GROUP BY 1, 2 ORDER BY 1, 2",
    ),
    env.DB.prepare(
      `SELECT period, products, sold_units, sold_satang, flash_units FROM report_product_period_totals
       WHERE products <> 0 OR sold_units <> 0 OR sold_satang <> 0 OR flash_units <> 0 ORDER BY 1`,
    ),
    env.DB.prepare(`${periodTotals("report_monthly_products", "month")} UNION ALL ${periodTotals("report_yearly_products", "year")}
       UNION ALL ${periodTotals("report_window_products", "days || 'd'")} ORDER BY 1`),
  ]);
  expect(statusKept!.results, "orders per status").toEqual(statusCounted!.results);
  expect(levelKept!.results, "variants per stock level").toEqual(levelCounted!.results);
  expect(totalsKept!.results, "products sold per whole month, year and rolling window").toEqual(totalsCounted!.results);
  const [windowsKept, windowsSummed] = await env.DB.batch([
    env.DB.prepare(
      `SELECT days, product_id, sold_units, sold_satang, flash_units FROM report_window_products
       WHERE sold_units <> 0 OR sold_satang <> 0 OR flash_units <> 0 ORDER BY 1, 2`,
    ),
    env.DB.prepare(
      `SELECT window.days, sold.product_id, sum(sold.sold_units) AS sold_units, sum(sold.sold_satang) AS sold_satang, sum(sold.flash_units) AS flash_units
       FROM report_product_windows AS window JOIN report_daily_products AS sold ON sold.day >= window.from_day
       GROUP BY 1, 2 HAVING sum(sold.sold_units) <> 0 OR sum(sold.sold_satang) <> 0 OR sum(sold.flash_units) <> 0 ORDER BY 1, 2`,
    ),
  ]);
  expect(windowsKept!.results, "products sold per rolling window (migration 0030)").toEqual(windowsSummed!.results);
}

/** The summary and the kept counts, after every kind of change the shop makes. */
async function expectSummaryMatchesSources() {
  expect(await summaryAsStored()).toEqual(await summaryFromSources());
  await expectKeptCountsMatchSources();
}

// ----- the shop's own functions ----------------------------------------------------------------

let keyCounter = 0;
const newKey = () => `report-summary-${Date.now()}-${(keyCounter += 1)}`;

async function checkout(variantId: number, quantity: number, paymentMethod: "paypal" | "transfer", customerId: number | null = null) {
  const now = Date.now();
  let shopper: PlaceOrderInput["shopper"];
  if (customerId === null) {
    const sessionId = await createSession(env.DB, null);
    const [cart] = await db().insert(carts).values({ sessionId, createdAt: now, updatedAt: now }).returning({ id: carts.id });
    await db().insert(cartLines).values({ cartId: cart!.id, variantId, quantity, createdAt: now, updatedAt: now });
    shopper = { kind: "guest", sessionId };
  } else {
    const [cart] = await db().insert(carts).values({ customerId, createdAt: now, updatedAt: now }).onConflictDoNothing().returning({ id: carts.id });
    const cartId = cart?.id ?? (await db().select({ id: carts.id }).from(carts).where(eq(carts.customerId, customerId)).get())!.id;
    await db().insert(cartLines).values({ cartId, variantId, quantity, createdAt: now, updatedAt: now });
    const member = (await db().select({ email: customers.email }).from(customers).where(eq(customers.id, customerId)).get())!;
    shopper = { kind: "customer", customerId, email: member.email, pointsBalance: 0 };
  }
  const result = await placeOrder(env.DB, {
    shopper,
    idempotencyKey: newKey(),
    email: "summary@example.test",
    locale: "th",
    address,
    choices: { code: "", points: 0, country: "TH", method: "standard" },
    paymentMethod,
    linkOrigin: origin,
  });
  if (!result.ok) throw new Error(`checkout refused: ${result.reason}`);
  return result.orderId;
}

async function pos(variantId: number, quantity: number, sponsorId: number | null = null, customerId: number | null = null) {
  const result = await createPosOrder(
    env.DB,
    {
      lines: [{ variantId, quantity, row: 0 }],
      customerId,
      walkInName: customerId === null ? "Walk-in" : "",
      walkInPhone: "",
      email: "",
      sponsorId,
      note: "",
    },
    { staffUserId },
    { origin, locale: "en" },
  );
  if (!result.ok) throw new Error("POS order refused");
  return result.orderId;
}

const statusOf = async (orderId: number) =>
  (await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)).get())!.statusId as OrderStatusId;

/** A staff change through the back office's function (cash taken, parcel shipped …). */
async function staffChange(orderId: number, to: OrderStatusId) {
  const from = await statusOf(orderId);
  const result = await applyStaffChange(
    env.DB,
    { orderId, from, to, note: "", reason: "test", carrierId: 1, trackingNumber: "TH123456789" },
    { staffUserId },
    origin,
  );
  if (!result.ok) throw new Error(`staff change ${from} → ${to} refused: ${result.reason}`);
}

/** Staff move a product to another category through the product form's save (everything else as saved). */
async function moveProduct(productId: number, categoryId: number) {
  const reference = schemaReference(await loadProductFormReference(env.DB));
  const saved = (await loadProductDraft(env.DB, productId))!;
  // The saved draft is the form's strings; the schema takes them as the form kit's parse hands them over (numbers, empty = absent).
  const { draft } = saved;
  const number = (value: string) => (value === "" ? undefined : Number(value));
  const value = {
    ...draft,
    categoryId,
    productTypeId: number(draft.productTypeId),
    weightGrams: Number(draft.weightGrams),
    sizeGuideId: number(draft.sizeGuideId),
    images: draft.images.map((image) => ({ ...image, order: Number(image.order) })),
    variants: draft.variants.map((variant) => ({
      ...variant,
      id: Number(variant.id),
      price: variant.price,
      compareAtPrice: variant.compareAtPrice === "" ? undefined : variant.compareAtPrice,
      stock: Number(variant.stock),
      stockShown: Number(variant.stockShown),
    })),
  };
  const input = productInput(productFormSchema(reference).parse(value), reference);
  const result = await saveProduct(env.DB, { productId, input, staffUserId });
  if (!result.ok) throw new Error(`product save refused: ${result.reason}`);
}

const categoryIds = async () => (await db().select({ id: categories.id }).from(categories)).map((row) => row.id);

async function newCustomer() {
  const now = Date.now();
  const [row] = await db()
    .insert(customers)
    .values({ email: `summary-${newKey()}@example.test`, firstName: "Mali", lastName: "Srisuk", createdAt: now, updatedAt: now })
    .returning({ id: customers.id });
  return row!.id;
}

let nationalIdCounter = 0;

/** A customer's affiliate application, approved (a distributor from now on: orders placed later snapshot it). */
async function approveAffiliate(customerId: number) {
  const now = Date.now();
  nationalIdCounter += 1;
  const nationalId = `9${String(now % 1e8).padStart(8, "0")}${String(nationalIdCounter).padStart(4, "0")}`;
  await db()
    .insert(affiliates)
    .values({
      customerId,
      firstName: "Dao",
      lastName: `Distributor ${nationalIdCounter}`,
      email: `affiliate-${nationalId}@example.test`,
      phone: "0812345678",
      nationalId,
      status: "approved",
      reviewedByStaffUserId: staffUserId,
      reviewedAt: now,
      createdAt: now,
      updatedAt: now,
    });
}

const sponsorIds = async () => (await db().select({ id: sponsors.id }).from(sponsors)).map((row) => row.id);

// ----- every kind of change, one by one ----------------------------------------------------------

describe("the stock ledger and the report summary, change by change", () => {
  it("given an online order, a cancellation and a refund, should write a movement per stock change and keep the summary equal to its sources", async () => {
    const [first, second] = pool;
    const cancelled = await checkout(first!.id, 2, "transfer");
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
    await staffChange(cancelled, orderStatusId.cancelled);
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();

    const refunded = await checkout(second!.id, 1, "paypal");
    await staffChange(refunded, orderStatusId.paid);
    await staffChange(refunded, orderStatusId.refund_request);
    await staffChange(refunded, orderStatusId.refunded);
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
    expect((await summaryAsStored())[`report_daily_sales|${(await db().select().from(reportDailySales).get())!.day}`]).toMatchObject({
      placed_count: 2,
      status_8_count: 1,
      status_9_count: 1,
    });
  });

  it("given a POS sale, staff adjustments, an import and product edits, should keep the ledger and the summary in step", async () => {
    const [, , third, fourth] = pool;
    await pos(third!.id, 3);
    await adjustStock(env.DB, { variantId: third!.id, change: { kind: "delta", delta: 7 }, reason: "restock", note: "", staffUserId });
    await adjustStock(env.DB, { variantId: third!.id, change: { kind: "delta", delta: -2 }, reason: "damaged", note: "", staffUserId });
    await adjustStock(env.DB, { variantId: fourth!.id, change: { kind: "set", stock: 42 }, reason: "correction", note: "", staffUserId });
    const now = (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, fourth!.id)).get())!.stock;
    await applyStockImport(env.DB, {
      mode: "delta",
      changes: [{ line: 2, variantId: fourth!.id, sku: "", before: now, after: now + 5, delta: 5 }],
      fileName: "stock.csv",
      staffUserId,
    });
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();

    // A new product's variant brings its first stock in; editing the count writes a correction.
    const reference = schemaReference(await loadProductFormReference(env.DB));
    const sku = `SUMMARY-${Date.now().toString(36)}`.toUpperCase();
    const form = (stock: number, id?: number) =>
      productInput(
        productFormSchema(reference).parse({
          nameEn: "Summary tee",
          nameTh: "เสื้อสรุป",
          slug: sku.toLowerCase(),
          sku,
          categoryId: 1,
          kind: "single",
          statusId: "2",
          images: [],
          variants: [{ ...(id === undefined ? {} : { id }), price: "100", stock, active: true }],
        }),
        reference,
      );
    const created = await saveProduct(env.DB, { productId: null, input: form(9), staffUserId });
    if (!created.ok) throw new Error("product refused");
    await expectLedgerAddsUp();
    const variant = (await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, created.productId)).get())!;
    expect((await saveProduct(env.DB, { productId: created.productId, input: form(4, variant.id), staffUserId })).ok).toBe(true);
    expect((await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, variant.id)).get())!.stock).toBe(4);
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
  });

  it("given a product with sales moved to another category and back, should move its history between the categories, per day and month", async () => {
    const [first] = pool;
    const orderId = await checkout(first!.id, 2, "transfer");
    await staffChange(orderId, orderStatusId.paid);
    const home = (await db().select({ categoryId: products.categoryId }).from(products).where(eq(products.id, first!.productId)).get())!.categoryId;
    const other = (await categoryIds()).find((id) => id !== home)!;
    await moveProduct(first!.productId, other);
    await expectSummaryMatchesSources();
    const month = bangkokDayOf(Date.now()).slice(0, 7);
    const stored = await summaryAsStored();
    expect(stored[`report_monthly_categories|${month}|${other}`]?.sold_units).toBeGreaterThanOrEqual(2);
    await moveProduct(first!.productId, home);
    await expectSummaryMatchesSources();
  });

  it("given a sponsor's POS order and a distributor's paid order, should count them per partner on the day paid; approving an affiliate later moves nothing", async () => {
    const [first, second] = pool;
    const [sponsorId] = await sponsorIds();
    const distributor = await newCustomer();
    await approveAffiliate(distributor);
    const affiliateId = (await db().select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.customerId, distributor)).get())!.id;
    const sponsored = await pos(first!.id, 2, sponsorId!, distributor);
    const online = await checkout(second!.id, 1, "transfer", distributor);
    await expectSummaryMatchesSources();
    await staffChange(online, orderStatusId.paid);
    const later = await newCustomer();
    const plain = await checkout(second!.id, 1, "transfer", later);
    await staffChange(plain, orderStatusId.paid);
    await approveAffiliate(later);
    await expectSummaryMatchesSources();

    const placed = await db()
      .select()
      .from(orders)
      .where(inArray(orders.id, [sponsored, online, plain]));
    const byId = new Map(placed.map((order) => [order.id, order]));
    expect(byId.get(sponsored)!.distributorAffiliateId).toBe(affiliateId);
    expect(byId.get(plain)!.distributorAffiliateId).toBeNull();
    const stored = await summaryAsStored();
    const day = bangkokDayOf(byId.get(online)!.paidAt!);
    expect(stored[`report_daily_sponsors|${day}|sponsor|${sponsorId}`]).toMatchObject({ orders: expect.any(Number) });
    // The sponsor's order is the sponsor's, not the distributor's as well; the later approval adds no row.
    expect(stored[`report_monthly_sponsors|${day.slice(0, 7)}|distributor|${affiliateId}`]).toEqual({
      orders: 1,
      quantity: 1,
      value_satang: byId.get(online)!.totalSatang,
    });
    const laterAffiliate = (await db().select({ id: affiliates.id }).from(affiliates).where(eq(affiliates.customerId, later)).get())!.id;
    expect(Object.keys(stored).filter((key) => key.endsWith(`|distributor|${laterAffiliate}`))).toEqual([]);
  });

  it("given an exchange asked for, turned down, asked again, approved, shipped and the returned item restocked, should keep the ledger and the summary in step", async () => {
    const [, , , , fifth] = pool;
    const customerId = await newCustomer();
    const orderId = await checkout(fifth!.id, 2, "transfer", customerId);
    for (const to of [orderStatusId.paid, orderStatusId.awaiting_fulfilment, orderStatusId.fulfilment_done, orderStatusId.completed])
      await staffChange(orderId, to);
    const [line] = await db().select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.orderId, orderId));
    const ask = () =>
      requestExchange(
        { DB: env.DB, MEDIA: env.MEDIA },
        customerId,
        { lineId: line!.id, quantity: 1, wantedVariantId: null, reason: "wrong_size", note: "", photo: null },
        origin,
      );
    const first = await ask();
    if (!first.ok) throw new Error(`exchange refused: ${first.problem}`);
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
    expect((await rejectExchange(env.DB, { exchangeId: first.exchangeId, staffUserId, origin })).ok).toBe(true);
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
    const second = await ask();
    if (!second.ok) throw new Error(`exchange refused: ${second.problem}`);
    expect((await approveExchange(env.DB, { exchangeId: second.exchangeId, staffUserId, origin })).ok).toBe(true);
    expect((await markExchangeShipped(env.DB, { exchangeId: second.exchangeId, staffUserId, origin, carrierId: 1, trackingNumber: "TH987654321" })).ok).toBe(
      true,
    );
    expect((await restockReturnedItem(env.DB, { exchangeId: second.exchangeId, staffUserId, origin })).ok).toBe(true);
    const returned = await db().select().from(stockMovements).where(eq(stockMovements.variantId, fifth!.id)).orderBy(asc(stockMovements.id));
    expect(returned.at(-1)).toMatchObject({ reason: "returned", delta: 1 });
    await expectLedgerAddsUp();
    await expectSummaryMatchesSources();
  });
});

// ----- random sequences ----------------------------------------------------------------------------

type Action =
  | { kind: "checkout"; variant: number; quantity: number; method: "paypal" | "transfer" }
  | { kind: "pos"; variant: number; quantity: number; sponsor: number | null; member: number | null }
  | { kind: "member"; approved: boolean }
  | { kind: "approve"; member: number }
  | { kind: "memberCheckout"; variant: number; member: number }
  | { kind: "status"; order: number; choice: number }
  | { kind: "stock"; variant: number; delta: number }
  | { kind: "move"; product: number; category: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant("checkout" as const),
    variant: fc.nat(5),
    quantity: fc.integer({ min: 1, max: 3 }),
    method: fc.constantFrom("paypal" as const, "transfer" as const),
  }),
  fc.record({
    kind: fc.constant("pos" as const),
    variant: fc.nat(5),
    quantity: fc.integer({ min: 1, max: 3 }),
    sponsor: fc.option(fc.nat(), { nil: null }),
    member: fc.option(fc.nat(), { nil: null }),
  }),
  fc.record({ kind: fc.constant("member" as const), approved: fc.boolean() }),
  fc.record({ kind: fc.constant("approve" as const), member: fc.nat() }),
  fc.record({ kind: fc.constant("memberCheckout" as const), variant: fc.nat(5), member: fc.nat() }),
  fc.record({ kind: fc.constant("status" as const), order: fc.nat(), choice: fc.nat() }),
  fc.record({ kind: fc.constant("status" as const), order: fc.nat(), choice: fc.nat() }),
  fc.record({ kind: fc.constant("stock" as const), variant: fc.nat(5), delta: fc.integer({ min: -3, max: 10 }).filter((delta) => delta !== 0) }),
  fc.record({ kind: fc.constant("move" as const), product: fc.nat(5), category: fc.nat() }),
);

describe("the report summary after random sequences of changes (property)", () => {
  it("should equal a recomputation from the source rows, and the rebuild should give the same", { timeout: 240_000 }, async () => {
    const placed: number[] = [];
    const members: number[] = [];
    const sponsorPool = await sponsorIds();
    expect(sponsorPool.length).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 1, maxLength: 12 }), async (actions) => {
        for (const step of actions) {
          if (step.kind === "checkout") placed.push(await checkout(pool[step.variant]!.id, step.quantity, step.method));
          else if (step.kind === "pos")
            placed.push(
              await pos(
                pool[step.variant]!.id,
                step.quantity,
                step.sponsor === null ? null : sponsorPool[step.sponsor % sponsorPool.length]!,
                step.member === null || members.length === 0 ? null : members[step.member % members.length]!,
              ),
            );
          else if (step.kind === "member") {
            const customerId = await newCustomer();
            if (step.approved) await approveAffiliate(customerId);
            members.push(customerId);
          } else if (step.kind === "approve") {
            // Approved after some of their orders: those stay as they were placed (the snapshot).
            if (members.length > 0) await approveAffiliate(members[step.member % members.length]!);
          } else if (step.kind === "memberCheckout") {
            if (members.length > 0) placed.push(await checkout(pool[step.variant]!.id, 1, "transfer", members[step.member % members.length]!));
          } else if (step.kind === "move") {
            const ids = await categoryIds();
            await moveProduct(pool[step.product]!.productId, ids[step.category % ids.length]!);
          } else if (step.kind === "stock")
            await adjustStock(env.DB, {
              variantId: pool[step.variant]!.id,
              change: { kind: "delta", delta: step.delta },
              reason: "correction",
              note: "",
              staffUserId,
            });
          else if (placed.length > 0) {
            // Payments (cash, an approved slip), shipping, completion, refund requests, refunds and cancellations.
            const orderId = placed[step.order % placed.length]!;
            const choices = staffChoices(await statusOf(orderId));
            if (choices.length > 0) await staffChange(orderId, choices[step.choice % choices.length]!);
          }
        }
        await expectSummaryMatchesSources();
      }),
      { numRuns: 25 },
    );
    await expectLedgerAddsUp();
    const before = await summaryAsStored();
    await rebuildReportSummary(env.DB);
    expect(await summaryAsStored()).toEqual(before);
    await expectKeptCountsMatchSources();
  });

  it("given an unpaid order cancelled by the system, should put its stock back and move it to the cancelled column", async () => {
    const orderId = await checkout(pool[0]!.id, 1, "paypal");
    const result = await changeOrderStatus(env.DB, {
      orderId,
      from: orderStatusId.waiting_payment,
      to: orderStatusId.cancelled,
      actor: "system",
      note: "unpaid",
    });
    expect(result.ok).toBe(true);
    await expectSummaryMatchesSources();
    await expectLedgerAddsUp();
  });
});

const rowsOf = (page: string, testId: string) => page.split(`data-testid="${testId}"`).length - 1;

// ----- the order report on the summary ---------------------------------------------------------------

describe("the order report", () => {
  const csvOf = async (response: Response) => {
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bom: [...bytes.slice(0, 3)], lines: new TextDecoder().decode(bytes).trim().split("\r\n") };
  };

  it("should total what the orders say (a direct SQL sum) in the page's CSV, with a BOM and Thai intact, and say the rows read", async () => {
    const cookies = await backendTestCookies();
    const today = bangkokDayOf(Date.now());
    const start = dayStartMs(today);
    const sold = await env.DB.prepare(
      `SELECT count(*) AS orders, coalesce(sum(total_satang), 0) AS value FROM orders WHERE status_id IN (2, 3, 4, 5, 7) AND created_at >= ? AND created_at < ?`,
    )
      .bind(start, start + 86_400_000)
      .first<{ orders: number; value: number }>();
    expect(sold!.orders).toBeGreaterThan(0);

    const response = await get(`/th/backend/reports/order/export.csv?from=${today}&to=${today}`, cookies["staff-1"]);
    expect(response.status).toBe(200);
    expect(response.headers.get("server-timing")).toMatch(/rows read/);
    const { bom, lines } = await csvOf(response);
    expect(bom).toEqual([0xef, 0xbb, 0xbf]);
    const header = lines[0]!.split(",");
    expect(header).toContain("ยอดขาย");
    const totals = lines.at(-1)!.split(",");
    expect(Number(totals[header.indexOf("คำสั่งซื้อ")])).toBe(sold!.orders);
    expect(Number(totals[header.indexOf("ยอดขาย")])).toBe(sold!.value / 100);

    const byProduct = await csvOf(await get(`/th/backend/reports/order/export.csv?from=${today}&to=${today}&by=product`, cookies["staff-1"]));
    expect(byProduct.lines.some((line) => line.includes("เสื้อ") || line.includes("สรุป"))).toBe(true);
  });

  it("given a range of whole months and part-months, should total categories and products as the order lines say, every product in the CSV", async () => {
    const cookies = await backendTestCookies();
    const today = bangkokDayOf(Date.now());
    // Two whole months before this one (the monthly tables) and this month so far (the daily ones).
    const monthStart = (day: string) => `${day.slice(0, 7)}-01`;
    const from = monthStart(addDays(monthStart(addDays(monthStart(today), -1)), -1));
    const { startMs, endMs } = dayRangeMs(from, today);
    const lines = await env.DB.prepare(
      `SELECT count(DISTINCT line.product_id) AS products, coalesce(sum(line.quantity), 0) AS units, coalesce(sum(line.quantity * line.unit_price_satang), 0) AS value
       FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id
       WHERE line.product_id IS NOT NULL AND placed.status_id IN (2, 3, 4, 5, 7) AND placed.created_at >= ? AND placed.created_at < ?`,
    )
      .bind(startMs, endMs)
      .first<{ products: number; units: number; value: number }>();
    expect(lines!.units).toBeGreaterThan(0);
    for (const by of ["category", "product"]) {
      const response = await get(`/backend/reports/order/export.csv?from=${from}&to=${today}&by=${by}`, cookies["staff-1"]);
      const { lines: rows } = await csvOf(response);
      const header = rows[0]!.split(",");
      const totals = rows.at(-1)!.split(",");
      expect(Number(totals[header.indexOf("Items")]), by).toBe(lines!.units);
      expect(Number(totals[header.indexOf("Sales")]), by).toBe(lines!.value / 100);
      if (by === "product") expect(rows.length - 2).toBe(lines!.products);
    }
    const page = await get(`/backend/reports/order?from=${from}&to=${today}&by=product`, cookies["staff-1"]);
    const html = await page.text();
    expect(html).toContain('data-listing="top"');
    expect((html.match(/data-testid="order-report-row"/g) ?? []).length).toBe(Math.min(topProductsCount, lines!.products));
    const all = await (await get(`/backend/reports/order?from=${from}&to=${today}&by=product&show=all`, cookies["staff-1"])).text();
    expect(all).toContain('data-listing="page"');
    expect((all.match(/data-testid="order-report-row"/g) ?? []).length).toBe(Math.min(productPageSize, lines!.products));
  });

  it("should show every view of the period for the Report group, with rows read in Server-Timing", async () => {
    const cookies = await backendTestCookies();
    for (const by of ["", "status", "payment", "channel", "category", "product"]) {
      const response = await get(`/backend/reports/order${by ? `?by=${by}` : ""}`, cookies["staff-1"]);
      expect(response.status, by).toBe(200);
      expect(response.headers.get("server-timing")).toMatch(/rows read/);
      expect(await response.text()).toContain('data-testid="order-report-page"');
    }
  });
});

describe("the stock report", () => {
  it("should list low-stock variants with the period's movements from the ledger, and export them with a BOM", async () => {
    const cookies = await backendTestCookies();
    const variant = pool[1]!;
    await adjustStock(env.DB, { variantId: variant.id, change: { kind: "set", stock: 3 }, reason: "correction", note: "", staffUserId });
    const today = bangkokDayOf(Date.now());
    const page = await get(`/th/backend/reports/stock?from=${today}&to=${today}`, cookies["staff-1"]);
    expect(page.status).toBe(200);
    expect(page.headers.get("server-timing")).toMatch(/rows read/);
    expect(await page.text()).toContain('data-testid="stock-report-row"');

    const response = await get(`/backend/reports/stock/export.csv?from=${today}&to=${today}&level=low`, cookies["staff-1"]);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    const header = lines[0]!.split(",");
    const sku = (await db().select({ sku: variants.sku }).from(variants).where(eq(variants.id, variant.id)).get())!.sku;
    const row = lines.find((line) => line.includes(sku))!.split(",");
    expect(Number(row[header.indexOf("On hand")])).toBe(3);
    const moved = await env.DB.prepare(
      "SELECT -coalesce(sum(delta), 0) AS sold FROM stock_movements WHERE variant_id = ? AND reason IN ('order', 'order-cancelled') AND created_at >= ?",
    )
      .bind(variant.id, dayStartMs(today))
      .first<{ sold: number }>();
    expect(Number(row[header.indexOf("Sold")])).toBe(moved!.sold);
  });

  it("should list every variant 50 a page, total the stock on hand of all of them, and put every one in the CSV", async () => {
    const cookies = await backendTestCookies();
    const today = bangkokDayOf(Date.now());
    const all = await env.DB.prepare("SELECT count(*) AS variants, sum(stock) AS stock FROM variants").first<{ variants: number; stock: number }>();
    expect(all!.variants).toBeGreaterThan(stockReportPageSize);
    const pageCount = Math.ceil(all!.variants / stockReportPageSize);
    const first = await (await get(`/backend/reports/stock?from=${today}&to=${today}&level=all`, cookies["staff-1"])).text();
    expect(rowsOf(first, "stock-report-row")).toBe(stockReportPageSize);
    expect(first).toContain('data-testid="pagination"');
    const last = await (await get(`/backend/reports/stock?from=${today}&to=${today}&level=all&page=${pageCount}`, cookies["staff-1"])).text();
    expect(rowsOf(last, "stock-report-row")).toBe(all!.variants - (pageCount - 1) * stockReportPageSize);

    const response = await get(`/backend/reports/stock/export.csv?from=${today}&to=${today}&level=all`, cookies["staff-1"]);
    const lines = new TextDecoder()
      .decode(new Uint8Array(await response.arrayBuffer()))
      .trim()
      .split("\r\n");
    expect(lines.length - 2).toBe(all!.variants);
    const header = lines[0]!.replace(/^\uFEFF/, "").split(",");
    expect(Number(lines.at(-1)!.split(",")[header.indexOf("On hand")])).toBe(all!.stock);
  });
});
