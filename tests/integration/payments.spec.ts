import { env } from "cloudflare:workers";
import { and, eq, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { config, configKeys } from "~/db/schema/config";
import { emailOutbox } from "~/db/schema/messaging";
import { orderLines, orders, orderStatusHistory, payments, paymentTypeIds } from "~/db/schema/orders";
import { demoCustomer, demoCustomerPassword } from "~/db/seed/accounts";
import type { RateTable } from "~/domain/currency";
import { formatSatang } from "~/domain/money";
import { orderStatusId } from "~/domain/order-status";
import { findOrderByNumber } from "~/features/payments/order-payment.server";
import { completePayPalReturn, startPayPalPayment } from "~/features/payments/paypal-payments.server";
import { createSession } from "~/features/sessions/sessions.server";
import { intlLocale } from "~/i18n/config";

import { fromAddress, sessionCookieOf } from "./accounts-helpers";
import { backendTestCookies } from "./backend-sessions";
import { cookieHeader, db, demoCustomerId } from "./cart-helpers";
import { fuzzForm } from "./fuzz";
import { toastOf } from "./profile-helpers";
import { get, origin, postForm, shop } from "./worker";

/**
 * The order payment page and PayPal against the local fake (tests/fixtures/fake-paypal.ts), which
 * follows the Orders v2, OAuth and webhook-verification contracts. Orders are inserted directly, as
 * the checkout form would leave them: waiting for payment, a pending payments row, the guest's
 * session or the customer on the order.
 */
const fake = () => env.FAKE_PAYPAL_URL;

async function placeOrder(
  options: {
    sessionId?: string | null;
    customerId?: number | null;
    method?: "paypal" | "transfer";
    totalSatang?: number;
    locale?: "en" | "th";
    statusId?: number;
  } = {},
) {
  const now = Date.now();
  const orderNumber = `PP${crypto.randomUUID().replace(/-/g, "").slice(0, 14).toUpperCase()}`;
  const total = options.totalSatang ?? 125_050;
  const method = options.method ?? "paypal";
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber,
      email: `buyer-${orderNumber.toLowerCase()}@example.com`,
      sessionId: options.sessionId ?? null,
      customerId: options.customerId ?? null,
      statusId: options.statusId ?? orderStatusId.waiting_payment,
      paymentTypeId: method === "paypal" ? paymentTypeIds.paypal : paymentTypeIds.transfer,
      subtotalSatang: total - 5000,
      shippingSatang: 5000,
      vatSatang: Math.round((total * 7) / 107),
      vatPercent: 7,
      totalSatang: total,
      shipFirstName: "Mali",
      shipLastName: "Srisuk",
      shipPhone: "0812345678",
      shipAddress: "99/1 ถนนพระราม 4",
      shipSuburb: "ลุมพินี",
      shipCity: "ปทุมวัน",
      shipProvince: "กรุงเทพมหานคร",
      shipZipcode: "10330",
      shipCountry: "TH",
      locale: options.locale ?? "en",
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderLines)
    .values({
      orderId: order!.id,
      productNameEn: "Team Jersey",
      productNameTh: "เสื้อทีม",
      variantLabelEn: "M / Black",
      variantLabelTh: "M / ดำ",
      unitPriceSatang: total - 5000,
      quantity: 1,
      lineTotalSatang: total - 5000,
    });
  await db().insert(payments).values({ orderId: order!.id, provider: method, amountSatang: total, status: "pending", createdAt: now, updatedAt: now });
  return { id: order!.id, orderNumber, total };
}

async function guestOrder(options: Parameters<typeof placeOrder>[0] = {}) {
  const sessionId = await createSession(env.DB, null);
  const order = await placeOrder({ ...options, sessionId });
  return { ...order, headers: cookieHeader(sessionId) };
}

const statusOf = async (orderId: number) => (await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)))[0]!.statusId;
const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));
const mailsOf = (orderNumber: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.payloadJson, `%${orderNumber}%`));
const paidChangesOf = (orderId: number) =>
  db()
    .select()
    .from(orderStatusHistory)
    .where(and(eq(orderStatusHistory.orderId, orderId), eq(orderStatusHistory.toStatusId, orderStatusId.paid)));

/** Pay with PayPal on the page → the fake's approve link. */
async function startPayPal(order: { orderNumber: string; headers: Record<string, string> }, prefix = "") {
  const response = await postForm(`${prefix}/cart/checkout/${order.orderNumber}`, { intent: "pay-paypal" }, order.headers);
  expect(response.status).toBe(302);
  const approve = new URL(response.headers.get("location")!);
  expect(`${approve.origin}${approve.pathname}`).toBe(`${fake()}/checkoutnow`);
  return approve.searchParams.get("token")!;
}

