import { useEffect, useRef } from "react";
import { Link, useLocation } from "react-router";

import { currencies, type CurrencyCode, currencyCodes } from "~/domain/currency";
import { type Locale, locales, stripLocale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

/** The current page (path + query) as the switchers' `next`. */
export function useCurrentPath(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/**
 * A real form posting to /change-currency: without JavaScript the shopper presses the button;
 * with it, choosing a currency submits at once (and the button is hidden).
 */
export function CurrencySwitcher({ currency, idPrefix }: { currency: CurrencyCode; idPrefix: string }) {
  const { t } = useTranslation();
  const next = useCurrentPath();
  const selectId = `${idPrefix}-currency`;
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the page finished loading had no handler to submit it: do it now.
  useEffect(() => {
    if (select.current && select.current.value !== currency) select.current.form?.requestSubmit();
  }, [currency]);
  return (
    <form method="post" action="/change-currency" className="flex items-center gap-1" data-testid="currency-switcher">
      <input type="hidden" name="next" value={next} />
      <label htmlFor={selectId} className="sr-only">
        {t("currency.label")}
      </label>
      <select
        ref={select}
        autoComplete="off"
        id={selectId}
        name="currency"
        defaultValue={currency}
        key={currency}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        // The same in the top bar's kept HTML, before its code loads (app/ui/deferred-part.tsx keptPart).
        data-submit-on-change
        className="rounded-md border border-line bg-surface py-1.5 pr-7 pl-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      >
        {currencyCodes.map((code) => (
          <option key={code} value={code}>
            {`${currencies[code].symbol} ${code}`}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-ghost border border-line px-2 py-1 text-sm">
          {t("actions.change")}
        </button>
      </noscript>
    </form>
  );
}

/** Links to /change-language (full page loads: the other language's strings are another bundle). */
export function LanguageSwitcher({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const next = stripLocale(pathname) + search;
  return (
    <nav aria-label={t("language.label")} className="flex items-center rounded-md border border-line text-sm" data-testid="language-switcher">
      {locales.map((code) => (
        <Link
          key={code}
          reloadDocument
          discover="none"
          data-reload-document
          to={`/change-language?lang=${code}&next=${encodeURIComponent(next)}`}
          hrefLang={code}
          lang={code}
          aria-current={code === locale ? "true" : undefined}
          className={
            code === locale
              ? "rounded-md bg-primary-dark px-2 py-1 font-semibold text-white"
              : "rounded-md px-2 py-1 hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary"
          }
        >
          {code === "en" ? "EN" : "ไทย"}
          <span className="sr-only"> ({t(`language.${code}`)})</span>
        </Link>
      ))}
    </nav>
  );
}
