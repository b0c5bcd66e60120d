import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { invoices, receipts } from "~/db/schema/billing";
import { orders } from "~/db/schema/orders";
import type { DocumentKind } from "~/domain/tax-documents";

import { parseDocumentLines } from "./billing.server";

/**
 * One issued document as it is printed (issue 17), for the back office's and the shopper's print views
 * alike. Kept apart from the lists (documents.server.ts), which bring the page modules with them.
 */

// The documents a document names (the invoice a credit note corrects, the one it replaces): its own
// table joined again, under another name.
const originalInvoice = alias(invoices, "original_invoice");
const replacedInvoice = alias(invoices, "replaced_invoice");
const replacedReceipt = alias(receipts, "replaced_receipt");

/**
 * One tax document as printed, with its order number, the invoice it corrects and the one it
 * replaces. Those two are joined rather than read once the document is in: one round trip (issue 19).
 */
export async function loadInvoiceDocument(d1: D1Database, id: number) {
  const [row] = await database(d1)
    .select({
      document: invoices,
      orderNumber: orders.orderNumber,
      originalInvoice: { id: originalInvoice.id, number: originalInvoice.number, issuedAt: originalInvoice.issuedAt },
      replaces: { id: replacedInvoice.id, number: replacedInvoice.number, issuedAt: replacedInvoice.issuedAt },
    })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(originalInvoice, eq(originalInvoice.id, invoices.originalInvoiceId))
    .leftJoin(replacedInvoice, eq(replacedInvoice.id, invoices.replacesId))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const { linesJson, ...document } = row.document;
  return {
    ...document,
    table: "invoice" as "invoice" | "receipt",
    kind: document.kind as DocumentKind,
    orderNumber: row.orderNumber,
    lines: parseDocumentLines(linesJson),
    originalInvoice: row.originalInvoice,
    replaces: row.replaces,
  };
}
export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof loadInvoiceDocument>>>;

/** A receipt in the same shape as a tax document, so one view prints both (it has no credit-note parts). */
export async function loadReceiptDocument(d1: D1Database, id: number): Promise<InvoiceDocument | null> {
  const [row] = await database(d1)
    .select({
      document: receipts,
      orderNumber: orders.orderNumber,
      replaces: { id: replacedReceipt.id, number: replacedReceipt.number, issuedAt: replacedReceipt.issuedAt },
    })
    .from(receipts)
    .innerJoin(orders, eq(orders.id, receipts.orderId))
    .leftJoin(replacedReceipt, eq(replacedReceipt.id, receipts.replacesId))
    .where(eq(receipts.id, id));
  if (!row) return null;
  const { linesJson, paymentId: _paymentId, ...document } = row.document;
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
    replaces: row.replaces,
  };
}

export function loadDocument(d1: D1Database, table: "invoice" | "receipt", id: number): Promise<InvoiceDocument | null> {
  return table === "invoice" ? loadInvoiceDocument(d1, id) : loadReceiptDocument(d1, id);
}
