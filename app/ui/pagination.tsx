import { clsx } from "clsx";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router";

import { useTranslation } from "~/i18n/translation";

/** Which page numbers to show: first, last, and two either side of the current one; null = gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount]);
  for (let candidate = page - 2; candidate <= page + 2; candidate++) {
    if (candidate >= 1 && candidate <= pageCount) pages.add(candidate);
  }
  const sorted = [...pages].sort((a, b) => a - b);
  const result: (number | null)[] = [];
  sorted.forEach((value, index) => {
    const previous = sorted[index - 1];
    if (previous !== undefined && value - previous > 1) result.push(null);
    result.push(value);
  });
  return result;
}

const cell = "inline-flex h-10 min-w-10 items-center justify-center rounded-md px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary";

/**
 * Pagination links (plain links, so it works without JavaScript). `href(page)` builds each page's URL.
 * `numbered={false}`: previous and next only, for lists read from a neighbouring page's edge (a keyset
 * pager: the order report by product), where a jump to any page would skip rows again.
 */
export function Pagination({
  page,
  pageCount,
  href,
  numbered = true,
}: {
  page: number;
  pageCount: number;
  href: (page: number) => string;
  numbered?: boolean;
}) {
  const { t } = useTranslation("catalog");
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={t("pagination.label")} className="mt-10 flex flex-col items-center gap-2" data-testid="pagination">
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={href(page - 1)} rel="prev" className={clsx(cell, "hover:bg-surface-muted")}>
              <ChevronLeft className="size-4" aria-hidden />
              <span className="sr-only md:not-sr-only">{t("pagination.previous")}</span>
            </Link>
          ) : null}
        </li>
        {(numbered ? pageWindow(page, pageCount) : []).map((value, index) =>
          value === null ? (
            <li key={`gap-${index}`} className="px-1 text-ink-muted" aria-hidden>
              …
            </li>
          ) : (
            <li key={value}>
              <Link
                to={href(value)}
                aria-current={value === page ? "page" : undefined}
                aria-label={t("pagination.page", { page: value })}
                className={clsx(cell, value === page ? "bg-primary-dark font-semibold text-white" : "hover:bg-surface-muted")}
              >
                {value}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={href(page + 1)} rel="next" className={clsx(cell, "hover:bg-surface-muted")}>
              <span className="sr-only md:not-sr-only">{t("pagination.next")}</span>
              <ChevronRight className="size-4" aria-hidden />
            </Link>
          ) : null}
        </li>
      </ul>
      <p className="text-sm text-ink-muted">{t("pagination.pageOf", { page, total: pageCount })}</p>
    </nav>
  );
}
