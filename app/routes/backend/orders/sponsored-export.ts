import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listSponsoredOrders } from "~/features/orders/orders-admin.server";
import { sponsoredListColumns, sponsoredListDefinition } from "~/features/orders/sponsored-list";

import type { Route } from "./+types/sponsored-export";

/** GET /backend/orders/sponsored/export.csv: the sponsor and distributor orders as the list's query filters them, as CSV. Orders permission. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: sponsoredListDefinition, fetch: listSponsoredOrders },
    { namespace: "ordersAdmin", columns: sponsoredListColumns, filename: "sponsored-orders" },
  );
}
