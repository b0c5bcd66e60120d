import { env } from "cloudflare:workers";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { backInStockRequests, variants } from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { emailOutbox } from "~/db/schema/messaging";
import { orderStatusId } from "~/domain/order-status";
import { backInStockRequestsPerWindow } from "~/features/catalog/back-in-stock.server";
import { applyStockImport } from "~/features/catalog-admin/inventory.server";
import type { BackInStockEmailPayload } from "~/features/email/back-in-stock-email";
import { approveExchange, markExchangeShipped, rejectExchange, requestExchange, restockReturnedItem } from "~/features/exchanges/exchanges.server";
import { changeOrderStatus } from "~/features/orders/order-status.server";
import { applyCustomerOrderIntent } from "~/features/purchases/purchases.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { newCustomer } from "./profile-helpers";
import { placeOrder } from "./purchases-helpers";
import { get, newContentVersion, origin, postForm } from "./worker";

/**
 * Back-in-stock alerts (issue 20): the request form (guest and customer, validation, double
 * requests, throttle), exactly one e-mail per request on restock through EVERY path that raises
 * stock (inventory edit, CSV import, product edit, order cancellation by staff and by the shopper,
 * exchange rejected and returned item restocked), the unsubscribe page, and the staff waiting list
 * behind the inventory group's permission however its address is spelled.
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
let adminId: number;
beforeAll(async () => {
  cookies = await backendTestCookies();
  adminId = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get())!.id;
});

let variantOffset = 0;
let mailCounter = 0;
/** A fresh address per test: the outbox and the requests are shared by the whole file. */
const address = (label: string) => `${label}-${Date.now().toString(36)}-${(mailCounter += 1)}@example.test`;

/** A sold-out variant of a published product, a different one each call (the sweep looks at all open requests). */
async function soldOutVariant() {
  const row = await db().get<{ id: number; productId: number; slug: string; nameEn: string; nameTh: string }>(
    sql`SELECT v.id AS id, v.product_id AS productId, p.slug AS slug, p.name_en AS nameEn, p.name_th AS nameTh
        FROM variants v JOIN products p ON p.id = v.product_id
        WHERE p.status_id = 1 AND v.is_active = 1 ORDER BY v.id DESC LIMIT 1 OFFSET ${variantOffset++}`,
  );
  await setStock(row!.id, 0);
  return row!;
}
/** Stock changed behind the back office's back: a new content version, so product pages show it at once. */
async function setStock(variantId: number, stock: number) {
  await db().update(variants).set({ stock }).where(eq(variants.id, variantId));
  await newContentVersion();
}

let visitor = 0;
/** The form as a visitor sends it; each from its own address unless told (the form is throttled per address). */
function ask(variant: { id: number; slug: string }, fields: Record<string, string>, headers: Record<string, string> = {}, prefix = "") {
  visitor += 1;
  const from = { "CF-Connecting-IP": `198.51.${Math.floor(visitor / 250)}.${visitor % 250}` };
  return postForm(`${prefix}/shop/${variant.slug}/notify?variant=${variant.id}`, { variantId: String(variant.id), ...fields }, { ...from, ...headers });
}
const requestsOf = (email: string) => db().select().from(backInStockRequests).where(eq(backInStockRequests.email, email)).orderBy(backInStockRequests.id);
const alertsTo = (email: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, "back-in-stock")))
    .orderBy(emailOutbox.id);

const adjust = (variantId: number, mode: "add" | "remove" | "set", quantity: number) =>
  postForm(`/backend/products/inventory/${variantId}`, { intent: "adjust", mode, quantity: String(quantity), reason: "restock", note: "" }, cookies["staff-1"]);

