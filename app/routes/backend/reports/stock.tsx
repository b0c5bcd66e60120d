import { staffRoute } from "~/features/backoffice/staff-route.server";
import { data } from "react-router";
import { loadReportPage, reportHeaders, reportTitle } from "~/features/reports/report-page.server";
import { stockReportColumns } from "~/features/reports/stock-report";
import { stockReport } from "~/features/reports/stock-report.server";
import { stockReportLevels } from "~/features/reports/stock-report-levels";
import { useLocation } from "react-router";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { ReportView } from "~/ui/backend/report-page";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/stock";

/**
 * Stock report (spec §2 /backend/reports/stock; issue 18): stock on hand per variant (low, out of
 * stock or all) with the period's movements from the stock ledger, units in and out per period;
 * CSV at ./export.csv, print view. Report group.
 */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const { report, headers } = await loadReportPage(args, stockReport);
  return data({ report, meta: { title: reportTitle(args.context, "stock.heading") } }, { headers });
}

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function StockReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const base = localizePath(localeFromPathname(useLocation().pathname), "/backend/reports/stock");
  const { listing } = report;
  const href = (page: number) => {
    const params = new URLSearchParams(report.search);
    params.delete("page");
    if (page > 1) params.set("page", String(page));
    return `${base}?${params.toString()}`;
  };
  return (
    <ReportView
      report={report}
      path="/backend/reports/stock"
      namespace="reports"
      title={t("stock.heading")}
      intro={t("stock.intro")}
      columns={stockReportColumns}
      rowKey={(row) => row.variantId}
      rowTestId="stock-report-row"
      testId="stock-report"
      chartCaption={t("stock.chart")}
      empty={t("stock.empty")}
      tableNote={
        report.rows.length > 0 ? (
          <p className="text-sm" data-testid="stock-report-listing">
            {t("stock.listing", { first: listing.first, last: listing.first + report.rows.length - 1, total: listing.variants })}
          </p>
        ) : null
      }
      tableFooter={<Pagination page={listing.page} pageCount={listing.pageCount} href={href} />}
      filters={
        <FilterSelects
          query={{ filters: { level: report.filters.level } }}
          allLabel={t("stock.levels.low")}
          selects={[
            {
              name: "level",
              label: t("stock.level"),
              options: stockReportLevels.filter((level) => level !== "low").map((level) => ({ value: level, label: t(`stock.levels.${level}`) })),
            },
          ]}
        />
      }
    />
  );
}
