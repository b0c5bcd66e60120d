import { describe, expect, it } from "vitest";
import { isShareableResponse, PageCache, pageCacheKey, pageCacheTtlMs } from "./page-cache";

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
