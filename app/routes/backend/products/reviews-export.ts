import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { reviewList } from "~/features/reviews/review-lists.server";

import type { Route } from "./+types/reviews-export";

/** GET /backend/products/reviews/export.csv: the review list as its query filters it (every page), or the ticked `ids`. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(args, reviewList, reviewList.csv);
}
