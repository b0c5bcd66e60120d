import { env } from "cloudflare:workers";
import { eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { D1Meter } from "~/db/d1-meter";
import { stockMovements, variants } from "~/db/schema/catalog";
import { customers } from "~/db/schema/customers";
import { emailOutbox } from "~/db/schema/messaging";
import { orderLines, orders, orderStatusHistory, payments } from "~/db/schema/orders";
import { discountCodes, discountRedemptions, flashSaleItems, flashSales, pointsLedger } from "~/db/schema/promotions";
import { orderStatusId } from "~/domain/order-status";
import { changeOrderStatus } from "~/features/orders/order-status.server";
import { cancelExpiredUnpaidOrders } from "~/features/orders/unpaid-orders.server";

/**
 * The one path every status change takes (app/features/orders/order-status.server.ts): the table
 * decides, one batch applies, and a race lets exactly one of two identical changes land.
 */
const db = () => database(env.DB);

async function variantWithStock(stock: number) {
  const [row] = await db().select({ id: variants.id, productId: variants.productId }).from(variants).limit(1);
  await db().update(variants).set({ stock }).where(eq(variants.id, row!.id));
  return row!;
}

async function placeOrder(options: {
  statusId: number;
  variantId: number;
  productId: number;
  quantity: number;
  customerId?: number;
  pointsRedeemed?: number;
  flashSaleItemId?: number;
}) {
  const now = Date.now();
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber: `OS-${crypto.randomUUID().slice(0, 12)}`,
      email: "buyer@example.com",
      customerId: options.customerId ?? null,
      statusId: options.statusId,
      subtotalSatang: 10000,
      vatSatang: 654,
      vatPercent: 7,
      totalSatang: 10000,
      pointsRedeemed: options.pointsRedeemed ?? 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderLines)
    .values({
      orderId: order!.id,
      productId: options.productId,
      variantId: options.variantId,
      flashSaleItemId: options.flashSaleItemId ?? null,
      productNameEn: "Test",
      productNameTh: "ทดสอบ",
      unitPriceSatang: 5000,
      quantity: options.quantity,
      lineTotalSatang: 5000 * options.quantity,
    });
  return order!.id;
}

const statusOf = async (orderId: number) => (await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)))[0]!.statusId;
const stockOf = async (variantId: number) => (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;
const numberOf = async (orderId: number) => (await db().select({ number: orders.orderNumber }).from(orders).where(eq(orders.id, orderId)))[0]!.number;
const historyOf = (orderId: number) => db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, orderId));