describe("the request form", () => {
  it("given a guest's address on the English page, should store one open request, lower-cased, in English, without a customer", async () => {
    const variant = await soldOutVariant();
    const email = address("guest");
    const response = await ask(variant, { email: `  ${email.toUpperCase()} ` });
    expect(response.status).toBe(200);
    expect(await html(response)).toContain('data-testid="back-in-stock-done"');
    expect(await requestsOf(email)).toMatchObject([
      { variantId: variant.id, email, customerId: null, locale: "en", linkOrigin: origin, notifiedAt: null, cancelledAt: null },
    ]);
  });

  it("given the Thai page, should store the request in Thai", async () => {
    const variant = await soldOutVariant();
    const email = address("thai");
    expect((await ask(variant, { email }, {}, "/th")).status).toBe(200);
    expect(await requestsOf(email)).toMatchObject([{ locale: "th" }]);
  });

  it("given the same address twice (any case), should keep one request and answer the same both times", async () => {
    const variant = await soldOutVariant();
    const email = address("twice");
    const first = await ask(variant, { email });
    const second = await ask(variant, { email: email.toUpperCase() });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await requestsOf(email)).toHaveLength(1);
  });

  it.each([["not-an-email"], [""], [`${"a".repeat(250)}@example.test`]])(
    "given the address %j, should answer 400 with a field message and store nothing",
    async (value) => {
      const variant = await soldOutVariant();
      const before = await db()
        .select({ n: sql<number>`count(*)` })
        .from(backInStockRequests);
      const response = await ask(variant, { email: value });
      expect(response.status).toBe(400);
      expect(await html(response)).toMatch(/aria-invalid="true"/);
      expect(
        await db()
          .select({ n: sql<number>`count(*)` })
          .from(backInStockRequests),
      ).toEqual(before);
    },
  );

  it("given a signed-in customer, should use the account's address (whatever the form says) and link the customer", async () => {
    const variant = await soldOutVariant();
    const customer = await newCustomer("alert-customer");
    const page = await html(await get(`/shop/${variant.slug}?variant=${variant.id}`, { cookie: customer.cookie }));
    expect(page).toContain('data-testid="back-in-stock-account"');
    expect(page).not.toContain('data-testid="back-in-stock-email"');
    expect((await ask(variant, { email: "someone-else@example.test" }, { cookie: customer.cookie })).status).toBe(200);
    expect(await requestsOf(customer.email)).toMatchObject([{ customerId: customer.id, email: customer.email }]);
    expect(await requestsOf("someone-else@example.test")).toEqual([]);
  });

  it("given a guest on a sold-out variant's product page, should offer the form with an e-mail field; on an in-stock one, no form", async () => {
    const variant = await soldOutVariant();
    const page = await html(await get(`/th/shop/${variant.slug}?variant=${variant.id}`));
    expect(page).toContain('data-testid="back-in-stock-email"');
    expect(page).toContain(`action="/th/shop/${variant.slug}/notify?variant=${variant.id}"`);
    await setStock(variant.id, 4);
    expect(await html(await get(`/shop/${variant.slug}?variant=${variant.id}&fresh=1`))).not.toContain('data-testid="back-in-stock"');
  });

  it("given a variant in stock or unknown, should refuse (409, 404) and store nothing", async () => {
    const variant = await soldOutVariant();
    await setStock(variant.id, 2);
    const email = address("refused");
    // Without JavaScript the page then goes back to the product (now buyable); a fetcher gets the refusal itself.
    for (const response of [await ask(variant, { email }), await ask({ ...variant, id: 999_999 }, { email })]) {
      expect([302, 404, 409]).toContain(response.status);
      if (response.status === 302) expect(response.headers.get("location")).toMatch(new RegExp(`^/shop/${variant.slug}(\\?variant=${variant.id})?$`));
    }
    expect(await requestsOf(email)).toEqual([]);
  });

  it("given too many requests from one address, should answer 429 and store nothing more", async () => {
    const variant = await soldOutVariant();
    const headers = { "CF-Connecting-IP": "203.0.113.77" };
    for (let index = 0; index < backInStockRequestsPerWindow; index += 1) expect((await ask(variant, { email: address("flood") }, headers)).status).toBe(200);
    const email = address("flood-last");
    expect((await ask(variant, { email }, headers)).status).toBe(429);
    expect(await requestsOf(email)).toEqual([]);
  });

  it("given GET on the notify page of a sold-out variant, should show the form; of an in-stock one, go back to the product", async () => {
    const variant = await soldOutVariant();
    const page = await get(`/shop/${variant.slug}/notify?variant=${variant.id}`);
    expect(page.status).toBe(200);
    expect(await html(page)).toContain('data-testid="back-in-stock-form"');
    await setStock(variant.id, 1);
    const back = await get(`/shop/${variant.slug}/notify?variant=${variant.id}`);
    expect(back.status).toBe(302);
    expect(back.headers.get("location")).toBe(`/shop/${variant.slug}?variant=${variant.id}`);
  });
});

