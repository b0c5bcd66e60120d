import { clsx } from "clsx";
import { ChevronDown } from "lucide-react";
import { Link } from "react-router";

import { type BackofficeMenuGroup, currentMenuEntry, currentMenuGroup } from "~/features/backoffice/menu";
import { useTranslation } from "~/i18n/translation";

/**
 * The back-office menu (spec §2): the role's groups from the permission table, in order. A group
 * with one entry is a plain link; others are native <details> (they open and close without
 * JavaScript), and the group holding the current page — its -form and -id pages too — starts
 * open. Orders carries a red chip with the number of orders that need staff action.
 */
export function BackendMenu({
  menu,
  attentionCount,
  pathname,
  testId,
}: {
  menu: readonly BackofficeMenuGroup[];
  /** null when the role cannot see Orders (or the count is unknown, e.g. on an error page). */
  attentionCount: number | null;
  pathname: string;
  testId: string;
}) {
  const { t } = useTranslation("backend");
  const openGroup = currentMenuGroup(pathname);
  const current = currentMenuEntry(menu, pathname);
  return (
    <ul className="space-y-0.5 p-2" data-testid={testId}>
      {menu.map(({ group, entries }) => {
        const label = t(`menu.groups.${group}` as "menu.groups.dashboard");
        const chip = group === "orders" && attentionCount ? <AttentionChip count={attentionCount} /> : null;
        const [only] = entries;
        if (entries.length === 1 && only) {
          const active = current?.to === only.to;
          return (
            <li key={group} data-testid={`menu-group-${group}`}>
              <Link to={only.to} className={clsx(itemClass, active && activeClass)} aria-current={active ? "page" : undefined}>
                <span className="flex-1">{label}</span>
                {chip}
              </Link>
            </li>
          );
        }
        return (
          <li key={group} data-testid={`menu-group-${group}`}>
            <details open={group === openGroup} className="group/menu">
              <summary className={clsx(itemClass, "cursor-pointer list-none [&::-webkit-details-marker]:hidden", group === openGroup && "font-semibold")}>
                <span className="flex-1">{label}</span>
                {chip}
                <ChevronDown className="size-4 text-ink-muted transition-transform group-open/menu:rotate-180" aria-hidden />
              </summary>
              <ul className="mt-0.5 ml-3 space-y-0.5 border-l border-line pl-2">
                {entries.map((entry) => {
                  const active = current?.to === entry.to;
                  return (
                    <li key={entry.key}>
                      <Link to={entry.to} className={clsx(itemClass, "py-1.5 text-sm", active && activeClass)} aria-current={active ? "page" : undefined}>
                        {t(`menu.entries.${entry.key}` as "menu.entries.dashboard")}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

function AttentionChip({ count }: { count: number }) {
  const { t } = useTranslation("backend");
  return (
    <span
      className="min-w-6 rounded-full bg-error px-1.5 text-center text-xs leading-5 font-bold text-white"
      title={t("menu.attention", { count })}
      data-testid="orders-chip"
    >
      <span aria-hidden>{count > 999 ? "999+" : count}</span>
      <span className="sr-only">{t("menu.attention", { count })}</span>
    </span>
  );
}

const itemClass = "flex w-full items-center gap-2 rounded-md px-3 py-2 text-ink hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-primary";
const activeClass = "bg-primary/10 font-semibold text-primary-dark";
