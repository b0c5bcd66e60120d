import type { RouterContextProvider } from "react-router";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";

/** A translator for keys built at run time (`methods.${name}`), which the typed `t` cannot check. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the back-office order and shipping-rate route modules do the same way: the page's language
 * and translator (`ordersAdmin` namespace) and the page title. Notices after a write are toasts
 * (`redirectWithToast`, app/ui/toast.server.ts) keyed `ordersAdmin:…`.
 */
export function ordersAdminContext(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, "ordersAdmin") as unknown as Translate;
  const backendT = instance.getFixedT(locale, "backend") as unknown as Translate;
  const statusLabel = (name: string) => backendT(`orderStatus.${name}`);
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return { locale, t, statusLabel, title: (page: string) => `${page} | ${backendTitle}` };
}

/** A positive row id from the URL, or null (the caller answers 404). */
export function routeRecordId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
