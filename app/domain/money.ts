import { convertSatang, convertSatangParts, type CurrencyCode, type RateTable, type SatangPart } from "./currency";
import { formatCurrency } from "./number-format";
import { roundHalfAwayFromZero } from "./rounding";

/**
 * Money in the shop is integer satang (1 THB = 100 satang), a branded number so that a price cannot
 * be mixed up with a quantity or a percentage. All arithmetic on it lives here.
 *
 * The helpers throw `RangeError` only for programmer errors (a fraction of a satang, a fractional
 * quantity, a negative weight); nothing a shopper types can reach them unvalidated.
 */
export type Satang = number & { readonly __brand: "Satang" };

export const zeroSatang = 0 as Satang;

export function isSatang(value: unknown): value is Satang {
  return typeof value === "number" && Number.isSafeInteger(value);
}

export function satang(value: number): Satang {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Satang must be a whole number, got ${value}`);
  return (value === 0 ? 0 : value) as Satang; // no -0
}

/** 12.345 THB → 1235 satang (half away from zero, immune to 1.005 × 100 = 100.4999…). */
export function bahtToSatang(baht: number): Satang {
  return satang(roundHalfAwayFromZero(baht * 100));
}

export function addSatang(...amounts: readonly Satang[]): Satang {
  return sumSatang(amounts);
}

export function sumSatang(amounts: readonly Satang[]): Satang {
  return satang(amounts.reduce<number>((total, amount) => total + amount, 0));
}

export function subtractSatang(minuend: Satang, subtrahend: Satang): Satang {
  return satang(minuend - subtrahend);
}

/** A line total: unit price × a whole quantity. */
export function multiplySatang(amount: Satang, quantity: number): Satang {
  if (!Number.isSafeInteger(quantity)) throw new RangeError(`Quantity must be a whole number, got ${quantity}`);
  return satang(amount * quantity);
}

/** `percent`% of an amount, rounded half away from zero (10% of 1005 → 101; of -1005 → -101). */
export function percentOf(amount: Satang, percent: number): Satang {
  return satang(roundHalfAwayFromZero((amount * percent) / 100));
}

/**
 * Splits `total` over parts in proportion to `weights` (e.g. an order discount over its lines, weighted
 * by line totals) with the largest-remainder method: every part gets the floor of its exact share and
 * the satang left over go one each to the largest remainders. The parts always sum exactly to `total`.
 * Ties go to the earlier part, so the result is deterministic. Weights are whole, non-negative numbers
 * (satang or quantities); exact integer arithmetic (BigInt) keeps huge totals honest. When every weight
 * is zero the total is split evenly. A negative total is split like its magnitude, then negated.
 */
export function prorate(total: Satang, weights: readonly number[]): Satang[] {
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) {
      throw new RangeError(`Weights must be whole non-negative numbers, got ${weight}`);
    }
  }
  if (weights.length === 0) {
    if (total === 0) return [];
    throw new RangeError("Cannot prorate a non-zero total over no parts");
  }
  const sign = total < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(total));
  const effectiveWeights = weights.every((weight) => weight === 0) ? weights.map(() => 1n) : weights.map(BigInt);
  const weightSum = effectiveWeights.reduce((sum, weight) => sum + weight, 0n);

  const shares = effectiveWeights.map((weight, index) => ({
    index,
    floor: (magnitude * weight) / weightSum,
    remainder: (magnitude * weight) % weightSum,
  }));
  let leftOver = magnitude - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = [...shares].sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const share of byRemainder) {
    if (leftOver === 0n) break;
    share.floor += 1n;
    leftOver -= 1n;
  }
  return shares.map((share) => satang(Number(sign * share.floor)));
}

/** VAT when the rate is not configured or cannot be read (DESIGN §4.7). */
export const defaultVatPercent = 7;

/**
 * The VAT inside a VAT-inclusive price: total × rate / (100 + rate), rounded half away from zero
 * (107.00 THB at 7% → 7.00 THB of VAT).
 */
export function vatIncluded(totalSatang: Satang, vatPercent: number): Satang {
  return satang(roundHalfAwayFromZero((totalSatang * vatPercent) / (100 + vatPercent)));
}

/**
 * The VAT rate from `config_value_vat` (spec §3: "the number parsed from config_value_vat"): the
 * one reading of it for checkout, POS, custom designs, invoices and the site chrome alike, so no
 * two screens charge or show different rates. Accepts a plain decimal such as "7", "7.00" or
 * " 7 %"; anything else (missing, "7abc", "1e1"), or a rate of 100 or more (the settings form
 * allows at most 99.99), falls back to {@link defaultVatPercent} so a typo never stops checkout.
 */
export function parseVatPercent(configValue: string | null | undefined): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*%?\s*$/.exec(configValue ?? "");
  if (!match?.[1]) return defaultVatPercent;
  const rate = Number(match[1]);
  return rate < 100 ? rate : defaultVatPercent;
}

/** A Baht amount shown in the shopper's display currency, e.g. "฿1,234.50", "$34.57", "¥5,308". */
export function formatSatang(amount: number, currency: CurrencyCode, rates: RateTable, intlLocale: string): string {
  return formatCurrency(convertSatang(amount, currency, rates), currency, intlLocale);
}

/** A Baht amount in Baht, e.g. "฿1,234.50": staff pages, e-mails and tax documents, which never convert. */
export function formatBaht(amount: number, intlLocale: string): string {
  // Baht to Baht reads no rate (convertSatang): the one place that says so with an empty table.
  return formatSatang(amount, "THB", {} as RateTable, intlLocale);
}

/** A sum of Baht parts (line = unit × quantity) in the display currency, adding up as shown: see convertSatangParts. */
export function formatSatangParts(parts: readonly SatangPart[], currency: CurrencyCode, rates: RateTable, intlLocale: string): string {
  return formatCurrency(convertSatangParts(parts, currency, rates), currency, intlLocale);
}
