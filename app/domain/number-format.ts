import { currencies, type CurrencyCode } from "./currency";
import { roundHalfAwayFromZero } from "./rounding";

/**
 * Numbers and amounts written as `Intl.NumberFormat` writes them in the shop's two locales, without
 * building one. The first `Intl.NumberFormat` (or `DateTimeFormat`) of a page starts ICU's number
 * formatting, about 12 ms of the browser's main thread on every page load (docs/performance.md, "CI
 * time, sixth pass"), and nearly every storefront page shows a price while it hydrates. en-GB and
 * th-TH both group thousands with "," and write "." before decimals and "-" before a negative amount's
 * symbol; number-format.test.ts checks that against Intl for both. Any other locale goes to Intl.
 */
const separators: Record<string, { group: string; decimal: string }> = {
  "en-GB": { group: ",", decimal: "." },
  "th-TH": { group: ",", decimal: "." },
};

function groupThousands(digits: string, group: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, group);
}

/**
 * An amount in a currency's minor units (satang, cents; the yen has none) with the currency's narrow
 * symbol: "฿1,234.50", "-$12.30", "¥5,308". A fraction of a minor unit rounds half away from zero, as
 * Intl does; unlike Intl, an amount that rounds to zero has no minus sign.
 */
export function formatCurrency(minor: number, currency: CurrencyCode, intlLocale: string): string {
  const style = separators[intlLocale];
  const { symbol, fractionDigits } = currencies[currency];
  const whole = roundHalfAwayFromZero(minor);
  if (!style || !Number.isSafeInteger(whole)) {
    const options = {
      style: "currency",
      currency,
      currencyDisplay: "narrowSymbol",
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    } as const;
    return new Intl.NumberFormat(intlLocale, options).format(minor / 10 ** fractionDigits);
  }
  const digits = String(Math.abs(whole)).padStart(fractionDigits + 1, "0");
  const units = digits.slice(0, digits.length - fractionDigits);
  const fraction = digits.slice(digits.length - fractionDigits);
  return `${whole < 0 ? "-" : ""}${symbol}${groupThousands(units, style.group)}${fractionDigits > 0 ? `${style.decimal}${fraction}` : ""}`;
}

/**
 * A plain number with at most `maximumFractionDigits` decimals, trailing zeros dropped: "1,234.5", "12",
 * "-3" (no "-0"); with `sign` "exceptZero", a change: "+5", "-3", "0".
 */
export function formatDecimal(value: number, intlLocale: string, maximumFractionDigits = 0, sign: "auto" | "exceptZero" = "auto"): string {
  const style = separators[intlLocale];
  const scaled = roundHalfAwayFromZero(value * 10 ** maximumFractionDigits);
  if (!style || !Number.isSafeInteger(scaled)) {
    return new Intl.NumberFormat(intlLocale, { maximumFractionDigits, signDisplay: sign }).format(value);
  }
  const digits = String(Math.abs(scaled)).padStart(maximumFractionDigits + 1, "0");
  const units = digits.slice(0, digits.length - maximumFractionDigits);
  const fraction = digits.slice(digits.length - maximumFractionDigits).replace(/0+$/, "");
  const signText = scaled < 0 ? "-" : scaled > 0 && sign === "exceptZero" ? "+" : "";
  return `${signText}${groupThousands(units, style.group)}${fraction ? `${style.decimal}${fraction}` : ""}`;
}
