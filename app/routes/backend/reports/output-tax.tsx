import { staffRoute } from "~/features/backoffice/staff-route.server";
import { data, useLocation } from "react-router";
import { OutputTaxSeller, outputTaxColumns } from "~/features/reports/output-tax-report";
import { outputTaxReport } from "~/features/reports/output-tax-report.server";
import { loadReportPage, reportHeaders, reportTitle } from "~/features/reports/report-page.server";
import { localeFromPathname } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { ReportView } from "~/ui/backend/report-page";
import type { Route } from "./+types/output-tax";

/**
 * Output tax report (รายงานภาษีขาย; issue 18) at /backend/reports/output-tax?month=YYYY-MM: the month's
 * tax documents in the Revenue Department's column order, credit notes negative, voided documents
 * shown as void with zero (see output-tax-report.server.ts), totals, CSV at ./export.csv and a print
 * view on A4 landscape with the seller and the month (Buddhist era on Thai pages). Report group.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const { report, headers } = await loadReportPage(args, outputTaxReport);
  return data({ report, meta: { title: reportTitle(args.context, "outputTax.heading") } }, { headers });
}

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OutputTaxReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const locale = localeFromPathname(useLocation().pathname);
  return (
    <ReportView
      report={report}
      path="/backend/reports/output-tax"
      namespace="reports"
      title={t("outputTax.heading")}
      intro={t("outputTax.intro")}
      columns={outputTaxColumns}
      rowKey={(row) => row.id}
      rowTestId="output-tax-row"
      testId="output-tax"
      chartCaption={t("outputTax.chart")}
      empty={t("outputTax.empty")}
      printHeader={<OutputTaxSeller seller={report.seller} locale={locale} />}
      landscape
    />
  );
}
