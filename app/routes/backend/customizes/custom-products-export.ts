import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listCustomProducts } from "~/features/custom-admin/custom-admin.server";
import { customProductListColumns, customProductListDefinition } from "~/features/custom-admin/custom-admin-lists";

import type { Route } from "./+types/custom-products-export";

/** GET /backend/customizes/export.csv: the custom products as the list's query filters them, as CSV. Customize permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: customProductListDefinition, fetch: listCustomProducts },
    { namespace: "customizeAdmin", columns: customProductListColumns, filename: "custom-products" },
  );
}
