import { useLocation } from "react-router";

import { staffListLoader } from "~/features/backoffice/list-page.server";
import { baht } from "~/features/orders/orders-admin-ui";
import { listCodeHistory } from "~/features/promotions/code-history.server";
import { codeHistoryListDefinition, codeHistoryListSpec } from "~/features/promotions/code-history-list";
import { localeFromPathname } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterDate } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/code-history";

/**
 * Code history (spec §2 /backend/promotion/code-history; issue 16): every order a discount code
 * was used on — code, order (link), customer (link), amount, date — searched by code or order
 * number, filtered by Bangkok days and customer, with the totals of the whole filtered list; CSV
 * (UTF-8 with BOM) at ./code-history/export.csv. The "promotion" group.
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "promotions", "meta.history", { definition: codeHistoryListDefinition, fetch: listCodeHistory });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CodeHistory({ loaderData: { list: history } }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const locale = localeFromPathname(useLocation().pathname);
  const { query } = history;
  return (
    <RecordList
      spec={codeHistoryListSpec}
      list={history}
      above={
        <p className="mb-3 rounded-md bg-surface-muted px-3 py-2 text-sm font-semibold" data-testid="history-totals">
          {t("history.totals", { count: history.uses, amount: baht(history.amountSatang, locale) })}
        </p>
      }
      filters={
        <>
          <FilterDate name="from" label={t("history.from")} value={query.filters.from} />
          <FilterDate name="to" label={t("history.to")} value={query.filters.to} />
          <label className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1 text-sm font-semibold">
            {t("history.customer")}
            <input
              type="search"
              name="customer"
              defaultValue={query.filters.customer ?? ""}
              placeholder={t("history.customerPlaceholder")}
              maxLength={100}
              className="rounded-md border border-line px-3 py-2 font-normal"
              data-testid="filter-customer"
            />
          </label>
        </>
      }
    />
  );
}