/** The payer's browser at the fake: approve (or decline, or cancel) → where PayPal sends them back. */
async function payerChooses(paypalOrderId: string, choice: "approve" | "decline" | "cancel"): Promise<string> {
  const path =
    choice === "cancel"
      ? `/checkoutnow/cancel?token=${paypalOrderId}`
      : `/checkoutnow/approve?token=${paypalOrderId}${choice === "decline" ? "&decline=1" : ""}`;
  const response = await fetch(`${fake()}${path}`, { redirect: "manual" });
  expect(response.status).toBe(302);
  return response.headers.get("location")!;
}

/** The shopper's browser follows PayPal's redirect back to the shop. */
async function returnToShop(location: string) {
  const url = new URL(location);
  expect(url.origin).toBe(origin);
  const response = await get(`${url.pathname}${url.search}`);
  expect(response.status).toBe(303);
  return response.headers.get("location")!;
}

async function webhookDelivery(eventType: string, paypalOrderId: string) {
  const response = await fetch(`${fake()}/fake/webhooks/event`, { method: "POST", body: JSON.stringify({ event_type: eventType, order_id: paypalOrderId }) });
  return (await response.json()) as { headers: Record<string, string>; body: string };
}

function deliver(delivery: { headers: Record<string, string>; body: string }) {
  return shop.fetch(new Request(`${origin}/api/webhooks/paypal`, { method: "POST", headers: delivery.headers, body: delivery.body }));
}

async function expectPaidOnce(order: { id: number; orderNumber: string; total: number }) {
  expect(await statusOf(order.id)).toBe(orderStatusId.paid);
  const rows = await paymentsOf(order.id);
  expect(rows).toHaveLength(1);
  expect(rows[0]).toMatchObject({ provider: "paypal", status: "captured", amountSatang: order.total });
  expect(rows[0]!.providerRef).toMatch(/^[A-Z0-9]{17}$/);
  expect(JSON.parse(rows[0]!.rawJson!)).toMatchObject({ id: rows[0]!.providerRef, status: "COMPLETED" });
  expect(await paidChangesOf(order.id)).toEqual([expect.objectContaining({ fromStatusId: orderStatusId.waiting_payment, actorType: "payment-provider" })]);
  const mails = await mailsOf(order.orderNumber);
  expect(mails.filter((mail) => mail.template === "payment-received")).toHaveLength(1);
}

