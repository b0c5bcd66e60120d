import { clsx } from "clsx";
import { Link, useLocation } from "react-router";

import { type ListDefinition, listHref, type ListQuery } from "~/domain/list-query";
import { localeFromPathname, localizePath } from "~/i18n/config";

/**
 * One filter of a list as a row of tabs above it (RecordList's `tabs`, or ListView's `above`), each
 * with an optional count. Links, not a form: each tab is an address of the list that keeps the
 * search and sort (`listHref`), so it works without JavaScript and says where one is
 * (`aria-current`). The list's search form keeps the filter (`keep={[name]}`; RecordList adds it).
 */
export interface ListTab<Value> {
  /** The filter's value; null is "all". */
  value: Value | null;
  label: string;
  count?: number;
}

/** The tabs' own part: what a list page (RecordList's `tabs`) names beside the list and its query. */
export interface ListTabsOf<Filters extends Record<string, unknown>, Name extends keyof Filters & string> {
  /** The filter the tabs set. */
  name: Name;
  /** The value shown as chosen, when the URL may say it two ways (defaults to the query's). */
  current?: Filters[Name] | null;
  label: string;
  testId: string;
  /** Names each tab's `data-testid="<tabTestId>-<value or all>"`. */
  tabTestId: string;
  tabs: readonly ListTab<Filters[Name]>[];
}

export function ListTabs<Sort extends string, Filters extends Record<string, unknown>, Name extends keyof Filters & string>({
  spec,
  query,
  name,
  current = query.filters[name] ?? null,
  label,
  testId,
  tabTestId,
  tabs,
}: ListTabsOf<Filters, Name> & {
  /** The list: its path in English and its definition. */
  spec: { path: string; definition: ListDefinition<Sort, Filters> };
  query: ListQuery<Sort, Filters>;
}) {
  const base = localizePath(localeFromPathname(useLocation().pathname), spec.path);
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto print:hidden" data-testid={testId}>
      <ul className="flex gap-2 pb-1">
        {tabs.map((tab) => {
          const active = tab.value === current;
          const changes = { filters: { [name]: tab.value } as Partial<{ [K in keyof Filters]: Filters[K] | null }> };
          return (
            <li key={String(tab.value ?? "all")}>
              <Link
                to={listHref(base, spec.definition, query, changes)}
                className={clsx(
                  "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap",
                  active ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-surface hover:bg-surface-muted",
                )}
                aria-current={active ? "page" : undefined}
                data-testid={`${tabTestId}-${String(tab.value ?? "all")}`}
              >
                {tab.label} {tab.count === undefined ? null : <span className="tabular-nums">{tab.count}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
