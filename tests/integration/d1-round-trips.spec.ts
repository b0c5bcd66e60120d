import { describe, expect, it } from "vitest";

import { add, customerSession, guestSession, type Headers, plainVariants } from "./cart-helpers";
import { get } from "./worker";

/**
 * Issue 19: every answer says its D1 work in `Server-Timing` (app/db/d1-meter.ts), and a page costs
 * one round trip (checkout two). Counts, never times. Each URL carries a query the page cache has
 * not seen, so the page renders.
 */
function work(response: Response) {
  const header = response.headers.get("server-timing") ?? "";
  const match = /db;dur=[\d.]+;desc="(\d+) round trips?, (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  return { roundTrips: Number(match![1]), rowsRead: Number(match![2]) };
}

async function pageOf(path: string, headers: Headers = {}) {
  const response = await get(path, headers);
  const html = await response.text();
  expect(response.status, path).toBe(200);
  return { roundTrips: work(response).roundTrips, html };
}

async function roundTripsOf(path: string, headers: Headers = {}) {
  return (await pageOf(path, headers)).roundTrips;
}

async function cartOf(lines: number): Promise<Headers> {
  const headers = await guestSession();
  for (const variant of await plainVariants(1, lines)) expect((await add(variant.id, 1, headers)).status).toBeLessThan(400);
  return headers;
}

describe("D1 round trips per page (Server-Timing)", () => {
  it("should state the D1 work on every answer, pages and .data alike", async () => {
    const page = await get("/shop?rt=header");
    await page.arrayBuffer();
    expect(page.headers.get("server-timing")).toMatch(/^db;dur=[\d.]+;desc="\d+ round trips?, \d+ rows? read"$/);
    expect(work(page).rowsRead).toBeGreaterThan(0);
    const data = await get("/shop.data?rt=header-data");
    await data.arrayBuffer();
    expect(work(data).roundTrips).toBeGreaterThan(0);
  });

  it("should count a page served from the page cache as no D1 work", async () => {
    await (await get("/shop?rt=cached")).arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const cached = await get("/shop?rt=cached");
    await cached.arrayBuffer();
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect(work(cached)).toEqual({ roundTrips: 0, rowsRead: 0 });
  });

  it.each([
    "/?rt=home",
    "/shop?rt=shop",
    "/th/shop?rt=th-shop",
    "/shop/classic-logo-tee?rt=product",
    // Issue 20: filters and their counts join the same batch.
    "/shop?size=m&colour=black&min=100&max=900&stock=1&rt=filtered",
    "/th/shop?search=%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD&size=l&rt=th-search-filtered",
    "/shop?category=2&size=s&sort=price-asc&rt=category-filtered",
  ])("given a visitor, %s should take one round trip", async (path) => {
    expect(await roundTripsOf(path)).toBe(1);
  });

  it.each(["/?rt=home-s", "/shop?rt=shop-s", "/th/shop?rt=th-shop-s", "/shop/classic-logo-tee?rt=product-s"])(
    "given a shopper with a session, %s should take one round trip",
    async (path) => {
      expect(await roundTripsOf(path, await guestSession())).toBe(1);
      expect(await roundTripsOf(path, await customerSession())).toBe(1);
    },
  );

  it.each(["/custom", "/th/custom/select", "/faqs", "/th/collection", "/activities", "/size-guides"])(
    "given a visitor, a guest or a customer, %s should take one round trip (the session read joins the page's batch)",
    async (path) => {
      expect(await roundTripsOf(`${path}?rt=late-viewer`)).toBe(1);
      expect(await roundTripsOf(path, await guestSession())).toBe(1);
      expect(await roundTripsOf(path, await customerSession())).toBe(1);
    },
  );

  it("given a guest or a customer, the designer should take two round trips: the session with the product, then the shopper's own rows", async () => {
    for (const headers of [await guestSession(), await customerSession()]) {
      const page = await pageOf("/custom/select/1", headers);
      expect(page.html).toContain('data-testid="designer-page"');
      expect(page.roundTrips).toBe(2);
    }
  });

  it("given a cart of 1 line or 50, the cart page should take one round trip (prices of all lines in one batch)", async () => {
    const variants = await plainVariants(1, 50);
    expect(variants.length).toBe(50);
    for (const lines of [1, 50]) {
      const page = await pageOf("/cart", await cartOf(lines));
      expect(page.html.match(/data-testid="cart-line"/g)?.length).toBe(lines);
      expect(page.roundTrips).toBe(1);
    }
  });

  it("given a customer, the cart page should show the customer's cart in one round trip", async () => {
    const customer = await customerSession();
    const [variant] = await plainVariants(1, 1);
    expect((await add(variant!.id, 1, customer)).status).toBeLessThan(400);
    const page = await pageOf("/cart", customer);
    expect(page.html).toContain(`data-variant-id="${variant!.id}"`);
    expect(page.roundTrips).toBe(1);
  });

  it("given a cart, the checkout page should take at most two round trips, for a guest and for a customer", async () => {
    expect(await roundTripsOf("/cart/checkout", await cartOf(2))).toBeLessThanOrEqual(2);
    const customer = await customerSession();
    for (const variant of await plainVariants(1, 2)) expect((await add(variant.id, 1, customer)).status).toBeLessThan(400);
    expect(await roundTripsOf("/cart/checkout", customer)).toBeLessThanOrEqual(2);
  });

  it("given a form post, should send the shopper's next reads to the primary, and the next request should read the write", async () => {
    const headers = await guestSession();
    const [variant] = await plainVariants(1, 1);
    const added = await add(variant!.id, 1, headers);
    expect(added.status).toBeLessThan(400);
    // A form post's round trips are not told (they could tell outcomes apart).
    expect(added.headers.get("server-timing")).toBeNull();
    const primary = added.headers.getSetCookie().find((cookie) => cookie.startsWith("pryde_d1="));
    expect(primary).toMatch(/^pryde_d1=primary; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    const next = { cookie: `${headers.cookie}; ${primary!.split(";")[0]}` };
    const page = await pageOf("/cart", next);
    expect(page.html).toContain(`data-variant-id="${variant!.id}"`);
    expect(page.roundTrips).toBe(1);
  });

  it("given a page that only reads, should set no D1 cookie (anonymous pages stay shareable)", async () => {
    const response = await get("/shop?rt=no-bookmark");
    await response.arrayBuffer();
    expect(response.headers.getSetCookie().filter((cookie) => cookie.startsWith("pryde_d1="))).toEqual([]);
  });
});