describe("the alert is sent exactly once", () => {
  it("given 0 → 3 → 0 → 2 through the inventory page, should queue one e-mail per request, then none; a new request after it is a new one", async () => {
    const variant = await soldOutVariant();
    const english = address("once-en");
    const thai = address("once-th");
    await ask(variant, { email: english });
    await ask(variant, { email: thai }, {}, "/th");

    expect((await adjust(variant.id, "add", 3)).status).toBe(302);
    const [mail] = await alertsTo(english);
    expect(await alertsTo(english)).toHaveLength(1);
    expect(await alertsTo(thai)).toHaveLength(1);
    expect((await requestsOf(english))[0]!.notifiedAt).not.toBeNull();

    // The e-mail: the recipient's language, absolute links to the product (localized) and to the unsubscribe page.
    const payload = JSON.parse(mail!.payloadJson) as BackInStockEmailPayload;
    const token = (await requestsOf(english))[0]!.unsubscribeToken;
    expect(mail).toMatchObject({ locale: "en", status: "pending" });
    expect(mail!.subject).toContain(variant.nameEn);
    expect(payload).toMatchObject({ productName: variant.nameEn, link: `${origin}/shop/${variant.slug}?variant=${variant.id}` });
    expect(payload.unsubscribeLink).toBe(`${origin}/back-in-stock/unsubscribe?token=${token}`);
    const [thaiMail] = await alertsTo(thai);
    const thaiPayload = JSON.parse(thaiMail!.payloadJson) as BackInStockEmailPayload;
    expect(thaiMail).toMatchObject({ locale: "th" });
    expect(thaiPayload.productName).toBe(variant.nameTh || variant.nameEn);
    expect(thaiPayload.link).toBe(`${origin}/th/shop/${variant.slug}?variant=${variant.id}`);
    expect(thaiPayload.unsubscribeLink).toMatch(new RegExp(`^${origin}/th/back-in-stock/unsubscribe\\?token=[\\w-]{43}$`));

    expect((await adjust(variant.id, "add", 4)).status).toBe(302);
    expect((await adjust(variant.id, "set", 0)).status).toBe(302);
    expect((await adjust(variant.id, "add", 2)).status).toBe(302);
    expect(await alertsTo(english)).toHaveLength(1);
    expect(await alertsTo(thai)).toHaveLength(1);

    // Asked again once sold out again: a new request, answered by the next restock.
    await adjust(variant.id, "set", 0);
    await ask(variant, { email: english });
    expect(await requestsOf(english)).toHaveLength(2);
    await adjust(variant.id, "add", 1);
    expect(await alertsTo(english)).toHaveLength(2);
    expect(await alertsTo(thai)).toHaveLength(1);
  });

  it("given a restock that fails (a remove below zero), should queue nothing and leave the request open", async () => {
    const variant = await soldOutVariant();
    const email = address("failed");
    await ask(variant, { email });
    expect((await adjust(variant.id, "remove", 1)).status).toBe(400);
    expect(await alertsTo(email)).toEqual([]);
    expect((await requestsOf(email))[0]!.notifiedAt).toBeNull();
  });
});

