import { data, useLocation } from "react-router";
import { exchangeReasons, exchangeStatuses } from "~/domain/exchange";
import { listHref } from "~/domain/list-query";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { exchangeListColumns, exchangeListDefinition } from "~/features/exchanges/exchange-list";
import { listExchangesForStaff } from "~/features/exchanges/exchanges.server";
import { ordersAdminContext } from "~/features/orders/orders-admin-route.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import { ListTabs } from "~/ui/backend/list-tabs";
import type { Route } from "./+types/exchanges";

/**
 * Exchange requests (issue 5 item 13): the back-office list pattern with tabs by status and their
 * counts, a reason filter, search by order number or the order's e-mail, sort, 20 a page, CSV at
 * ./export.csv and a print view. What a step did is told by the toast of its redirect.
 */
const exchangeList = { definition: exchangeListDefinition, fetch: listExchangesForStaff };

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { t, title } = ordersAdminContext(args.context);
  const list = await loadListPage(args, exchangeList);
  return data({ list, meta: { title: title(t("meta.exchanges")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Exchanges({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tx } = useTranslation("exchanges");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/exchanges");
  const { list } = loaderData;
  const { query } = list;
  return (
    <div data-testid="exchanges-page">
      <ListView
        list={list}
        definition={exchangeListDefinition}
        base={base}
        namespace="ordersAdmin"
        title={t("exchanges.heading")}
        intro={t("exchanges.intro")}
        above={
          <ListTabs
            label={t("exchanges.statusTabs")}
            testId="exchange-status-tabs"
            tabTestId="exchange-tab"
            tabs={[
              ...exchangeStatuses.map((status) => ({
                key: status,
                label: tx(`status.${status}`),
                count: list.statusCounts[status],
                href: listHref(base, exchangeListDefinition, query, { filters: { status } }),
                active: query.filters.status === status,
              })),
              {
                key: "all",
                label: t("exchanges.all"),
                count: list.allCount,
                href: listHref(base, exchangeListDefinition, query, { filters: { status: null } }),
                active: query.filters.status === null,
              },
            ]}
          />
        }
        keep={["status"]}
        searchPlaceholder={t("exchanges.searchPlaceholder")}
        filters={
          <FilterSelect
            name="reason"
            label={t("exchanges.detail.reason")}
            value={query.filters.reason}
            allLabel={t("common.all")}
            options={exchangeReasons.map((reason) => ({ value: reason, label: tx(`reasons.${reason}`) }))}
          />
        }
        columns={exchangeListColumns}
        rowId={(row) => row.id}
        rowName={(row) => `#${row.id} ${row.orderNumber}`}
        rowTestId="exchange-row"
        testId="exchange-list"
        empty={query.q || query.filters.status || query.filters.reason ? t("exchanges.empty") : t("exchanges.emptyAll")}
        exportPath={`${base}/export.csv`}
      />
    </div>
  );
}
