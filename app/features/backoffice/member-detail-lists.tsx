import { Link } from "react-router";

import { formatDecimal } from "~/domain/number-format";
import { statusLabelKey } from "~/domain/order-status";
import { baht, dateTime } from "~/features/orders/orders-admin-ui";
import { pointsNoteText } from "~/features/purchases/points-note";
import { intlLocale, localizePath } from "~/i18n/config";
import type { ListColumn } from "~/ui/backend/list-columns";
import type { TableSpec } from "~/ui/backend/list-page";

import type { MemberLedgerRow, MemberOrderRow } from "./members.server";

/**
 * The lists on a member's detail page (spec §2 /backend/member/detail/{id}), paged by their own
 * parameters (`SectionList`): the member's orders (each links to the order) and points ledger.
 * Labels are keys of the "staff" namespace.
 */
export const memberOrdersParam = "orders";
export const memberLedgerParam = "points";

export const memberOrderColumns: readonly ListColumn<MemberOrderRow>[] = [
  {
    id: "number",
    label: "member.orderColumns.number",
    className: "font-semibold",
    cell: (order, { locale }) => (
      <Link to={localizePath(locale, `/backend/orders/fulfillment/${order.id}`)} className="text-primary-dark underline" data-testid="member-order-link">
        {order.orderNumber}
      </Link>
    ),
  },
  { id: "date", label: "member.orderColumns.date", className: "whitespace-nowrap", cell: (order, { locale }) => dateTime(order.createdAt, locale) },
  {
    id: "status",
    label: "member.orderColumns.status",
    cell: (order, { t }) => t(`backend:orderStatus.${statusLabelKey(order.statusId)}`),
  },
  { id: "total", label: "member.orderColumns.total", numeric: true, cell: (order, { locale }) => baht(order.totalSatang, locale) },
];

export const memberLedgerColumns: readonly ListColumn<MemberLedgerRow>[] = [
  { id: "date", label: "member.ledgerColumns.date", className: "whitespace-nowrap", cell: (row, { locale }) => dateTime(row.createdAt, locale) },
  {
    id: "change",
    label: "member.ledgerColumns.change",
    numeric: true,
    cell: (row, { locale }) => (
      <span className={`font-semibold ${row.delta > 0 ? "text-success" : "text-error"}`} data-testid="delta">
        {row.delta > 0 ? "+" : "−"}
        {formatDecimal(Math.abs(row.delta), intlLocale(locale), 3)}
      </span>
    ),
  },
  { id: "reason", label: "member.ledgerColumns.reason", cell: (row, { t }) => t(`member.ledgerReasons.${row.reason}`) },
  {
    id: "note",
    label: "member.ledgerColumns.note",
    className: "min-w-40 break-words",
    cell: (row, { t }) => pointsNoteText(row, (key, values) => t(`purchases:${key}`, values)) || t("member.none"),
  },
  { id: "by", label: "member.ledgerColumns.by", className: "hidden sm:table-cell", cell: (row, { t }) => row.staffName ?? t("member.none") },
];

export const memberOrdersTable: TableSpec<MemberOrderRow> = {
  namespace: "staff",
  columns: memberOrderColumns,
  rowId: (order) => order.id,
  rowTestId: "member-order",
  testId: "order-list",
};

export const memberLedgerTable: TableSpec<MemberLedgerRow> = {
  namespace: "staff",
  columns: memberLedgerColumns,
  rowId: (row) => row.id,
  rowTestId: "ledger-row",
  testId: "ledger-list",
};
