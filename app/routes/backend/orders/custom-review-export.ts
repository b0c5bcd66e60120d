import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listCustomOrders } from "~/features/custom/custom-orders.server";
import { customReviewListColumns, customReviewListDefinition } from "~/features/custom/custom-review-list";

import type { Route } from "./+types/custom-review-export";

/** GET /backend/orders/fulfillment/custom-form/export.csv: the review queue as its query filters it, as CSV. Orders permission, like the queue. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: customReviewListDefinition, fetch: listCustomOrders },
    { namespace: "customReview", columns: customReviewListColumns, filename: "custom-designs" },
  );
}
