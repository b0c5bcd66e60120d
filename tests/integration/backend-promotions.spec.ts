import { env } from "cloudflare:workers";
import { and, asc, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { attributeOptions, attributes, products, variantOptions, variants } from "~/db/schema/catalog";
import { discountCodes, discountCodeTargets, discountRedemptions, flashSaleItems, flashSales } from "~/db/schema/promotions";
import { priceCheckout } from "~/features/checkout/checkout.server";
import { epochToShopLocal } from "~/features/content/shop-local-time";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { add, db, demoCustomerId, guestSession, plainVariants, sessionIdOf } from "./cart-helpers";
import { insertOrder, variantWithStock } from "./orders-helpers";
import { get, postForm } from "./worker";

/**
 * Promotions in the back office (issue 16): each page refused for a role without "promotion" (the
 * URL spellings are backend-url-spellings.spec.ts, which walks the whole permission table), the
 * discount-code form (create, 400 with keys, usage limit 0 asks first, locks on a used code), the
 * CSV, and a scoped code's total at checkout.
 */
let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];
const editor = () => cookies["staff-3"];
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");
const uniqueCode = (prefix: string) => `${prefix}-${crypto.randomUUID().slice(0, 6).toUpperCase()}`;

const promotionPages = [
  "/backend/promotion/code",
  "/backend/promotion/code/form",
  "/backend/promotion/code/export.csv",
  "/backend/promotion/code-history",
  "/backend/promotion/code-history/export.csv",
  "/backend/promotion/flash-sale",
  "/backend/promotion/flash-sale/form",
];

describe("who may open the promotion pages", () => {
  it.each(promotionPages)("given %s, should open for an Editor (role 3) and refuse an Author and a User, in any spelling", async (path) => {
    expect((await get(path, editor())).status).toBe(200);
    for (const viewer of ["staff-4", "staff-5"] as const) {
      for (const spelled of [path, path.toUpperCase(), path.replace("promotion", "%70romotion"), `/th${path}`]) {
        const response = await get(spelled, cookies[viewer]);
        expect([403, 404], `${viewer} ${spelled}`).toContain(response.status);
      }
      if (!path.endsWith(".csv")) expect([403, 404]).toContain((await get(`${path}.data`, cookies[viewer])).status);
    }
  });

  it("given a POST to the code form by a User, should refuse it and create nothing", async () => {
    const code = uniqueCode("NOPE");
    const response = await postForm("/backend/promotion/code/form", { code, type: "percent", value: "10", scope: "order", isActive: "on" }, cookies["staff-5"]);
    expect([403, 404]).toContain(response.status);
    expect(await db().select().from(discountCodes).where(eq(discountCodes.code, code)).get()).toBeUndefined();
  });
});

const baseFields = { type: "percent", value: "10", scope: "order", isActive: "on" };

