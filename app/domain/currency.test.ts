import { describe, expect, it } from "vitest";

import {
  areRatesStale,
  convertSatang,
  convertSatangParts,
  currencies,
  currencyCodes,
  decideRatesRefresh,
  type ExchangeRates,
  foreignCurrencyCodes,
  isCompleteRateTable,
  isCurrencyCode,
  isValidRate,
  linePart,
  ratesMaxAgeMs,
  type RateTable,
  satangOfParts,
} from "./currency";

const rates: RateTable = { USD: 0.028, EUR: 0.026, GBP: 0.022, JPY: 4.3, CNY: 0.2 };
const staffRates: RateTable = { USD: 0.03, EUR: 0.027, GBP: 0.023, JPY: 4.5, CNY: 0.21 };
const storedRates: RateTable = { USD: 0.029, EUR: 0.0265, GBP: 0.0225, JPY: 4.4, CNY: 0.205 };
const now = Date.UTC(2026, 0, 15, 12, 0, 0);
const hour = 60 * 60 * 1000;

describe("currency table", () => {
  it("should list THB first and every foreign currency after it", () => {
    expect(currencyCodes).toEqual(["THB", "USD", "EUR", "GBP", "JPY", "CNY"]);
    expect(foreignCurrencyCodes).toEqual(["USD", "EUR", "GBP", "JPY", "CNY"]);
  });

  it.each([
    ["THB", "฿", 2],
    ["USD", "$", 2],
    ["EUR", "€", 2],
    ["GBP", "£", 2],
    ["JPY", "¥", 0],
    ["CNY", "¥", 2],
  ] as const)("given %s, should use symbol %s and %s decimals", (code, symbol, digits) => {
    expect(currencies[code]).toEqual({ symbol, fractionDigits: digits });
  });
});

describe("isCurrencyCode", () => {
  it.each([
    ["THB", true],
    ["JPY", true],
    ["thb", false],
    ["XYZ", false],
    ["", false],
    [null, false],
    [undefined, false],
    [840, false],
  ])("given %j, should say %s", (value, expected) => {
    expect(isCurrencyCode(value)).toBe(expected);
  });
});

describe("convertSatang", () => {
  it.each([
    ["THB keeps satang as they are", 123_450, "THB", 123_450],
    ["THB zero", 0, "THB", 0],
    ["THB negative", -500, "THB", -500],
    ["USD to whole cents", 123_450, "USD", 3457],
    ["USD below half a cent rounds down", 50, "USD", 1], // 0.50 THB × 0.028 = 1.4 ¢ → 1 ¢
    ["EUR", 10_000, "EUR", 260],
    ["GBP", 10_000, "GBP", 220],
    ["CNY", 10_000, "CNY", 2000],
    ["JPY to whole yen", 123_450, "JPY", 5308], // 1,234.50 × 4.3 = 5,308.35
    ["JPY half a yen rounds away from zero", 50, "JPY", 2], // 0.50 × 4.3 = 2.15
    ["JPY below half a yen rounds to zero", 10, "JPY", 0], // 0.10 × 4.3 = 0.43
    ["JPY negative rounds away from zero", -123_450, "JPY", -5308],
    ["JPY negative tiny amount is zero, not -0", -10, "JPY", 0],
    ["USD zero", 0, "USD", 0],
    ["USD negative", -123_450, "USD", -3457],
  ] as const)("given %s (%s satang → %s), should give %s", (_, amount, currency, expected) => {
    expect(Object.is(convertSatang(amount, currency, rates), expected)).toBe(true);
  });

  it.each([
    ["USD", { ...rates, USD: 0.01 }, 150, 2], // 1.50 THB × 0.01 = 1.5 ¢ exactly → 2 ¢
    ["USD", { ...rates, USD: 0.01 }, -150, -2],
    ["JPY", { ...rates, JPY: 1 }, 250, 3], // 2.50 THB × 1 = 2.5 yen exactly → 3 yen
    ["JPY", { ...rates, JPY: 1 }, -250, -3],
  ] as const)("given an exact half in %s, should round away from zero", (currency, table, amount, expected) => {
    expect(convertSatang(amount, currency, table)).toBe(expected);
  });
});

describe("isValidRate and isCompleteRateTable", () => {
  it.each([
    [0.028, true],
    [4.3, true],
    [0, false],
    [-1, false],
    [Number.NaN, false],
    [Number.POSITIVE_INFINITY, false],
    ["0.028", false],
    [null, false],
  ])("given rate %j, should say %s", (value, expected) => {
    expect(isValidRate(value)).toBe(expected);
  });

  it.each([
    ["every currency", rates, true],
    ["USD missing", { EUR: 1, GBP: 1, JPY: 1, CNY: 1 }, false],
    ["JPY zero", { ...rates, JPY: 0 }, false],
    ["empty", {}, false],
  ])("given a table with %s, should say %s", (_, table, expected) => {
    expect(isCompleteRateTable(table)).toBe(expected);
  });
});

