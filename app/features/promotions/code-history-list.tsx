import { Link } from "react-router";

import { defineList, filter, type FilterParser, maxSearchLength, type QueryOf } from "~/domain/list-query";
import { baht, dateTime } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { csvBaht, csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import type { RecordListSpec } from "~/ui/backend/record-list";

import type { CodeHistoryRow } from "./code-history.server";

/**
 * The code history (spec §2 /backend/promotion/code-history; issue 16): every redemption with its
 * code, order, customer, amount and date; search by code, filter by a date range (Bangkok days)
 * and a customer (e-mail or name as typed); newest first. Columns for the page, print and CSV.
 */
const words: FilterParser<string> = (raw) => raw.slice(0, maxSearchLength) || null;

export const codeHistoryListDefinition = defineList({
  sorts: ["date", "amount", "code"],
  defaultSort: "date",
  defaultDirection: "desc",
  filters: { from: filter.day(), to: filter.day(), customer: words },
  pageSize: 25,
});
export type CodeHistoryListQuery = QueryOf<typeof codeHistoryListDefinition>;

const customerName = (row: CodeHistoryRow) => `${row.firstName ?? ""} ${row.lastName ?? ""}`.trim();

export const codeHistoryColumns: readonly ListColumn<CodeHistoryRow>[] = [
  {
    id: "code",
    label: "history.columns.code",
    sort: "code",
    cell: (row, { locale }) => (
      <Link to={localizePath(locale, `/backend/promotion/code/form/${row.codeId}`)} className="font-mono font-semibold text-primary-dark underline">
        {row.code}
      </Link>
    ),
    csv: (row) => row.code,
  },
  {
    id: "order",
    label: "history.columns.order",
    cell: (row, { locale }) => (
      <Link to={localizePath(locale, `/backend/orders/fulfillment/${row.orderId}`)} className="text-primary-dark underline" data-testid="history-order">
        {row.orderNumber}
      </Link>
    ),
    csv: (row) => row.orderNumber,
  },
  {
    id: "customer",
    label: "history.columns.customer",
    cell: (row, { t, locale }) =>
      row.customerId === null ? (
        <span className="text-ink-muted">{t("history.guest")}</span>
      ) : (
        <Link to={localizePath(locale, `/backend/member/detail/${row.customerId}`)} className="text-primary-dark underline" data-testid="history-customer">
          {customerName(row) || row.email}
        </Link>
      ),
    csv: (row, { t }) => (row.customerId === null ? t("history.guest") : customerName(row)),
  },
  { id: "email", label: "history.columns.email", className: "hidden md:table-cell break-all", cell: (row) => row.email, csv: (row) => row.email },
  {
    id: "amount",
    label: "history.columns.amount",
    sort: "amount",
    numeric: true,
    cell: (row, { locale }) => (row.releasedAt === null ? baht(row.amountSatang, locale) : <s className="text-ink-muted">{baht(row.amountSatang, locale)}</s>),
    csv: (row) => csvBaht(row.amountSatang),
  },
  {
    id: "released",
    label: "history.columns.released",
    className: "whitespace-nowrap",
    cell: (row, { t, locale }) =>
      row.releasedAt === null ? null : (
        <span data-testid="history-released" title={dateTime(row.releasedAt, locale)}>
          {t("history.released")}
        </span>
      ),
    csv: (row) => (row.releasedAt === null ? "" : csvDateTime(row.releasedAt)),
  },
  {
    id: "date",
    label: "history.columns.date",
    sort: "date",
    className: "whitespace-nowrap",
    cell: (row, { locale }) => dateTime(row.createdAt, locale),
    csv: (row) => csvDateTime(row.createdAt),
  },
];

export const codeHistoryListSpec: RecordListSpec<CodeHistoryRow, CodeHistoryListQuery["sort"], CodeHistoryListQuery["filters"]> = {
  path: "/backend/promotion/code-history",
  namespace: "promotions",
  definition: codeHistoryListDefinition,
  columns: codeHistoryColumns,
  text: {
    heading: "history.heading",
    intro: "history.intro",
    searchPlaceholder: "history.searchPlaceholder",
    empty: "history.emptyAll",
    emptyFiltered: "history.empty",
  },
  testIds: { list: "code-history", row: "history-row" },
  rowName: (row) => `${row.code} ${row.orderNumber}`,
};
