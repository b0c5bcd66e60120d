import { useLocation } from "react-router";

import { reportHeaders, staffReportLoader } from "~/features/reports/report-page.server";
import { stockReportSpec } from "~/features/reports/stock-report";
import { stockReport } from "~/features/reports/stock-report.server";
import { stockReportLevels } from "~/features/reports/stock-report-levels";
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
export const loader = (args: Route.LoaderArgs) => staffReportLoader(args, stockReport, "stock.heading");

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function StockReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const base = localizePath(localeFromPathname(useLocation().pathname), "/backend/reports/stock");
  const { listing } = report;
  /** A page's address; the next and previous pages carry this page's last or first variant, so they are read from there. */
  const href = (page: number) => {
    const params = new URLSearchParams(report.search);
    for (const name of ["page", "after", "before"]) params.delete(name);
    if (page > 1) params.set("page", String(page));
    if (page > 1 && listing.lastKey && page === listing.page + 1) params.set("after", listing.lastKey);
    if (page > 1 && listing.firstKey && page === listing.page - 1) params.set("before", listing.firstKey);
    return `${base}?${params.toString()}`;
  };
  return (
    <ReportView
      spec={stockReportSpec}
      report={report}
      tableNote={
        report.rows.length > 0 ? (
          <p className="text-sm" data-testid="stock-report-listing">
            {t("stock.listing", { first: listing.first, last: listing.first + report.rows.length - 1, total: listing.variants })}
          </p>
        ) : null
      }
      tableFooter={<Pagination page={listing.page} pageCount={listing.pageCount} href={href} numbered={false} />}
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