describe("the order payment page", () => {
  it("given the guest whose session placed the order, should show the order with its transfer QR and bank accounts", async () => {
    const order = await guestOrder({ method: "transfer" });
    const response = await get(`/cart/checkout/${order.orderNumber}`, order.headers);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("no-store");
    const html = await response.text();
    expect(html).toContain(order.orderNumber);
    expect(html).toContain('data-testid="promptpay-qr"');
    expect(html).toContain("<svg");
    expect(html).toContain("123-4-56789-0");
    expect(html).toContain('data-testid="slip-form"');
    expect(html).toContain("Waiting for payment");
  });

  it("given a guest who signs in after ordering, should keep the order page (the order becomes the account's)", async () => {
    const order = await guestOrder({ method: "transfer" });
    const signIn = await postForm("/login", { email: demoCustomer.email, password: demoCustomerPassword }, { ...order.headers, ...fromAddress("10.45.0.1") });
    expect(signIn.status).toBe(302);
    const signedIn = { cookie: sessionCookieOf(signIn)! };
    expect((await get(`/cart/checkout/${order.orderNumber}`, signedIn)).status).toBe(200);
    const [owned] = await db().select({ customerId: orders.customerId, sessionId: orders.sessionId }).from(orders).where(eq(orders.id, order.id));
    expect(owned).toEqual({ customerId: await demoCustomerId(), sessionId: null });
  });

  it("given the customer of the order (another session), should show it; in Thai at /th", async () => {
    const customerId = await demoCustomerId();
    const order = await placeOrder({ customerId, method: "paypal", locale: "th" });
    const headers = cookieHeader(await createSession(env.DB, { customerId }));
    const response = await get(`/th/cart/checkout/${order.orderNumber}`, headers);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("ชำระด้วย PayPal");
    expect(html).toContain('data-testid="pay-paypal"');
  });

  it.each([
    ["another guest session", async () => cookieHeader(await createSession(env.DB, null))],
    ["no session at all", async () => ({})],
  ])("given %s, should send them to sign in and back (an e-mailed link opened signed out), for the page and its actions", async (_, headersOf) => {
    const order = await guestOrder({ method: "transfer" });
    const headers = await headersOf();
    const path = `/cart/checkout/${order.orderNumber}`;
    const signIn = `/login?redirectTo=${encodeURIComponent(path)}`;
    for (const response of [
      await get(path, headers),
      await postForm(path, { intent: "pay-paypal" }, headers),
      await postForm(path, { intent: "switch-method", method: "paypal" }, headers),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe(signIn);
    }
    expect((await get(`/th${path}`, headers)).headers.get("location")).toBe(`/th/login?redirectTo=${encodeURIComponent(`/th${path}`)}`);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ provider: "transfer", status: "pending" });
  });

  it("given another customer, should answer 404 (not 403) for the page and its actions", async () => {
    const order = await guestOrder({ method: "transfer" });
    const headers = cookieHeader(await createSession(env.DB, { customerId: await demoCustomerId() }));
    expect((await get(`/cart/checkout/${order.orderNumber}`, headers)).status).toBe(404);
    expect((await postForm(`/cart/checkout/${order.orderNumber}`, { intent: "pay-paypal" }, headers)).status).toBe(404);
    expect((await postForm(`/cart/checkout/${order.orderNumber}`, { intent: "switch-method", method: "paypal" }, headers)).status).toBe(404);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ provider: "transfer", status: "pending" });
  });

  it("given a customer's order opened signed out, should send them to sign in and then open it", async () => {
    const customerId = await demoCustomerId();
    const order = await placeOrder({ customerId, method: "transfer" });
    const path = `/cart/checkout/${order.orderNumber}`;
    const first = await get(path);
    expect(first.status).toBe(302);
    expect(first.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    const signIn = await postForm(
      `/login?redirectTo=${encodeURIComponent(path)}`,
      { email: demoCustomer.email, password: demoCustomerPassword },
      fromAddress("10.45.0.2"),
    );
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe(path);
    expect((await get(path, { cookie: sessionCookieOf(signIn)! })).status).toBe(200);
  });

  it("given an order number that does not exist, should answer as for one that does: sign-in for a guest, 404 for a customer", async () => {
    const guest = cookieHeader(await createSession(env.DB, null));
    expect((await get("/cart/checkout/NOSUCHORDER123", guest)).headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent("/cart/checkout/NOSUCHORDER123")}`,
    );
    const customer = cookieHeader(await createSession(env.DB, { customerId: await demoCustomerId() }));
    expect((await get("/cart/checkout/NOSUCHORDER123", customer)).status).toBe(404);
    expect((await get("/cart/checkout/%3Cscript%3E", customer)).status).toBe(404);
  });

  it("given staff, should send them home (the frontend guard)", async () => {
    const order = await guestOrder({ method: "transfer" });
    const cookies = await backendTestCookies();
    const response = await get(`/th/cart/checkout/${order.orderNumber}`, cookies["staff-1"]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th");
  });

  it("given a switch of method, should move the order and its pending payment to the other method", async () => {
    const order = await guestOrder({ method: "transfer" });
    const response = await postForm(`/cart/checkout/${order.orderNumber}`, { intent: "switch-method", method: "paypal" }, order.headers);
    // Back to the order's page, which says so in a toast.
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/cart/checkout/${order.orderNumber}`);
    expect((await db().select({ type: orders.paymentTypeId }).from(orders).where(eq(orders.id, order.id)))[0]!.type).toBe(paymentTypeIds.paypal);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ provider: "paypal", status: "pending" });
    expect(toastOf(response)).toBe("payments:message.methodChanged");
    expect(await (await get(`/cart/checkout/${order.orderNumber}`, order.headers)).text()).toContain('data-testid="pay-paypal"');
  });
});

describe("the order's summary", () => {
  it("given a discount spread over the lines, should show each line as unit × quantity so the lines add up to the subtotal", async () => {
    const order = await guestOrder({ method: "transfer", totalSatang: 45_000 });
    // 2 × ฿200 = ฿400 subtotal, ฿50 code: the stored line total is after its share (฿350).
    await db().update(orders).set({ subtotalSatang: 40_000, discountSatang: 5_000, shippingSatang: 5_000 }).where(eq(orders.id, order.id));
    await db()
      .update(orderLines)
      .set({ unitPriceSatang: 20_000, quantity: 2, discountSatang: 5_000, lineTotalSatang: 35_000 })
      .where(eq(orderLines.orderId, order.id));
    const page = await (await get(`/cart/checkout/${order.orderNumber}`, order.headers)).text();
    const line = page.match(/data-testid="order-line">([\s\S]*?)<\/tr>/)?.[1] ?? "";
    expect(line).toContain("฿400.00");
    expect(line).not.toContain("฿350.00");
  });
});

