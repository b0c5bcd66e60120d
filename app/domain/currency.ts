import { roundHalfAwayFromZero } from "./rounding";

/**
 * Display currencies (spec §1, §9). Prices are kept and charged in Thai Baht (integer satang);
 * other currencies are display-only conversions, disclosed as such.
 */
export const currencyCodes = ["THB", "USD", "EUR", "GBP", "JPY", "CNY"] as const;
export type CurrencyCode = (typeof currencyCodes)[number];
export type ForeignCurrencyCode = Exclude<CurrencyCode, "THB">;
export const foreignCurrencyCodes = currencyCodes.filter((code): code is ForeignCurrencyCode => code !== "THB");
export const baseCurrency: CurrencyCode = "THB";

/** Symbols from spec §9; minor units from ISO 4217 (the yen has none). */
export const currencies: Record<CurrencyCode, { symbol: string; fractionDigits: number }> = {
  THB: { symbol: "฿", fractionDigits: 2 },
  USD: { symbol: "$", fractionDigits: 2 },
  EUR: { symbol: "€", fractionDigits: 2 },
  GBP: { symbol: "£", fractionDigits: 2 },
  JPY: { symbol: "¥", fractionDigits: 0 },
  CNY: { symbol: "¥", fractionDigits: 2 },
};

/** How much of each currency one Baht buys. */
export type RateTable = Record<ForeignCurrencyCode, number>;

export interface ExchangeRates {
  rates: RateTable;
  /** Epoch ms of the last successful refresh; 0 for rates staff typed in. */
  fetchedAt: number;
  source: "primary" | "fallback" | "staff";
}

/** Spec §4: rates are refreshed when never fetched or older than 24 hours. */
export const ratesMaxAgeMs = 24 * 60 * 60 * 1000;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (currencyCodes as readonly string[]).includes(value);
}

/** Stale when never fetched, when the fetch time is unreadable, or when older than 24 h. */
export function areRatesStale(rates: Pick<ExchangeRates, "fetchedAt"> | null, now: number): boolean {
  if (!rates || !Number.isFinite(rates.fetchedAt)) return true;
  return now - rates.fetchedAt > ratesMaxAgeMs;
}

/** A usable rate is a finite positive number. */
export function isValidRate(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0;
}

export function isCompleteRateTable(value: Partial<Record<string, unknown>>): value is RateTable {
  return foreignCurrencyCodes.every((code) => isValidRate(value[code]));
}

/**
 * Converts a Baht amount in satang to minor units of the display currency, rounding half away
 * from zero at the currency's own precision (so ¥ shows whole yen, $ whole cents).
 */
export function convertSatang(satang: number, currency: CurrencyCode, rates: RateTable): number {
  if (currency === "THB") return satang === 0 ? 0 : satang;
  const digits = currencies[currency].fractionDigits;
  // satang × rate is already in hundredths of the target currency; scale to its own minor unit.
  return roundHalfAwayFromZero((satang * rates[currency] * 10 ** digits) / 100);
}

/** A Baht amount in a sum shown in another currency: a unit price × quantity, added or taken off. */
export interface SatangPart {
  satang: number;
  quantity?: number;
  sign?: 1 | -1;
}

/**
 * A sum of Baht parts in the display currency's minor units, each part converted and rounded on
 * its own (a line as its converted unit price × quantity), so that the amounts a page shows for
 * the lines, the subtotal and the total add up in dollars or yen as they do in Baht — converting
 * the Baht sum instead can differ from the shown parts by a cent.
 */
export function convertSatangParts(parts: readonly SatangPart[], currency: CurrencyCode, rates: RateTable): number {
  return parts.reduce((sum, part) => sum + (part.sign ?? 1) * convertSatang(part.satang, currency, rates) * (part.quantity ?? 1), 0);
}

/** The Baht value of a sum of parts: what the parts add up to before any conversion. */
export function satangOfParts(parts: readonly SatangPart[]): number {
  return parts.reduce((sum, part) => sum + (part.sign ?? 1) * part.satang * (part.quantity ?? 1), 0);
}

/** A priced line as a part of a sum: its unit price times its quantity. */
export function linePart(line: { unitPriceSatang: number; quantity: number }): SatangPart {
  return { satang: line.unitPriceSatang, quantity: line.quantity };
}

export type RefreshDecision = { kind: "store"; rates: ExchangeRates } | { kind: "keep"; reason: "cannot get currencies" };

/**
 * What a refresh does with what the sources answered: the primary source gives every currency;
 * failing that, a second source gives USD only and the other currencies keep their last known
 * rates (stored, else staff-set); when both fail the stored rates stay as they are. A source that
 * answers with a missing, zero, negative or non-finite rate counts as failed.
 */
export function decideRatesRefresh(input: {
  primary: RateTable | null;
  fallbackUsd: number | null;
  stored: ExchangeRates | null;
  staff: RateTable;
  now: number;
}): RefreshDecision {
  if (input.primary && isCompleteRateTable(input.primary)) {
    return { kind: "store", rates: { rates: input.primary, fetchedAt: input.now, source: "primary" } };
  }
  if (isValidRate(input.fallbackUsd)) {
    const previous = input.stored && isCompleteRateTable(input.stored.rates) ? input.stored.rates : input.staff;
    return {
      kind: "store",
      rates: { rates: { ...previous, USD: input.fallbackUsd }, fetchedAt: input.now, source: "fallback" },
    };
  }
  return { kind: "keep", reason: "cannot get currencies" };
}
