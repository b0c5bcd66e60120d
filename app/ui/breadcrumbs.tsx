import { ChevronRight } from "lucide-react";
import { Link, type UIMatch, useLocation, useMatches, useRouteLoaderData } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import type { TFunction } from "~/i18n/translation";
import { useTranslation } from "~/i18n/translation";
import { useNonce } from "~/ui/nonce";

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

/**
 * The same trail as schema.org BreadcrumbList (search results show it): absolute addresses, the
 * current page (the last step) at its own address. Escaped for a <script> element.
 */
export function breadcrumbJsonLd(items: readonly BreadcrumbItem[], locale: Locale, origin: string, currentPath: string): string {
  const list = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.text,
      item: `${origin}${index === items.length - 1 ? currentPath : localizePath(locale, item.to ?? "/")}`,
    })),
  };
  return JSON.stringify(list).replace(/</g, "\\u003c");
}

export function Breadcrumbs({ items, locale }: { items: BreadcrumbItem[]; locale: Locale }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const nonce = useNonce();
  const origin = (useRouteLoaderData("root") as { origin?: string } | undefined)?.origin ?? "";
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("breadcrumb.label")} className="mx-auto w-full max-w-7xl px-4 pt-4 text-sm" data-testid="breadcrumbs">
      <ol className="flex flex-wrap items-center gap-1 text-ink-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={`${index}-${item.text}`} className="flex items-center gap-1">
              {item.to && !last ? (
                <Link
                  to={localizePath(locale, item.to)}
                  className="rounded hover:text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                >
                  {item.text}
                </Link>
              ) : (
                <span aria-current={last ? "page" : undefined} className={last ? "font-semibold text-ink" : undefined}>
                  {item.text}
                </span>
              )}
              {last ? null : <ChevronRight className="size-4" aria-hidden />}
            </li>
          );
        })}
      </ol>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: breadcrumbJsonLd(items, locale, origin, `${pathname}${search}`) }} />
    </nav>
  );
}
