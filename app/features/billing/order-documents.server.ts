import { and, asc, eq, ne, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { invoices, receipts } from "~/db/schema/billing";
import { orders } from "~/db/schema/orders";
import type { CreditNoteCause, DocumentKind } from "~/domain/tax-documents";
import { outboxInsert } from "~/features/email/outbox.server";
import { taxDocumentEmailSubject } from "~/features/email/tax-document-email";
import { isMailable } from "~/features/orders/order-actions.server";
import { defaultLocale, isLocale } from "~/i18n/config";

import { type BillingResult, issueCreditNote, type IssuedDocument, issueDocument, liveSaleDocument, voidDocument } from "./billing.server";
import { type InvoiceDocument, loadDocument } from "./document-records.server";
import { shopperDocumentEmailLink } from "./shopper-documents";
import { storedTaxInvoiceBuyer } from "./tax-invoice-request";

/**
 * An order's documents without staff (issue 17, docs/decisions/0017-tax-documents.md): issued when
 * the order is paid, lowered or voided when the sale is reversed, and what the shopper sees of them.
 *
 * Issuing runs right after the payment's own batch (the number needs its own batch with retries, see
 * billing.server) and is idempotent: an order that has ever had a sale document — live, or voided by
 * staff — gets no automatic one, and the partial unique index (one live sale document per order)
 * refuses a second one from a racing call. The shopper's e-mail is in the document's batch.
 */
type Order = typeof orders.$inferSelect;

function mailFor(d1: D1Database, order: Order, origin: string, now: number, creditFor?: string) {
  if (!isMailable(order.email)) return undefined;
  const locale = isLocale(order.locale) ? order.locale : defaultLocale;
  return ({ kind, number }: { kind: DocumentKind; number: string }) => [
    outboxInsert(
      d1,
      {
        to: order.email,
        locale,
        template: "tax-document",
        subject: taxDocumentEmailSubject(locale, { kind, number, orderNumber: order.orderNumber }),
        payload: { orderNumber: order.orderNumber, kind, number, creditFor, link: shopperDocumentEmailLink(origin, locale, order, number) },
      },
      now,
    ),
  ];
}

/**
 * The document a paid order gets: a combined tax invoice / receipt naming the buyer the shopper asked
 * for, else the abbreviated tax invoice (documentKindFor), or a receipt from a shop not registered for
 * VAT. Errors are logged, never thrown: the payment is already recorded, and staff can issue from the
 * order in the back office.
 */
export async function issuePaidOrderDocument(
  d1: D1Database,
  orderId: number,
  options: { origin: string; now?: number },
): Promise<BillingResult<IssuedDocument> | { ok: false; reason: "had-document" }> {
  const now = options.now ?? Date.now();
  const db = database(d1);
  try {
    const [[order], [invoice], [receipt]] = await db.batch([
      db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
      db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.orderId, orderId), ne(invoices.kind, "credit_note")))
        .limit(1),
      db.select({ id: receipts.id }).from(receipts).where(eq(receipts.orderId, orderId)).limit(1),
    ]);
    if (!order) return { ok: false, reason: "order-not-found" };
    if (invoice || receipt) return { ok: false, reason: "had-document" };
    const result = await issueDocument(d1, {
      orderId,
      buyer: storedTaxInvoiceBuyer(order),
      staffUserId: null,
      now,
      alongside: mailFor(d1, order, options.origin, now),
    });
    if (!result.ok && result.reason !== "already-issued") console.warn(`order ${order.orderNumber}: no document issued (${result.reason})`);
    return result;
  } catch (error) {
    console.error(`order ${orderId}: issuing its document failed`, error);
    return { ok: false, reason: "busy" };
  }
}

/**
 * A sale reduced after invoicing (issue 17: a refund, an exchange for a cheaper item, a cancellation):
 * a live full tax invoice gets a credit note lowering it by `reduceBySatang` (everything, by default);
 * a live abbreviated tax invoice or receipt — which names no buyer a credit note could be addressed
 * to — is voided with the reason when the whole sale is reversed. Idempotent: a second call finds the
 * invoice already lowered to zero (refused as not lower) or the document already void. Logged, never
 * thrown: the order's own change is already done.
 */