describe("every path that raises stock announces it", () => {
  async function waiting() {
    const variant = await soldOutVariant();
    const email = address("path");
    expect((await ask(variant, { email })).status).toBe(200);
    return { variant, email };
  }
  const expectOneAlert = async (email: string) => {
    expect(await alertsTo(email)).toHaveLength(1);
    expect((await requestsOf(email))[0]!.notifiedAt).not.toBeNull();
  };

  it("given a CSV import (set and delta), should e-mail once", async () => {
    const { variant, email } = await waiting();
    expect(
      await applyStockImport(env.DB, {
        mode: "set",
        changes: [{ line: 2, variantId: variant.id, sku: "", before: 0, after: 5, delta: 5 }],
        fileName: "stock.csv",
        staffUserId: adminId,
      }),
    ).toEqual({
      ok: true,
      applied: 1,
    });
    await expectOneAlert(email);
    const second = await waiting();
    await applyStockImport(env.DB, {
      mode: "delta",
      changes: [{ line: 2, variantId: second.variant.id, sku: "", before: 0, after: 2, delta: 2 }],
      fileName: "d.csv",
      staffUserId: adminId,
    });
    await expectOneAlert(second.email);
  });

  it("given the product form raising a variant's stock, should e-mail once", async () => {
    const sku = `ALERT-${Date.now().toString(36)}`.toUpperCase();
    const fields = (overrides: Record<string, string>) => ({
      intent: "save",
      nameEn: `Alert Tote ${sku}`,
      nameTh: "กระเป๋าแจ้งเตือน",
      descriptionEn: "",
      descriptionTh: "",
      slug: "",
      sku,
      categoryId: "4",
      productTypeId: "",
      kind: "single",
      statusId: "1",
      weightGrams: "300",
      sizeGuideId: "",
      "variants[0].id": "",
      "variants[0].sku": "",
      "variants[0].price": "390",
      "variants[0].compareAtPrice": "",
      "variants[0].stock": "0",
      "variants[0].stockShown": "",
      "variants[0].active": "on",
      ...overrides,
    });
    const created = await postForm("/backend/products/all-product/form", fields({}), cookies["staff-1"]);
    expect(created.status).toBe(302);
    const productId = Number(/\/form\/(\d+)$/.exec(created.headers.get("location") ?? "")![1]);
    const product = (await db().get<{ slug: string; variantId: number; variantSku: string }>(
      sql`SELECT p.slug AS slug, v.id AS variantId, v.sku AS variantSku FROM products p JOIN variants v ON v.product_id = p.id WHERE p.id = ${productId}`,
    ))!;
    const email = address("product-form");
    expect((await ask({ id: product.variantId, slug: product.slug }, { email })).status).toBe(200);
    const edited = await postForm(
      `/backend/products/all-product/form/${productId}`,
      fields({ "variants[0].id": String(product.variantId), "variants[0].sku": product.variantSku, "variants[0].stock": "3", "variants[0].stockShown": "0" }),
      cookies["staff-1"],
    );
    expect(edited.status).toBe(302);
    await expectOneAlert(email);
  });

  it("given a waiting variant restocked while its product was hidden, should e-mail at the next stock change after publishing, not before", async () => {
    const { variant, email } = await waiting();
    await env.DB.prepare("UPDATE products SET status_id = 3 WHERE id = ?").bind(variant.productId).run();
    await adjust(variant.id, "add", 2);
    expect(await alertsTo(email)).toEqual([]);
    await env.DB.prepare("UPDATE products SET status_id = 1 WHERE id = ?").bind(variant.productId).run();
    await adjust(variant.id, "add", 1);
    await expectOneAlert(email);
  });

  it("given staff cancelling an unpaid order, should put the stock back and e-mail once", async () => {
    const { variant, email } = await waiting();
    const order = await placeOrder({
      customerId: null,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.id,
      quantity: 2,
    });
    const result = await changeOrderStatus(env.DB, {
      orderId: order.id,
      from: orderStatusId.waiting_payment,
      to: orderStatusId.cancelled,
      actor: "staff",
      actorStaffUserId: adminId,
    });
    expect(result).toEqual({ ok: true, restocked: true });
    await expectOneAlert(email);
  });

  it("given the shopper cancelling their unpaid order, should put the stock back and e-mail once", async () => {
    const { variant, email } = await waiting();
    const customer = await newCustomer("alert-cancel");
    const order = await placeOrder({
      customerId: customer.id,
      statusId: orderStatusId.waiting_payment,
      productId: variant.productId,
      variantId: variant.id,
      quantity: 1,
    });
    expect(await applyCustomerOrderIntent(env.DB, customer.id, order.orderNumber, "cancel", origin)).toEqual({ ok: true });
    await expectOneAlert(email);
  });

  it("given an exchange rejected (its reserved units released) and a returned item restocked, should e-mail once each", async () => {
    const customer = await newCustomer("alert-exchange");
    const row = await db().get<{ productId: number }>(
      sql`SELECT product_id AS productId FROM variants v JOIN products p ON p.id = v.product_id WHERE p.status_id = 1 AND v.is_active = 1 GROUP BY product_id HAVING count(*) >= 2 ORDER BY product_id DESC LIMIT 1`,
    );
    const [bought, wanted] = await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, row!.productId)).orderBy(variants.id).limit(2);
    await setStock(bought!.id, 5);
    await setStock(wanted!.id, 1);
    const order = await placeOrder({
      customerId: customer.id,
      statusId: orderStatusId.completed,
      productId: row!.productId,
      variantId: bought!.id,
      quantity: 2,
      history: [[orderStatusId.completed, Date.now() - 24 * 60 * 60 * 1000]],
    });
    const ask1 = () =>
      requestExchange(
        { DB: env.DB, MEDIA: env.MEDIA },
        customer.id,
        { lineId: order.lineId, quantity: 1, wantedVariantId: wanted!.id, reason: "wrong_size", note: "", photo: null },
        origin,
      );
    const first = await ask1();
    if (!first.ok) throw new Error(first.problem);
    // The reservation took the last unit: a shopper waits for it.
    const slug = (await db().get<{ slug: string }>(sql`SELECT slug FROM products WHERE id = ${row!.productId}`))!.slug;
    const email = address("exchange-released");
    expect((await ask({ id: wanted!.id, slug }, { email })).status).toBe(200);
    expect(await rejectExchange(env.DB, { exchangeId: first.exchangeId, staffUserId: adminId, origin })).toMatchObject({ ok: true });
    await expectOneAlert(email);

    // The returned item: approved, shipped, then the customer's unit back on a sold-out shelf.
    const second = await ask1();
    if (!second.ok) throw new Error(second.problem);
    await approveExchange(env.DB, { exchangeId: second.exchangeId, staffUserId: adminId, origin });
    await markExchangeShipped(env.DB, { exchangeId: second.exchangeId, staffUserId: adminId, origin });
    await setStock(bought!.id, 0);
    const returned = address("exchange-returned");
    expect((await ask({ id: bought!.id, slug }, { email: returned })).status).toBe(200);
    expect(await restockReturnedItem(env.DB, { exchangeId: second.exchangeId, staffUserId: adminId, origin })).toMatchObject({ ok: true });
    await expectOneAlert(returned);
  });
});

