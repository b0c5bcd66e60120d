import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { discountCodeColumns, discountCodeListDefinition } from "~/features/promotions/discount-code-list";
import { listDiscountCodes } from "~/features/promotions/discount-codes.server";

import type { Route } from "./+types/code-export";

/** GET /backend/promotion/code/export.csv: the discount-code list as the page's query filters it (or the ticked `ids`). */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const now = Date.now();
  return listCsvResponse(
    args,
    { definition: discountCodeListDefinition, fetch: (d1, query, scope) => listDiscountCodes(d1, query, scope, now) },
    { namespace: "promotions", columns: discountCodeColumns(now), filename: "discount-codes" },
  );
}
