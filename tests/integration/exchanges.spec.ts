import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import { staffUsers } from "~/db/schema/customers";
import { carriers, exchangeEvents, exchanges } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { approveExchange, markExchangeShipped, rejectExchange, restockReturnedItem } from "~/features/exchanges/exchanges.server";

import { mainOf } from "./accounts-helpers";
import { fuzzForm } from "./fuzz";
import { newCustomer, postMultipart, staffCookie, tinyPng, toastOf } from "./profile-helpers";
import { exchangesOfLine, mailsTo, movementsOfOrder, placeOrder, productWithTwoVariants, stockOf, variantOfAnotherProduct } from "./purchases-helpers";
import { get, postForm } from "./worker";

const db = () => database(env.DB);
const day = 24 * 60 * 60 * 1000;
let mailCounter = 0;

/** A customer with a completed order (completed `daysAgo` days ago) of 2 × the first variant; the second variant has `otherStock`. */
async function deliveredOrder(options: { daysAgo?: number; otherStock?: number; statusId?: number; locale?: "en" | "th" } = {}) {
  const customer = await newCustomer("exchange");
  const variant = await productWithTwoVariants([10, options.otherStock ?? 5]);
  mailCounter += 1;
  const email = `exchange-mail-${Date.now().toString(36)}-${mailCounter}@example.test`;
  const statusId = options.statusId ?? orderStatusId.completed;
  const order = await placeOrder({
    customerId: customer.id,
    statusId,
    productId: variant.productId,
    variantId: variant.bought,
    quantity: 2,
    email,
    locale: options.locale,
    history: [[statusId, Date.now() - (options.daysAgo ?? 1) * day]],
  });
  return { customer, variant, order, email };
}

function requestForm(fields: Record<string, string>, photo?: { bytes: Uint8Array; name?: string; type?: string }): FormData {
  const form = new FormData();
  form.set("intent", "request");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (photo) form.set("photo", new File([photo.bytes as Uint8Array<ArrayBuffer>], photo.name ?? "photo.png", { type: photo.type ?? "image/png" }));
  return form;
}

async function expectNothingWritten(setup: Awaited<ReturnType<typeof deliveredOrder>>, otherStock: number) {
  expect(await exchangesOfLine(setup.order.lineId)).toEqual([]);
  expect(await stockOf(setup.variant.other)).toBe(otherStock);
  expect(await movementsOfOrder(setup.order.id)).toEqual([]);
  expect(await mailsTo(setup.email)).toEqual([]);
}

describe("/exchange access", () => {
  it.each(["/exchange", "/th/exchange", "/exchange/1"])("given a guest on %s, should send them to sign in", async (path) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toContain("/login?redirectTo=");
  });

  it("given staff, should send them home", async () => {
    expect((await get("/exchange", { cookie: await staffCookie() })).headers.get("location")).toBe("/");
  });
});

