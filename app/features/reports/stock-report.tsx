import { Link } from "react-router";

import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { formatFigure } from "~/ui/backend/report-format";
import type { ReportColumn, ReportSpec } from "~/ui/backend/report-page";

import type { StockReportRow, StockReportTotals } from "./stock-report.server";

const figure = (id: "stock" | "sold" | "adjusted" | "exchanged" | "returned", className?: string): ReportColumn<StockReportRow, StockReportTotals> => ({
  id,
  label: `stock.columns.${id}`,
  numeric: true,
  className,
  cell: (row, { locale }) => (
    <span className={id === "stock" ? (row.stock <= 0 ? "text-error" : row.stock <= 5 ? "text-warning" : undefined) : undefined}>
      {formatFigure(row[id], "count", locale)}
    </span>
  ),
  csv: (row) => row[id],
  total: (totals, { locale }) => formatFigure(totals[id], "count", locale),
  totalCsv: (totals) => totals[id],
});

/** The stock report's columns (page, print view and CSV): product (to its inventory history), SKU, on hand and the period's movements. */
export const stockReportColumns: readonly ReportColumn<StockReportRow, StockReportTotals>[] = [
  {
    id: "product",
    label: "stock.columns.product",
    cell: (row, { locale }) => (
      <Link to={localizePath(locale, `/backend/products/inventory/${row.variantId}`)} className="font-semibold text-primary-dark underline print:no-underline">
        {localized(row, "product", locale)}
      </Link>
    ),
    csv: (row, { locale }) => localized(row, "product", locale),
  },
  { id: "sku", label: "stock.columns.sku", cell: (row) => row.sku, csv: (row) => row.sku },
  figure("stock"),
  figure("sold"),
  figure("adjusted", "hidden md:table-cell"),
  figure("exchanged", "hidden md:table-cell"),
  figure("returned", "hidden md:table-cell"),
];

/** The stock report page (/backend/reports/stock). */
export const stockReportSpec: ReportSpec<StockReportRow, StockReportTotals> = {
  path: "/backend/reports/stock",
  namespace: "reports",
  text: { heading: "stock.heading", intro: "stock.intro", chart: "stock.chart", empty: "stock.empty" },
  columns: stockReportColumns,
  rowKey: (row) => row.variantId,
  testIds: { report: "stock-report", row: "stock-report-row" },
};
