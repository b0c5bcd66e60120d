import { type UIMatch, useMatches } from "react-router";

import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import type { TFunction } from "~/i18n/translation";
import { useTranslation } from "~/i18n/translation";

/** One step of the breadcrumb bar: its text and, except for the current page, a link (a bare path, not localized). */
export interface BreadcrumbItem {
  text: string;
  to?: string;
}

export interface BreadcrumbArgs<Data = unknown> {
  /** This route's loader data (undefined while the route errored). */
  data: Data | undefined;
  /** Every matched route, to read a parent's data (e.g. the storefront layout's categories). */
  matches: UIMatch[];
  locale: Locale;
  t: TFunction;
}

/**
 * Routes add breadcrumb steps through their `handle`:
 *
 *   export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.shop"), to: "/shop" }] } satisfies BreadcrumbHandle;
 *
 * The layout collects every matched route's steps, root first, after a "Home" step.
 */
export interface BreadcrumbHandle<Data = unknown> {
  breadcrumb: (args: BreadcrumbArgs<Data>) => BreadcrumbItem[];
}

type ProductNamed = { slug: string; nameEn: string; nameTh: string };

/**
 * The trail of a product's own pages (its review form, "tell me when it is back"): the shop, then
 * the product (its page at `search`, such as the chosen variant), then `here`, if the page says.
 */
export function productPageTrail(
  { t, locale }: Pick<BreadcrumbArgs, "t" | "locale">,
  product: ProductNamed | undefined,
  search = "",
  here?: string,
): BreadcrumbItem[] {
  const shop = { text: t("menu.shop"), to: "/shop" };
  if (!product) return [shop];
  return [shop, { text: localized(product, "name", locale), to: `/shop/${encodeURIComponent(product.slug)}${search}` }, ...(here ? [{ text: here }] : [])];
}

function hasBreadcrumb(handle: unknown): handle is BreadcrumbHandle {
  return typeof handle === "object" && handle !== null && typeof (handle as BreadcrumbHandle).breadcrumb === "function";
}

/** The steps of the current page; empty when no route declares any (the home page). */
export function useBreadcrumbs(locale: Locale): BreadcrumbItem[] {
  const matches = useMatches();
  const { t } = useTranslation();
  const items = matches.flatMap((match) => (hasBreadcrumb(match.handle) ? match.handle.breadcrumb({ data: match.loaderData, matches, locale, t }) : []));
  return items.length ? [{ text: t("menu.home"), to: "/" }, ...items] : [];
}
