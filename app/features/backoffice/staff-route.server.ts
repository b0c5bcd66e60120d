import { data, type MiddlewareFunction } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { requireStaffFor, type StaffGuardArgs } from "~/features/accounts/guards.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/resources";
import type { Translate } from "~/ui/backend/list-columns";

import { staffFrame } from "./menu";

/**
 * The back-office layout's middleware: the matched page's permission before any loader or action below
 * it runs. A refused staff member's 403 carries their frame, because React Router hands a middleware's
 * error to the root's boundary, where the layout's loader has not run: the refusal keeps the menu.
 */
export const staffAreaMiddleware: MiddlewareFunction<Response> = async (args, next) => {
  requireStaffFor(args, (staff) => ({ frame: staffFrame(staff, getLocale(args.context) as Locale) }));
  return next();
};

/**
 * How every back-office loader and action begins: the permission of the matched route is checked
 * first (nothing is read before it), then the bindings, the page's language, a translator of the
 * area's namespace, the page title and the localized path of a back-office address (for redirects).
 */
export function staffRoute(args: StaffGuardArgs, namespace: Namespace = "backend") {
  const staff = requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const t = i18n.getFixedT(locale, namespace) as unknown as Translate;
  const backendTitle = i18n.getFixedT(locale, "backend")("title");
  return { staff, env, locale, t, title: (page: string) => `${page} | ${backendTitle}`, path: (path: string) => localizePath(locale, path) };
}

/** A row id from the URL: a positive whole number that fits the database's ids; anything else (or none) is a 404. */
export function requiredRecordId(value: string | undefined | null): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) throw data(null, { status: 404 });
  return Number(value);
}

/** The record id of `/form/:id`: null on `/form` (a new record), else as {@link requiredRecordId}. */
export function optionalRecordId(value: string | undefined | null): number | null {
  return value === undefined || value === null ? null : requiredRecordId(value);
}
