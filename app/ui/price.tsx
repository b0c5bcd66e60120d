import { Info } from "lucide-react";

import { type CurrencyCode, type RateTable, satangOfParts, type SatangPart } from "~/domain/currency";
import { formatBaht, formatSatang, formatSatangParts } from "~/domain/money";
import { intlLocale, type Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useRootData } from "~/root";

/** The shopper's display currency and rates from the root loader (THB when the root has no data, e.g. in an error). */
export function useDisplayCurrency(): { currency: CurrencyCode; rates: RateTable | null; locale: Locale } {
  const root = useRootData();
  const { i18n } = useTranslation();
  const locale = (root?.locale ?? (i18n.language === "th" ? "th" : "en")) as Locale;
  return { currency: root?.currency ?? "THB", rates: root?.exchangeRates?.rates ?? null, locale };
}

/** A hook that formats satang in the shopper's currency. */
export function useFormatPrice(): (amountSatang: number) => string {
  const { currency, rates, locale } = useDisplayCurrency();
  // Without rates (root data missing) the price stays in Baht, which needs no rate.
  return (amount) => (rates ? formatSatang(amount, currency, rates, intlLocale(locale)) : formatBaht(amount, intlLocale(locale)));
}

/** A hook that formats a sum of Baht parts (lines as unit × quantity) so shown lines and totals add up. */
export function useFormatPriceParts(): (parts: readonly SatangPart[]) => string {
  const { currency, rates, locale } = useDisplayCurrency();
  return (parts) => formatSatangParts(parts, rates ? currency : "THB", rates ?? ({} as RateTable), intlLocale(locale));
}

/**
 * An amount made of parts — a cart line (unit × quantity), a subtotal (its lines), a total (lines,
 * less discounts, plus shipping) — in the shopper's currency. In Baht it is the plain sum; in
 * another currency each part is converted on its own, so the lines a page shows add up to its
 * subtotal and total to the cent.
 */
export function PriceSum({ parts, satang, className, testId }: { parts: readonly SatangPart[]; satang: number; className?: string; testId?: string }) {
  const format = useFormatPriceParts();
  // The server's amount decides: parts that do not add up to it (a rule the page does not know,
  // such as a floor at zero) show the amount itself rather than a sum that disagrees with it.
  const shown = satangOfParts(parts) === satang ? parts : [{ satang }];
  return (
    <span className={className} data-testid={testId ?? "price"}>
      {format(shown)}
    </span>
  );
}

/**
 * A Baht price (integer satang) shown in the shopper's currency. With `maxSatang` above `satang`
 * it reads as a range ("฿290.00 – ฿390.00"), used for products whose variants differ in price.
 */
export function Price({ satang, maxSatang, className }: { satang: number; maxSatang?: number; className?: string }) {
  const format = useFormatPrice();
  const { t } = useTranslation("catalog");
  const text = maxSatang !== undefined && maxSatang > satang ? t("product.priceRange", { from: format(satang), to: format(maxSatang) }) : format(satang);
  return (
    <span className={className} data-testid="price">
      {text}
    </span>
  );
}

/** "Prices in USD are approximate; you pay in Thai Baht (THB)." — only when the shopper chose another currency. */
export function CurrencyNote({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { currency } = useDisplayCurrency();
  if (currency === "THB") return null;
  return (
    <p className={`flex items-start gap-2 text-sm text-ink-muted ${className ?? ""}`} data-testid="currency-note">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>{t("currency.paymentNote", { currency })}</span>
    </p>
  );
}
