import { exchangeStatuses } from "~/domain/exchange";
import { staffListLoader } from "~/features/backoffice/list-page.server";
import { exchangeListDefinition, exchangeListSpec } from "~/features/exchanges/exchange-list";
import { listExchangesForStaff } from "~/features/exchanges/exchanges.server";
import { useTranslation } from "~/i18n/translation";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/exchanges";

/**
 * Exchange requests (issue 5 item 13): the back-office list pattern with tabs by status and their
 * counts, a reason filter, search by order number or the order's e-mail, sort, 20 a page, CSV at
 * ./export.csv and a print view. What a step did is told by the toast of its redirect.
 */
const exchangeList = { definition: exchangeListDefinition, fetch: listExchangesForStaff };

export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "ordersAdmin", "meta.exchanges", exchangeList);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Exchanges({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tx } = useTranslation("exchanges");
  return (
    <RecordList
      spec={exchangeListSpec}
      list={list}
      tabs={{
        name: "status",
        label: t("exchanges.statusTabs"),
        testId: "exchange-status-tabs",
        tabTestId: "exchange-tab",
        tabs: [
          ...exchangeStatuses.map((status) => ({ value: status, label: tx(`status.${status}`), count: list.statusCounts[status] })),
          { value: null, label: t("exchanges.all"), count: list.allCount },
        ],
      }}
    />
  );
}
