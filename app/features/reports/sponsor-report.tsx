import { Link } from "react-router";

import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvBaht } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { formatFigure } from "~/ui/backend/report-format";
import type { ReportColumn, ReportSpec } from "~/ui/backend/report-page";

import type { SponsorReportRow, SponsorReportTotals } from "./sponsor-report.server";

/** The sponsor report's columns (page, print view and CSV): partner, kind, orders, items, value. */
export const sponsorReportColumns: readonly ReportColumn<SponsorReportRow, SponsorReportTotals>[] = [
  {
    id: "partner",
    label: "sponsor.columns.partner",
    cell: (row, { locale }) =>
      row.kind === "sponsor" ? (
        <Link
          to={localizePath(locale, `/backend/orders/sponsored?kind=sponsor&sponsor=${row.partnerId}`)}
          className="font-semibold text-primary-dark underline print:no-underline"
        >
          {localized(row, "partner", locale)}
        </Link>
      ) : (
        localized(row, "partner", locale)
      ),
    csv: (row, { locale }) => localized(row, "partner", locale),
  },
  {
    id: "kind",
    label: "sponsor.columns.kind",
    className: "hidden sm:table-cell",
    cell: (row, { t }) => <Badge tone={row.kind === "sponsor" ? "success" : "neutral"}>{t(`sponsor.kinds.${row.kind}`)}</Badge>,
    csv: (row, { t }) => t(`sponsor.kinds.${row.kind}`),
  },
  {
    id: "orders",
    label: "sponsor.columns.orders",
    numeric: true,
    cell: (row, { locale }) => formatFigure(row.orders, "count", locale),
    csv: (row) => row.orders,
    total: (totals, { locale }) => formatFigure(totals.orders, "count", locale),
    totalCsv: (totals) => totals.orders,
  },
  {
    id: "quantity",
    label: "sponsor.columns.quantity",
    numeric: true,
    cell: (row, { locale }) => formatFigure(row.quantity, "count", locale),
    csv: (row) => row.quantity,
    total: (totals, { locale }) => formatFigure(totals.quantity, "count", locale),
    totalCsv: (totals) => totals.quantity,
  },
  {
    id: "value",
    label: "sponsor.columns.value",
    numeric: true,
    cell: (row, { locale }) => formatFigure(row.valueSatang, "satang", locale),
    csv: (row) => csvBaht(row.valueSatang),
    total: (totals, { locale }) => formatFigure(totals.valueSatang, "satang", locale),
    totalCsv: (totals) => csvBaht(totals.valueSatang),
  },
];

/** The sponsor report page (/backend/reports/sponsor): one row per sponsor or distributor. */
export const sponsorReportSpec: ReportSpec<SponsorReportRow, SponsorReportTotals> = {
  path: "/backend/reports/sponsor",
  namespace: "reports",
  text: { heading: "sponsor.heading", intro: "sponsor.intro", chart: "sponsor.chart", empty: "sponsor.empty" },
  columns: sponsorReportColumns,
  rowKey: (row) => `${row.kind}-${row.partnerId}`,
  testIds: { report: "sponsor-report", row: "sponsor-report-row" },
};
