import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { inventoryList } from "~/features/catalog-admin/inventory-list.server";

import type { Route } from "./+types/inventory-export";

/**
 * GET /backend/products/inventory/export.csv: the inventory list as the page's query filters it
 * (every page; without a query every variant), or only the ticked `ids`, as CSV (UTF-8 with a BOM
 * so Excel shows Thai; CR LF). The columns read straight back into the import (sku … stock). A
 * resource route below the back-office layout: its middleware guards it like the pages
 * (tests/integration/backend-inventory.spec.ts checks it), and the loader asks again.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(args, inventoryList, inventoryList.csv);
}
