import { data, redirect, type RouterContextProvider } from "react-router";
import type { z } from "zod";
import { catalogFieldErrors, translateKeyedErrors, type Translate } from "~/features/catalog-admin/form-data";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { customizeValidationKeys, recordIdSchema } from "./custom-admin-schemas";

/**
 * What every custom-product admin route does the same way: the page's language and translator
 * (`customizeAdmin`), ids from the URL (anything but a positive whole number is a 404), the notice
 * after a redirect (only known names are shown), and field errors in the page's language.
 */
export function customizeAdminContext(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, "customizeAdmin") as unknown as Translate;
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return {
    locale,
    t,
    title: (page: string) => `${page} | ${backendTitle}`,
    fieldErrors: (error: z.ZodError) => catalogFieldErrors(error, t, customizeValidationKeys),
    keyedErrors: (errors: Record<string, string>) => translateKeyedErrors(errors, t),
  };
}

export function idFromUrl(value: string | undefined | null): number {
  const parsed = recordIdSchema.safeParse(value ?? "");
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}

export function optionalIdFromUrl(value: string | undefined | null): number | null {
  return value === undefined || value === null ? null : idFromUrl(value);
}

const notices = ["created", "saved", "deleted", "hidden"] as const;
export type CustomizeNotice = (typeof notices)[number];

export function customizeNotice(request: Request, t: Translate): string | null {
  const value = new URL(request.url).searchParams.get("notice");
  return notices.includes(value as CustomizeNotice) ? t(`actions.${value}`) : null;
}

/** Redirect after a write; `path` is bare (no language) and may carry a query already. */
export function redirectWithNotice(locale: Locale, path: string, notice: CustomizeNotice): Response {
  return redirect(`${localizePath(locale, path)}${path.includes("?") ? "&" : "?"}notice=${notice}`);
}

/** Echo of a refused form: each text bounded, so a huge post is not sent back. */
export function boundedDraft<T extends Record<string, string>>(draft: T): T {
  return Object.fromEntries(Object.entries(draft).map(([name, value]) => [name, value.slice(0, 5000)])) as T;
}
