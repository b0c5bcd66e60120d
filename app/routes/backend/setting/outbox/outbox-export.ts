import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { listOutbox } from "~/features/email/outbox-admin.server";
import { outboxListColumns, outboxListDefinition } from "~/features/email/outbox-list";

import type { Route } from "./+types/outbox-export";

/** GET /backend/setting/outbox/export.csv: the outbox as its list's query filters it (every page), as CSV. Settings permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: outboxListDefinition, fetch: listOutbox },
    { namespace: "outbox", columns: outboxListColumns, filename: "outbox" },
  );
}
