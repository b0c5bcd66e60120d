import { requireStaffFor } from "~/features/accounts/guards.server";
import { affiliateApplicationColumns, affiliateApplicationListDefinition } from "~/features/affiliates/affiliate-application-list";
import { listAffiliateApplications } from "~/features/affiliates/affiliates.server";
import { listCsvResponse } from "~/features/backoffice/list-page.server";

import type { Route } from "./+types/member-affiliates-export";

/**
 * GET /backend/member/affiliates/export.csv: the affiliate applications as the tab's status and
 * search filter them (every page), or only the ticked `ids`. National ids stay out of the file:
 * the review page shows them, a spreadsheet would copy them anywhere. The Member permission.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  return listCsvResponse(
    args,
    { definition: affiliateApplicationListDefinition, fetch: listAffiliateApplications },
    { namespace: "staff", columns: affiliateApplicationColumns, filename: "affiliate-applications" },
  );
}
