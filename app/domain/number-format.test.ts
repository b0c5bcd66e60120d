import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { currencies, currencyCodes } from "./currency";
import { formatCurrency, formatDecimal } from "./number-format";

const shopLocales = ["en-GB", "th-TH"] as const;

/** What the browser's Intl writes: the formatter must match it wherever it does not fall back to it. */
function intlCurrency(minor: number, currency: (typeof currencyCodes)[number], locale: string): string {
  const digits = currencies[currency].fractionDigits;
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}

describe("formatCurrency", () => {
  it.each([
    ["en-GB", "THB", 123_450, "฿1,234.50"],
    ["th-TH", "THB", 123_450, "฿1,234.50"],
    ["en-GB", "THB", 5, "฿0.05"],
    ["en-GB", "THB", -5000, "-฿50.00"],
    ["th-TH", "USD", 3457, "$34.57"],
    ["en-GB", "EUR", 100_000_000, "€1,000,000.00"],
    ["th-TH", "GBP", 99, "£0.99"],
    ["en-GB", "JPY", 5308, "¥5,308"],
    ["th-TH", "JPY", -1_234_567, "-¥1,234,567"],
    ["en-GB", "CNY", 0, "¥0.00"],
    ["en-GB", "THB", -0, "฿0.00"],
    ["en-GB", "THB", 1234.5, "฿12.35"],
    ["en-GB", "THB", -1234.5, "-฿12.35"],
  ] as const)("given %s %s and %s minor units, should write %s", (locale, currency, minor, expected) => {
    expect(formatCurrency(minor, currency, locale)).toBe(expected);
  });

  it("should write every whole amount in every currency as Intl does in both shop locales", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shopLocales),
        fc.constantFrom(...currencyCodes),
        // Up to 100 billion: beyond, Intl's own division by 100 is no longer exact and it is the one that errs.
        fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.integer({ min: -10_000_000_000_000, max: 10_000_000_000_000 })),
        (locale, currency, minor) => {
          fc.pre(minor !== 0);
          expect(formatCurrency(minor, currency, locale)).toBe(intlCurrency(minor, currency, locale));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("should leave another locale to Intl", () => {
    expect(formatCurrency(123_450, "EUR", "de-DE")).toBe(intlCurrency(123_450, "EUR", "de-DE"));
  });
});

describe("formatDecimal", () => {
  it.each([
    ["en-GB", 1234.56, 1, "1,234.6"],
    ["th-TH", 12.5, 1, "12.5"],
    ["en-GB", 12, 1, "12"],
    ["en-GB", 1.15, 1, "1.2"],
    ["en-GB", 0.04, 1, "0"],
    ["en-GB", -0.04, 1, "0"],
    ["th-TH", -2_500_000, 0, "-2,500,000"],
    ["en-GB", 999.5, 0, "1,000"],
  ] as const)("given %s %s with at most %s decimals, should write %s", (locale, value, digits, expected) => {
    expect(formatDecimal(value, locale, digits)).toBe(expected);
  });

  it.each([
    [5, "+5"],
    [-3, "-3"],
    [0, "0"],
    [1234, "+1,234"],
  ])("given the change %s, should write %s", (value, expected) => {
    expect(formatDecimal(value, "th-TH", 0, "exceptZero")).toBe(expected);
  });

  it("should write numbers of up to three decimals as Intl does in both shop locales", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shopLocales),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }).map((thousandths) => thousandths / 1000),
        fc.constantFrom("auto" as const, "exceptZero" as const),
        (locale, digits, value, sign) => {
          const expected = new Intl.NumberFormat(locale, { maximumFractionDigits: digits, signDisplay: sign }).format(value);
          fc.pre(expected !== "-0");
          expect(formatDecimal(value, locale, digits, sign)).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("should leave another locale to Intl", () => {
    expect(formatDecimal(1234.5, "de-DE", 1)).toBe("1.234,5");
  });
});