describe("paying with PayPal", () => {
  it("given create → approve → return, should capture, mark the order paid once and queue one e-mail", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    expect((await paymentsOf(order.id))[0]!.rawJson).toContain(paypalOrderId);
    const back = await returnToShop(await payerChooses(paypalOrderId, "approve"));
    expect(back).toBe(`/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
    const mail = (await mailsOf(order.orderNumber))[0]!;
    expect(mail).toMatchObject({ toAddress: `buyer-${order.orderNumber.toLowerCase()}@example.com`, locale: "en" });
    expect(mail.subject).toContain(order.orderNumber);

    const page = await (await get(back, order.headers)).text();
    expect(page).toContain('data-testid="thank-you"');
    expect(page).not.toContain('data-testid="pay-section"');
    // It repeats where the order goes (the area in the page's language) and how it was paid.
    const delivery = page.match(/data-testid="thanks-delivery">([\s\S]*?)<\/div>/)?.[1] ?? "";
    expect(delivery).toContain("Mali Srisuk");
    expect(delivery).toContain("Lumpini Pathum Wan");
    expect(delivery).toContain("Bangkok 10330");
    expect(delivery).toContain("Thailand");
    expect(page).toMatch(/data-testid="thanks-method" data-method="paypal"/);
    const thaiPage = await (await get(`/th${back}`, order.headers)).text();
    expect(thaiPage.match(/data-testid="thanks-delivery">([\s\S]*?)<\/div>/)?.[1] ?? "").toContain("ลุมพินี ปทุมวัน");

    // The thank-you view's "track" link opens /tracking with the order found (the form's `number`).
    const trackLink = page.match(/<a [^>]*data-testid="thanks-track"[^>]*>/)?.[0] ?? "";
    const trackHref = trackLink.match(/href="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    expect(trackHref).toBe(`/tracking?number=${order.orderNumber}`);
    const tracking = await get(trackHref!);
    expect(tracking.status).toBe(200);
    expect(await tracking.text()).toMatch(/data-testid="tracking-status" data-status="paid"/);
  });

  it("given a Thai order, should return to the Thai page and e-mail in Thai", async () => {
    const order = await guestOrder({ locale: "th" });
    const paypalOrderId = await startPayPal(order, "/th");
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    expect(new URL(returnUrl).pathname).toBe("/th/paypal-callback");
    expect(await returnToShop(returnUrl)).toBe(`/th/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
    expect((await mailsOf(order.orderNumber))[0]).toMatchObject({ locale: "th", template: "payment-received" });
  });

  it("given the payer cancels, should return with a message, leave the order waiting, and let them pay again (same PayPal order)", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const back = await returnToShop(await payerChooses(paypalOrderId, "cancel"));
    expect(back).toBe(`/cart/checkout/${order.orderNumber}?payment=cancelled`);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id))[0]).toMatchObject({ status: "pending" });
    expect(await mailsOf(order.orderNumber)).toEqual([]);
    const page = await (await get(back, order.headers)).text();
    expect(page).toContain("You cancelled the PayPal payment");

    // Retrying: the same PayPal-Request-Id gives back the same PayPal order.
    expect(await startPayPal(order)).toBe(paypalOrderId);
    await returnToShop(await payerChooses(paypalOrderId, "approve"));
    await expectPaidOnce(order);
  });

  it("given a return with a token that was never approved, should treat it as cancelled", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const back = await returnToShop(`${origin}/paypal-callback?order=${order.orderNumber}&token=${paypalOrderId}&PayerID=FAKE`);
    expect(back).toBe(`/cart/checkout/${order.orderNumber}?payment=cancelled`);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
  });

  it("given the capture is declined (INSTRUMENT_DECLINED), should return with a message, stay waiting, and succeed on retry", async () => {
    const order = await guestOrder({ locale: "th" });
    const paypalOrderId = await startPayPal(order, "/th");
    const back = await returnToShop(await payerChooses(paypalOrderId, "decline"));
    expect(back).toBe(`/th/cart/checkout/${order.orderNumber}?payment=declined`);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(["pending"]);
    expect(await mailsOf(order.orderNumber)).toEqual([]);
    expect(await (await get(back, order.headers)).text()).toContain("PayPal ไม่สามารถรับชำระได้");

    expect(await startPayPal(order, "/th")).toBe(paypalOrderId);
    expect(await returnToShop(await payerChooses(paypalOrderId, "approve"))).toBe(`/th/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
  });

  it("given the order was already captured elsewhere (422 ORDER_ALREADY_CAPTURED), should read the order back and record that capture once", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    const captured = (await (await fetch(`${fake()}/fake/orders/${paypalOrderId}/capture`, { method: "POST" })).json()) as { id: string };
    expect(await returnToShop(returnUrl)).toBe(`/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
    expect((await paymentsOf(order.id))[0]!.providerRef).toBe(captured.id);
    // The shopper reloads the return URL: still paid once.
    await returnToShop(returnUrl);
    await expectPaidOnce(order);
  });

  it("given the order's total changed after the PayPal order was made, should record the capture with its real amount and not mark the order paid", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    await db()
      .update(orders)
      .set({ totalSatang: order.total + 100 })
      .where(eq(orders.id, order.id));
    expect(await returnToShop(returnUrl)).toBe(`/cart/checkout/${order.orderNumber}?payment=mismatch`);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    const rows = await paymentsOf(order.id);
    expect(rows.map((row) => [row.status, row.amountSatang, row.problem])).toEqual([
      ["pending", order.total, null],
      ["captured", order.total, "amount-mismatch"],
    ]);
    expect(await mailsOf(order.orderNumber)).toEqual([]);
  });

  it("given PayPal captures another amount, should record it, flag the order for staff on the dashboard and the order page, and refund it once", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    const capturedSatang = order.total - 25_000;
    await fetch(`${fake()}/fake/orders/${paypalOrderId}/capture-amount`, {
      method: "POST",
      body: JSON.stringify({ value: (capturedSatang / 100).toFixed(2) }),
    });
    expect(await returnToShop(returnUrl)).toBe(`/cart/checkout/${order.orderNumber}?payment=mismatch`);

    // The money is written down with its real amount; the order is not paid.
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect(await paidChangesOf(order.id)).toEqual([]);
    const captured = (await paymentsOf(order.id)).filter((row) => row.status === "captured");
    expect(captured).toEqual([expect.objectContaining({ provider: "paypal", amountSatang: capturedSatang, problem: "amount-mismatch" })]);
    const captureId = captured[0]!.providerRef!;
    expect(captureId).toMatch(/^[A-Z0-9]{17}$/);
    expect((await mailsOf(order.orderNumber)).filter((mail) => mail.template === "payment-received")).toEqual([]);

    // The webhook about the same capture goes through the same function: still one row.
    expect((await deliver(await webhookDelivery("PAYMENT.CAPTURE.COMPLETED", paypalOrderId))).status).toBe(200);
    expect((await paymentsOf(order.id)).filter((row) => row.status === "captured")).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);

    // Staff see it on the dashboard and the order page.
    const admin = (await backendTestCookies())["staff-1"];
    // The back office's money format (orders-admin-ui's baht).
    const baht = (satang: number) => formatSatang(satang, "THB", {} as RateTable, intlLocale("en"));
    const warning = `Payment does not match the order: captured ${baht(capturedSatang)} of ${baht(order.total)}.`;
    const dashboard = await (await get("/backend/dashboard", admin)).text();
    expect(dashboard).toContain('data-testid="dashboard-payment-problems"');
    expect(dashboard).toContain(warning);
    expect(dashboard).toContain(`/backend/orders/fulfillment/${order.id}`);
    const page = await get(`/backend/orders/fulfillment/${order.id}`, admin);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-problem="amount-mismatch"');
    expect(html).toContain(warning);
    expect(html).toContain('data-testid="refund-payment"');

    // Without confirming, nothing is refunded: the page asks first (issue 14), naming the amount.
    const asked = await postForm(`/backend/orders/fulfillment/${order.id}`, { intent: "refund-payment", paymentId: String(captured[0]!.id) }, admin);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('data-testid="confirm-step"');
    expect(((await (await fetch(`${fake()}/fake/captures/${captureId}/refunds`)).json()) as { refunds: unknown[] }).refunds).toHaveLength(0);

    // Refund: PayPal gets the documented refund call once, the row becomes refunded, the warning goes.
    const refund = await postForm(
      `/backend/orders/fulfillment/${order.id}`,
      { intent: "refund-payment", paymentId: String(captured[0]!.id), confirmed: "1" },
      admin,
    );
    expect(refund.status).toBe(302);
    expect(refund.headers.get("location")).toBe(`/backend/orders/fulfillment/${order.id}`);
    expect(refund.headers.getSetCookie().some((cookie) => cookie.startsWith("pryde_toast=") && cookie.includes("ordersAdmin%3ApaymentProblems.refunded"))).toBe(
      true,
    );
    const refunds = (await (await fetch(`${fake()}/fake/captures/${captureId}/refunds`)).json()) as {
      refunds: { status: string; amount: { value: string } }[];
    };
    expect(refunds.refunds).toEqual([
      expect.objectContaining({ status: "COMPLETED", amount: { currency_code: "THB", value: (capturedSatang / 100).toFixed(2) } }),
    ]);
    expect((await paymentsOf(order.id)).find((row) => row.providerRef === captureId)).toMatchObject({ status: "refunded", amountSatang: capturedSatang });
    expect(await (await get(`/backend/orders/fulfillment/${order.id}`, admin)).text()).not.toContain('data-testid="payment-problem"');
    expect(await (await get("/backend/dashboard", admin)).text()).not.toContain(order.orderNumber);
    // A second press refunds nothing more.
    expect(
      (await postForm(`/backend/orders/fulfillment/${order.id}`, { intent: "refund-payment", paymentId: String(captured[0]!.id), confirmed: "1" }, admin))
        .status,
    ).toBe(404);
    expect(((await (await fetch(`${fake()}/fake/captures/${captureId}/refunds`)).json()) as { refunds: unknown[] }).refunds).toHaveLength(1);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
  });

  it("given a refund of a payment of another order or a made-up id, should answer 404 and refund nothing", async () => {
    const admin = (await backendTestCookies())["staff-1"];
    const order = await guestOrder();
    for (const paymentId of ["999999999", "abc", ""]) {
      const response = await postForm(`/backend/orders/fulfillment/${order.id}`, { intent: "refund-payment", paymentId, confirmed: "1" }, admin);
      expect(response.status).toBe(404);
    }
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(["pending"]);
  });

  it("given PayPal is not configured, should say it is unavailable instead of failing", async () => {
    const order = await guestOrder();
    const found = (await findOrderByNumber(env.DB, order.orderNumber))!;
    const unconfigured = { ...env, PAYPAL_CLIENT_ID: "", PAYPAL_CLIENT_SECRET: "" };
    expect(await startPayPalPayment(unconfigured, found, { origin, locale: "en", brandName: "Pryde" })).toEqual({ ok: false, reason: "unavailable" });
    expect(await completePayPalReturn(unconfigured, new URL(`${origin}/paypal-callback?order=${order.orderNumber}&token=ABCDEFGHIJ1234567`))).toBe(
      `/cart/checkout/${order.orderNumber}?payment=unavailable`,
    );
  });
});

