import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type ListDefinition, type QueryOf } from "~/domain/list-query";
import { type DocumentKind, documentKinds, formatThaiTaxId, invoiceKinds } from "~/domain/tax-documents";
import { baht } from "~/features/orders/orders-admin-ui";
import { localizePath } from "~/i18n/config";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import type { ListPageData } from "~/ui/backend/list-page";
import { Badge } from "~/ui/backend/page-parts";

/**
 * The document lists (spec §2 /backend/bill/invoices, /backend/bill/receipt and the overview
 * /backend/invoices; issue 17): one definition and one set of columns for the three pages, their
 * print views and CSV exports. Search by number, order number, buyer name or tax id; filter by kind,
 * state (live or void) and issue date (Bangkok days); newest first.
 */
export const documentStates = ["live", "void"] as const;

/** The list of the given kinds (the receipt list has one, so it shows no kind filter). */
export function documentListDefinition<const Kind extends DocumentKind>(kinds: readonly Kind[]) {
  return defineList({
    sorts: ["issued", "number", "total"],
    defaultSort: "issued",
    defaultDirection: "desc",
    filters: { kind: filter.choice<DocumentKind>(kinds), state: filter.choice(documentStates), from: filter.day(), to: filter.day() },
    pageSize: 20,
  });
}
export const invoiceListDefinition = documentListDefinition(invoiceKinds);
export const receiptListDefinition = documentListDefinition(["receipt"]);
export const overviewListDefinition = documentListDefinition(documentKinds);
export type DocumentListQuery = QueryOf<typeof overviewListDefinition>;
export type DocumentListData =
  typeof overviewListDefinition extends ListDefinition<infer Sort, infer Filters> ? ListPageData<DocumentListRow, Sort, Filters> : never;

export interface DocumentListRow {
  id: number;
  /** The table the row is in: its id is only unique there. */
  table: "invoice" | "receipt";
  kind: DocumentKind;
  number: string;
  orderNumber: string;
  billingName: string;
  billingTaxId: string | null;
  vatSatang: number;
  totalSatang: number;
  issuedAt: number;
  voidedAt: number | null;
}

/** The back-office page of one document (read-only, with void and credit note). */
export function documentPagePath(row: { table: "invoice" | "receipt"; id: number }): string {
  return row.table === "invoice" ? `/backend/bill/invoices/form/${row.id}` : `/backend/bill/receipt/form/${row.id}`;
}

export const documentListColumns: readonly ListColumn<DocumentListRow>[] = [
  {
    id: "number",
    label: "list.columns.number",
    sort: "number",
    cell: (row, { t, locale }) => (
      <>
        <Link
          to={localizePath(locale, documentPagePath(row))}
          className="font-semibold whitespace-nowrap text-primary-dark underline"
          aria-label={t("list.view", { number: row.number })}
        >
          {row.number}
        </Link>
        {row.voidedAt !== null ? (
          <>
            {" "}
            <Badge tone="error">{t("list.states.void")}</Badge>
          </>
        ) : null}
      </>
    ),
    csv: (row) => row.number,
  },
  {
    id: "kind",
    label: "list.columns.kind",
    className: "hidden md:table-cell",
    cell: (row, { t }) => t(`documents:kinds.${row.kind}`),
    csv: (row, { t }) => t(`documents:kinds.${row.kind}`),
  },
  {
    id: "order",
    label: "list.columns.order",
    className: "hidden sm:table-cell whitespace-nowrap",
    cell: (row) => row.orderNumber,
    csv: (row) => row.orderNumber,
  },
  {
    id: "buyer",
    label: "list.columns.buyer",
    cell: (row) => (
      <>
        {row.billingName}
        {row.billingTaxId ? <span className="block text-xs text-ink-muted">{formatThaiTaxId(row.billingTaxId)}</span> : null}
      </>
    ),
    csv: (row) => row.billingName,
  },
  { id: "taxId", label: "list.columns.taxId", csv: (row) => row.billingTaxId ?? "" },
  {
    id: "issued",
    label: "list.columns.issued",
    sort: "issued",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (row, { locale }) => formatDate(row.issuedAt, locale),
    csv: (row) => csvDateTime(row.issuedAt),
  },
  {
    id: "vat",
    label: "list.columns.vat",
    numeric: true,
    className: "hidden lg:table-cell",
    cell: (row, { locale }) => baht(row.vatSatang, locale),
    csv: (row) => (row.vatSatang / 100).toFixed(2),
  },
  {
    id: "total",
    label: "list.columns.total",
    sort: "total",
    numeric: true,
    cell: (row, { locale }) => baht(row.totalSatang, locale),
    csv: (row) => (row.totalSatang / 100).toFixed(2),
  },
  { id: "state", label: "list.columns.state", csv: (row, { t }) => t(row.voidedAt === null ? "list.states.live" : "list.states.void") },
];
