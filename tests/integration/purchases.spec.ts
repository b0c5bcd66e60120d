import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { invoices } from "~/db/schema/billing";
import { carriers, orders, orderStatusHistory, shipments } from "~/db/schema/orders";
import { pointsLedger } from "~/db/schema/promotions";
import { orderStatusId } from "~/domain/order-status";

import { mainOf } from "./accounts-helpers";
import { fuzzForm } from "./fuzz";
import { customerRow, newCustomer, staffCookie, toastOf } from "./profile-helpers";
import { mailsTo, placeOrder, productWithTwoVariants, statusOf, stockOf } from "./purchases-helpers";
import { get, postForm } from "./worker";

const db = () => database(env.DB);

describe("/my-purchase access", () => {
  it.each(["/my-purchase", "/th/my-purchase", "/my-purchase/PR-ANY"])("given a guest on %s, should send them to sign in and back", async (path) => {
    const prefix = path.startsWith("/th") ? "/th" : "";
    const page = await get(path);
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe(`${prefix}/login?redirectTo=${encodeURIComponent(path)}`);
  });

  it("given staff, should send them home (GET and POST)", async () => {
    const cookie = await staffCookie();
    expect((await get("/my-purchase", { cookie })).headers.get("location")).toBe("/");
    expect((await postForm("/th/my-purchase/PR-ANY", { intent: "cancel" }, { cookie })).headers.get("location")).toBe("/th");
  });
});

describe("/my-purchase list", () => {
  it("should show the customer's own orders newest first and never another customer's", async () => {
    const [me, other] = [await newCustomer("buyer"), await newCustomer("other")];
    const variant = await productWithTwoVariants();
    const older = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.paid,
      productId: variant.productId,
      variantId: variant.bought,
      createdAt: Date.now() - 60_000,
    });
    const newer = await placeOrder({ customerId: me.id, statusId: orderStatusId.waiting_payment, productId: variant.productId, variantId: variant.bought });
    const theirs = await placeOrder({ customerId: other.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });

    const html = mainOf(await (await get("/my-purchase", { cookie: me.cookie })).text());
    expect(html).toContain(newer.orderNumber);
    expect(html).toContain(older.orderNumber);
    expect(html).not.toContain(theirs.orderNumber);
    expect(html.indexOf(newer.orderNumber)).toBeLessThan(html.indexOf(older.orderNumber));
    expect(html).toContain("Waiting for payment");
    expect(html).toContain("฿550.00");

    // Another customer's order number: 404 to read and to act on, nothing changed.
    expect((await get(`/my-purchase/${theirs.orderNumber}`, { cookie: me.cookie })).status).toBe(404);
    expect((await postForm(`/my-purchase/${theirs.orderNumber}`, { intent: "request-refund" }, { cookie: me.cookie })).status).toBe(404);
    expect(await statusOf(theirs.id)).toBe(orderStatusId.paid);
  });

  it("should show the points balance and ledger, with a link to the order that earned them (en and th)", async () => {
    const me = await newCustomer("points");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.completed, productId: variant.productId, variantId: variant.bought });
    await db()
      .insert(pointsLedger)
      .values({ customerId: me.id, delta: 5, reason: "order_earned", orderId: order.id, createdAt: Date.UTC(2026, 0, 15) });
    await db()
      .insert(pointsLedger)
      .values({ customerId: me.id, delta: 100, reason: "signup_bonus", noteKey: "welcomeBonus", createdAt: Date.UTC(2026, 0, 1) });
    const html = mainOf(await (await get("/my-purchase", { cookie: me.cookie })).text());
    expect(html).toContain('data-testid="points-balance"');
    expect(html).toContain("1,234 points");
    expect(html).toContain("Earned on an order");
    expect(html).toContain(`href="/my-purchase/${order.orderNumber}"`);
    const thai = mainOf(await (await get("/th/my-purchase", { cookie: me.cookie })).text());
    expect(thai).toContain("1,234 คะแนน");
    expect(thai).toContain("ได้รับจากคำสั่งซื้อ");
    // The shop's own notes are keys: each page says them in its language.
    expect(html).toContain("Thank you for joining Pryde");
    expect(thai).toContain("ขอบคุณที่สมัครสมาชิก Pryde");
    expect(thai).not.toContain("Thank you for joining Pryde");
    expect(thai).toContain("2569"); // Buddhist-era year of 2026
    // Findable from the profile's points box too.
    expect(await (await get("/my-profile", { cookie: me.cookie })).text()).toContain('href="/my-purchase#points"');
  });
});