describe("requesting an exchange", () => {
  it("should list the delivered order's line and open its form with the other variants", async () => {
    const setup = await deliveredOrder();
    const list = mainOf(await (await get("/exchange", { cookie: setup.customer.cookie })).text());
    expect(list).toContain(`href="/exchange?line=${setup.order.lineId}"`);
    const form = mainOf(await (await get(`/th/exchange?line=${setup.order.lineId}`, { cookie: setup.customer.cookie })).text());
    expect(form).toContain('data-testid="exchange-form"');
    expect(form).toContain(`value="${setup.variant.other}"`);
    expect(form).toContain("ไซซ์ไม่พอดี");
  });

  it("given good input, should reserve the wanted variant, record the request and e-mail the customer in the order's language", async () => {
    const setup = await deliveredOrder({ otherStock: 5, locale: "th" });
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "Too small" }),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(302);
    expect(toastOf(response)).toBe("exchanges:flash.requested");
    const [exchange] = await exchangesOfLine(setup.order.lineId);
    expect(response.headers.get("location")).toBe(`/exchange/${exchange!.id}`);
    expect(exchange).toMatchObject({
      status: "requested",
      quantity: 1,
      requestedVariantId: setup.variant.other,
      reservedVariantId: setup.variant.other,
      reservedQuantity: 1,
      reason: "wrong_size",
      note: "Too small",
      customerId: setup.customer.id,
    });
    expect(await stockOf(setup.variant.other)).toBe(4);
    expect(await movementsOfOrder(setup.order.id)).toEqual([
      expect.objectContaining({ variantId: setup.variant.other, delta: -1, stockAfter: 4, reason: "exchange" }),
    ]);
    const [mail] = await mailsTo(setup.email);
    expect(mail).toMatchObject({ template: "exchange-requested", locale: "th" });
    expect(mail!.subject).toContain(`#${exchange!.id}`);
    expect(JSON.parse(mail!.payloadJson)).toMatchObject({
      exchangeId: exchange!.id,
      orderNumber: setup.order.orderNumber,
      link: expect.stringContaining(`/th/exchange/${exchange!.id}`),
    });

    const page = mainOf(await (await get(`/exchange/${exchange!.id}`, { cookie: setup.customer.cookie })).text());
    expect(page).toContain("Requested");
    expect(page).toContain("You asked for the exchange");
    expect(page).toContain("Too small");

    // The line had 2; one is requested, so 2 more is too many — and nothing more is reserved.
    const tooMany = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "2", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
      { cookie: setup.customer.cookie },
    );
    expect(tooMany.status).toBe(400);
    expect(await tooMany.text()).toContain("at most 1 of this item");
    expect(await stockOf(setup.variant.other)).toBe(4);
  });

  it("given a defect with a real photo and the same variant, should reserve the bought variant and keep the photo", async () => {
    const setup = await deliveredOrder();
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm(
        { line: String(setup.order.lineId), quantity: "2", wanted: "same", reason: "defective", note: "" },
        { bytes: tinyPng, name: "anything.txt", type: "text/plain" },
      ),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(302);
    const [exchange] = await exchangesOfLine(setup.order.lineId);
    expect(exchange).toMatchObject({ requestedVariantId: null, reservedVariantId: setup.variant.bought, reservedQuantity: 2 });
    expect(exchange!.photoKey).toMatch(/^private\/exchange-photos\/.+\.png$/);
    expect(await env.MEDIA.head(exchange!.photoKey!)).not.toBeNull();
    expect(await stockOf(setup.variant.bought)).toBe(8);
    // The photo is private: not under /media, only for the customer who asked.
    expect((await get(`/media/${exchange!.photoKey}`)).status).toBe(404);
    const own = await get(`/exchange/${exchange!.id}/photo`, { cookie: setup.customer.cookie });
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    const stranger = await newCustomer();
    expect((await get(`/exchange/${exchange!.id}/photo`, { cookie: stranger.cookie })).status).toBe(404);
  });

  it("given a wanted variant out of stock, should refuse with a localized message and write nothing", async () => {
    const setup = await deliveredOrder({ otherStock: 0 });
    const response = await postMultipart(
      `/th/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }, { bytes: tinyPng }),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("ไม่มีสินค้าในสต็อก");
    await expectNothingWritten(setup, 0);
    expect((await env.MEDIA.list({ prefix: `exchanges/${setup.customer.id}-` })).objects).toEqual([]);
  });

  it("given the window has closed, should refuse and write nothing", async () => {
    const setup = await deliveredOrder({ daysAgo: 20 });
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("exchange window for this order has closed");
    await expectNothingWritten(setup, 5);
    expect(mainOf(await (await get("/exchange", { cookie: setup.customer.cookie })).text())).not.toContain(`line=${setup.order.lineId}"`);
  });

  it("given the window set longer in the settings, should accept the same request", async () => {
    await db().update(config).set({ value: "30" }).where(eq(config.key, configKeys.exchangeWindowDays));
    try {
      const setup = await deliveredOrder({ daysAgo: 20 });
      const response = await postMultipart(
        `/exchange?line=${setup.order.lineId}`,
        requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
        { cookie: setup.customer.cookie },
      );
      expect(response.status).toBe(302);
    } finally {
      await db().update(config).set({ value: "14" }).where(eq(config.key, configKeys.exchangeWindowDays));
    }
  });

  it.each([
    ["an order not delivered yet", { statusId: orderStatusId.paid }, {}, "Only delivered orders"],
    ["a variant of another product", {}, { wanted: "other-product" }, "same product"],
    ["no reason", {}, { reason: "" }, "Choose a reason"],
    ["zero units", {}, { quantity: "0" }, "from 1 to"],
    ["a defect without a photo", {}, { reason: "defective", wanted: "same" }, "Add a photo"],
  ] as const)("given %s, should refuse and write nothing", async (_, orderOptions, override, message) => {
    const setup = await deliveredOrder(orderOptions);
    const wanted =
      "wanted" in override && override.wanted === "other-product"
        ? String(await variantOfAnotherProduct(setup.variant.productId))
        : "wanted" in override
          ? override.wanted
          : String(setup.variant.other);
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", reason: "wrong_size", note: "", ...override, wanted }),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    await expectNothingWritten(setup, 5);
  });

  it.each([
    [
      "not an image (content checked, not the name)",
      { bytes: new TextEncoder().encode("<svg onload=alert(1)>"), name: "photo.png", type: "image/png" },
      400,
      "must be a PNG",
    ],
    ["too big", { bytes: new Uint8Array(5 * 1024 * 1024 + 1).fill(0x41), name: "big.png" }, 400, "at most 5 MB"],
  ] as const)("given a photo that is %s, should refuse and write nothing", async (_, photo, status, message) => {
    const setup = await deliveredOrder();
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }, photo),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(message);
    await expectNothingWritten(setup, 5);
  });

  it("given another customer's order line or exchange, should answer 404 and write nothing", async () => {
    const setup = await deliveredOrder();
    await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
      { cookie: setup.customer.cookie },
    );
    const [exchange] = await exchangesOfLine(setup.order.lineId);
    const intruder = await newCustomer("intruder");
    expect((await get(`/exchange/${exchange!.id}`, { cookie: intruder.cookie })).status).toBe(404);
    expect((await get(`/exchange?line=${setup.order.lineId}`, { cookie: intruder.cookie })).status).toBe(404);
    for (const path of ["/exchange/abc", "/exchange/99999999", "/exchange/0"]) expect((await get(path, { cookie: intruder.cookie })).status).toBe(404);
    const post = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
      { cookie: intruder.cookie },
    );
    expect(post.status).toBe(404);
    expect(await exchangesOfLine(setup.order.lineId)).toHaveLength(1);
    expect(mainOf(await (await get("/exchange", { cookie: intruder.cookie })).text())).not.toContain(`/exchange/${exchange!.id}"`);
  });

  it("given fuzzed form input, should never answer 5xx and write nothing", async () => {
    const setup = await deliveredOrder();
    await fuzzForm({
      path: `/exchange?line=${setup.order.lineId}`,
      fields: ["quantity", "wanted", "reason", "note"],
      fixed: { intent: "request", line: String(setup.order.lineId) },
      headers: { cookie: setup.customer.cookie },
      runs: 30,
      after: async () => expect(await exchangesOfLine(setup.order.lineId)).toEqual([]),
    });
    await fuzzForm({
      path: "/exchange",
      fields: ["intent", "line", "quantity", "wanted", "reason", "note"],
      headers: { cookie: setup.customer.cookie },
      runs: 20,
    });
    await expectNothingWritten(setup, 5);
  });
});

