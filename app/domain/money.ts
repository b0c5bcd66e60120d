import { convertSatang, currencies, type CurrencyCode, type RateTable } from "./currency";

/** Money in the shop is integer satang (1 THB = 100 satang). */
export type Satang = number & { readonly __brand: "Satang" };

export function satang(value: number): Satang {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Satang must be a whole number, got ${value}`);
  return value as Satang;
}

export function bahtToSatang(baht: number): Satang {
  return satang(Math.round(baht * 100));
}

/** A price ready for display: the amount in the chosen currency and its formatted text. */
export function formatSatang(
  amount: number,
  currency: CurrencyCode,
  rates: RateTable,
  intlLocale: string,
): string {
  const digits = currencies[currency].fractionDigits;
  const minor = convertSatang(amount, currency, rates);
  return new Intl.NumberFormat(intlLocale, {
    style: "currency",
    currency,
    currencyDisplay: "narrowSymbol",
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(minor / 10 ** digits);
}
