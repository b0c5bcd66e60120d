import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { data } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { invoices, receipts } from "~/db/schema/billing";
import { orders } from "~/db/schema/orders";
import type { DocumentKind, InvoiceKind } from "~/domain/tax-documents";
import { listCsvResponse, type ListScope, loadListPage } from "~/features/backoffice/list-page.server";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";

import {
  documentListColumns,
  type DocumentListQuery,
  type DocumentListRow,
  invoiceListDefinition,
  overviewListDefinition,
  receiptListDefinition,
} from "./document-list";
import { loadDocument } from "./document-records.server";

export { loadDocument, loadInvoiceDocument, loadReceiptDocument, type InvoiceDocument } from "./document-records.server";

type LoaderArgs = Parameters<typeof loadListPage>[0];
const definitions = { invoice: invoiceListDefinition, receipt: receiptListDefinition, all: overviewListDefinition } as const;
const filenames = { invoice: "tax-invoices", receipt: "receipts", all: "tax-documents" } as const;

/** A document list's page data (the loader of /backend/bill/invoices, /backend/bill/receipt, /backend/invoices). */
export function loadDocumentList(args: LoaderArgs, from: DocumentSource) {
  return loadListPage(args, { definition: definitions[from], fetch: (d1, query, scope) => listDocuments(d1, from, query, scope) });
}

/** The same list as CSV (their ./export.csv). */
export function documentListCsv(args: LoaderArgs, from: DocumentSource) {
  return listCsvResponse(
    args,
    { definition: definitions[from], fetch: (d1, query, scope) => listDocuments(d1, from, query, scope) },
    { namespace: "billing", columns: documentListColumns, filename: filenames[from] },
  );
}

/** Reading tax documents for the back office's lists and print views (issue 17). */

/** Midnight of a "YYYY-MM-DD" day in Bangkok (UTC+7 all year), as epoch ms. */
function bangkokMidnight(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return Date.UTC(year!, month! - 1, date!) - 7 * 60 * 60 * 1000;
}

/** Which documents a list shows: tax documents (invoices table), receipts, or both (the overview). */
export type DocumentSource = "invoice" | "receipt" | "all";

/** Which billing list a route serves (the page or its ./export.csv), from the pattern React Router matched. */
export function documentSourceOf(pattern: string): DocumentSource {
  const list = pattern.replace(/\/export\.csv$/, "");
  if (list.endsWith("/bill/invoices")) return "invoice";
  return list.endsWith("/bill/receipt") ? "receipt" : "all";
}

function documentSelect(db: ReturnType<typeof database>, table: "invoice" | "receipt", query: DocumentListQuery, scope: ListScope) {
  const source = table === "invoice" ? invoices : receipts;
  const { kind, state, from, to } = query.filters;
  const search = query.q
    ? or(
        contains(source.number, query.q),
        contains(orders.orderNumber, query.q),
        contains(source.billingName, query.q),
        contains(source.billingTaxId, query.q.replace(/[-\s]/g, "")),
      )
    : undefined;
  const conditions: (SQL | undefined)[] = [
    search,
    kind === null ? undefined : table === "invoice" ? eq(invoices.kind, kind as InvoiceKind) : kind === "receipt" ? undefined : sql`0`,
    state === null ? undefined : state === "void" ? isNotNull(source.voidedAt) : isNull(source.voidedAt),
    from === null ? undefined : gte(source.issuedAt, bangkokMidnight(from)),
    to === null ? undefined : lt(source.issuedAt, bangkokMidnight(to) + 24 * 60 * 60 * 1000),
    scope.ids ? inArray(source.id, scope.ids.length ? scope.ids : [0]) : undefined,
  ];
  const where = and(...conditions);
  const columns = {
    id: source.id,
    table: sql<"invoice" | "receipt">`${table}`.as("source_table"),
    kind: table === "invoice" ? invoices.kind : sql<DocumentKind>`'receipt'`.as("kind"),
    number: source.number,
    orderNumber: orders.orderNumber,
    billingName: source.billingName,
    billingTaxId: source.billingTaxId,
    vatSatang: source.vatSatang,
    totalSatang: source.totalSatang,
    issuedAt: source.issuedAt,
    voidedAt: source.voidedAt,
  };
  const sortColumn = { issued: source.issuedAt, number: source.number, total: source.totalSatang }[query.sort];
  return {
    columns,
    ordered: [(query.dir === "asc" ? asc : desc)(sortColumn), desc(source.id)] as const,
    count: db.select({ total: count() }).from(source).innerJoin(orders, eq(orders.id, source.orderId)).where(where),
    rows: db.select(columns).from(source).innerJoin(orders, eq(orders.id, source.orderId)).where(where),
  };
}

