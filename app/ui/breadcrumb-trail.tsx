import { ChevronRight } from "lucide-react";
import { Link, useLocation, useRouteLoaderData } from "react-router";

import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { useNonce } from "~/ui/nonce";

import type { BreadcrumbItem } from "./breadcrumbs";

// The bar itself, apart from the steps' types and useBreadcrumbs (breadcrumbs.tsx): the storefront
// keeps the server's HTML of the bar until the first navigation and loads this module then (issue 19).

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