describe("/my-purchase/{orderNumber}", () => {
  it("should show lines, totals, address, timeline, tracking, documents and the pay link for an unpaid order", async () => {
    const me = await newCustomer("detail");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.bought,
      history: [[orderStatusId.waiting_payment, Date.now()]],
    });
    const [carrier] = await db().select().from(carriers).limit(1);
    await db().insert(shipments).values({ orderId: order.id, carrierId: carrier!.id, trackingNumber: "TH123456789", createdAt: Date.now() });
    await db()
      .insert(invoices)
      .values({
        orderId: order.id,
        number: `INV-T-${order.id}`,
        sequenceYear: 2026,
        sequenceNumber: order.id,
        billingName: "Mali",
        subtotalSatang: 51_402,
        vatSatang: 3_598,
        totalSatang: 55_000,
        issuedAt: Date.now(),
      });

    const html = mainOf(await (await get(`/my-purchase/${order.orderNumber}`, { cookie: me.cookie })).text());
    expect(html).toContain("Pryde Tee");
    expect(html).toContain("M / Black");
    expect(html).toContain("฿550.00");
    expect(html).toContain("Including VAT 7%: ฿35.98");
    expect(html).toContain("99/1 Sukhumvit Road");
    expect(html).toContain('data-testid="timeline-entry"');
    expect(html).toContain("TH123456789");
    if (carrier!.trackingUrlTemplate.includes("{tracking}")) expect(html).toContain('data-testid="tracking-link"');
    expect(html).toContain(`INV-T-${order.id}`);
    expect(html).toContain(`href="/cart/checkout/${order.orderNumber}"`);
    expect(html).toContain('value="cancel"');
    expect(html).not.toContain('value="confirm-receipt"');
    const thai = mainOf(await (await get(`/th/my-purchase/${order.orderNumber}`, { cookie: me.cookie })).text());
    expect(thai).toContain("รอชำระเงิน");
    expect(thai).toContain(`href="/th/cart/checkout/${order.orderNumber}"`);
  });

  it("should never send the order's guest key, session or idempotency key to the page, its data request included", async () => {
    const me = await newCustomer("secrets");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    const secrets = { guestKey: `gk-${crypto.randomUUID()}`, sessionId: `sid-${crypto.randomUUID()}`, idempotencyKey: `idem-${crypto.randomUUID()}` };
    await db().update(orders).set(secrets).where(eq(orders.id, order.id));
    for (const path of [`/my-purchase/${order.orderNumber}`, `/my-purchase/${order.orderNumber}.data`, `/th/my-purchase/${order.orderNumber}.data`]) {
      const response = await get(path, { cookie: me.cookie });
      expect(response.status, path).toBe(200);
      const body = await response.text();
      expect(body).toContain(order.orderNumber);
      for (const secret of Object.values(secrets)) expect(body, path).not.toContain(secret);
    }
  });

  it("should name the delivery area in the page's language: from the order's snapshot, or from the area data for an order placed before it", async () => {
    const me = await newCustomer("area");
    const variant = await productWithTwoVariants();
    const thaiNames = { shipSuburb: "ลุมพินี", shipCity: "ปทุมวัน", shipProvince: "กรุงเทพมหานคร", shipZipcode: "10330" };
    const before = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.bought,
      area: thaiNames,
    });
    const snapshot = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.bought,
      area: { ...thaiNames, shipSuburbEn: "Lumphini (as placed)", shipCityEn: "Pathum Wan", shipProvinceEn: "Bangkok" },
    });
    const page = async (path: string) => mainOf(await (await get(path, { cookie: me.cookie })).text());
    expect(await page(`/my-purchase/${before.orderNumber}`)).toContain("Lumpini Pathum Wan Bangkok 10330");
    expect(await page(`/my-purchase/${snapshot.orderNumber}`)).toContain("Lumphini (as placed) Pathum Wan Bangkok 10330");
    for (const order of [before, snapshot]) expect(await page(`/th/my-purchase/${order.orderNumber}`)).toContain("ลุมพินี ปทุมวัน กรุงเทพมหานคร 10330");
  });

  it("given the customer cancels an unpaid order, should cancel it, put the stock back and record who did it", async () => {
    const me = await newCustomer("cancel");
    const variant = await productWithTwoVariants([7, 10]);
    const order = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.bought,
      quantity: 2,
      email: "cancelling@example.test",
      locale: "th",
    });
    // Cancelling asks first (the confirm step a page without JavaScript gets): nothing changes yet.
    const asked = await postForm(`/th/my-purchase/${order.orderNumber}`, { intent: "cancel" }, { cookie: me.cookie });
    expect(asked.status).toBe(200);
    const step = mainOf(await asked.text());
    expect(step).toContain('data-testid="confirm-step"');
    expect(step).toContain('name="confirmed" value="1"');
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect(await stockOf(variant.bought)).toBe(7);

    const response = await postForm(`/th/my-purchase/${order.orderNumber}`, { intent: "cancel", confirmed: "1" }, { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/th/my-purchase/${order.orderNumber}`);
    expect(toastOf(response)).toBe("purchases:flash.orderCancelled");
    expect(await statusOf(order.id)).toBe(orderStatusId.cancelled);
    expect(await stockOf(variant.bought)).toBe(9);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toEqual([expect.objectContaining({ toStatusId: orderStatusId.cancelled, actorType: "customer", actorCustomerId: me.id })]);

    // The shopper gets the cancellation by e-mail, in the order's language.
    const [mail] = await mailsTo("cancelling@example.test");
    expect(mail).toMatchObject({ template: "order-status", locale: "th" });
    expect(JSON.parse(mail!.payloadJson)).toMatchObject({ orderNumber: order.orderNumber, status: "cancelled" });

    // Once cancelled, cancelling again is refused and restocks nothing.
    const again = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "cancel", confirmed: "1" }, { cookie: me.cookie });
    expect(again.status).toBe(409);
    expect(await stockOf(variant.bought)).toBe(9);
    expect(await mailsTo("cancelling@example.test")).toHaveLength(1);
  });

  it("given a paid order, should refuse to cancel it and offer a refund request instead", async () => {
    const me = await newCustomer("paid-cancel");
    const variant = await productWithTwoVariants([7, 10]);
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    const page = mainOf(await (await get(`/my-purchase/${order.orderNumber}`, { cookie: me.cookie })).text());
    expect(page).not.toContain('value="cancel"');
    expect(page).toContain('value="request-refund"');
    for (const body of [{ intent: "cancel" }, { intent: "cancel", confirmed: "1" }] as Record<string, string>[]) {
      expect((await postForm(`/my-purchase/${order.orderNumber}`, body, { cookie: me.cookie })).status).toBe(409);
    }
    expect(await statusOf(order.id)).toBe(orderStatusId.paid);
    expect(await stockOf(variant.bought)).toBe(7);
  });

  it("given the customer confirms receipt, should complete the order and award its points", async () => {
    const me = await newCustomer("confirm");
    const before = (await customerRow(me.id))!.pointsBalance;
    const variant = await productWithTwoVariants();
    const order = await placeOrder({
      customerId: me.id,
      statusId: orderStatusId.fulfilment_done,
      productId: variant.productId,
      variantId: variant.bought,
      totalSatang: 55_000,
      shippingSatang: 5_000,
    });
    const response = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "confirm-receipt" }, { cookie: me.cookie });
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("purchases:flash.receiptConfirmed");
    expect(await statusOf(order.id)).toBe(orderStatusId.completed);
    expect((await customerRow(me.id))!.pointsBalance).toBe(before + 5);
    expect(await db().select({ delta: pointsLedger.delta, reason: pointsLedger.reason }).from(pointsLedger).where(eq(pointsLedger.orderId, order.id))).toEqual([
      { delta: 5, reason: "order_earned" },
    ]);
    const html = mainOf(await (await get(`/my-purchase/${order.orderNumber}`, { cookie: me.cookie })).text());
    expect(html).toContain("This order earned 5 points.");
    expect(html).toContain('data-testid="request-exchange"');
  });

  it("given a refund request on a paid order, should move it to refund requested", async () => {
    const me = await newCustomer("refund");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    const asked = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "request-refund" }, { cookie: me.cookie });
    expect(mainOf(await asked.text())).toContain('data-testid="confirm-step"');
    expect(await statusOf(order.id)).toBe(orderStatusId.paid);
    const response = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "request-refund", confirmed: "1" }, { cookie: me.cookie });
    expect(toastOf(response)).toBe("purchases:flash.refundRequested");
    expect(await statusOf(order.id)).toBe(orderStatusId.refund_request);
  });

  it("given an action the table does not allow the customer, should refuse with a message and change nothing", async () => {
    const me = await newCustomer("refuse");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.slip_review, productId: variant.productId, variantId: variant.bought });
    const response = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "confirm-receipt" }, { cookie: me.cookie });
    expect(response.status).toBe(409);
    expect(await response.text()).toContain("can no longer be changed");
    const thai = await postForm(`/th/my-purchase/${order.orderNumber}`, { intent: "confirm-receipt" }, { cookie: me.cookie });
    expect(thai.status).toBe(409);
    expect(await thai.text()).toContain("ไม่สามารถเปลี่ยนแปลงคำสั่งซื้อนี้ด้วยวิธีนี้ได้แล้ว");
    const unknown = await postForm(`/my-purchase/${order.orderNumber}`, { intent: "ship-it" }, { cookie: me.cookie });
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain("That request was not understood");
    expect(await statusOf(order.id)).toBe(orderStatusId.slip_review);
  });

  it("given fuzzed form input, should never answer 5xx and never change the order", async () => {
    const me = await newCustomer("fuzz-order");
    const variant = await productWithTwoVariants();
    const order = await placeOrder({ customerId: me.id, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    await fuzzForm({
      path: `/my-purchase/${order.orderNumber}`,
      fields: ["intent"],
      headers: { cookie: me.cookie },
      runs: 25,
      after: async () => expect(await statusOf(order.id)).toBe(orderStatusId.paid),
    });
  });
});
