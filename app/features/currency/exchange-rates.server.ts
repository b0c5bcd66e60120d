import { eq } from "drizzle-orm";

import type { Env } from "~/cloudflare";
import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import {
  areRatesStale,
  decideRatesRefresh,
  type ExchangeRates,
  foreignCurrencyCodes,
  isCompleteRateTable,
  isValidRate,
  type RateTable,
} from "~/domain/currency";

/** KV keys: the current rates, and a short-lived marker that a page already asked for a refresh. */
export const ratesKvKey = "exchange-rates:THB";
const refreshMarkerKey = "exchange-rates:refreshing";

/** Used only if staff never set rates and no source ever answered (a fresh install offline). */
const lastResortRates: RateTable = { USD: 0.028, EUR: 0.026, GBP: 0.022, JPY: 4.3, CNY: 0.2 };

type Fetch = typeof fetch;

/** Primary source, Coinbase's contract: GET <url>?currency=THB → { data: { rates: { USD: "0.0280", … } } }. */
export async function fetchPrimaryRates(url: string, fetcher: Fetch = fetch): Promise<RateTable | null> {
  try {
    const endpoint = new URL(url);
    endpoint.searchParams.set("currency", "THB");
    const response = await fetcher(endpoint, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { data?: { currency?: string; rates?: Record<string, unknown> } };
    if (body.data?.currency && body.data.currency !== "THB") return null;
    const raw = body.data?.rates ?? {};
    const parsed = Object.fromEntries(foreignCurrencyCodes.map((code) => [code, Number(raw[code])]));
    return isCompleteRateTable(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Second source, USD only, Frankfurter's contract: GET <url>?from=THB&to=USD → { rates: { USD: 0.028 } }. */
export async function fetchFallbackUsdRate(url: string, fetcher: Fetch = fetch): Promise<number | null> {
  try {
    const endpoint = new URL(url);
    endpoint.searchParams.set("from", "THB");
    endpoint.searchParams.set("to", "USD");
    const response = await fetcher(endpoint, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(5000) });
    if (!response.ok) return null;
    const body = (await response.json()) as { rates?: Record<string, unknown> };
    const usd = Number(body.rates?.USD);
    return isValidRate(usd) ? usd : null;
  } catch {
    return null;
  }
}

export async function readStoredRates(kv: KVNamespace): Promise<ExchangeRates | null> {
  const stored = await kv.get<ExchangeRates>(ratesKvKey, "json");
  return stored && isCompleteRateTable(stored.rates) ? stored : null;
}

/** Rates staff typed in /backend/setting (config_exchange_rates), or built-in ones. */
export async function readStaffRates(db: D1Database): Promise<RateTable> {
  const row = await database(db).select({ value: config.value }).from(config).where(eq(config.key, configKeys.exchangeRates)).get();
  if (!row) return lastResortRates;
  try {
    const parsed = JSON.parse(row.value) as Record<string, unknown>;
    return isCompleteRateTable(parsed) ? parsed : lastResortRates;
  } catch {
    return lastResortRates;
  }
}

/** The cron job (and a stale page's background refresh). Never throws. */
export async function refreshExchangeRates(env: Env, fetcher: Fetch = fetch, now = Date.now()): Promise<ExchangeRates | null> {
  const primary = await fetchPrimaryRates(env.RATES_PRIMARY_URL, fetcher);
  const fallbackUsd = primary ? null : await fetchFallbackUsdRate(env.RATES_FALLBACK_URL, fetcher);
  const stored = primary ? null : await readStoredRates(env.KV);
  const staff = primary || stored ? lastResortRates : await readStaffRates(env.DB);
  const decision = decideRatesRefresh({ primary, fallbackUsd, stored, staff, now });
  if (decision.kind === "keep") {
    console.error(decision.reason);
    return stored;
  }
  await env.KV.put(ratesKvKey, JSON.stringify(decision.rates));
  return decision.rates;
}

/**
 * Rates for rendering a page: the stored ones, else staff-set ones. Never waits for a source:
 * when rates are missing or older than 24 h it starts one background refresh (at most one per
 * ten minutes, so a failing source is not hammered).
 */
export async function getDisplayRates(env: Env, ctx: Pick<ExecutionContext, "waitUntil">, now = Date.now()): Promise<ExchangeRates> {
  const stored = await readStoredRates(env.KV);
  if (areRatesStale(stored, now)) {
    ctx.waitUntil(
      (async () => {
        if (await env.KV.get(refreshMarkerKey)) return;
        await env.KV.put(refreshMarkerKey, "1", { expirationTtl: 600 });
        await refreshExchangeRates(env);
      })().catch((error: unknown) => console.error("cannot get currencies", error)),
    );
  }
  if (stored) return stored;
  return { rates: await readStaffRates(env.DB), fetchedAt: 0, source: "staff" };
}
