import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { orderListColumns, orderListDefinition } from "~/features/orders/order-list";
import { listOrders } from "~/features/orders/orders-admin.server";

import type { Route } from "./+types/fulfillment-export";

/**
 * GET /backend/orders/fulfillment/export.csv: the order list as the page's query filters it (every
 * page), or only the ticked `ids`, as CSV (app/features/backoffice/list-page.server.ts). Below the
 * back-office layout with the list's permission (Orders); the loader asks again.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: orderListDefinition, fetch: listOrders },
    { namespace: "ordersAdmin", columns: orderListColumns, filename: "orders" },
  );
}
