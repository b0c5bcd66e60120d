import { Link } from "react-router";
import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { formatThaiTaxId, invoiceKinds } from "~/domain/tax-documents";
import { localizePath } from "~/i18n/config";
import { baht } from "~/features/orders/orders-admin-ui";
import { Badge } from "~/ui/backend/data-table";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";

/**
 * The tax-document list (spec §2 /backend/bill/invoices; issue 17): search by number, order number,
 * buyer name or tax id; filter by kind, state (live or void) and issue date (Bangkok days); newest
 * first. Columns for the page, the print view and the CSV export.
 */
export const documentStates = ["live", "void"] as const;

export const invoiceListDefinition = defineList({
  sorts: ["issued", "number", "total"],
  defaultSort: "issued",
  defaultDirection: "desc",
  filters: { kind: filter.choice(invoiceKinds), state: filter.choice(documentStates), from: filter.day(), to: filter.day() },
  pageSize: 20,
});
export type InvoiceListQuery = QueryOf<typeof invoiceListDefinition>;

export interface InvoiceListRow {
  id: number;
  kind: (typeof invoiceKinds)[number];
  number: string;
  orderNumber: string;
  billingName: string;
  billingTaxId: string | null;
  vatSatang: number;
  totalSatang: number;
  issuedAt: number;
  voidedAt: number | null;
}

export const invoiceListColumns: readonly ListColumn<InvoiceListRow>[] = [
  {
    id: "number",
    label: "list.columns.number",
    sort: "number",
    cell: (row, { t, locale }) => (
      <>
        <Link
          to={localizePath(locale, `/backend/bill/invoices/printInvoice?id=${row.id}`)}
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
    cell: (row, { t }) => t(`kinds.${row.kind}`),
    csv: (row, { t }) => t(`kinds.${row.kind}`),
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
