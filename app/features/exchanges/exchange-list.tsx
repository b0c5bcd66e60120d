import { Link } from "react-router";

import { exchangeReasons, exchangeStatuses, isExchangeReason } from "~/domain/exchange";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { dateTime } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvDateTime, type ListColumn, type Translate } from "~/ui/backend/list-columns";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import type { StaffExchangeRow } from "./exchanges.server";
import { ExchangeStatusBadge } from "./exchanges-ui";

/**
 * The staff's exchange list (/backend/orders/exchanges; issue 5 item 13, issue 15): search by
 * order number or the order's e-mail; status (the tabs with their counts) and reason filters;
 * newest first by default. Columns (namespace `ordersAdmin`) for the page, the print view and the CSV.
 */
export const exchangeListDefinition = defineList({
  sorts: ["requested", "id", "order", "status"],
  defaultSort: "requested",
  defaultDirection: "desc",
  filters: { status: filter.choice(exchangeStatuses), reason: filter.choice(exchangeReasons) },
  pageSize: 20,
});
export type ExchangeListQuery = QueryOf<typeof exchangeListDefinition>;

const reason = (row: StaffExchangeRow, t: Translate) => (isExchangeReason(row.reason) ? t(`exchanges:reasons.${row.reason}`) : row.reason);
const statusLabel = (row: StaffExchangeRow, t: Translate) => t(`exchanges:status.${row.status}`);

export const exchangeListColumns: readonly ListColumn<StaffExchangeRow>[] = [
  {
    id: "id",
    label: "exchanges.columns.id",
    sort: "id",
    cell: (row, { t, locale }) => (
      <>
        <Link
          to={localizePath(locale, `/backend/orders/exchanges/${row.id}`)}
          className="font-semibold text-primary-dark underline"
          aria-label={t("exchanges.view", { id: row.id })}
        >
          #{row.id}
        </Link>
        <div className="text-xs whitespace-nowrap text-ink-muted md:hidden print:hidden">{dateTime(row.createdAt, locale)}</div>
      </>
    ),
    csv: (row) => row.id,
  },
  {
    id: "requested",
    label: "exchanges.columns.requested",
    sort: "requested",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (row, { locale }) => dateTime(row.createdAt, locale),
    csv: (row) => csvDateTime(row.createdAt),
  },
  {
    id: "order",
    label: "exchanges.columns.order",
    sort: "order",
    cell: (row) => (
      <>
        <div className="font-mono">{row.orderNumber}</div>
        <div className="text-xs break-all text-ink-muted">{row.customerEmail}</div>
      </>
    ),
    csv: (row) => row.orderNumber,
  },
  { id: "customer", label: "exchanges.columns.customer", csv: (row) => row.customerEmail },
  {
    id: "item",
    label: "exchanges.columns.item",
    className: "min-w-40",
    cell: (row, { t, locale }) => (
      <>
        <div>
          {row.quantity} × {localized(row, "productName", locale)}
        </div>
        <div className="text-xs text-ink-muted">
          {[localized(row, "variantLabel", locale), t("exchanges.wanted", { label: localized(row, "wantedLabel", locale) })].filter(Boolean).join(" ")}
        </div>
        <div className="text-xs text-ink-muted">{reason(row, t)}</div>
      </>
    ),
    csv: (row, { locale }) => [localized(row, "productName", locale), localized(row, "variantLabel", locale)].filter(Boolean).join(" "),
  },
  { id: "wanted", label: "exchanges.detail.wanted", csv: (row, { locale }) => localized(row, "wantedLabel", locale) },
  { id: "quantity", label: "exchanges.detail.quantity", csv: (row) => row.quantity },
  { id: "reason", label: "exchanges.detail.reason", csv: (row, { t }) => reason(row, t) },
  {
    id: "status",
    label: "exchanges.columns.status",
    sort: "status",
    cell: (row) => <ExchangeStatusBadge status={row.status} />,
    csv: (row, { t }) => statusLabel(row, t),
  },
];

export const exchangeListSpec: RecordListSpec<StaffExchangeRow, ExchangeListQuery["sort"], ExchangeListQuery["filters"]> = {
  path: "/backend/orders/exchanges",
  namespace: "ordersAdmin",
  definition: exchangeListDefinition,
  columns: exchangeListColumns,
  text: {
    heading: "exchanges.heading",
    intro: "exchanges.intro",
    searchPlaceholder: "exchanges.searchPlaceholder",
    empty: "exchanges.emptyAll",
    emptyFiltered: "exchanges.empty",
  },
  testIds: { list: "exchange-list", row: "exchange-row" },
  rowName: (row) => `#${row.id} ${row.orderNumber}`,
  choiceFilters: [
    choiceFilter({
      name: "reason",
      label: "exchanges.detail.reason",
      all: "common.all",
      values: exchangeReasons,
      valueKey: (value) => `exchanges:reasons.${value}`,
    }),
  ],
};
