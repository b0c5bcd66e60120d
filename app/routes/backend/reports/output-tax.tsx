import { useLocation } from "react-router";

import { outputTaxReportSpec, OutputTaxSeller } from "~/features/reports/output-tax-report";
import { outputTaxReport } from "~/features/reports/output-tax-report.server";
import { reportHeaders, staffReportLoader } from "~/features/reports/report-page.server";
import { localeFromPathname } from "~/i18n/config";
import { ReportView } from "~/ui/backend/report-page";

import type { Route } from "./+types/output-tax";

/**
 * Output tax report (รายงานภาษีขาย; issue 18) at /backend/reports/output-tax?month=YYYY-MM: the month's
 * tax documents in the Revenue Department's column order, credit notes negative, voided documents
 * shown as void with zero (see output-tax-report.server.ts), totals, CSV at ./export.csv and a print
 * view on A4 landscape with the seller and the month (Buddhist era on Thai pages). Report group.
 */
export const loader = (args: Route.LoaderArgs) => staffReportLoader(args, outputTaxReport, "outputTax.heading");

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OutputTaxReport({ loaderData: { report } }: Route.ComponentProps) {
  const locale = localeFromPathname(useLocation().pathname);
  return <ReportView spec={outputTaxReportSpec} report={report} printHeader={<OutputTaxSeller seller={report.seller} locale={locale} />} landscape />;
}
