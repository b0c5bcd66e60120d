import { Link } from "react-router";

import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { baht, dateTime } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvBaht, csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import type { RecordListSpec } from "~/ui/backend/record-list";

import type { CustomOrderListItem } from "./custom-orders.server";
import { reviewQueueFilters } from "./custom-review-schemas";

/**
 * The custom-design review queue (/backend/orders/fulfillment/custom-form; issue 6 item 5, issue
 * 15): search by order number, e-mail or design name; the queue filter (tabs; none = "to review");
 * by default the queue's own order — oldest waiting first to review, newest first otherwise —
 * or sorted by a column. Columns (namespace `customReview`) for the page, print view and CSV.
 */
export const customReviewListDefinition = defineList({
  sorts: ["queue", "sent", "number", "pieces", "total"],
  defaultSort: "queue",
  defaultDirection: "asc",
  filters: { filter: filter.choice(reviewQueueFilters) },
  pageSize: 20,
});
export type CustomReviewListQuery = QueryOf<typeof customReviewListDefinition>;

const statusTone = { draft: "neutral", submitted: "warning", changes_requested: "neutral", confirmed: "success", rejected: "error" } as const;
const path = "/backend/orders/fulfillment/custom-form";

export const customReviewListColumns: readonly ListColumn<CustomOrderListItem>[] = [
  {
    id: "order",
    label: "list.columns.order",
    sort: "number",
    cell: (order, { locale }) => (
      <Link
        to={`${localizePath(locale, path)}?order=${encodeURIComponent(order.orderNumber)}`}
        className="font-semibold text-primary underline"
        data-testid="review-link"
      >
        {order.orderNumber}
      </Link>
    ),
    csv: (order) => order.orderNumber,
  },
  {
    id: "product",
    label: "list.columns.product",
    cell: (order, { locale }) => localized(order, "productName", locale),
    csv: (order, { locale }) => localized(order, "productName", locale),
  },
  { id: "pieces", label: "list.columns.pieces", sort: "pieces", numeric: true, cell: (order) => order.quantity, csv: (order) => order.quantity },
  {
    id: "email",
    label: "list.columns.email",
    className: "hidden md:table-cell break-all",
    cell: (order) => order.email,
    csv: (order) => order.email,
  },
  {
    id: "total",
    label: "list.columns.total",
    sort: "total",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (order, { locale }) => baht(order.totalSatang, locale),
    csv: (order) => csvBaht(order.totalSatang),
  },
  {
    id: "status",
    label: "list.columns.status",
    cell: (order, { t }) => <Badge tone={statusTone[order.designStatus]}>{t(`status.${order.designStatus}`)}</Badge>,
    csv: (order, { t }) => t(`status.${order.designStatus}`),
  },
  {
    id: "date",
    label: "list.columns.date",
    sort: "sent",
    className: "hidden sm:table-cell whitespace-nowrap",
    cell: (order, { locale }) => dateTime(order.createdAt, locale),
    csv: (order) => csvDateTime(order.createdAt),
  },
];

export const customReviewListSpec: RecordListSpec<CustomOrderListItem, CustomReviewListQuery["sort"], CustomReviewListQuery["filters"]> = {
  path: "/backend/orders/fulfillment/custom-form",
  namespace: "customReview",
  definition: customReviewListDefinition,
  columns: customReviewListColumns,
  text: { heading: "list.heading", intro: "list.intro", searchPlaceholder: "list.searchPlaceholder", empty: "list.empty" },
  testIds: { list: "custom-orders", row: "custom-order-row" },
  rowName: (order) => order.orderNumber,
};
