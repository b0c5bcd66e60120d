import { eq, inArray } from "drizzle-orm";

import { database } from "~/db/client";
import { invoices, receipts } from "~/db/schema/billing";
import { orders } from "~/db/schema/orders";
import type { DocumentKind } from "~/domain/tax-documents";

import { parseDocumentLines } from "./billing.server";

/**
 * One issued document as it is printed (issue 17), for the back office's and the shopper's print views
 * alike. Kept apart from the lists (documents.server.ts), which bring the page modules with them.
 */

/** One tax document as printed, with its order number, the invoice it corrects and the one it replaces. */
export async function loadInvoiceDocument(d1: D1Database, id: number) {
  const db = database(d1);
  const [row] = await db
    .select({ document: invoices, orderNumber: orders.orderNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const referenced = [row.document.originalInvoiceId, row.document.replacesId].filter((value): value is number => value !== null);
  const references = referenced.length
    ? await db.select({ id: invoices.id, number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(inArray(invoices.id, referenced))
    : [];
  const find = (target: number | null) => references.find((reference) => reference.id === target) ?? null;
  const { linesJson, ...document } = row.document;
  return {
    ...document,
    table: "invoice" as "invoice" | "receipt",
    kind: document.kind as DocumentKind,
    orderNumber: row.orderNumber,
    lines: parseDocumentLines(linesJson),
    originalInvoice: find(document.originalInvoiceId),
    replaces: find(document.replacesId),
  };
}
export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof loadInvoiceDocument>>>;

/** A receipt in the same shape as a tax document, so one view prints both (it has no credit-note parts). */
export async function loadReceiptDocument(d1: D1Database, id: number): Promise<InvoiceDocument | null> {
  const db = database(d1);
  const [row] = await db
    .select({ document: receipts, orderNumber: orders.orderNumber })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .where(eq(receipts.id, id));
  if (!row) return null;
  const { linesJson, paymentId: _paymentId, ...document } = row.document;
  const [replaces] = document.replacesId
    ? await db.select({ id: receipts.id, number: receipts.number, issuedAt: receipts.issuedAt }).from(receipts).where(eq(receipts.id, document.replacesId))
    : [];
  return {
    ...document,
    table: "receipt",
    kind: "receipt",
    orderNumber: row.orderNumber,
    lines: parseDocumentLines(linesJson),
    originalInvoiceId: null,
    creditNoteCause: null,
    creditNoteReason: null,
    originalValueSatang: null,
    correctValueSatang: null,
    originalInvoice: null,
    replaces: replaces ?? null,
  };
}

export function loadDocument(d1: D1Database, table: "invoice" | "receipt", id: number): Promise<InvoiceDocument | null> {
  return table === "invoice" ? loadInvoiceDocument(d1, id) : loadReceiptDocument(d1, id);
}