describe("areRatesStale", () => {
  it.each([
    ["never fetched", null, true],
    ["staff-set rates (fetchedAt 0)", { fetchedAt: 0 }, true],
    ["an unreadable fetch time", { fetchedAt: Number.NaN }, true],
    ["fetched just now", { fetchedAt: now }, false],
    ["fetched 23h59 ago", { fetchedAt: now - 23 * hour - 59 * 60 * 1000 }, false],
    ["fetched exactly 24h ago", { fetchedAt: now - ratesMaxAgeMs }, false],
    ["fetched 24h and 1 ms ago", { fetchedAt: now - ratesMaxAgeMs - 1 }, true],
    ["fetched two days ago", { fetchedAt: now - 48 * hour }, true],
  ])("given rates %s, should say stale = %s", (_, stored, expected) => {
    expect(areRatesStale(stored, now)).toBe(expected);
  });
});

describe("decideRatesRefresh", () => {
  const stored: ExchangeRates = { rates: storedRates, fetchedAt: now - 30 * hour, source: "primary" };

  it.each([
    ["with stored rates", stored],
    ["without stored rates", null],
  ])("given the primary source answers (%s), should store its rates", (_, storedValue) => {
    expect(decideRatesRefresh({ primary: rates, fallbackUsd: 0.5, stored: storedValue, staff: staffRates, now })).toEqual({
      kind: "store",
      rates: { rates, fetchedAt: now, source: "primary" },
    });
  });

  it.each([
    ["stored rates", stored, storedRates],
    ["no stored rates, so staff rates", null, staffRates],
    ["stored rates that are incomplete, so staff rates", { ...stored, rates: { ...storedRates, GBP: 0 } }, staffRates],
  ])("given the primary fails and the fallback gives USD, should keep the others from %s", (_, storedValue, others) => {
    expect(decideRatesRefresh({ primary: null, fallbackUsd: 0.0285, stored: storedValue, staff: staffRates, now })).toEqual({
      kind: "store",
      rates: { rates: { ...others, USD: 0.0285 }, fetchedAt: now, source: "fallback" },
    });
  });

  it("given the primary answers with an unusable rate, should treat it as failed and use the fallback", () => {
    expect(decideRatesRefresh({ primary: { ...rates, EUR: Number.NaN }, fallbackUsd: 0.0285, stored, staff: staffRates, now })).toEqual({
      kind: "store",
      rates: { rates: { ...storedRates, USD: 0.0285 }, fetchedAt: now, source: "fallback" },
    });
  });

  it.each([
    ["no answer", null],
    ["zero", 0],
    ["a negative rate", -0.028],
    ["NaN", Number.NaN],
    ["infinity", Number.POSITIVE_INFINITY],
  ])("given both sources fail (fallback gives %s), should keep the stored rates with a reason", (_, fallbackUsd) => {
    expect(decideRatesRefresh({ primary: null, fallbackUsd, stored, staff: staffRates, now })).toEqual({
      kind: "keep",
      reason: "cannot get currencies",
    });
  });

  it("given both sources fail and nothing is stored, should still keep with a reason", () => {
    expect(decideRatesRefresh({ primary: null, fallbackUsd: null, stored: null, staff: staffRates, now })).toEqual({
      kind: "keep",
      reason: "cannot get currencies",
    });
  });
});

describe("convertSatangParts", () => {
  const rates = { USD: 0.0283, EUR: 0.026, GBP: 0.0222, JPY: 4.37, CNY: 0.205 };
  it("adds up the shown lines: a subtotal is the sum of its converted lines, not the converted sum", () => {
    // 3 × ฿333.33 = ฿999.99: $9.43 × 3 = $28.29 shown per line, while converting ฿999.99 gives $28.30.
    const lines = [{ satang: 33333, quantity: 3 }];
    expect(convertSatang(33333, "USD", rates) * 3).toBe(2829);
    expect(convertSatang(99999, "USD", rates)).toBe(2830);
    expect(convertSatangParts(lines, "USD", rates)).toBe(2829);
  });

  it("takes off discounts and adds shipping part by part; in Baht it is the plain sum", () => {
    const parts = [{ satang: 12345, quantity: 2 }, { satang: 5000, sign: -1 as const }, { satang: 4000 }];
    expect(convertSatangParts(parts, "THB", rates)).toBe(12345 * 2 - 5000 + 4000);
    expect(convertSatangParts(parts, "JPY", rates)).toBe(
      convertSatang(12345, "JPY", rates) * 2 - convertSatang(5000, "JPY", rates) + convertSatang(4000, "JPY", rates),
    );
  });
});

describe("satangOfParts", () => {
  it.each([
    { parts: [], satang: 0 },
    { parts: [linePart({ unitPriceSatang: 33333, quantity: 3 })], satang: 99999 },
    { parts: [{ satang: 12345, quantity: 2 }, { satang: 5000, sign: -1 as const }, { satang: 4000 }], satang: 23690 },
  ])("$parts adds up to $satang satang before any conversion", ({ parts, satang }) => {
    expect(satangOfParts(parts)).toBe(satang);
  });
});
