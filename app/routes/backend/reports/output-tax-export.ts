import { staffRoute } from "~/features/backoffice/staff-route.server";
import { outputTaxColumns } from "~/features/reports/output-tax-report";
import { outputTaxReport } from "~/features/reports/output-tax-report.server";
import { reportCsvResponse } from "~/features/reports/report-page.server";

import type { Route } from "./+types/output-tax-export";

/** GET ./export.csv of the output tax report for `?month=`. Report group, like the page. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return reportCsvResponse(args, outputTaxReport, { namespace: "reports", columns: outputTaxColumns, filename: "output-tax" });
}
