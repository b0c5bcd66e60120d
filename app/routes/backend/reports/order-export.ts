import { staffRoute } from "~/features/backoffice/staff-route.server";
import { orderReportColumns } from "~/features/reports/order-report";
import { orderReportCsv } from "~/features/reports/order-report.server";
import { orderReportFilters } from "~/features/reports/order-report-views";
import { parseReportPeriod, reportCsvResponse } from "~/features/reports/report-page.server";

import type { Route } from "./+types/order-export";

/** GET ./export.csv of the order report, for the page's filters and view (by product: every product, not the top or a page). Report group, like the page. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const params = new URL(args.request.url).searchParams;
  const by = orderReportFilters.parse({ by: params.get("by") }).by ?? "period";
  const { group } = parseReportPeriod(params, "range", Date.now());
  return reportCsvResponse(args, orderReportCsv, { namespace: "reports", columns: orderReportColumns(by, group), filename: `order-report-${by}` });
}
