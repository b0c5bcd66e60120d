import { data } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { exchangeReasons, exchangeStatuses } from "~/domain/exchange";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { exchangeListDefinition, exchangeListSpec } from "~/features/exchanges/exchange-list";
import { listExchangesForStaff } from "~/features/exchanges/exchanges.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { ListTabs } from "~/ui/backend/list-tabs";
import { RecordList } from "~/ui/backend/record-list";
import type { Route } from "./+types/exchanges";

/**
 * Exchange requests (issue 5 item 13): the back-office list pattern with tabs by status and their
 * counts, a reason filter, search by order number or the order's e-mail, sort, 20 a page, CSV at
 * ./export.csv and a print view. What a step did is told by the toast of its redirect.
 */
const exchangeList = { definition: exchangeListDefinition, fetch: listExchangesForStaff };

export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "ordersAdmin");
  return data({ list: await loadListPage(args, exchangeList), meta: { title: title(t("meta.exchanges")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Exchanges({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tx } = useTranslation("exchanges");
  return (
    <RecordList
      spec={exchangeListSpec}
      list={list}
      above={
        <ListTabs
          spec={exchangeListSpec}
          query={list.query}
          name="status"
          label={t("exchanges.statusTabs")}
          testId="exchange-status-tabs"
          tabTestId="exchange-tab"
          tabs={[
            ...exchangeStatuses.map((status) => ({ value: status, label: tx(`status.${status}`), count: list.statusCounts[status] })),
            { value: null, label: t("exchanges.all"), count: list.allCount },
          ]}
        />
      }
      keep={["status"]}
      filters={
        <FilterSelects
          query={list.query}
          allLabel={t("common.all")}
          selects={[
            { name: "reason", label: t("exchanges.detail.reason"), options: exchangeReasons.map((value) => ({ value, label: tx(`reasons.${value}`) })) },
          ]}
        />
      }
    />
  );
}
