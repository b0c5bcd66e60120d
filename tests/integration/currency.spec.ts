import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";

import { variants } from "~/db/schema/catalog";
import { convertSatang, type ExchangeRates } from "~/domain/currency";
import { formatSatang, formatSatangParts } from "~/domain/money";
import { listProducts } from "~/features/catalog/catalog.server";
import { ratesKvKey, refreshExchangeRates } from "~/features/currency/exchange-rates.server";

import { fakeRates } from "../fixtures/fake-rates-server";
import { add, cartPage, db, guestSession, plainVariants } from "./cart-helpers";
import { section } from "./content-helpers";
import { cookieFrom, get, postForm, runCron } from "./worker";

const storedRates = async () => env.KV.get<ExchangeRates>(ratesKvKey, "json");
const withSources = (primary: string, fallback: string) => ({
  ...env,
  RATES_PRIMARY_URL: `${env.FAKE_RATES_URL}/primary/${primary}`,
  RATES_FALLBACK_URL: `${env.FAKE_RATES_URL}/fallback/${fallback}`,
});

afterEach(async () => {
  vi.restoreAllMocks();
  await env.KV.delete(ratesKvKey);
  await env.KV.delete("exchange-rates:refreshing");
});

describe("exchange rates", () => {
  it("given the daily cron, should store every THB rate from the primary source in KV", async () => {
    await runCron("17 3 * * *");
    const stored = await storedRates();
    expect(stored?.source).toBe("primary");
    expect(stored?.rates).toEqual(fakeRates);
  });

  it("given the primary source fails, should take USD from the second source and keep the others from staff rates", async () => {
    const stored = await refreshExchangeRates(withSources("fail", "ok"));
    expect(stored?.source).toBe("fallback");
    expect(stored?.rates.USD).toBe(fakeRates.USD);
    expect(stored?.rates.EUR).toBe(0.026); // staff-set rate from the demo config
    expect((await storedRates())?.rates.USD).toBe(fakeRates.USD);
  });

  it("given the primary source answers without every currency, should treat it as failed", async () => {
    const stored = await refreshExchangeRates(withSources("garbage", "ok"));
    expect(stored?.source).toBe("fallback");
  });

  it("given both sources fail, should log 'cannot get currencies' and keep the last stored rates", async () => {
    const previous: ExchangeRates = { rates: { ...fakeRates, USD: 0.03 }, fetchedAt: 1, source: "primary" };
    await env.KV.put(ratesKvKey, JSON.stringify(previous));
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await refreshExchangeRates(withSources("fail", "fail"));
    expect(log).toHaveBeenCalledWith("cannot get currencies");
    expect(result).toEqual(previous);
    expect(await storedRates()).toEqual(previous);
  });

  it("given stale rates, a page in another currency should render at once and refresh them in the background", async () => {
    const stale: ExchangeRates = { rates: { ...fakeRates, USD: 0.5 }, fetchedAt: Date.now() - 25 * 60 * 60 * 1000, source: "primary" };
    await env.KV.put(ratesKvKey, JSON.stringify(stale));
    // A URL no other test asks for, so the page is rendered (not taken from the page cache).
    const response = await get("/shop?stale-rates-test=1", { cookie: "currency=USD" });
    expect(response.status).toBe(200);
    await response.text();
    await vi.waitFor(async () => expect((await storedRates())?.rates.USD).toBe(fakeRates.USD), { timeout: 10_000 });
  });

  it("given prices in Baht, a page should not read the rates (they would convert nothing)", async () => {
    const stale: ExchangeRates = { rates: { ...fakeRates, USD: 0.5 }, fetchedAt: Date.now() - 25 * 60 * 60 * 1000, source: "primary" };
    await env.KV.put(ratesKvKey, JSON.stringify(stale));
    const response = await get("/shop?baht-rates-test=1");
    expect(response.status).toBe(200);
    await response.text();
    // Were they read, a stale table would start a refresh; none is marked, and the table is as it was.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await env.KV.get("exchange-rates:refreshing")).toBeNull();
    expect((await storedRates())?.rates.USD).toBe(0.5);
  });
});

describe("currency switcher", () => {
  it("given a currency choice, should remember it for a year and return to the page", async () => {
    const response = await postForm("/change-currency", { currency: "USD", next: "/th/shop?page=1" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/th/shop?page=1");
    expect(response.headers.get("set-cookie")).toContain("currency=USD");
    expect(response.headers.get("set-cookie")).toContain("Max-Age=31536000");
  });

  it("given an unknown currency, should change nothing", async () => {
    const response = await postForm("/change-currency", { currency: "XYZ", next: "/shop" });
    expect(response.status).toBe(302);
    expect(response.headers.get("set-cookie")).toBeNull();
  });

  it("given USD chosen, the shop should show prices converted from THB and say payment is in THB", async () => {
    await runCron("17 3 * * *");
    const choose = await postForm("/change-currency", { currency: "USD", next: "/shop" });
    const html = await (await get("/shop?usd-test=1", { cookie: cookieFrom(choose) })).text();
    const { items } = await listProducts(env.DB, { page: 1, pageSize: 24, sort: "newest" });
    const first = items[0]!;
    expect(html).toContain(formatSatang(first.priceSatang, "USD", fakeRates, "en-GB"));
    expect(html).toContain("you pay in Thai Baht (THB)");
  });

  it("given JPY chosen, should show whole yen", async () => {
    await runCron("17 3 * * *");
    const html = await (await get("/shop?jpy-test=1", { cookie: "currency=JPY" })).text();
    const { items } = await listProducts(env.DB, { page: 1, pageSize: 24, sort: "newest" });
    const expected = formatSatang(items[0]!.priceSatang, "JPY", fakeRates, "en-GB");
    expect(expected).not.toContain(".");
    expect(html).toContain(expected);
  });
});

describe("sums in another currency", () => {
  it("given three of a line in USD, the cart's line total and subtotal should be the shown unit price × 3, not the converted Baht sum", async () => {
    await runCron("17 3 * * *");
    // A Baht price whose dollar value, rounded once and tripled, differs from the rounded triple.
    let unit = 10_001;
    while (convertSatang(unit, "USD", fakeRates) * 3 === convertSatang(unit * 3, "USD", fakeRates)) unit++;
    const [variant] = await plainVariants(3, 1);
    await db().update(variants).set({ priceSatang: unit }).where(eq(variants.id, variant!.id));
    const headers = await guestSession();
    expect((await add(variant!.id, 3, headers)).status).toBe(302);

    const { html } = await cartPage({ ...headers, cookie: `${headers.cookie}; currency=USD` });
    const shown = formatSatangParts([{ satang: unit, quantity: 3 }], "USD", fakeRates, "en-GB");
    expect(shown).not.toBe(formatSatang(unit * 3, "USD", fakeRates, "en-GB"));
    expect(section(html, "line-total")).toContain(shown);
    expect(html).toMatch(new RegExp(`${escapeRegExp(shown)}[\\s\\S]*${escapeRegExp(shown)}`));
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