const sortKeys = { issued: "issuedAt", number: "number", total: "totalSatang" } as const;

/**
 * One page of a document list. The invoice and receipt lists read their own table; the overview
 * (`all`) reads both as one UNION ALL, sorted and paged by SQLite, so its pages and CSV are the same
 * query. Row ids repeat across the two tables, so a selection (scope.ids) only applies to one table.
 */
export async function listDocuments(
  d1: D1Database,
  from: DocumentSource,
  query: DocumentListQuery,
  scope: ListScope,
): Promise<{ rows: DocumentListRow[]; total: number }> {
  const db = database(d1);
  if (from !== "all") {
    const { count: counted, rows, ordered } = documentSelect(db, from, query, scope);
    const [totals, found] = await db.batch([
      counted,
      rows
        .orderBy(...ordered)
        .limit(scope.limit)
        .offset(scope.offset),
    ]);
    return { rows: found as DocumentListRow[], total: totals[0]?.total ?? 0 };
  }
  const unscoped = { ...scope, ids: undefined };
  const invoiceSide = documentSelect(db, "invoice", query, unscoped);
  const receiptSide = documentSelect(db, "receipt", query, unscoped);
  // A compound SELECT sorts by its result columns; drizzle does not alias plain columns, so by position.
  const position = (key: keyof typeof invoiceSide.columns) => Object.keys(invoiceSide.columns).indexOf(key) + 1;
  const order = sql.raw(`${position(sortKeys[query.sort])} ${query.dir === "asc" ? "asc" : "desc"}, ${position("id")} desc`);
  const [invoiceTotal, receiptTotal, found] = await db.batch([
    invoiceSide.count,
    receiptSide.count,
    unionAll(invoiceSide.rows, receiptSide.rows).orderBy(order).limit(scope.limit).offset(scope.offset),
  ]);
  return { rows: found as DocumentListRow[], total: (invoiceTotal[0]?.total ?? 0) + (receiptTotal[0]?.total ?? 0) };
}

/**
 * The loader of a printed document (./printInvoice, ./printReceipt, ./printCustomerReceipt):
 * `?id=<document id>`, `&copy=1` for the copy mark, `&paper=80mm` for the till roll. 404 for an odd id.
 */
export async function loadPrintedDocument(args: LoaderArgs & { context: Parameters<typeof getLocale>[0] }, table: "invoice" | "receipt") {
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const id = url.searchParams.get("id") ?? "";
  const document = /^[1-9]\d{0,9}$/.test(id) ? await loadDocument(env.DB, table, Number(id)) : null;
  if (!document) throw data(null, { status: 404 });
  const title = billingTitle(args, "meta.printInvoice", { number: document.number });
  return {
    document,
    copy: url.searchParams.get("copy") === "1" ? ("copy" as const) : ("original" as const),
    paper: url.searchParams.get("paper") === "80mm" ? ("80mm" as const) : ("a4" as const),
    meta: { title },
  };
}

/** A billing page's title in the page's language: "<billing:key> | <back office>". */
export function billingTitle(args: { context: Parameters<typeof getLocale>[0] }, key: string, values: Record<string, string> = {}): string {
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const translate = i18n.getFixedT(locale, "billing") as unknown as (key: string, values: Record<string, string>) => string;
  return `${translate(key, values)} | ${i18n.getFixedT(locale, "backend")("title")}`;
}