describe("the PayPal webhook", () => {
  it("given PAYMENT.CAPTURE.COMPLETED before the shopper's redirect, should mark paid once; the redirect then finds it paid", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    await fetch(`${fake()}/fake/orders/${paypalOrderId}/capture`, { method: "POST" });
    const response = await deliver(await webhookDelivery("PAYMENT.CAPTURE.COMPLETED", paypalOrderId));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ result: "paid" });
    await expectPaidOnce(order);
    expect(await returnToShop(returnUrl)).toBe(`/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
  });

  it("given CHECKOUT.ORDER.APPROVED (the shopper closed the tab), should capture and mark paid; a late redirect changes nothing", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const returnUrl = await payerChooses(paypalOrderId, "approve");
    const response = await deliver(await webhookDelivery("CHECKOUT.ORDER.APPROVED", paypalOrderId));
    expect(response.status).toBe(200);
    await expectPaidOnce(order);
    expect(await returnToShop(returnUrl)).toBe(`/cart/checkout/${order.orderNumber}`);
    await expectPaidOnce(order);
  });

  it("given the same delivery replayed ten times at once, should make one paid change, one payment row and one e-mail", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    await payerChooses(paypalOrderId, "approve");
    await fetch(`${fake()}/fake/orders/${paypalOrderId}/capture`, { method: "POST" });
    const delivery = await webhookDelivery("PAYMENT.CAPTURE.COMPLETED", paypalOrderId);
    const responses = await Promise.all(Array.from({ length: 10 }, () => deliver(delivery)));
    expect(responses.map((response) => response.status)).toEqual(Array(10).fill(200));
    await expectPaidOnce(order);
  });

  it.each([
    [
      "a tampered body (amount changed after signing)",
      (delivery: { headers: Record<string, string>; body: string }) => ({ ...delivery, body: delivery.body.replace(/"value":"[0-9.]+"/, '"value":"1.00"') }),
    ],
    [
      "a forged signature",
      (delivery: { headers: Record<string, string>; body: string }) => ({
        ...delivery,
        headers: { ...delivery.headers, "paypal-transmission-sig": "Zm9yZ2Vk" },
      }),
    ],
    [
      "no signature headers",
      (delivery: { headers: Record<string, string>; body: string }) => ({ body: delivery.body, headers: { "content-type": "application/json" } }),
    ],
    ["a body that is not JSON", (delivery: { headers: Record<string, string>; body: string }) => ({ ...delivery, body: "not json" })],
  ])("given %s, should answer 400 and change nothing", async (_, spoil) => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    await payerChooses(paypalOrderId, "approve");
    await fetch(`${fake()}/fake/orders/${paypalOrderId}/capture`, { method: "POST" });
    const response = await deliver(spoil(await webhookDelivery("PAYMENT.CAPTURE.COMPLETED", paypalOrderId)));
    expect(response.status).toBe(400);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id)).map((row) => row.status)).toEqual(["pending"]);
    expect(await paidChangesOf(order.id)).toEqual([]);
    expect(await mailsOf(order.orderNumber)).toEqual([]);
  });

  it("given an event the shop does not handle, should acknowledge it and change nothing", async () => {
    const order = await guestOrder();
    const paypalOrderId = await startPayPal(order);
    const response = await deliver(await webhookDelivery("CHECKOUT.ORDER.VOIDED", paypalOrderId));
    expect(response.status).toBe(200);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
  });
});

// ----- bank transfer slip -------------------------------------------------------------------------

const png = () => {
  const bytes = new Uint8Array(64);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 10, 0, 0, 0, 10, 8, 2, 0, 0, 0]);
  return bytes;
};

function uploadSlip(orderNumber: string, headers: Record<string, string>, file: File | null, prefix = "") {
  const form = new FormData();
  form.set("intent", "upload-slip");
  if (file) form.set("slip", file);
  return shop.fetch(
    new Request(`${origin}${prefix}/cart/checkout/${orderNumber}`, { method: "POST", body: form, headers: { origin, ...headers }, redirect: "manual" }),
  );
}

describe("bank transfer slips", () => {
  it("given an image, should store it privately, move the order to slip review and mail the shopper and the shop", async () => {
    const order = await guestOrder({ method: "transfer", locale: "th" });
    const response = await uploadSlip(order.orderNumber, order.headers, new File([png()], "slip.png", { type: "image/png" }), "/th");
    expect([302, 303]).toContain(response.status);
    expect(response.headers.get("location")).toBe(`/th/cart/checkout/${order.orderNumber}`);
    expect(toastOf(response)).toBe("payments:message.slipSent");
    expect(await statusOf(order.id)).toBe(orderStatusId.slip_review);
    const rows = await paymentsOf(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "transfer", status: "slip_submitted", amountSatang: order.total });
    expect(rows[0]!.slipKey).toMatch(new RegExp(`^private/payment-slips/${order.orderNumber}/[0-9a-f-]{36}\\.png$`));
    expect(await env.MEDIA.head(rows[0]!.slipKey!)).not.toBeNull();
    // Never served publicly.
    expect((await get(`/media/${rows[0]!.slipKey}`)).status).toBe(404);
    const history = await db().select().from(orderStatusHistory).where(eq(orderStatusHistory.orderId, order.id));
    expect(history).toEqual([
      expect.objectContaining({ fromStatusId: orderStatusId.waiting_payment, toStatusId: orderStatusId.slip_review, actorType: "customer" }),
    ]);
    const shopEmail = (await db().select({ value: config.value }).from(config).where(eq(config.key, configKeys.email)))[0]!.value;
    const mails = await mailsOf(order.orderNumber);
    expect(mails.map((mail) => [mail.template, mail.toAddress, mail.locale]).sort()).toEqual(
      [
        ["slip-received", `buyer-${order.orderNumber.toLowerCase()}@example.com`, "th"],
        ["slip-to-review", shopEmail, "th"],
      ].sort(),
    );
    const page = await (await get(`/th/cart/checkout/${order.orderNumber}`, order.headers)).text();
    expect(page).toContain('data-testid="slip-review"');
    expect(page).not.toContain('data-testid="slip-form"');
    // A second upload has nothing to do.
    expect((await uploadSlip(order.orderNumber, order.headers, new File([png()], "again.png"))).status).toBe(409);
  });

  it.each([
    ["a text file named .png", () => new File(["just some text, not a picture"], "slip.png", { type: "image/png" }), 400, "Images only"],
    [
      "an SVG",
      () => new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "slip.svg", { type: "image/svg+xml" }),
      400,
      "Images only",
    ],
    ["an empty file", () => new File([], "slip.png", { type: "image/png" }), 400, "Choose the image"],
    ["no file", () => null, 400, "Choose the image"],
    ["a picture over 5 MB", () => new File([png(), new Uint8Array(5 * 1024 * 1024)], "big.png", { type: "image/png" }), 413, "must not exceed"],
  ])("given %s, should refuse it with a message and write nothing", async (_, file, status, message) => {
    const order = await guestOrder({ method: "transfer" });
    const response = await uploadSlip(order.orderNumber, order.headers, file());
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await paymentsOf(order.id)).map((row) => [row.status, row.slipKey])).toEqual([["pending", null]]);
    expect(await mailsOf(order.orderNumber)).toEqual([]);
    expect((await env.MEDIA.list({ prefix: `private/payment-slips/${order.orderNumber}/` })).objects).toEqual([]);
  });

  it("given another session, should refuse (to sign in) and store nothing", async () => {
    const order = await guestOrder({ method: "transfer" });
    const other = cookieHeader(await createSession(env.DB, null));
    expect((await uploadSlip(order.orderNumber, other, new File([png()], "slip.png"))).status).toBe(302);
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
    expect((await env.MEDIA.list({ prefix: `private/payment-slips/${order.orderNumber}/` })).objects).toEqual([]);
  });

  it("given staff rejected the slip (order back to waiting, payment rejected), should show the rejection and offer the upload again", async () => {
    const order = await guestOrder({ method: "transfer" });
    await uploadSlip(order.orderNumber, order.headers, new File([png()], "slip.png"));
    // What the staff side does on reject: payment rejected, order slip_review → waiting_payment.
    await db().update(payments).set({ status: "rejected" }).where(eq(payments.orderId, order.id));
    await db().update(orders).set({ statusId: orderStatusId.waiting_payment }).where(eq(orders.id, order.id));
    const page = await (await get(`/cart/checkout/${order.orderNumber}`, order.headers)).text();
    expect(page).toContain('data-testid="slip-rejected"');
    expect(page).toContain('data-testid="slip-form"');
    const again = await uploadSlip(order.orderNumber, order.headers, new File([png()], "slip2.png"));
    expect([302, 303]).toContain(again.status);
    expect(await statusOf(order.id)).toBe(orderStatusId.slip_review);
    expect((await paymentsOf(order.id)).map((row) => row.status).sort()).toEqual(["rejected", "slip_submitted"]);
  });
});

describe("bad input on the payment page's actions", () => {
  it("given arbitrary typed values, should never answer 5xx and never write anything", async () => {
    const order = await guestOrder({ method: "transfer" });
    const before = JSON.stringify(await paymentsOf(order.id));
    await fuzzForm({
      path: `/cart/checkout/${order.orderNumber}`,
      fields: ["intent", "method", "slip"],
      headers: order.headers,
      runs: 30,
      after: async () => {
        expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
        expect(JSON.stringify(await paymentsOf(order.id))).toBe(before);
        expect(await mailsOf(order.orderNumber)).toEqual([]);
      },
    });
    await fuzzForm({
      path: `/cart/checkout/${order.orderNumber}`,
      fields: ["method"],
      fixed: { intent: "switch-method" },
      headers: order.headers,
      runs: 20,
      after: async (response) => {
        expect(response.status).toBe(400);
        expect(JSON.stringify(await paymentsOf(order.id))).toBe(before);
      },
    });
    await fuzzForm({ path: `/cart/checkout/${order.orderNumber}`, fields: ["slip"], fixed: { intent: "upload-slip" }, headers: order.headers, runs: 15 });
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
  });

  it("given arbitrary query values on the PayPal return, should never answer 5xx and never change an order", async () => {
    const order = await guestOrder();
    for (const query of [
      "",
      "token=",
      "token=%00%00",
      "token=<script>",
      `order=${order.orderNumber}&token=NOTAPAYPALID`,
      `order=../../x&token=ABCDEFGHIJKLMNOPQ`,
      "cancel=1",
      `order=${order.orderNumber}&token=ABCDEFGHIJKLMNOPQ`,
    ]) {
      const response = await get(`/paypal-callback?${query}`);
      expect(response.status, query).toBe(303);
    }
    expect(await statusOf(order.id)).toBe(orderStatusId.waiting_payment);
  });
});

describe("bank-transfer settings (/backend/setting)", () => {
  const settings = {
    intent: "save-settings",
    vat: "7",
    nameEn: "Pryde",
    nameTh: "ไพรด์",
    addressEn: "",
    addressTh: "",
    phone: "",
    email: "shop@pryde.test",
    facebook: "",
    instagram: "",
    line: "",
    rateUSD: "0.029",
    rateEUR: "0.027",
    rateGBP: "0.023",
    rateJPY: "4.4",
    rateCNY: "0.21",
    pointValueBaht: "1",
    pointsEarnBaht: "100",
    exchangeWindowDays: "14",
    unpaidOrderHours: "48",
  };
  const stored = async () => Object.fromEntries((await db().select({ key: config.key, value: config.value }).from(config)).map((row) => [row.key, row.value]));

  it("given a PromptPay id and two complete account rows, should save them and the payment page should show them", async () => {
    const admin = (await backendTestCookies())["staff-1"];
    const response = await postForm(
      "/backend/setting",
      {
        ...settings,
        promptPayId: "1234567890123",
        bank1: "Bangkok Bank",
        bankAccountName1: "Pryde Ltd",
        bankAccountNumber1: "111-2-33333-4",
        bank3: "Krungsri",
        bankAccountName3: "Pryde Ltd",
        bankAccountNumber3: "5556667778",
      },
      admin,
    );
    expect(response.status).toBe(302);
    const values = await stored();
    expect(values[configKeys.promptPayId]).toBe("1234567890123");
    expect(JSON.parse(values[configKeys.bankAccounts]!)).toEqual([
      { bank: "Bangkok Bank", accountName: "Pryde Ltd", accountNumber: "111-2-33333-4" },
      { bank: "Krungsri", accountName: "Pryde Ltd", accountNumber: "5556667778" },
    ]);
    const order = await guestOrder({ method: "transfer" });
    const page = await (await get(`/cart/checkout/${order.orderNumber}`, order.headers)).text();
    expect(page).toContain("1234567890123");
    expect(page).toContain("111-2-33333-4");
  });

  it.each([
    ["a PromptPay id that is not one", { promptPayId: "12345" }, "PromptPay id must be a Thai mobile number"],
    ["a half-filled account row", { bank2: "Bangkok Bank" }, "Fill in the bank, the account name and the account number"],
    [
      "an account number with letters",
      { bank1: "Bangkok Bank", bankAccountName1: "Pryde", bankAccountNumber1: "ABC-123" },
      "Account number may contain only digits",
    ],
  ])("given %s, should answer 400 with the field's message and save nothing", async (_, fields, message) => {
    const admin = (await backendTestCookies())["staff-1"];
    const before = await stored();
    const response = await postForm("/backend/setting", { ...settings, ...fields }, admin);
    expect(response.status).toBe(400);
    expect((await response.text()).replace(/<!-- -->/g, "")).toContain(message);
    expect(await stored()).toEqual(before);
  });
});
