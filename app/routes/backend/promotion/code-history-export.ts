import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listCodeHistory } from "~/features/promotions/code-history.server";
import { codeHistoryColumns, codeHistoryListDefinition } from "~/features/promotions/code-history-list";

import type { Route } from "./+types/code-history-export";

/** GET /backend/promotion/code-history/export.csv: the code history as the page's filters have it (or the ticked `ids`). */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: codeHistoryListDefinition, fetch: listCodeHistory },
    { namespace: "promotions", columns: codeHistoryColumns, filename: "code-history" },
  );
}
