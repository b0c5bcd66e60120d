import { env } from "cloudflare:workers";
import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { products, variants } from "~/db/schema/catalog";
import { discountCodes, discountCodeTargets } from "~/db/schema/promotions";
import { priceCheckout } from "~/features/checkout/checkout.server";
import { add, db, guestSession, plainVariants, sessionIdOf } from "./cart-helpers";
import { backendTestCookies, type TestViewer } from "./backend-sessions";
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

const promotionPages = ["/backend/promotion/code", "/backend/promotion/code/form", "/backend/promotion/code/export.csv"];

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
