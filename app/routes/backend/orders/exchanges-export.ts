import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { exchangeListColumns, exchangeListDefinition } from "~/features/exchanges/exchange-list";
import { listExchangesForStaff } from "~/features/exchanges/exchanges.server";

import type { Route } from "./+types/exchanges-export";

/** GET /backend/orders/exchanges/export.csv: the exchange requests as the list's query filters them, as CSV. Orders permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: exchangeListDefinition, fetch: listExchangesForStaff },
    { namespace: "ordersAdmin", columns: exchangeListColumns, filename: "exchanges" },
  );
}
