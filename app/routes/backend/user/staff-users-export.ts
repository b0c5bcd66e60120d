import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { staffUserListColumns, staffUserListDefinition } from "~/features/backoffice/staff-user-list";
import { listStaffUsers } from "~/features/backoffice/staff-users.server";

import type { Route } from "./+types/staff-users-export";

/**
 * GET /backend/user/export.csv: the staff list as the page's query filters it (every page), or only
 * the ticked `ids`, as CSV. User Management permission, like the list; the loader asks again.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return listCsvResponse(
    args,
    { definition: staffUserListDefinition, fetch: listStaffUsers },
    { namespace: "staff", columns: staffUserListColumns, filename: "staff-users" },
  );
}
