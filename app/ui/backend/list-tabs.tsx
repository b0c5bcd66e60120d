import { clsx } from "clsx";
import { Link } from "react-router";

/**
 * The row of filter tabs above a list (one filter's values as links, optionally with a count), for
 * ListView's `above`. Links, not a form: each tab is an address of the list (keeping the search and
 * sort through `listHref`), so it works without JavaScript and shows where one is (`aria-current`).
 */
export interface ListTab {
  /** Names the tab's `data-testid="<tabTestId>-<key>"`. */
  key: string;
  label: string;
  count?: number;
  href: string;
  active: boolean;
}

export function ListTabs({ label, testId, tabTestId, tabs }: { label: string; testId: string; tabTestId: string; tabs: readonly ListTab[] }) {
  return (
    <nav aria-label={label} className="mb-4 overflow-x-auto print:hidden" data-testid={testId}>
      <ul className="flex gap-2 pb-1">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.href}
              className={clsx(
                "inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm whitespace-nowrap",
                tab.active ? "border-primary-dark bg-primary-dark text-white" : "border-line bg-surface hover:bg-surface-muted",
              )}
              aria-current={tab.active ? "page" : undefined}
              data-testid={`${tabTestId}-${tab.key}`}
            >
              {tab.label} {tab.count === undefined ? null : <span className="tabular-nums">{tab.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