describe("staff steps", () => {
  const origin = "http://shop.test";

  async function requested(otherStock = 5) {
    const setup = await deliveredOrder({ otherStock });
    const response = await postMultipart(
      `/exchange?line=${setup.order.lineId}`,
      requestForm({ line: String(setup.order.lineId), quantity: "1", wanted: String(setup.variant.other), reason: "wrong_size", note: "" }),
      { cookie: setup.customer.cookie },
    );
    expect(response.status).toBe(302);
    const [exchange] = await exchangesOfLine(setup.order.lineId);
    const [staff] = await db().select({ id: staffUsers.id }).from(staffUsers).limit(1);
    return { ...setup, exchangeId: exchange!.id, staffUserId: staff!.id };
  }

  it("approve, ship with tracking, restock the returned item: stock, history and an e-mail at each step", async () => {
    const setup = await requested();
    const step = { exchangeId: setup.exchangeId, staffUserId: setup.staffUserId, origin };

    expect(await approveExchange(env.DB, { ...step, note: "Please post it back" })).toEqual({ ok: true, status: "approved" });
    expect(await stockOf(setup.variant.other)).toBe(4);
    expect(await approveExchange(env.DB, step)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await rejectExchange(env.DB, step)).toEqual({ ok: false, reason: "not-allowed" });

    const [carrier] = await db().select().from(carriers).limit(1);
    expect(await markExchangeShipped(env.DB, { ...step, carrierId: carrier!.id, trackingNumber: "EX123TH" })).toEqual({ ok: true, status: "completed" });
    const [shipped] = await exchangesOfLine(setup.order.lineId);
    expect(shipped).toMatchObject({
      status: "completed",
      trackingNumber: "EX123TH",
      carrierId: carrier!.id,
      reservedQuantity: 0,
      shippedByStaffUserId: setup.staffUserId,
    });
    expect(await stockOf(setup.variant.other)).toBe(4);

    expect(await restockReturnedItem(env.DB, step)).toEqual({ ok: true, status: "completed" });
    expect(await stockOf(setup.variant.bought)).toBe(11);
    expect(await restockReturnedItem(env.DB, step)).toEqual({ ok: false, reason: "already-restocked" });
    expect(await stockOf(setup.variant.bought)).toBe(11);
    expect((await movementsOfOrder(setup.order.id)).map((row) => [row.variantId, row.delta, row.reason])).toEqual([
      [setup.variant.other, -1, "exchange"],
      [setup.variant.bought, 1, "returned"],
    ]);

    const mails = (await mailsTo(setup.email)).map((mail) => mail.template).reverse();
    expect(mails).toEqual(["exchange-requested", "exchange-approved", "exchange-shipped", "exchange-restocked"]);
    const shippedMail = (await mailsTo(setup.email)).find((mail) => mail.template === "exchange-shipped")!;
    expect(JSON.parse(shippedMail.payloadJson)).toMatchObject({ trackingNumber: "EX123TH" });
    const events = await db()
      .select({ event: exchangeEvents.event })
      .from(exchangeEvents)
      .where(eq(exchangeEvents.exchangeId, setup.exchangeId))
      .orderBy(exchangeEvents.id);
    expect(events.map((row) => row.event)).toEqual(["requested", "approved", "shipped", "restocked"]);

    const page = mainOf(await (await get(`/exchange/${setup.exchangeId}`, { cookie: setup.customer.cookie })).text());
    expect(page).toContain("Replacement sent");
    expect(page).toContain("EX123TH");
    expect(page).toContain("Please post it back");
  });

  it("reject releases the reservation with a movement and e-mails the customer; a second reject is refused", async () => {
    const setup = await requested(3);
    expect(await stockOf(setup.variant.other)).toBe(2);
    const step = { exchangeId: setup.exchangeId, staffUserId: setup.staffUserId, origin, note: "Worn item" };
    expect(await rejectExchange(env.DB, step)).toEqual({ ok: true, status: "rejected" });
    expect(await stockOf(setup.variant.other)).toBe(3);
    expect(await rejectExchange(env.DB, step)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await stockOf(setup.variant.other)).toBe(3);
    const [row] = await db().select().from(exchanges).where(eq(exchanges.id, setup.exchangeId));
    expect(row).toMatchObject({ status: "rejected", reservedQuantity: 0, staffNote: "Worn item", reviewedByStaffUserId: setup.staffUserId });
    expect((await movementsOfOrder(setup.order.id)).map((movement) => movement.delta)).toEqual([-1, 1]);
    expect((await mailsTo(setup.email))[0]).toMatchObject({ template: "exchange-rejected" });
    expect(await markExchangeShipped(env.DB, step)).toEqual({ ok: false, reason: "not-allowed" });
    expect(await restockReturnedItem(env.DB, step)).toEqual({ ok: false, reason: "not-allowed" });
    // A rejected request frees its units on the line for a new request.
    expect(mainOf(await (await get("/exchange", { cookie: setup.customer.cookie })).text())).toContain(`line=${setup.order.lineId}"`);
  });

  it("given two staff approving at once, should apply one and report the other as a conflict or refusal", async () => {
    const setup = await requested();
    const step = { exchangeId: setup.exchangeId, staffUserId: setup.staffUserId, origin };
    const results = await Promise.all([approveExchange(env.DB, step), approveExchange(env.DB, step), rejectExchange(env.DB, step)]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    const events = await db().select().from(exchangeEvents).where(eq(exchangeEvents.exchangeId, setup.exchangeId));
    expect(events).toHaveLength(2);
  });

  it("given an unknown exchange or carrier, should say so", async () => {
    expect(await approveExchange(env.DB, { exchangeId: 987654, staffUserId: 1, origin })).toEqual({ ok: false, reason: "not-found" });
    const setup = await requested();
    await approveExchange(env.DB, { exchangeId: setup.exchangeId, staffUserId: setup.staffUserId, origin });
    expect(await markExchangeShipped(env.DB, { exchangeId: setup.exchangeId, staffUserId: setup.staffUserId, origin, carrierId: 987654 })).toEqual({
      ok: false,
      reason: "carrier-not-found",
    });
  });
});

describe("/exchange as a plain form post", () => {
  it("given an unknown intent, should answer 400 with a message", async () => {
    const setup = await deliveredOrder();
    const response = await postForm(`/exchange?line=${setup.order.lineId}`, { intent: "nope" }, { cookie: setup.customer.cookie });
    expect(response.status).toBe(400);
  });
});
