import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { memberListColumns, memberListDefinition } from "~/features/backoffice/member-list";
import { listMembers } from "~/features/backoffice/members.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";

import type { Route } from "./+types/members-export";

/**
 * GET /backend/member/export.csv: the member list as the page's query filters it (every page), or
 * only the ticked `ids`, as CSV. The Member permission, like the list; the loader asks again.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: memberListDefinition, fetch: listMembers },
    { namespace: "staff", columns: memberListColumns, filename: "members" },
  );
}
