import { describe, expect, it } from "vitest";

import { isBackOfficeWrite, isShareableResponse, PageCache, pageCacheKey, pageCacheTtlMs, type SharedCache, VersionedPageCache } from "./page-cache";

const request = (path: string, init: { method?: string; cookie?: string; authorization?: string } = {}) =>
  new Request(`http://shop.test${path}`, {
    method: init.method ?? "GET",
    headers: {
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...(init.authorization ? { authorization: init.authorization } : {}),
    },
  });

describe("pageCacheKey", () => {
  it.each([
    ["/", "/|THB|"],
    ["/th", "/th|THB|"],
    ["/shop?category=2&page=3", "/shop?category=2&page=3|THB|"],
    ["/th/shop/classic-tee", "/th/shop/classic-tee|THB|"],
    ["/activities/new-season", "/activities/new-season|THB|"],
    ["/faqs", "/faqs|THB|"],
    ["/th/custom", "/th/custom|THB|"],
    ["/custom/select", "/custom/select|THB|"],
  ])("given an anonymous GET of the public page %s, should share it under %s", (path, key) => {
    expect(pageCacheKey(request(path))).toBe(key);
  });

  it.each([
    ["a form post", request("/shop", { method: "POST" })],
    ["a visitor with a session (cart or sign-in)", request("/shop", { cookie: "pryde_session=abcdefghijklmnopqrstuvwx" })],
    ["an API client", request("/shop", { authorization: "Bearer x" })],
    ["the cart", request("/cart")],
    ["an account page", request("/th/my-profile")],
    ["the designer (a shopper's own draft)", request("/custom/select/1")],
    ["saved designs", request("/custom/create_backup")],
    ["the back office", request("/backend")],
    ["a preference switch", request("/change-language?lang=th")],
    ["an unknown prefix", request("/en/shop")],
  ])("given %s, should not share the page", (_case, req) => {
    expect(pageCacheKey(req)).toBeNull();
  });

  it("given a display currency, should keep prices in other currencies apart", () => {
    expect(pageCacheKey(request("/shop", { cookie: "currency=USD" }))).toBe("/shop|USD|");
  });

  it("given a remembered language, should keep the home page's redirect apart", () => {
    expect(pageCacheKey(request("/", { cookie: "lng=th" }))).toBe("/|THB|th");
    expect(pageCacheKey(request("/shop", { cookie: "lng=th" }))).toBe("/shop|THB|");
  });
});

describe("isShareableResponse", () => {
  const html = { "content-type": "text/html; charset=utf-8" };
  it.each([
    ["a 200 page", new Response("x", { headers: html }), true],
    ["a 404 page", new Response("x", { status: 404, headers: html }), false],
    ["a redirect", new Response(null, { status: 302, headers: { location: "/th" } }), false],
    ["a page setting a cookie", new Response("x", { headers: { ...html, "set-cookie": "a=b" } }), false],
    ["JSON", new Response("{}", { headers: { "content-type": "application/json" } }), false],
    ["a page marked private", new Response("x", { headers: { ...html, "cache-control": "private, no-store" } }), false],
    ["a page marked no-store", new Response("x", { headers: { ...html, "cache-control": "no-store" } }), false],
    ["a page with a public lifetime", new Response("x", { headers: { ...html, "cache-control": "public, max-age=60" } }), true],
  ])("given %s, should share it: %s", (_case, response, expected) => {
    expect(isShareableResponse(response)).toBe(expected);
  });
});

describe("PageCache", () => {
  const body = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
  const headers = new Headers({ "content-type": "text/html" });

  it("given a stored page, should serve it until it expires, marked as a hit", async () => {
    const cache = new PageCache();
    cache.set("k", body("page"), headers, 1000, 15_000);
    const hit = cache.get("k", 15_999);
    expect(hit?.headers.get("x-page-cache")).toBe("hit");
    expect(await hit?.text()).toBe("page");
    expect(cache.get("k", 16_000)).toBeNull();
    expect(cache.size).toBe(0);
  });

  it("given a full cache, should drop the least recently used page", () => {
    const cache = new PageCache(2);
    cache.set("a", body("a"), headers, 0, 10_000);
    cache.set("b", body("b"), headers, 0, 10_000);
    cache.get("a", 1);
    cache.set("c", body("c"), headers, 2, 10_000);
    expect(cache.get("b", 3)).toBeNull();
    expect(cache.get("a", 3)).not.toBeNull();
    expect(cache.get("c", 3)).not.toBeNull();
  });

  it("given a zero lifetime, should keep nothing", () => {
    const cache = new PageCache();
    cache.set("k", body("page"), headers, 0, 0);
    expect(cache.size).toBe(0);
  });
});

