import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/resources";

/** A translator whose keys arrive as data (a refusal's reason, a message key). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What every route module of the catalogue, inventory and gallery pages does the same way: the
 * page's language, a translator of the area's namespace, the page title, and the localized path of
 * a back-office address (for redirects).
 */
export function catalogAdminContext(context: Readonly<RouterContextProvider>, namespace: Namespace = "catalogAdmin") {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, namespace) as unknown as Translate;
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return { locale, t, title: (page: string) => `${page} | ${backendTitle}`, path: (path: string) => localizePath(locale, path) };
}

/** The record id of `/form/:id`, null on `/form`; anything else is a 404. */
export function formRecordId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  if (!/^[1-9]\d{0,9}$/.test(params.id)) throw data(null, { status: 404 });
  return Number(params.id);
}