describe("unsubscribe", () => {
  it("given the e-mail's token, should ask on GET, cancel on POST, and then never e-mail", async () => {
    const variant = await soldOutVariant();
    const email = address("unsubscribe");
    await ask(variant, { email }, {}, "/th");
    const token = (await requestsOf(email))[0]!.unsubscribeToken;
    const page = await get(`/th/back-in-stock/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    expect(await html(page)).toContain('data-state="open"');
    // Opening the link cancels nothing (mail scanners open links).
    expect((await requestsOf(email))[0]!.cancelledAt).toBeNull();

    const done = await postForm(`/th/back-in-stock/unsubscribe?token=${token}`, { token });
    expect(done.status).toBe(200);
    expect(await html(done)).toContain('data-state="done"');
    expect((await requestsOf(email))[0]!.cancelledAt).not.toBeNull();
    expect(await html(await get(`/back-in-stock/unsubscribe?token=${token}`))).toContain('data-state="closed"');

    await adjust(variant.id, "add", 3);
    expect(await alertsTo(email)).toEqual([]);
  });

  it.each([
    ["wrong", "A".repeat(43)],
    ["cut off", "abc"],
    ["missing", ""],
    ["odd", "%00%27%22<script>"],
  ])("given a %s token, should say so clearly (404), never 5xx", async (_label, token) => {
    const response = await get(`/back-in-stock/unsubscribe?token=${token}`);
    expect(response.status).toBe(404);
    expect(await html(response)).toContain('data-state="invalid"');
    const posted = await postForm("/back-in-stock/unsubscribe", { token });
    expect(posted.status).toBeLessThan(500);
  });
});

describe("the staff waiting list", () => {
  it("given the inventory variant page, should list who waits (and how many were e-mailed); the list counts open requests only", async () => {
    const variant = await soldOutVariant();
    const email = address("waiting");
    await ask(variant, { email }, {}, "/th");
    for (const path of [`/backend/products/inventory/${variant.id}`, `/th/backend/products/inventory/${variant.id}`]) {
      const page = await html(await get(path, cookies["staff-4"]));
      expect(page).toContain('data-testid="waiting-list"');
      expect(page).toContain(email);
    }
    // The inventory list counts who waits per variant.
    const sku = (await db().select({ sku: variants.sku }).from(variants).where(eq(variants.id, variant.id)).get())!.sku;
    const listPath = `/backend/products/inventory?q=${encodeURIComponent(sku)}`;
    expect(await html(await get(listPath, cookies["staff-4"]))).toContain('data-testid="waiting" data-count="1"');
    await adjust(variant.id, "add", 1);
    expect(await html(await get(listPath, cookies["staff-4"]))).toContain('data-testid="waiting" data-count="0"');
    const after = await html(await get(`/backend/products/inventory/${variant.id}`, cookies["staff-1"]));
    expect(after).not.toContain(email);
    expect(after).toContain('data-testid="waiting-notified" data-count="1"');
  });

  it.each(["staff-3", "staff-5", "customer", "guest"] as const)(
    "given %s (no inventory access), should refuse the waiting list however the address is spelled",
    async (viewer) => {
      const variant = await soldOutVariant();
      const email = address("hidden");
      await ask(variant, { email });
      for (const path of [
        `/backend/products/inventory/${variant.id}`,
        `/BACKEND/PRODUCTS/INVENTORY/${variant.id}`,
        `/backend/products/inventory/${variant.id}.data`,
        `/TH/BACKEND/PRODUCTS/INVENTORY/${variant.id}.data`,
      ]) {
        let response = await get(path, cookies[viewer]);
        // The upper-case language prefix goes to its one spelling first (308), where the same refusal waits.
        if (response.status === 308) response = await get(response.headers.get("location")!, cookies[viewer]);
        // A refusal, a way to the sign-in page, or (a .data request) the redirect written for the router (202).
        expect([202, 302, 403, 404], `${viewer} ${path}`).toContain(response.status);
        expect(await response.text()).not.toContain(email);
      }
    },
  );
});
