import type { ReportGroup } from "~/domain/report-period";
import { localized } from "~/i18n/localized";
import { csvBaht, type ListContext } from "~/ui/backend/list-columns";
import { formatFigure, periodLabel } from "~/ui/backend/report-format";
import type { ReportColumn, ReportSpec } from "~/ui/backend/report-page";

import type { OrderReportRow, OrderReportTotals } from "./order-report.server";
import type { OrderReportView } from "./order-report-views";

type Column = ReportColumn<OrderReportRow, OrderReportTotals>;

function rowName(row: OrderReportRow, group: ReportGroup, context: ListContext): string {
  if (row.period) return periodLabel(row.period, group, context.locale);
  if (row.labelKey) return context.t(row.labelKey);
  return localized(row, "label", context.locale);
}

const figure = (id: keyof OrderReportTotals & keyof OrderReportRow, unit: "satang" | "count", className?: string): Column => ({
  id,
  label: `order.columns.${id}`,
  numeric: true,
  className,
  cell: (row, { locale }) => formatFigure(row[id], unit, locale),
  csv: (row) => (unit === "satang" ? csvBaht(row[id]) : row[id]),
  total: (totals, { locale }) => formatFigure(totals[id], unit, locale),
  totalCsv: (totals) => (unit === "satang" ? csvBaht(totals[id]) : totals[id]),
});

/**
 * The order report's columns for a view (page, print view and CSV). Per period: every figure; by
 * status, payment method or channel: orders and value; by category or product: items, flash-sale
 * items and value.
 */
export function orderReportColumns(by: OrderReportView, group: ReportGroup): readonly Column[] {
  const name: Column = {
    id: by,
    label: `order.views.${by}`,
    cell: (row, context) => rowName(row, group, context),
    csv: (row, context) => (row.period && by === "period" ? row.period : rowName(row, group, context)),
  };
  if (by === "period")
    return [
      name,
      figure("orders", "count"),
      figure("units", "count", "hidden md:table-cell"),
      figure("valueSatang", "satang"),
      figure("discountSatang", "satang", "hidden lg:table-cell"),
      figure("flashUnits", "count", "hidden lg:table-cell"),
      figure("pointsSatang", "satang", "hidden lg:table-cell"),
      figure("shippingSatang", "satang", "hidden lg:table-cell"),
      figure("refunded", "count", "hidden md:table-cell"),
      figure("refundedSatang", "satang", "hidden md:table-cell"),
      figure("cancelled", "count", "hidden lg:table-cell"),
      figure("exchanges", "count", "hidden lg:table-cell"),
    ];
  if (by === "category" || by === "product")
    return [name, figure("units", "count"), figure("flashUnits", "count", "hidden md:table-cell"), figure("valueSatang", "satang")];
  return [name, figure("orders", "count"), figure("valueSatang", "satang")];
}

/** The order report page (/backend/reports/order); its columns depend on the view (orderReportColumns). */
export const orderReportSpec: ReportSpec<OrderReportRow, OrderReportTotals> = {
  path: "/backend/reports/order",
  namespace: "reports",
  text: { heading: "order.heading", intro: "order.intro", chart: "order.chart", empty: "order.empty" },
  rowKey: (row) => row.id,
  testIds: { report: "order-report", row: "order-report-row" },
};