describe("changing an order's status", () => {
  it("given an allowed change, should move the order and record who made it and when", async () => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: orderStatusId.paid, variantId: variant.id, productId: variant.productId, quantity: 2 });
    const result = await changeOrderStatus(env.DB, {
      orderId,
      from: orderStatusId.paid,
      to: orderStatusId.awaiting_fulfilment,
      actor: "staff",
      note: "packing",
    });
    expect(result).toEqual({ ok: true, restocked: false });
    expect(await statusOf(orderId)).toBe(orderStatusId.awaiting_fulfilment);
    const history = await historyOf(orderId);
    expect(history).toEqual([
      expect.objectContaining({ fromStatusId: orderStatusId.paid, toStatusId: orderStatusId.awaiting_fulfilment, actorType: "staff", note: "packing" }),
    ]);
    expect(await stockOf(variant.id)).toBe(20);
  });

  it.each([
    ["a change the table does not have", orderStatusId.completed, orderStatusId.waiting_payment, "staff", "not-allowed"],
    ["an actor the change does not allow", orderStatusId.slip_review, orderStatusId.paid, "customer", "actor-not-allowed"],
    ["the same status", orderStatusId.paid, orderStatusId.paid, "staff", "same-status"],
  ] as const)("given %s, should refuse and write nothing", async (_, from, to, actor, reason) => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: from, variantId: variant.id, productId: variant.productId, quantity: 1 });
    expect(await changeOrderStatus(env.DB, { orderId, from, to, actor })).toEqual({ ok: false, reason });
    expect(await statusOf(orderId)).toBe(from);
    expect(await historyOf(orderId)).toEqual([]);
  });

  it("given a change to paid without the money recorded alongside, should refuse", async () => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: orderStatusId.waiting_payment, variantId: variant.id, productId: variant.productId, quantity: 1 });
    const result = await changeOrderStatus(env.DB, { orderId, from: orderStatusId.waiting_payment, to: orderStatusId.paid, actor: "payment-provider" });
    expect(result).toEqual({ ok: false, reason: "payment-required" });
    expect(await statusOf(orderId)).toBe(orderStatusId.waiting_payment);
  });

  it("given the order moved meanwhile, should report the conflict and leave the caller's statements unwritten", async () => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: orderStatusId.cancelled, variantId: variant.id, productId: variant.productId, quantity: 1 });
    const paymentRow = db()
      .insert(payments)
      .values({ orderId, provider: "cash", amountSatang: 10000, status: "approved", createdAt: Date.now(), updatedAt: Date.now() });
    const result = await changeOrderStatus(
      env.DB,
      { orderId, from: orderStatusId.waiting_payment, to: orderStatusId.paid, actor: "staff", paymentRecorded: true },
      [paymentRow],
    );
    expect(result).toEqual({ ok: false, reason: "conflict", currentStatusId: orderStatusId.cancelled });
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toEqual([]);
  });

  it("given an unknown order, should say so", async () => {
    const result = await changeOrderStatus(env.DB, { orderId: 987654, from: orderStatusId.paid, to: orderStatusId.awaiting_fulfilment, actor: "staff" });
    expect(result).toEqual({ ok: false, reason: "not-found" });
  });

  it("given ten identical changes racing (webhook and redirect), should apply exactly one, with one payment", async () => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: orderStatusId.waiting_payment, variantId: variant.id, productId: variant.productId, quantity: 1 });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, attempt) =>
        changeOrderStatus(env.DB, { orderId, from: orderStatusId.waiting_payment, to: orderStatusId.paid, actor: "payment-provider", paymentRecorded: true }, [
          db()
            .insert(payments)
            .values({
              orderId,
              provider: "paypal",
              providerRef: `CAPTURE-${attempt}`,
              amountSatang: 10000,
              status: "captured",
              createdAt: Date.now(),
              updatedAt: Date.now(),
            }),
        ]),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "conflict")).toBe(true);
    expect(await db().select().from(payments).where(eq(payments.orderId, orderId))).toHaveLength(1);
    expect(await historyOf(orderId)).toHaveLength(1);
    const [order] = await db().select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, orderId));
    expect(order!.paidAt).toEqual(expect.any(Number));
  });

  it("given a cancellation, should put the stock, the flash-sale quantity, the code's use and the spent points back, and record them", async () => {
    const variant = await variantWithStock(7);
    const now = Date.now();
    const [sale] = await db()
      .insert(flashSales)
      .values({ nameEn: "Test", nameTh: "ทดสอบ", startsAt: now - 1000, endsAt: now + 3_600_000, createdAt: now, updatedAt: now })
      .returning({ id: flashSales.id });
    const [item] = await db()
      .insert(flashSaleItems)
      .values({ flashSaleId: sale!.id, variantId: variant.id, salePriceSatang: 4000, quantityCap: 10, soldCount: 3 })
      .returning({ id: flashSaleItems.id });
    const [customer] = await db().select({ id: customers.id, points: customers.pointsBalance }).from(customers).limit(1);
    const orderId = await placeOrder({
      statusId: orderStatusId.waiting_payment,
      variantId: variant.id,
      productId: variant.productId,
      quantity: 3,
      customerId: customer!.id,
      pointsRedeemed: 40,
      flashSaleItemId: item!.id,
    });

    // The code's last use (limit 1) went to this order.
    const [code] = await db()
      .insert(discountCodes)
      .values({ code: `CANCEL${orderId}`, type: "fixed", value: 1000, usageLimit: 1, usedCount: 1, perCustomerLimit: 1, createdAt: now, updatedAt: now })
      .returning({ id: discountCodes.id });
    await db().insert(discountRedemptions).values({ discountCodeId: code!.id, orderId, customerId: customer!.id, amountSatang: 1000, createdAt: now });

    // Counted by the D1 meter: every write of the cancellation goes in one batch (one transaction).
    const meter = new D1Meter();
    const result = await changeOrderStatus(meter.wrap(env.DB), {
      orderId,
      from: orderStatusId.waiting_payment,
      to: orderStatusId.cancelled,
      actor: "customer",
      actorCustomerId: customer!.id,
    });
    expect(result).toEqual({ ok: true, restocked: true });
    expect(meter.writes).toBe(1);
    expect((await db().select({ used: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.used).toBe(0);
    const [redemption] = await db().select().from(discountRedemptions).where(eq(discountRedemptions.orderId, orderId));
    expect(redemption!.releasedAt).toEqual(expect.any(Number));
    expect(await stockOf(variant.id)).toBe(10);
    const movements = await db().select().from(stockMovements).where(eq(stockMovements.orderId, orderId));
    expect(movements).toEqual([expect.objectContaining({ variantId: variant.id, delta: 3, stockAfter: 10, reason: "order-cancelled" })]);
    expect((await db().select({ sold: flashSaleItems.soldCount }).from(flashSaleItems).where(eq(flashSaleItems.id, item!.id)))[0]!.sold).toBe(0);
    expect((await db().select({ points: customers.pointsBalance }).from(customers).where(eq(customers.id, customer!.id)))[0]!.points).toBe(
      customer!.points + 40,
    );
    expect(await db().select({ delta: pointsLedger.delta, reason: pointsLedger.reason }).from(pointsLedger).where(eq(pointsLedger.orderId, orderId))).toEqual([
      { delta: 40, reason: "order_reversed" },
    ]);
    const [order] = await db().select({ cancelledAt: orders.cancelledAt }).from(orders).where(eq(orders.id, orderId));
    expect(order!.cancelledAt).toEqual(expect.any(Number));

    // A second cancellation is a conflict, so nothing is put back twice.
    const again = await changeOrderStatus(env.DB, { orderId, from: orderStatusId.waiting_payment, to: orderStatusId.cancelled, actor: "customer" });
    expect(again).toMatchObject({ ok: false, reason: "conflict" });
    expect(await stockOf(variant.id)).toBe(10);
    expect((await db().select({ used: discountCodes.usedCount }).from(discountCodes).where(eq(discountCodes.id, code!.id)))[0]!.used).toBe(0);
    await db().run(sql`DELETE FROM flash_sale_items WHERE id = ${item!.id}`);
  });

  it("given a customer's order completing, should award points once (1 per ฿100 of goods), and a refund should take back what is left", async () => {
    const variant = await variantWithStock(20);
    const [customer] = await db().select({ id: customers.id, points: customers.pointsBalance }).from(customers).limit(1);
    const orderId = await placeOrder({
      statusId: orderStatusId.fulfilment_done,
      variantId: variant.id,
      productId: variant.productId,
      quantity: 1,
      customerId: customer!.id,
    });
    await db().update(orders).set({ totalSatang: 134_000, shippingSatang: 5_000 }).where(eq(orders.id, orderId));
    const balance = async () => (await db().select({ points: customers.pointsBalance }).from(customers).where(eq(customers.id, customer!.id)))[0]!.points;
    const ledger = () => db().select({ delta: pointsLedger.delta, reason: pointsLedger.reason }).from(pointsLedger).where(eq(pointsLedger.orderId, orderId));

    expect(await changeOrderStatus(env.DB, { orderId, from: orderStatusId.fulfilment_done, to: orderStatusId.completed, actor: "customer" })).toMatchObject({
      ok: true,
    });
    expect(await balance()).toBe(customer!.points + 12);
    expect(await ledger()).toEqual([{ delta: 12, reason: "order_earned" }]);

    // A declined refund request brings it back to completed: no second award.
    await changeOrderStatus(env.DB, { orderId, from: orderStatusId.completed, to: orderStatusId.refund_request, actor: "customer" });
    await changeOrderStatus(env.DB, { orderId, from: orderStatusId.refund_request, to: orderStatusId.completed, actor: "staff" });
    expect(await balance()).toBe(customer!.points + 12);

    // The customer spends all but 5 points elsewhere; the refund takes back only those 5.
    await db().update(customers).set({ pointsBalance: 5 }).where(eq(customers.id, customer!.id));
    await changeOrderStatus(env.DB, { orderId, from: orderStatusId.completed, to: orderStatusId.refund_request, actor: "customer" });
    expect(await changeOrderStatus(env.DB, { orderId, from: orderStatusId.refund_request, to: orderStatusId.refunded, actor: "staff" })).toMatchObject({
      ok: true,
    });
    expect(await balance()).toBe(0);
    expect(await ledger()).toEqual([
      { delta: 12, reason: "order_earned" },
      { delta: -5, reason: "order_reversed" },
    ]);
    await db().update(customers).set({ pointsBalance: customer!.points }).where(eq(customers.id, customer!.id));
  });

  it("given a guest order completing, should award nothing and still complete", async () => {
    const variant = await variantWithStock(20);
    const orderId = await placeOrder({ statusId: orderStatusId.fulfilment_done, variantId: variant.id, productId: variant.productId, quantity: 1 });
    expect(await changeOrderStatus(env.DB, { orderId, from: orderStatusId.fulfilment_done, to: orderStatusId.completed, actor: "system" })).toMatchObject({
      ok: true,
    });
    expect(await db().select().from(pointsLedger).where(eq(pointsLedger.orderId, orderId))).toEqual([]);
  });
});

describe("orders nobody pays", () => {
  it("given an order waiting for payment past the shop's limit, should cancel it as the system, put its stock back and tell the shopper; newer and paid orders stay", async () => {
    const variant = await variantWithStock(4);
    const hour = 3_600_000;
    const now = Date.now();
    const stale = await placeOrder({ statusId: orderStatusId.waiting_payment, variantId: variant.id, productId: variant.productId, quantity: 2 });
    const fresh = await placeOrder({ statusId: orderStatusId.waiting_payment, variantId: variant.id, productId: variant.productId, quantity: 1 });
    const paid = await placeOrder({ statusId: orderStatusId.paid, variantId: variant.id, productId: variant.productId, quantity: 1 });
    await db()
      .update(orders)
      .set({ updatedAt: now - 49 * hour })
      .where(eq(orders.id, stale));
    await db()
      .update(orders)
      .set({ updatedAt: now - 47 * hour })
      .where(eq(orders.id, fresh));
    await db()
      .update(orders)
      .set({ updatedAt: now - 100 * hour })
      .where(eq(orders.id, paid));

    const report = await cancelExpiredUnpaidOrders({ DB: env.DB, PUBLIC_ORIGIN: "https://shop.example" }, now);
    expect(report.cancelled).toBeGreaterThanOrEqual(1);
    expect(await statusOf(stale)).toBe(orderStatusId.cancelled);
    expect(await statusOf(fresh)).toBe(orderStatusId.waiting_payment);
    expect(await statusOf(paid)).toBe(orderStatusId.paid);
    expect(await stockOf(variant.id)).toBe(6);
    expect(await historyOf(stale)).toEqual([expect.objectContaining({ actorType: "system", toStatusId: orderStatusId.cancelled })]);
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(like(emailOutbox.payloadJson, `%${await numberOf(stale)}%`));
    expect(mail).toMatchObject({ template: "order-status", toAddress: "buyer@example.com" });
    expect(mail!.payloadJson).toContain("No payment arrived within 48 hours, so the items went back on sale.");

    // A second run finds nothing more to do for that order.
    await cancelExpiredUnpaidOrders({ DB: env.DB }, now);
    expect(await stockOf(variant.id)).toBe(6);
  });
});