describe("pageCacheTtlMs", () => {
  it.each([
    [undefined, 15_000],
    ["15", 15_000],
    ["0", 0],
    ["-3", 0],
    ["abc", 0],
    ["100000", 300_000],
  ])("given PAGE_CACHE_SECONDS=%s, should keep pages %i ms", (setting, expected) => {
    expect(pageCacheTtlMs(setting)).toBe(expected);
  });
});

describe("isBackOfficeWrite", () => {
  it.each([
    ["POST", "/backend/products/category/form/1", 303, true],
    ["POST", "/backend/products/category/form/1.data", 200, true],
    ["POST", "/BACKEND/Products/category/form/1", 303, true],
    ["POST", "/%62ackend/products", 303, true],
    ["POST", "//backend/products", 303, true],
    ["POST", "/th/backend/settings", 303, true],
    ["DELETE", "/backend/x", 204, true],
    ["POST", "/backend/products/category/form/1", 400, false],
    ["POST", "/backend/login", 403, false],
    ["GET", "/backend/products", 200, false],
    ["HEAD", "/backend/products", 200, false],
    ["POST", "/cart", 303, false],
    ["POST", "/backendish", 303, false],
    ["POST", "/%E0%A4%A", 303, false],
  ])("given %s %s answered %i, should be %s", (method, path, status, expected) => {
    expect(isBackOfficeWrite(new Request(`http://shop.test${path}`, { method }), status)).toBe(expected);
  });
});

describe("VersionedPageCache", () => {
  // The Cache API's contract as far as the cache uses it: match by URL, put replaces.
  const fakeSharedCache = (): SharedCache & { urls: string[] } => {
    const stored = new Map<string, Response>();
    return {
      urls: [],
      async match(request) {
        return stored.get(String(request))?.clone();
      },
      async put(request, response) {
        this.urls.push(String(request));
        stored.set(String(request), response);
      },
    };
  };
  const pageHeaders = () => new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "public, max-age=0" });
  const body = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;

  it("given a page kept by one isolate, should serve it from the shared cache to another, with the page's own headers", async () => {
    const shared = fakeSharedCache();
    await new VersionedPageCache(new PageCache(), shared).set("/shop|THB|", "v1", body("<p>shop</p>"), pageHeaders(), 0, 15_000);
    const other = new VersionedPageCache(new PageCache(), shared);
    const served = await other.get("/shop|THB|", "v1", 1_000, 15_000);
    expect(await served?.text()).toBe("<p>shop</p>");
    expect(served?.headers.get("cache-control")).toBe("public, max-age=0");
    expect(served?.headers.get("x-page-cache")).toBe("hit");
    expect(served?.headers.has("x-page-cache-control")).toBe(false);
    expect(shared.urls[0]).toMatch(/^https:\/\/page-cache\.invalid\//);
  });

  it("given a newer content version, should miss in both levels", async () => {
    const shared = fakeSharedCache();
    const cache = new VersionedPageCache(new PageCache(), shared);
    await cache.set("/shop|THB|", "v1", body("old"), pageHeaders(), 0, 15_000);
    expect(await cache.get("/shop|THB|", "v2", 1_000, 15_000)).toBeNull();
    expect(await cache.get("/shop|THB|", "v1", 1_000, 15_000)).not.toBeNull();
  });

  it("given no shared cache (outside Workers), should still keep pages in the isolate", async () => {
    const cache = new VersionedPageCache(new PageCache(), null);
    await cache.set("/|THB|th", "0", body("home"), pageHeaders(), 0, 15_000);
    expect(await (await cache.get("/|THB|th", "0", 1, 15_000))?.text()).toBe("home");
  });
});
