import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { intlLocale } from "~/i18n/config";

import { formatTick } from "./report-format";

describe("formatTick", () => {
  it.each([
    ["en", 600_000, "฿6,000"],
    ["th", 123_456, "฿1,235"],
    ["en", -250_000, "-฿2,500"],
    ["th", 0, "฿0"],
  ] as const)("given %s and %s satang, should write whole Baht: %s", (locale, satang, expected) => {
    expect(formatTick(satang, "satang", locale)).toBe(expected);
  });

  it("should write whole Baht and counts as Intl does in both languages", () => {
    fc.assert(
      fc.property(fc.constantFrom("en" as const, "th" as const), fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }), (locale, value) => {
        const baht = new Intl.NumberFormat(intlLocale(locale), {
          style: "currency",
          currency: "THB",
          currencyDisplay: "narrowSymbol",
          maximumFractionDigits: 0,
        });
        fc.pre(Math.abs(value) >= 50);
        expect(formatTick(value, "satang", locale)).toBe(baht.format(value / 100));
        expect(formatTick(value, "count", locale)).toBe(new Intl.NumberFormat(intlLocale(locale)).format(value));
      }),
      { numRuns: 1000 },
    );
  });
});
