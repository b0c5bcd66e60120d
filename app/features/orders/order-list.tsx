import { Link } from "react-router";

import { defineList, filter } from "~/domain/list-query";
import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { localizePath } from "~/i18n/config";
import { csvBaht, csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import type { RecordListSpec } from "~/ui/backend/record-list";

import type { OrderListQuery, OrderListRow } from "./orders-admin.server";
import { baht, dateTime, OrderStatusBadge } from "./orders-admin-ui";

/**
 * The order list (spec §2 /backend/orders/fulfillment; issue 15): what its URL may say and what its
 * columns show — on the page, in the print view and in the CSV export. Search: order number,
 * e-mail, name or phone; filters: status (the tabs), payment type, order type, placed from / until
 * (Bangkok days); newest first by default.
 */
export const paymentTypeIds = [1, 2, 3] as const;
export const orderTypeIds = [1, 2] as const;

export const orderListDefinition = defineList({
  sorts: ["placed", "number", "customer", "status", "total"],
  defaultSort: "placed",
  defaultDirection: "desc",
  filters: {
    status: filter.id(orderStatusIds),
    payment: filter.id(paymentTypeIds),
    type: filter.id(orderTypeIds),
    from: filter.day(),
    to: filter.day(),
  },
  pageSize: 20,
});

const paymentKey = (id: number | null) => (id === 1 || id === 2 || id === 3 ? `paymentTypes.${id}` : "paymentTypes.none");
const orderTypeKey = (id: number) => `orderTypes.${id === 2 ? 2 : 1}`;

export const orderListColumns: readonly ListColumn<OrderListRow>[] = [
  {
    id: "number",
    label: "orders.columns.number",
    sort: "number",
    cell: (order, { t, locale }) => (
      <>
        <Link
          to={localizePath(locale, `/backend/orders/fulfillment/${order.id}`)}
          className="font-mono font-semibold text-primary-dark underline"
          aria-label={t("orders.view", { number: order.orderNumber })}
        >
          {order.orderNumber}
        </Link>
        <div className="text-xs text-ink-muted">{t(orderTypeKey(order.orderTypeId))}</div>
        <div className="text-xs text-ink-muted md:hidden print:hidden">{dateTime(order.createdAt, locale)}</div>
      </>
    ),
    csv: (order) => order.orderNumber,
  },
  {
    id: "placed",
    label: "orders.columns.placed",
    sort: "placed",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (order, { locale }) => dateTime(order.createdAt, locale),
    csv: (order) => csvDateTime(order.createdAt),
  },
  {
    id: "customer",
    label: "orders.columns.customer",
    sort: "customer",
    className: "sm:min-w-40",
    cell: (order, { t }) => (
      <>
        <div>{order.name || t("common.walkIn")}</div>
        <div className="hidden text-xs break-all text-ink-muted sm:block print:block">{[order.email, order.phone].filter(Boolean).join(" · ")}</div>
      </>
    ),
    csv: (order) => order.name,
  },
  { id: "email", label: "orders.columns.email", csv: (order) => order.email },
  { id: "phone", label: "orders.columns.phone", csv: (order) => order.phone },
  {
    id: "status",
    label: "orders.columns.status",
    sort: "status",
    cell: (order) => <OrderStatusBadge statusId={order.statusId} />,
    csv: (order, { t }) => t(`backend:orderStatus.${statusLabelKey(order.statusId)}`),
  },
  {
    id: "payment",
    label: "orders.columns.payment",
    className: "hidden sm:table-cell",
    cell: (order, { t }) => t(paymentKey(order.paymentTypeId)),
    csv: (order, { t }) => t(paymentKey(order.paymentTypeId)),
  },
  { id: "type", label: "orders.orderType", csv: (order, { t }) => t(orderTypeKey(order.orderTypeId)) },
  {
    id: "total",
    label: "orders.columns.total",
    sort: "total",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (order, { locale }) => baht(order.totalSatang, locale),
    csv: (order) => csvBaht(order.totalSatang),
  },
];

export const orderListSpec: RecordListSpec<OrderListRow, OrderListQuery["sort"], OrderListQuery["filters"]> = {
  path: "/backend/orders/fulfillment",
  namespace: "ordersAdmin",
  definition: orderListDefinition,
  columns: orderListColumns,
  text: {
    heading: "orders.heading",
    intro: "orders.intro",
    newItem: "orders.newOrder",
    searchPlaceholder: "orders.searchPlaceholder",
    empty: "orders.emptyAll",
    emptyFiltered: "orders.empty",
  },
  testIds: { list: "order-list", row: "order-row", newItem: "new-pos-order" },
  rowName: (order) => order.orderNumber,
};
