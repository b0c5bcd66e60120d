import { data, redirect } from "react-router";
import type { RouterContextProvider } from "react-router";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { recordIdField } from "./catalog-admin-schemas";
import type { Translate } from "./form-data";

/**
 * What every catalogue admin route module does the same way: the page's language and translator,
 * the optional `:id` of a form route (a bad one is a 404), and the notices after a redirect
 * (`?notice=created|saved|deleted`: only these names are shown, nothing typed is echoed).
 */
export function catalogAdminContext(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, "catalogAdmin") as unknown as Translate;
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return { locale, t, title: (page: string) => `${page} | ${backendTitle}` };
}

/** The record id of `/form/:id`, null on `/form`; anything else is a 404. */
export function formRecordId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const parsed = recordIdField.safeParse(params.id);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export const noticeNames = ["created", "saved", "deleted", "hidden"] as const;
export type NoticeName = (typeof noticeNames)[number];

export function noticeFrom(request: Request, t: Translate): string | null {
  const value = new URL(request.url).searchParams.get("notice");
  switch (value as NoticeName) {
    case "created":
      return t("actions.created");
    case "saved":
      return t("actions.saved");
    case "deleted":
      return t("actions.deleted");
    case "hidden":
      return t("products.hidden");
    default:
      return null;
  }
}

export function redirectWithNotice(locale: Locale, path: string, notice: NoticeName): Response {
  return redirect(`${localizePath(locale, path)}?notice=${notice}`);
}
