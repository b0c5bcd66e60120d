import { staffRoute } from "~/features/backoffice/staff-route.server";
import { reportCsvResponse } from "~/features/reports/report-page.server";
import { stockReportColumns } from "~/features/reports/stock-report";
import { stockReportCsv } from "~/features/reports/stock-report.server";

import type { Route } from "./+types/stock-export";

/** GET ./export.csv of the stock report, for the page's filters: every variant of the level, not a page. Report group, like the page. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return reportCsvResponse(args, stockReportCsv, { namespace: "reports", columns: stockReportColumns, filename: "stock-report" });
}
