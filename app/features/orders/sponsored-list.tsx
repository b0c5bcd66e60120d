import { Link } from "react-router";

import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvBaht, csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import type { RecordListSpec } from "~/ui/backend/record-list";

import type { SponsoredKind, SponsoredListRow } from "./orders-admin.server";
import { baht, dateTime, OrderStatusBadge } from "./orders-admin-ui";

/**
 * Distributor and sponsor orders (spec §2 /backend/orders/sponsored; issue 15): search by order
 * number or partner name; filters kind, sponsor and order status; newest first by default. Columns
 * for the page, the print view and the CSV.
 */
export const sponsoredKinds = ["sponsor", "distributor"] as const satisfies readonly SponsoredKind[];

export const sponsoredListDefinition = defineList({
  sorts: ["placed", "number", "partner", "status", "total"],
  defaultSort: "placed",
  defaultDirection: "desc",
  filters: { kind: filter.choice(sponsoredKinds), sponsor: filter.id(), status: filter.id(orderStatusIds) },
  pageSize: 20,
});
export type SponsoredListQuery = QueryOf<typeof sponsoredListDefinition>;

export const sponsoredListColumns: readonly ListColumn<SponsoredListRow>[] = [
  {
    id: "number",
    label: "sponsored.columns.number",
    sort: "number",
    cell: (row, { locale }) => (
      <>
        <Link to={localizePath(locale, `/backend/orders/fulfillment/${row.id}`)} className="font-mono font-semibold text-primary-dark underline">
          {row.orderNumber}
        </Link>
        <div className="text-xs text-ink-muted md:hidden print:hidden">{dateTime(row.createdAt, locale)}</div>
      </>
    ),
    csv: (row) => row.orderNumber,
  },
  {
    id: "placed",
    label: "sponsored.columns.placed",
    sort: "placed",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (row, { locale }) => dateTime(row.createdAt, locale),
    csv: (row) => csvDateTime(row.createdAt),
  },
  {
    id: "kind",
    label: "sponsored.columns.kind",
    cell: (row, { t }) => <Badge tone={row.kind === "sponsor" ? "success" : "neutral"}>{t(`sponsored.kinds.${row.kind}`)}</Badge>,
    csv: (row, { t }) => t(`sponsored.kinds.${row.kind}`),
  },
  {
    id: "partner",
    label: "sponsored.columns.partner",
    sort: "partner",
    cell: (row, { locale }) => localized(row, "partner", locale),
    csv: (row, { locale }) => localized(row, "partner", locale),
  },
  {
    id: "status",
    label: "sponsored.columns.status",
    sort: "status",
    cell: (row) => <OrderStatusBadge statusId={row.statusId} />,
    csv: (row, { t }) => t(`backend:orderStatus.${statusLabelKey(row.statusId)}`),
  },
  {
    id: "total",
    label: "sponsored.columns.total",
    sort: "total",
    numeric: true,
    className: "whitespace-nowrap",
    cell: (row, { locale }) => baht(row.totalSatang, locale),
    csv: (row) => csvBaht(row.totalSatang),
  },
];

export const sponsoredListSpec: RecordListSpec<SponsoredListRow, SponsoredListQuery["sort"], SponsoredListQuery["filters"]> = {
  path: "/backend/orders/sponsored",
  namespace: "ordersAdmin",
  definition: sponsoredListDefinition,
  columns: sponsoredListColumns,
  text: { heading: "sponsored.heading", intro: "sponsored.intro", searchPlaceholder: "sponsored.searchPlaceholder", empty: "sponsored.empty" },
  testIds: { list: "sponsored-list", row: "sponsored-row" },
  rowName: (row) => row.orderNumber,
};
