import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { shippingRateListColumns, shippingRateListDefinition } from "~/features/orders/shipping-rate-list";
import { listShippingRates } from "~/features/orders/shipping-rates-admin.server";

import type { Route } from "./+types/shipping-rates-export";

/** GET /backend/shipping-rates/export.csv: the rates as the list's query filters them, as CSV. Shipping-rates permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: shippingRateListDefinition, fetch: listShippingRates },
    { namespace: "ordersAdmin", columns: shippingRateListColumns, filename: "shipping-rates" },
  );
}