export async function reduceOrderDocuments(
  d1: D1Database,
  orderId: number,
  input: { cause: CreditNoteCause; reason: string; reduceBySatang?: number; staffUserId: number | null; origin: string; now?: number },
): Promise<void> {
  const now = input.now ?? Date.now();
  const reason = input.reason.trim() || input.cause;
  try {
    const live = await liveSaleDocument(d1, orderId);
    const db = database(d1);
    if (live.invoice && (live.invoice.kind === "tax_invoice" || live.invoice.kind === "tax_invoice_receipt")) {
      const [[order], [standing]] = await db.batch([
        db.select().from(orders).where(eq(orders.id, orderId)).limit(1),
        db
          .select({
            total: sql<number>`${invoices.totalSatang} - coalesce((SELECT sum(note.total_satang) FROM invoices AS note WHERE note.original_invoice_id = ${outerColumn(invoices.id)} AND note.kind = 'credit_note' AND note.voided_at IS NULL), 0)`,
          })
          .from(invoices)
          .where(eq(invoices.id, live.invoice.id)),
      ]);
      if (!order || !standing) return;
      const correct = input.reduceBySatang === undefined ? 0 : Math.max(0, standing.total - input.reduceBySatang);
      if (correct >= standing.total) return;
      const note = await issueCreditNote(d1, {
        invoiceId: live.invoice.id,
        correctTotalSatang: correct,
        cause: input.cause,
        reason,
        staffUserId: input.staffUserId,
        now,
        alongside: mailFor(d1, order, input.origin, now, live.invoice.number),
      });
      if (!note.ok && note.reason !== "not-lower") console.warn(`order ${order.orderNumber}: no credit note (${note.reason})`);
      return;
    }
    // Only a whole reversal voids a document that cannot be lowered.
    if (input.reduceBySatang !== undefined) return;
    if (live.invoice) await voidDocument(d1, { table: "invoice", id: live.invoice.id, reason, staffUserId: input.staffUserId, now });
    if (live.receipt) await voidDocument(d1, { table: "receipt", id: live.receipt.id, reason, staffUserId: input.staffUserId, now });
  } catch (error) {
    console.error(`order ${orderId}: lowering its documents failed`, error);
  }
}

export interface OrderDocumentRow {
  table: "invoice" | "receipt";
  kind: DocumentKind;
  number: string;
  issuedAt: number;
  voidedAt: number | null;
  /** The invoice a credit note lowers. */
  creditFor: string | null;
}

/** The two reads of an order's documents, to put in a caller's batch; {@link orderDocumentRows} merges their answers. */
export function orderDocumentQueries(d1: D1Database, orderId: number) {
  const db = database(d1);
  return [
    db
      .select({
        kind: invoices.kind,
        number: invoices.number,
        issuedAt: invoices.issuedAt,
        voidedAt: invoices.voidedAt,
        creditFor: sql<string | null>`(SELECT original.number FROM invoices AS original WHERE original.id = ${outerColumn(invoices.originalInvoiceId)})`,
      })
      .from(invoices)
      .where(eq(invoices.orderId, orderId))
      .orderBy(asc(invoices.issuedAt), asc(invoices.id)),
    db
      .select({ number: receipts.number, issuedAt: receipts.issuedAt, voidedAt: receipts.voidedAt })
      .from(receipts)
      .where(eq(receipts.orderId, orderId))
      .orderBy(asc(receipts.issuedAt), asc(receipts.id)),
  ] as const;
}

type QueryRows<Query> = Query extends PromiseLike<infer Rows> ? Rows : never;
type DocumentQueries = ReturnType<typeof orderDocumentQueries>;

/** Every document of an order, oldest first (void ones too: the shopper sees they were voided). */
export function orderDocumentRows(invoiceRows: QueryRows<DocumentQueries[0]>, receiptRows: QueryRows<DocumentQueries[1]>): OrderDocumentRow[] {
  return [
    ...invoiceRows.map((row) => ({ ...row, table: "invoice" as const, kind: row.kind as DocumentKind })),
    ...receiptRows.map((row) => ({ ...row, table: "receipt" as const, kind: "receipt" as const, creditFor: null })),
  ].sort((a, b) => a.issuedAt - b.issuedAt);
}

export async function listOrderDocuments(d1: D1Database, orderId: number): Promise<OrderDocumentRow[]> {
  const [invoiceRows, receiptRows] = await database(d1).batch(orderDocumentQueries(d1, orderId));
  return orderDocumentRows(invoiceRows, receiptRows);
}

/** One document of this order by its number (exact spelling), as printed; null when the order has none by that number. */
export async function loadOrderDocument(d1: D1Database, orderId: number, number: string): Promise<InvoiceDocument | null> {
  const db = database(d1);
  const [[invoice], [receipt]] = await db.batch([
    db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), eq(invoices.number, number))),
    db
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(eq(receipts.orderId, orderId), eq(receipts.number, number))),
  ]);
  if (invoice) return loadDocument(d1, "invoice", invoice.id);
  if (receipt) return loadDocument(d1, "receipt", receipt.id);
  return null;
}
