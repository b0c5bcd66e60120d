import { describe, expect, it } from "vitest";

import type { RateTable } from "./currency";
import {
  addSatang,
  bahtToSatang,
  defaultVatPercent,
  formatBaht,
  formatSatang,
  isSatang,
  multiplySatang,
  parseVatPercent,
  percentOf,
  prorate,
  satang,
  subtractSatang,
  sumSatang,
  vatIncluded,
  zeroSatang,
} from "./money";

const rates: RateTable = { USD: 0.028, EUR: 0.026, GBP: 0.022, JPY: 4.3, CNY: 0.2 };
const s = satang;

describe("satang", () => {
  it.each([0, 1, -250, Number.MAX_SAFE_INTEGER])("given whole number %s, should accept it", (value) => {
    expect(satang(value)).toBe(value);
    expect(isSatang(value)).toBe(true);
  });

  it.each([0.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])("given %s, should refuse it", (value) => {
    expect(() => satang(value)).toThrow(RangeError);
    expect(isSatang(value)).toBe(false);
  });

  it("given -0, should give 0", () => {
    expect(Object.is(satang(-0), 0)).toBe(true);
  });

  it("given a string, isSatang should say no", () => {
    expect(isSatang("100")).toBe(false);
  });

  it("zeroSatang should be 0", () => {
    expect(zeroSatang).toBe(0);
  });
});

describe("bahtToSatang", () => {
  it.each([
    [12.34, 1234],
    [1.005, 101],
    [-1.005, -101],
    [0.1 + 0.2, 30],
    [999_999.99, 99_999_999],
    [0, 0],
  ])("given %s THB, should give %s satang", (baht, expected) => {
    expect(bahtToSatang(baht)).toBe(expected);
  });
});

describe("addition and subtraction", () => {
  it.each([
    [[], 0],
    [[s(100)], 100],
    [[s(100), s(250), s(-50)], 300],
  ])("given %j, sumSatang and addSatang should give %s", (amounts, expected) => {
    expect(sumSatang(amounts)).toBe(expected);
    expect(addSatang(...amounts)).toBe(expected);
  });

  it("given 500 − 120, should give 380", () => {
    expect(subtractSatang(s(500), s(120))).toBe(380);
  });
});

describe("multiplySatang", () => {
  it.each([
    [s(19_900), 3, 59_700],
    [s(19_900), 0, 0],
    [s(-500), 2, -1000],
  ])("given %s × %s, should give %s", (amount, quantity, expected) => {
    expect(multiplySatang(amount, quantity)).toBe(expected);
  });

  it("given a fractional quantity, should refuse it", () => {
    expect(() => multiplySatang(s(100), 1.5)).toThrow(RangeError);
  });
});

describe("percentOf", () => {
  it.each([
    [s(1005), 10, 101],
    [s(-1005), 10, -101],
    [s(1004), 10, 100],
    [s(10_000), 7.5, 750],
    [s(999), 0, 0],
    [s(1), 50, 1],
    [s(-1), 50, -1],
    [s(12_345), 100, 12_345],
  ])("given %s satang and %s percent, should give %s", (amount, percent, expected) => {
    expect(percentOf(amount, percent)).toBe(expected);
  });
});

describe("prorate", () => {
  it.each([
    ["equal weights, remainder to the first parts", 100, [1, 1, 1], [34, 33, 33]],
    ["proportional weights", 1000, [100, 300, 600], [100, 300, 600]],
    ["largest remainder wins", 10, [1, 2, 4], [1, 3, 6]],
    ["a zero weight gets nothing", 100, [0, 1, 1], [0, 50, 50]],
    ["all weights zero → even split", 10, [0, 0, 0], [4, 3, 3]],
    ["negative total mirrors the positive", -100, [1, 1, 1], [-34, -33, -33]],
    ["zero total", 0, [5, 7], [0, 0]],
    ["single part takes all", 777, [3], [777]],
    ["no parts and nothing to split", 0, [], []],
    ["huge total stays exact", 9_000_000_000_000, [1, 2], [3_000_000_000_000, 6_000_000_000_000]],
    ["discount over line totals", 5000, [19_900, 29_900, 9_900], [1667, 2504, 829]],
  ])("given %s (%s over %j), should give %j", (_, total, weights, expected) => {
    const parts = prorate(s(total), weights);
    expect(parts).toEqual(expected);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(total);
  });

  it.each([
    ["a negative weight", [1, -1]],
    ["a fractional weight", [1.5, 1]],
    ["a non-finite weight", [Number.NaN]],
  ])("given %s, should refuse it", (_, weights) => {
    expect(() => prorate(s(100), weights)).toThrow(RangeError);
  });

  it("given a non-zero total and no parts, should refuse it", () => {
    expect(() => prorate(s(100), [])).toThrow(RangeError);
  });
});

describe("vatIncluded", () => {
  it.each([
    [s(10_700), 7, 700],
    [s(100), 7, 7],
    [s(99_900), 7, 6536],
    [s(-10_700), 7, -700],
    [s(10_000), 0, 0],
    [s(0), 7, 0],
    [s(11_000), 10, 1000],
  ])("given a VAT-inclusive %s satang at %s percent, should contain %s satang of VAT", (total, rate, expected) => {
    expect(vatIncluded(total, rate)).toBe(expected);
  });
});

describe("parseVatPercent", () => {
  it.each([
    ["7", 7],
    ["7.00", 7],
    [" 10 ", 10],
    ["7%", 7],
    ["7.5 %", 7.5],
    ["0", 0],
    ["99.99", 99.99],
    ["100", defaultVatPercent],
    ["7abc", defaultVatPercent],
    [undefined, defaultVatPercent],
    ["", defaultVatPercent],
    ["seven", defaultVatPercent],
    ["-7", defaultVatPercent],
    ["101", defaultVatPercent],
    ["7,5", defaultVatPercent],
    ["1e1", defaultVatPercent],
  ])("given config value %j, should give %s", (value, expected) => {
    expect(parseVatPercent(value)).toBe(expected);
  });
});

describe("formatSatang", () => {
  it.each([
    ["en-GB", "THB", 123_450, "฿1,234.50"],
    ["th-TH", "THB", 123_450, "฿1,234.50"],
    ["en-GB", "USD", 123_450, "$34.57"],
    ["th-TH", "USD", 123_450, "$34.57"],
    ["en-GB", "JPY", 123_450, "¥5,308"],
    ["th-TH", "JPY", 123_450, "¥5,308"],
    ["en-GB", "THB", 0, "฿0.00"],
    ["en-GB", "JPY", 0, "¥0"],
    ["en-GB", "THB", -5000, "-฿50.00"],
  ] as const)("given %s %s and %s satang, should show %s", (locale, currency, amount, expected) => {
    expect(formatSatang(amount, currency, rates, locale)).toBe(expected);
  });
});

describe("formatBaht", () => {
  it.each([
    ["en-GB", 123_450, "฿1,234.50"],
    ["th-TH", 123_450, "฿1,234.50"],
    ["en-GB", -0, "฿0.00"],
    ["en-GB", -5000, "-฿50.00"],
  ] as const)("given %s and %s satang, should show %s without any rate", (locale, amount, expected) => {
    expect(formatBaht(amount, locale)).toBe(expected);
  });
});
