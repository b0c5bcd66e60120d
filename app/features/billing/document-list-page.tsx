import { useLocation } from "react-router";

import { type DocumentKind, documentKinds, invoiceKinds } from "~/domain/tax-documents";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { NewButton } from "~/ui/backend/form-page";
import { FilterDate, FilterSelects, ListView } from "~/ui/backend/list-page";

import {
  documentListColumns,
  type DocumentListData,
  documentStates,
  invoiceListDefinition,
  overviewListDefinition,
  receiptListDefinition,
} from "./document-list";
import type { DocumentSource } from "./documents.server";

/**
 * The three document lists' page (issue 17): /backend/bill/invoices (tax invoices and credit notes),
 * /backend/bill/receipt (receipts) and /backend/invoices (the overview of every document, both
 * tables). Same columns, filters, CSV and print view; only the source, the kinds offered and the
 * "issue" buttons differ.
 */
export const documentLists = {
  invoice: {
    definition: invoiceListDefinition,
    kinds: invoiceKinds as readonly DocumentKind[],
    base: "/backend/bill/invoices",
    testId: "invoice-list",
    rowTestId: "invoice-row",
    issue: [{ path: "/backend/bill/invoices/form", label: "pages.invoice.new", testId: "issue-invoice" }],
  },
  receipt: {
    definition: receiptListDefinition,
    kinds: [] as readonly DocumentKind[],
    base: "/backend/bill/receipt",
    testId: "receipt-list",
    rowTestId: "receipt-row",
    issue: [
      { path: "/backend/bill/receipt/form", label: "pages.receipt.new", testId: "issue-receipt" },
      { path: "/backend/bill/receipt/customer-form", label: "pages.receipt.newCustomer", testId: "issue-customer-receipt" },
    ],
  },
  all: {
    definition: overviewListDefinition,
    kinds: documentKinds as readonly DocumentKind[],
    base: "/backend/invoices",
    testId: "document-list",
    rowTestId: "document-row",
    issue: [
      { path: "/backend/bill/invoices/form", label: "pages.invoice.new", testId: "issue-invoice" },
      { path: "/backend/bill/receipt/form", label: "pages.receipt.new", testId: "issue-receipt" },
    ],
  },
} as const satisfies Record<DocumentSource, unknown>;

export function DocumentListPage({ source, list }: { source: DocumentSource; list: DocumentListData }) {
  const { t } = useTranslation("billing");
  const locale = localeFromPathname(useLocation().pathname);
  const page = documentLists[source];
  const base = localizePath(locale, page.base);
  const { query } = list;
  const filtered = query.q !== "" || Object.values(query.filters).some((value) => value !== null);
  return (
    <ListView
      list={list}
      definition={page.definition}
      base={base}
      namespace="billing"
      title={t(`pages.${source}.heading`)}
      intro={t(`pages.${source}.intro`)}
      headerActions={
        <div className="flex flex-wrap gap-2">
          {page.issue.map((issue) => (
            <NewButton key={issue.path} to={localizePath(locale, issue.path)} testId={issue.testId}>
              {t(issue.label)}
            </NewButton>
          ))}
        </div>
      }
      searchPlaceholder={t("list.searchPlaceholder")}
      filters={
        <>
          {page.kinds.length > 0 ? (
            <FilterSelects
              query={query}
              allLabel={t("list.kindAll")}
              selects={[{ name: "kind", label: t("list.kind"), options: page.kinds.map((kind) => ({ value: kind, label: t(`documents:kinds.${kind}`) })) }]}
            />
          ) : null}
          <FilterSelects
            query={query}
            allLabel={t("list.stateAll")}
            selects={[{ name: "state", label: t("list.state"), options: documentStates.map((state) => ({ value: state, label: t(`list.states.${state}`) })) }]}
          />
          <FilterDate name="from" label={t("list.from")} value={query.filters.from} />
          <FilterDate name="to" label={t("list.to")} value={query.filters.to} />
        </>
      }
      columns={documentListColumns}
      rowId={(row) => row.id}
      rowName={(row) => row.number}
      rowTestId={page.rowTestId}
      testId={page.testId}
      empty={filtered ? t("list.empty") : t(`pages.${source}.emptyAll`)}
      exportPath={`${base}/export.csv`}
    />
  );
}
