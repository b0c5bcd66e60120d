import { staffRoute } from "~/features/backoffice/staff-route.server";
import { data } from "react-router";
import { orderReportColumns } from "~/features/reports/order-report";
import { orderReport } from "~/features/reports/order-report.server";
import { orderReportViews } from "~/features/reports/order-report-views";
import { loadReportPage, reportHeaders, reportTitle } from "~/features/reports/report-page.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { ReportView } from "~/ui/backend/report-page";
import type { Route } from "./+types/order";

/**
 * Order report (spec §2 /backend/reports/order; issue 18): orders and sales for a period of Bangkok
 * days from the daily summary — per day, week or month, or by status, payment method, channel,
 * category or product; CSV at ./export.csv, print view. Report group.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const { report, headers } = await loadReportPage(args, orderReport);
  return data({ report, meta: { title: reportTitle(args.context, "order.heading") } }, { headers });
}

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OrderReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const by = report.filters.by ?? "period";
  return (
    <ReportView
      report={report}
      path="/backend/reports/order"
      namespace="reports"
      title={t("order.heading")}
      intro={t("order.intro")}
      columns={orderReportColumns(by, report.filters.group)}
      rowKey={(row) => row.id}
      rowTestId="order-report-row"
      testId="order-report"
      chartCaption={t("order.chart")}
      empty={t("order.empty")}
      landscape={by === "period"}
      filters={
        <FilterSelects
          query={{ filters: { by: report.filters.by } }}
          allLabel={t("order.views.period")}
          selects={[
            {
              name: "by",
              label: t("order.by"),
              options: orderReportViews.filter((view) => view !== "period").map((view) => ({ value: view, label: t(`order.views.${view}`) })),
            },
          ]}
        />
      }
    />
  );
}
