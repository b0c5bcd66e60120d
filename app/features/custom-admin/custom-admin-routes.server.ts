import { data, type RouterContextProvider } from "react-router";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { recordIdSchema } from "./custom-admin-schemas";

/**
 * What every custom-product admin route does the same way: the page's language and translator
 * (`customizeAdmin`), the page title, and ids from the URL (anything but a positive whole number is
 * a 404). Notices after a write are toasts (`redirectWithToast`, app/ui/toast.server.ts).
 */
export function customizeAdminContext(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, "customizeAdmin");
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return { locale, t, title: (page: string) => `${page} | ${backendTitle}` };
}

export function idFromUrl(value: string | undefined | null): number {
  const parsed = recordIdSchema.safeParse(value ?? "");
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export function optionalIdFromUrl(value: string | undefined | null): number | null {
  return value === undefined || value === null ? null : idFromUrl(value);
}
