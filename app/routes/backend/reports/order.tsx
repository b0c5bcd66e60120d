import { Link, useLocation } from "react-router";

import { orderReportColumns, orderReportSpec } from "~/features/reports/order-report";
import { orderReport } from "~/features/reports/order-report.server";
import { orderReportViews, topProductsCount } from "~/features/reports/order-report-views";
import { reportHeaders, staffReportLoader } from "~/features/reports/report-page.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { ReportView } from "~/ui/backend/report-page";
import { Pagination } from "~/ui/pagination";

import type { Route } from "./+types/order";

/**
 * Order report (spec §2 /backend/reports/order; issue 18): orders and sales for a period of Bangkok
 * days from the daily summary — per day, week or month, or by status, payment method, channel,
 * category or product (the top products, or all of them a page at a time); CSV at ./export.csv,
 * print view. Report group.
 */
export const loader = (args: Route.LoaderArgs) => staffReportLoader(args, orderReport, "order.heading");

export const headers = reportHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OrderReport({ loaderData: { report } }: Route.ComponentProps) {
  const { t } = useTranslation("reports");
  const by = report.filters.by ?? "period";
  const base = localizePath(localeFromPathname(useLocation().pathname), "/backend/reports/order");
  const { listing } = report;
  /**
   * This report's address with `show` and `page` changed (page 1 and the top list have none). The
   * next and previous pages carry this page's last or first ranking key, so they are read from there.
   */
  const href = (show: "all" | null, page = 1) => {
    const params = new URLSearchParams(report.search);
    for (const name of ["page", "show", "after", "before"]) params.delete(name);
    if (show) params.set("show", show);
    if (page > 1) params.set("page", String(page));
    if (page > 1 && listing?.last && page === listing.page + 1) params.set("after", listing.last);
    if (page > 1 && listing?.first && page === listing.page - 1) params.set("before", listing.first);
    return `${base}?${params.toString()}`;
  };
  const tableNote =
    listing && listing.listed > 0 ? (
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm" data-testid="order-report-listing" data-listing={listing.kind}>
        <span>
          {listing.kind === "top" && listing.listed > topProductsCount
            ? t("order.topProducts", { count: topProductsCount, listed: listing.listed })
            : t("order.allProducts", { count: listing.listed })}
        </span>
        {report.print ? null : listing.kind === "top" ? (
          listing.listed > topProductsCount ? (
            <Link to={href("all")} className="font-semibold text-primary-dark underline" data-testid="order-report-show-all">
              {t("order.showAll", { listed: listing.listed })}
            </Link>
          ) : null
        ) : (
          <Link to={href(null)} className="font-semibold text-primary-dark underline" data-testid="order-report-show-top">
            {t("order.showTop", { count: topProductsCount })}
          </Link>
        )}
      </p>
    ) : null;
  return (
    <ReportView
      spec={orderReportSpec}
      report={report}
      columns={orderReportColumns(by, report.filters.group)}
      landscape={by === "period"}
      tableNote={tableNote}
      tableFooter={
        listing?.kind === "page" ? <Pagination page={listing.page} pageCount={listing.pageCount} href={(page) => href("all", page)} numbered={false} /> : null
      }
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