describe("the discount-code form", () => {
  it("given a new code in lower case, should store it upper-cased and redirect to its edit page with a toast", async () => {
    const code = uniqueCode("new");
    const response = await postForm("/backend/promotion/code/form", { ...baseFields, code, minPurchase: "500", maxDiscount: "100" }, editor());
    expect(response.status).toBe(302);
    const row = await db().select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase())).get();
    expect(row).toMatchObject({ type: "percent", value: 10, minPurchaseSatang: 50_000, maxDiscountSatang: 10_000, scope: "order", isActive: true });
    expect(response.headers.get("location")).toBe(`/backend/promotion/code/form/${row!.id}`);
    expect(response.headers.get("set-cookie")).toContain("toast");
  });

  it.each([
    ["a code with spaces", { code: "NO SPACES" }, "error-code"],
    ["a percent above 100", { value: "150" }, "error-value"],
    ["a fixed amount that is not a number", { type: "fixed", value: "abc" }, "error-value"],
    ["an end before the start", { startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00" }, "error-endsAt"],
    ["a product scope without products", { scope: "products" }, "error-productIds"],
    ["an unknown scope", { scope: "everything" }, "error-scope"],
  ])("given %s, should answer 400 marking the field and store nothing", async (_case, fields, testId) => {
    const code = uniqueCode("BAD");
    const response = await postForm("/backend/promotion/code/form", { ...baseFields, code, ...fields }, editor());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="${testId}"`);
    expect(await db().select().from(discountCodes).where(eq(discountCodes.code, code)).get()).toBeUndefined();
  });

  it("given a code that is taken, should answer 400 on the code field", async () => {
    const response = await postForm("/backend/promotion/code/form", { ...baseFields, code: "welcome10" }, editor());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain('data-testid="error-code"');
  });

  it("given a usage limit of 0, should ask first and save only once confirmed", async () => {
    const code = uniqueCode("ZERO");
    const asked = await postForm("/backend/promotion/code/form", { ...baseFields, code, usageLimit: "0" }, editor());
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain('data-testid="confirm-step"');
    expect(await db().select().from(discountCodes).where(eq(discountCodes.code, code)).get()).toBeUndefined();
    const saved = await postForm("/backend/promotion/code/form", { ...baseFields, code, usageLimit: "0", confirmed: "1" }, editor());
    expect(saved.status).toBe(302);
    expect((await db().select().from(discountCodes).where(eq(discountCodes.code, code)).get())?.usageLimit).toBe(0);
  });

  it("given a used code, should refuse a new type or value and a limit under its uses, but allow switching it off", async () => {
    const code = uniqueCode("USED");
    const now = Date.now();
    const [row] = await db()
      .insert(discountCodes)
      .values({ code, type: "percent", value: 10, usedCount: 3, usageLimit: 10, createdAt: now, updatedAt: now })
      .returning({ id: discountCodes.id });
    const path = `/backend/promotion/code/form/${row!.id}`;
    const page = await html(await get(path, editor()));
    expect(page).toContain('data-testid="code-locked"');
    for (const [fields, testId] of [
      [{ type: "fixed", value: "10" }, "error-type"],
      [{ value: "20" }, "error-value"],
      [{ usageLimit: "2" }, "error-usageLimit"],
    ] as const) {
      const response = await postForm(path, { ...baseFields, code, usageLimit: "10", ...fields }, editor());
      expect(response.status).toBe(400);
      expect(await html(response)).toContain(`data-testid="${testId}"`);
    }
    const off = await postForm(path, { type: "percent", value: "10", scope: "order", code, usageLimit: "10" }, editor());
    expect(off.status).toBe(302);
    expect(
      await db().select({ isActive: discountCodes.isActive, value: discountCodes.value }).from(discountCodes).where(eq(discountCodes.id, row!.id)).get(),
    ).toEqual({
      isActive: false,
      value: 10,
    });
  });

  it("given odd ids in the URL, should answer 404, never 5xx", async () => {
    for (const path of ["/backend/promotion/code/form/0", "/backend/promotion/code/form/abc", "/backend/promotion/code/form/99999999"]) {
      expect((await get(path, editor())).status).toBe(404);
    }
  });
});

describe("the discount-code list", () => {
  it("given a state filter and a search, should list the matching codes and export them as CSV with a BOM", async () => {
    const page = await html(await get("/backend/promotion/code?state=expired", admin()));
    expect(page).toContain("SONGKRAN50");
    expect(page).not.toContain(">WELCOME10<");
    const csv = await get("/backend/promotion/code/export.csv?q=welcome", admin());
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = await csv.text();
    expect(text).toContain("WELCOME10");
    expect(text).not.toContain("SONGKRAN50");
    const thai = await get("/th/backend/promotion/code?state=nonsense&sort=bogus&page=1", admin());
    expect(thai.status).toBe(200);
  });
});

describe("a scoped code at checkout", () => {
  it("given a product-scoped percent code and a cart of two products, should discount only the scoped product's line", async () => {
    const candidates = await plainVariants(2, 40);
    const first = candidates[0]!;
    const second = candidates.find((variant) => variant.productId !== first.productId)!;
    const code = uniqueCode("SCOPE");
    const saved = await postForm(
      "/backend/promotion/code/form",
      { ...baseFields, code, value: "20", scope: "products", productIds: String(second.productId) },
      editor(),
    );
    expect(saved.status).toBe(302);
    const stored = await db().select().from(discountCodes).where(eq(discountCodes.code, code)).get();
    expect(
      await db().select({ targetId: discountCodeTargets.targetId }).from(discountCodeTargets).where(eq(discountCodeTargets.discountCodeId, stored!.id)),
    ).toEqual([{ targetId: second.productId }]);

    const headers = await guestSession();
    await add(first.id, 1, headers);
    await add(second.id, 2, headers);
    const shopper = { kind: "guest" as const, sessionId: sessionIdOf(headers) };
    const choices = { points: 0, country: "TH", method: "standard" as const };
    const without = await priceCheckout(env.DB, shopper, { ...choices, code: "" });
    const { quote } = await priceCheckout(env.DB, shopper, { ...choices, code });
    const expected = Math.round((second.priceSatang * 2 * 20) / 100);
    expect(quote.discount).toMatchObject({ ok: true, discountSatang: expected });
    expect(quote.lines.map((line) => [line.variantId, line.discountSatang])).toEqual([
      [first.id, 0],
      [second.id, expected],
    ]);
    expect(quote.totalSatang).toBe(without.quote.totalSatang - expected);
  });

  it("given a category code for a category not in the cart, should refuse it as not applicable", async () => {
    const [variant] = await plainVariants(2, 1);
    const product = await db().select({ categoryId: products.categoryId }).from(products).where(eq(products.id, variant!.productId)).get();
    const other = await db()
      .select({ categoryId: products.categoryId })
      .from(products)
      .innerJoin(variants, eq(variants.productId, products.id))
      .where(and(ne(products.categoryId, product!.categoryId ?? -1)))
      .get();
    const code = uniqueCode("CAT");
    const now = Date.now();
    const [row] = await db()
      .insert(discountCodes)
      .values({ code, type: "percent", value: 10, scope: "categories", createdAt: now, updatedAt: now })
      .returning({ id: discountCodes.id });
    await db().insert(discountCodeTargets).values({ discountCodeId: row!.id, targetId: other!.categoryId! });
    const headers = await guestSession();
    await add(variant!.id, 1, headers);
    const { quote } = await priceCheckout(env.DB, { kind: "guest", sessionId: sessionIdOf(headers) }, { code, points: 0, country: "TH", method: "standard" });
    expect(quote.discount).toEqual({ ok: false, reason: "not-applicable" });
  });

  it("given a free-shipping code, should quote no shipping and a total lower by the rate", async () => {
    const [variant] = await plainVariants(2, 1);
    const code = uniqueCode("SHIP");
    const saved = await postForm("/backend/promotion/code/form", { code, type: "free_shipping", scope: "order", isActive: "on" }, editor());
    expect(saved.status).toBe(302);
    const headers = await guestSession();
    await add(variant!.id, 1, headers);
    const shopper = { kind: "guest" as const, sessionId: sessionIdOf(headers) };
    const choices = { points: 0, country: "TH", method: "standard" as const };
    const without = await priceCheckout(env.DB, shopper, { ...choices, code: "" });
    const { quote } = await priceCheckout(env.DB, shopper, { ...choices, code });
    expect(quote.shippingSatang).toBe(0);
    expect(quote.shippingDiscountSatang).toBe(without.quote.shippingSatang);
    expect(quote.totalSatang).toBe(without.quote.totalSatang - without.quote.shippingSatang);
  });
});

describe("the code history", () => {
  it("given redemptions of a code, should list them with links, filter by code, day and customer, total the filter and export it", async () => {
    const code = uniqueCode("HIST");
    const now = Date.now();
    const day = 86_400_000;
    const [row] = await db()
      .insert(discountCodes)
      .values({ code, type: "fixed", value: 5_000, usedCount: 3, createdAt: now, updatedAt: now })
      .returning({ id: discountCodes.id });
    const variant = await variantWithStock(100);
    const customerId = await demoCustomerId();
    const made = [];
    for (const [index, [amount, at, customer]] of (
      [
        [5_000, now - 10 * day, customerId],
        [4_000, now - day, null],
        [3_000, now, customerId],
      ] as const
    ).entries()) {
      const order = await insertOrder({ statusId: 2, variantId: variant.id, productId: variant.productId, createdAt: at, email: `hist${index}@example.com` });
      await db().insert(discountRedemptions).values({ discountCodeId: row!.id, orderId: order.id, customerId: customer, amountSatang: amount, createdAt: at });
      made.push(order);
    }
    const all = await html(await get(`/backend/promotion/code-history?q=${code.toLowerCase()}`, editor()));
    expect(all.match(/data-testid="history-row"/g)).toHaveLength(3);
    expect(all).toContain(`/backend/orders/fulfillment/${made[0]!.id}`);
    expect(all).toContain(`/backend/member/detail/${customerId}`);
    expect(all).toMatch(/data-testid="history-totals"[^>]*>3 uses, ฿120\.00 in discounts/);

    const iso = (ms: number) => new Date(ms + 7 * 3_600_000).toISOString().slice(0, 10);
    const recent = await html(await get(`/backend/promotion/code-history?q=${code}&from=${iso(now - 2 * day)}&to=${iso(now)}`, editor()));
    expect(recent.match(/data-testid="history-row"/g)).toHaveLength(2);
    expect(recent).toMatch(/data-testid="history-totals"[^>]*>2 uses, ฿70\.00 in discounts/);

    const guestOnly = await html(await get(`/backend/promotion/code-history?q=${code}&customer=hist1@`, editor()));
    expect(guestOnly.match(/data-testid="history-row"/g)).toHaveLength(1);

    const csv = await get(`/backend/promotion/code-history/export.csv?q=${code}`, editor());
    expect(csv.status).toBe(200);
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, "")
      .split("\r\n")
      .filter(Boolean);
    expect(lines).toHaveLength(4);
    expect(lines.slice(1).map((line) => line.split(",")[4])).toEqual(["30.00", "40.00", "50.00"]);

    const codeList = await html(await get(`/backend/promotion/code?q=${code}`, editor()));
    expect(/data-testid="code-row"[\s\S]*?<\/tr>/.exec(codeList)?.[0]).toContain("฿120.00");

    const thai = await get(`/th/backend/promotion/code-history?q=${code}&from=2025-02-30&to=nonsense`, editor());
    expect(thai.status).toBe(200);

    // The oldest order is cancelled: its use stays listed, marked released, and counts no more.
    await db().update(discountRedemptions).set({ releasedAt: now }).where(eq(discountRedemptions.orderId, made[0]!.id));
    const released = await html(await get(`/backend/promotion/code-history?q=${code}`, editor()));
    expect(released.match(/data-testid="history-row"/g)).toHaveLength(3);
    expect(released.match(/data-testid="history-released"/g)).toHaveLength(1);
    expect(released).toMatch(/data-testid="history-totals"[^>]*>2 uses, ฿70\.00 in discounts/);
    expect(/data-testid="code-row"[\s\S]*?<\/tr>/.exec(await html(await get(`/backend/promotion/code?q=${code}`, editor())))?.[0]).toContain("฿70.00");
  });
});

describe("flash sales", () => {
  const hour = 3_600_000;
  const at = (ms: number) => epochToShopLocal(ms);

  async function newSaleFields(variantId: number, price: string, cap: string, startsAt: number, endsAt: number, name = uniqueCode("Sale")) {
    return {
      nameEn: name,
      nameTh: `เซล ${name}`,
      startsAt: at(startsAt),
      endsAt: at(endsAt),
      isActive: "on",
      "items[0].variantId": String(variantId),
      "items[0].salePrice": price,
      "items[0].quantityCap": cap,
    };
  }

  it("given a new sale, should save it, list it as live with sold / units, refuse an overlapping sale for the same variant, and end it early", async () => {
    const [variant] = await plainVariants(5, 1);
    const now = Date.now();
    const price = ((variant!.priceSatang - 1_000) / 100).toFixed(2);
    const fields = await newSaleFields(variant!.id, price, "4", now - hour, now + 5 * hour);
    const saved = await postForm("/backend/promotion/flash-sale/form", fields, editor());
    expect(saved.status).toBe(302);
    const sale = await db().select().from(flashSales).where(eq(flashSales.nameEn, fields.nameEn)).get();
    expect(await db().select().from(flashSaleItems).where(eq(flashSaleItems.flashSaleId, sale!.id))).toMatchObject([
      { variantId: variant!.id, salePriceSatang: variant!.priceSatang - 1_000, quantityCap: 4, soldCount: 0 },
    ]);
    const list = await html(await get(`/backend/promotion/flash-sale?q=${encodeURIComponent(fields.nameEn)}&state=live`, editor()));
    expect(list).toContain('data-testid="sale-state-live"');
    expect(list).toContain("1 (0 / 4)");

    const clash = await postForm("/backend/promotion/flash-sale/form", await newSaleFields(variant!.id, price, "2", now + hour, now + 9 * hour), editor());
    expect(clash.status).toBe(400);
    const clashPage = await html(clash);
    expect(clashPage).toContain('data-testid="error-items[0].variantId"');
    expect(clashPage).toContain(fields.nameEn);

    const path = `/backend/promotion/flash-sale/form/${sale!.id}`;
    const asked = await postForm(path, { intent: "end" }, editor());
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain('data-testid="confirm-step"');
    const ended = await postForm(path, { intent: "end", confirmed: "1" }, editor());
    expect(ended.status).toBe(302);
    const after = await db().select().from(flashSales).where(eq(flashSales.id, sale!.id)).get();
    expect(after!.endsAt).toBeLessThanOrEqual(Date.now());
    expect(
      (await postForm("/backend/promotion/flash-sale/form", await newSaleFields(variant!.id, price, "2", now + hour, now + 9 * hour), editor())).status,
    ).toBe(302);
  });

  it("given a stored sale and a search, the edit page should show its items and the results with their options, read in one round trip after the staff check", async () => {
    const [variant] = await plainVariants(5, 1);
    const now = Date.now();
    const fields = await newSaleFields(variant!.id, ((variant!.priceSatang - 1_000) / 100).toFixed(2), "3", now + 300 * hour, now + 301 * hour);
    expect((await postForm("/backend/promotion/flash-sale/form", fields, editor())).status).toBe(302);
    const sale = await db().select().from(flashSales).where(eq(flashSales.nameEn, fields.nameEn)).get();
    const shown = await db()
      .select({ nameEn: products.nameEn, sku: variants.sku })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(eq(variants.id, variant!.id))
      .get();
    const options = (
      await db()
        .select({ nameEn: attributeOptions.nameEn })
        .from(variantOptions)
        .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
        .innerJoin(attributes, eq(attributes.id, attributeOptions.attributeId))
        .where(eq(variantOptions.variantId, variant!.id))
        .orderBy(asc(attributes.sortOrder), asc(attributes.id))
    )
      .map((option) => option.nameEn)
      .join(" / ");
    expect(options).not.toBe("");

    const response = await get(`/backend/promotion/flash-sale/form/${sale!.id}?q=${encodeURIComponent(shown!.sku)}`, editor());
    expect(response.status).toBe(200);
    // Issue 19: the staff check, then the sale, its items' variants and the search (each with its options) together.
    expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
    const page = await html(response);
    const item = /data-testid="sale-item"[\s\S]*?<\/li>/.exec(page)?.[0] ?? "";
    expect(item).toContain(`${shown!.nameEn} ${options}`);
    expect(item).toContain(shown!.sku);
    const results = /data-testid="variant-results"[\s\S]*?<\/ul>/.exec(page)?.[0] ?? "";
    expect(results).toContain(`${shown!.nameEn} ${options}`);
    expect(results).toContain(shown!.sku);
  });

  it("given a sale price not below the regular price, units below what was sold, or removing a sold item, should refuse with 400", async () => {
    const [variant] = await plainVariants(5, 1);
    const now = Date.now();
    const notLower = await postForm(
      "/backend/promotion/flash-sale/form",
      await newSaleFields(variant!.id, (variant!.priceSatang / 100).toFixed(2), "3", now + 100 * hour, now + 101 * hour),
      editor(),
    );
    expect(notLower.status).toBe(400);
    expect(await html(notLower)).toContain('data-testid="error-items[0].salePrice"');

    const fields = await newSaleFields(variant!.id, "1.00", "5", now + 200 * hour, now + 201 * hour);
    expect((await postForm("/backend/promotion/flash-sale/form", fields, editor())).status).toBe(302);
    const sale = await db().select().from(flashSales).where(eq(flashSales.nameEn, fields.nameEn)).get();
    await db().update(flashSaleItems).set({ soldCount: 3 }).where(eq(flashSaleItems.flashSaleId, sale!.id));
    const path = `/backend/promotion/flash-sale/form/${sale!.id}`;
    const lower = await postForm(path, { ...fields, "items[0].quantityCap": "2" }, editor());
    expect(lower.status).toBe(400);
    expect(await html(lower)).toContain('data-testid="error-items[0].quantityCap"');
    const { "items[0].variantId": _v, "items[0].salePrice": _p, "items[0].quantityCap": _c, ...withoutItems } = fields;
    expect((await postForm(path, withoutItems, editor())).status).toBe(400);
    expect(
      await db()
        .select({ sold: flashSaleItems.soldCount, cap: flashSaleItems.quantityCap })
        .from(flashSaleItems)
        .where(eq(flashSaleItems.flashSaleId, sale!.id)),
    ).toEqual([{ sold: 3, cap: 5 }]);
  });

  it("given bad input, should answer 400 with field keys and never 5xx", async () => {
    for (const fields of <Record<string, string>[]>[
      { nameEn: "", nameTh: "", startsAt: "", endsAt: "" },
      { nameEn: "A", nameTh: "B", startsAt: "2030-01-02T10:00", endsAt: "2030-01-01T10:00" },
      { nameEn: "A", nameTh: "B", startsAt: "nonsense", endsAt: "2030-01-01T10:00", "items[0].variantId": "abc", "items[0].salePrice": "-1" },
      {
        nameEn: "A",
        nameTh: "B",
        startsAt: "2030-01-01T10:00",
        endsAt: "2030-01-02T10:00",
        "items[0].variantId": "999999999",
        "items[0].salePrice": "1",
        "items[0].quantityCap": "1",
      },
    ]) {
      const response = await postForm("/backend/promotion/flash-sale/form", fields, editor());
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await html(response)).toMatch(/data-testid="error-/);
    }
    expect((await get("/backend/promotion/flash-sale/form/0", editor())).status).toBe(404);
    expect((await get("/backend/promotion/flash-sale/form?q=jersey", editor())).status).toBe(200);
  });
});
