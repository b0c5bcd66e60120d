import { staffRoute } from "~/features/backoffice/staff-route.server";
import { reportCsvResponse } from "~/features/reports/report-page.server";
import { sponsorReportColumns } from "~/features/reports/sponsor-report";
import { sponsorReport } from "~/features/reports/sponsor-report.server";

import type { Route } from "./+types/sponsor-export";

/** GET ./export.csv of the sponsor report, for the page's filters. Report group, like the page. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return reportCsvResponse(args, sponsorReport, { namespace: "reports", columns: sponsorReportColumns, filename: "sponsor-report" });
}
