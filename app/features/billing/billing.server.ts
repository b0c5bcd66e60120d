import { and, asc, eq, inArray, isNull, ne, sql, type SQLWrapper } from "drizzle-orm";
import { z } from "zod";

import { type Database, database } from "~/db/client";
import { documentSequences, invoices, receipts } from "~/db/schema/billing";
import { config, configKeys } from "~/db/schema/config";
import { orderLines, orders } from "~/db/schema/orders";
import { linesSubtotalSatang } from "~/domain/line-amounts";
import { parseVatPercent } from "~/domain/money";
import { type OrderStatusId, orderStatusId } from "~/domain/order-status";
import {
  bangkokYear,
  type BuyerDetails,
  creditNoteAmounts,
  type CreditNoteCause,
  documentAmounts,
  type DocumentKind,
  documentKindFor,
  formatDocumentNumber,
  type InvoiceKind,
  namesBuyer,
  normalizeBranch,
  validateThaiTaxId,
} from "~/domain/tax-documents";

import { parseSellerSettings, sellerReadyToIssue, type SellerSettings } from "./seller-settings";

/**
 * Issuing, voiding and crediting tax documents (issue 17; docs/decisions/0017-tax-documents.md).
 *
 * A document is written in ONE batch with its number: the batch sets the (kind, year) sequence row to
 * the next number and inserts the document carrying it. Two issues racing for the same number both
 * read the same last number; D1 runs batches one at a time, so the second one's insert fails on the
 * unique (kind, year, number) — rolling back its sequence write too — and it reads again and retries.
 * Numbers therefore never repeat and never skip. After issue a document is never updated except to
 * void it (with a reason), and never deleted (orders.id → invoices is ON DELETE RESTRICT).
 */

/** Statuses of an order whose money the shop has (and keeps): the ones a document may be issued for. */
export const invoiceableStatusIds: readonly OrderStatusId[] = [
  orderStatusId.paid,
  orderStatusId.awaiting_fulfilment,
  orderStatusId.fulfilment_done,
  orderStatusId.refund_request,
  orderStatusId.completed,
];

/** A printed line: items carry their names; the other rows are named by the page in its language. */
export const documentLineSchema = z.object({
  type: z.enum(["item", "shipping", "discount", "points", "adjustment", "credit"]),
  descriptionEn: z.string(),
  descriptionTh: z.string(),
  quantity: z.number().int().positive(),
  unitPriceSatang: z.number().int(),
});
export type StoredDocumentLine = z.infer<typeof documentLineSchema>;

export function parseDocumentLines(json: string): StoredDocumentLine[] {
  try {
    return z.array(documentLineSchema).parse(JSON.parse(json));
  } catch {
    return [];
  }
}

export type BillingRefusal =
  | "order-not-found"
  | "unpaid"
  | "already-issued"
  | "seller-incomplete"
  | "kind-not-allowed"
  | "buyer-incomplete"
  | "buyer-tax-id"
  | "document-not-found"
  | "already-void"
  | "not-creditable"
  | "not-lower"
  | "busy";

export type BillingResult<T> = { ok: true; value: T } | { ok: false; reason: BillingRefusal };

export interface IssuedDocument {
  table: "invoice" | "receipt";
  id: number;
  kind: DocumentKind;
  number: string;
}

export async function loadSeller(d1: D1Database): Promise<{ seller: SellerSettings; vatPercent: number }> {
  const rows = await database(d1)
    .select({ key: config.key, value: config.value })
    .from(config)
    .where(inArray(config.key, [configKeys.taxSeller, configKeys.vat]));
  const read = (key: string) => rows.find((row) => row.key === key)?.value;
  return { seller: parseSellerSettings(read(configKeys.taxSeller)), vatPercent: parseVatPercent(read(configKeys.vat)) };
}

/** The order's lines as the document prints them; they add up to what the buyer paid. */
export function orderDocumentLines(
  order: { subtotalSatang: number; discountSatang: number; pointsDiscountSatang: number; shippingSatang: number; totalSatang: number },
  lines: readonly { productNameEn: string; productNameTh: string; variantLabelEn: string; variantLabelTh: string; unitPriceSatang: number; quantity: number }[],
): StoredDocumentLine[] {
  const named = (name: string, variant: string) => (variant ? `${name} (${variant})` : name);
  const printed: StoredDocumentLine[] = lines.map((line) => ({
    type: "item",
    descriptionEn: named(line.productNameEn, line.variantLabelEn),
    descriptionTh: named(line.productNameTh, line.variantLabelTh),
    quantity: line.quantity,
    unitPriceSatang: line.unitPriceSatang,
  }));
  const row = (type: StoredDocumentLine["type"], unitPriceSatang: number): StoredDocumentLine => ({
    type,
    descriptionEn: "",
    descriptionTh: "",
    quantity: 1,
    unitPriceSatang,
  });
  if (order.discountSatang > 0) printed.push(row("discount", -order.discountSatang));
  if (order.pointsDiscountSatang > 0) printed.push(row("points", -order.pointsDiscountSatang));
  if (order.shippingSatang > 0) printed.push(row("shipping", order.shippingSatang));
  // A custom order's quote or a staff correction may leave the stored parts short of the total: the
  // document shows what was paid, so the rest is its own row rather than a silent difference.
  const printedTotal = linesSubtotalSatang(printed);
  if (printedTotal !== order.totalSatang) printed.push(row("adjustment", order.totalSatang - printedTotal));
  return printed;
}

function uniqueViolation(error: unknown): string | null {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  const match = /UNIQUE constraint failed: ([\w., ]+)/.exec(message);
  return match ? match[1]! : null;
}

const maxAttempts = 40;

interface NumberedInsert {
  kind: DocumentKind;
  prefix: string;
  now: number;
  /** Statements that go first in the batch (a void of the document being replaced). */
  before?: (db: Database) => BatchStatement[];
  insert: (db: Database, numbering: { number: string; sequenceYear: number; sequenceNumber: number }) => BatchStatement;
  /** Statements that go after the insert and need the number (the shopper's e-mail). */
  after?: (number: string) => BatchStatement[];
}
type BatchStatement = Parameters<Database["batch"]>[0][number];

/** Bumps the (kind, year) series and inserts the document in one batch; retries when another issue took the number. */
async function insertNumbered(d1: D1Database, job: NumberedInsert): Promise<BillingResult<{ id: number; number: string }>> {
  const db = database(d1);
  const year = bangkokYear(job.now);
  for (let attempt = 0; attempt < maxAttempts; attempt += 1) {
    const [current] = await db
      .select({ lastNumber: documentSequences.lastNumber })
      .from(documentSequences)
      .where(and(eq(documentSequences.documentType, job.kind), eq(documentSequences.year, year)));
    const sequenceNumber = (current?.lastNumber ?? 0) + 1;
    const number = formatDocumentNumber(job.prefix, year, sequenceNumber);
    try {
      const statements: BatchStatement[] = [
        ...(job.before?.(db) ?? []),
        // Set, not increment: a racing batch that set the same value fails on the insert below and is rolled back whole.
        db
          .insert(documentSequences)
          .values({ documentType: job.kind, year, lastNumber: sequenceNumber })
          .onConflictDoUpdate({ target: [documentSequences.documentType, documentSequences.year], set: { lastNumber: sequenceNumber } }),
        job.insert(db, { number, sequenceYear: year, sequenceNumber }),
      ];
      const insertAt = statements.length - 1;
      statements.push(...(job.after?.(number) ?? []));
      const results = await db.batch(statements as [BatchStatement, ...BatchStatement[]]);
      const inserted = results[insertAt] as { id: number }[];
      return { ok: true, value: { id: inserted[0]!.id, number } };
    } catch (error) {
      const columns = uniqueViolation(error);
      if (columns === null) throw error;
      if (columns.includes("order_id")) return { ok: false, reason: "already-issued" };
      // Another issue took this number (or, after a prefix change, an old number reads the same): read again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * (attempt + 1)));
    }
  }
  return { ok: false, reason: "busy" };
}

function sellerColumns(seller: SellerSettings) {
  return {
    sellerNameTh: seller.nameTh,
    sellerNameEn: seller.nameEn,
    sellerAddressTh: seller.addressTh,
    sellerAddressEn: seller.addressEn,
    sellerTaxId: seller.taxId,
    sellerBranch: seller.branch,
  };
}

export interface IssueInput {
  orderId: number;
  /** The buyer as staff confirmed it; null for a retail sale without buyer details. */
  buyer: BuyerDetails | null;
  /** A kind staff chose (e.g. a plain receipt); by default the one the order gets (documentKindFor). */
  kind?: DocumentKind;
  /** A live document this one replaces: voided in the same batch, with this reason. */
  replacing?: { id: number; reason: string };
  staffUserId: number | null;
  now?: number;
  /** Statements for the same batch that need the document's number (the shopper's e-mail). */
  alongside?: (issued: { kind: DocumentKind; number: string }) => BatchStatement[];
}

/** Checks the buyer the way the document needs it: a named kind needs a name and address, a tax id must be valid. */
function checkBuyer(kind: DocumentKind, buyer: BuyerDetails | null): BillingResult<BuyerDetails | null> {
  if (!namesBuyer(kind)) return { ok: true, value: buyer };
  if (!buyer || buyer.name.trim() === "" || buyer.address.trim() === "") return { ok: false, reason: "buyer-incomplete" };
  if (!buyer.taxId) return { ok: true, value: { ...buyer, taxId: null, branch: null } };
  const taxId = validateThaiTaxId(buyer.taxId);
  if (!taxId.ok) return { ok: false, reason: "buyer-tax-id" };
  return { ok: true, value: { ...buyer, taxId: taxId.digits, branch: normalizeBranch(buyer.branch ?? "") ?? "00000" } };
}

/** Issues a tax invoice or receipt for a paid order (one batch with its number). */
export async function issueDocument(d1: D1Database, input: IssueInput): Promise<BillingResult<IssuedDocument>> {
  const db = database(d1);
  const now = input.now ?? Date.now();
  const [[order], lines, { seller }] = await Promise.all([
    db.select().from(orders).where(eq(orders.id, input.orderId)),
    db.select().from(orderLines).where(eq(orderLines.orderId, input.orderId)).orderBy(asc(orderLines.id)),
    loadSeller(d1),
  ]);
  if (!order) return { ok: false, reason: "order-not-found" };
  if (!invoiceableStatusIds.includes(order.statusId as OrderStatusId)) return { ok: false, reason: "unpaid" };
  if (!sellerReadyToIssue(seller)) return { ok: false, reason: "seller-incomplete" };

  const kind = input.kind ?? documentKindFor({ vatRegistered: seller.vatRegistered, paid: true, buyer: input.buyer });
  if (!seller.vatRegistered && kind !== "receipt") return { ok: false, reason: "kind-not-allowed" };
  if (kind === "credit_note") return { ok: false, reason: "kind-not-allowed" };
  const buyer = checkBuyer(kind, input.buyer);
  if (!buyer.ok) return buyer;

  const printed = orderDocumentLines(order, lines);
  // The order's own rate (what checkout charged); a shop not registered for VAT shows none.
  const vatPercent = seller.vatRegistered ? order.vatPercent : 0;
  const amounts = documentAmounts(printed, vatPercent);
  const common = {
    orderId: order.id,
    billingName: buyer.value?.name.trim() || [order.shipFirstName, order.shipLastName].filter(Boolean).join(" ") || order.email,
    billingAddress: buyer.value?.address.trim() ?? "",
    billingTaxId: buyer.value?.taxId ?? null,
    billingBranch: buyer.value?.branch ?? null,
    ...sellerColumns(seller),
    linesJson: JSON.stringify(printed),
    subtotalSatang: amounts.netSatang,
    vatSatang: amounts.vatSatang,
    totalSatang: amounts.totalSatang,
    vatPercent,
    issuedAt: now,
    issuedByStaffUserId: input.staffUserId,
    replacesId: input.replacing?.id ?? null,
  };
  const table = kind === "receipt" ? receipts : invoices;
  const replacing = input.replacing;
  if (replacing) {
    const [old] = await db.select({ id: table.id, orderId: table.orderId, voidedAt: table.voidedAt }).from(table).where(eq(table.id, replacing.id));
    if (!old || old.orderId !== order.id) return { ok: false, reason: "document-not-found" };
    if (old.voidedAt !== null) return { ok: false, reason: "already-void" };
  }
  const result = await insertNumbered(d1, {
    kind,
    prefix: seller.prefixes[kind],
    now,
    before: replacing
      ? (db) => [
          db
            .update(table)
            .set({ voidedAt: now, voidReason: replacing.reason, voidedByStaffUserId: input.staffUserId })
            .where(and(eq(table.id, replacing.id), isNull(table.voidedAt))),
        ]
      : undefined,
    after: input.alongside ? (number) => input.alongside!({ kind, number }) : undefined,
    insert: (db, numbering) =>
      kind === "receipt"
        ? db
            .insert(receipts)
            .values({ ...common, ...numbering })
            .returning({ id: receipts.id })
        : db
            .insert(invoices)
            .values({ ...common, ...numbering, kind: kind as InvoiceKind })
            .returning({ id: invoices.id }),
  });
  if (!result.ok) return result;
  return { ok: true, value: { table: kind === "receipt" ? "receipt" : "invoice", id: result.value.id, kind, number: result.value.number } };
}

/** Voids a live document with a reason. The row stays (its number is used); only the void columns are set. */
export async function voidDocument(
  d1: D1Database,
  input: { table: "invoice" | "receipt"; id: number; reason: string; staffUserId: number | null; now?: number },
): Promise<BillingResult<null>> {
  const db = database(d1);
  const table = input.table === "receipt" ? receipts : invoices;
  const reason = input.reason.trim();
  if (reason === "") throw new RangeError("A void needs a reason");
  const changed = await db
    .update(table)
    .set({ voidedAt: input.now ?? Date.now(), voidReason: reason, voidedByStaffUserId: input.staffUserId })
    .where(and(eq(table.id, input.id), isNull(table.voidedAt)))
    .returning({ id: table.id });
  if (changed.length > 0) return { ok: true, value: null };
  const [exists] = await db.select({ id: table.id }).from(table).where(eq(table.id, input.id));
  return { ok: false, reason: exists ? "already-void" : "document-not-found" };
}

/** Kinds a credit note may lower: the full tax invoices (they name the buyer the note is addressed to). */
const creditableKinds: readonly InvoiceKind[] = ["tax_invoice", "tax_invoice_receipt"];

/**
 * A credit note (§86/10) lowering a live full tax invoice to `correctTotalSatang` (VAT-inclusive), for
 * a refund, an exchange for a cheaper item, a cancellation after invoicing, or another reason. Earlier
 * live notes on the same invoice count: the note lowers the value as it stands after them.
 */
export async function issueCreditNote(
  d1: D1Database,
  input: {
    invoiceId: number;
    correctTotalSatang: number;
    cause: CreditNoteCause;
    reason: string;
    staffUserId: number | null;
    now?: number;
    /** Statements for the same batch that need the note's number (the shopper's e-mail). */
    alongside?: (issued: { kind: DocumentKind; number: string }) => BatchStatement[];
  },
): Promise<BillingResult<IssuedDocument>> {
  const db = database(d1);
  const now = input.now ?? Date.now();
  const [[original], [earlier], { seller }] = await Promise.all([
    db.select().from(invoices).where(eq(invoices.id, input.invoiceId)),
    db
      .select({
        totalSatang: sql<number>`coalesce(sum(${invoices.totalSatang}), 0)`,
        vatSatang: sql<number>`coalesce(sum(${invoices.vatSatang}), 0)`,
      })
      .from(invoices)
      .where(and(eq(invoices.originalInvoiceId, input.invoiceId), eq(invoices.kind, "credit_note"), isNull(invoices.voidedAt))),
    loadSeller(d1),
  ]);
  if (!original) return { ok: false, reason: "document-not-found" };
  if (original.voidedAt !== null || !creditableKinds.includes(original.kind)) return { ok: false, reason: "not-creditable" };
  if (!sellerReadyToIssue(seller) || !seller.vatRegistered) return { ok: false, reason: "seller-incomplete" };
  const standing = { totalSatang: original.totalSatang - (earlier?.totalSatang ?? 0), vatSatang: original.vatSatang - (earlier?.vatSatang ?? 0) };
  const note = creditNoteAmounts({ original: standing, correctTotalSatang: input.correctTotalSatang, vatPercent: original.vatPercent });
  if (!note.ok) return { ok: false, reason: "not-lower" };
  const line: StoredDocumentLine = {
    type: "credit",
    descriptionEn: original.number,
    descriptionTh: original.number,
    quantity: 1,
    unitPriceSatang: note.amounts.totalSatang,
  };
  const result = await insertNumbered(d1, {
    kind: "credit_note",
    prefix: seller.prefixes.credit_note,
    now,
    after: input.alongside ? (number) => input.alongside!({ kind: "credit_note", number }) : undefined,
    insert: (db, numbering) =>
      db
        .insert(invoices)
        .values({
          ...numbering,
          kind: "credit_note",
          orderId: original.orderId,
          billingName: original.billingName,
          billingAddress: original.billingAddress,
          billingTaxId: original.billingTaxId,
          billingBranch: original.billingBranch,
          ...sellerColumns(seller),
          linesJson: JSON.stringify([line]),
          subtotalSatang: note.amounts.differenceSatang,
          vatSatang: note.amounts.vatSatang,
          totalSatang: note.amounts.totalSatang,
          vatPercent: original.vatPercent,
          issuedAt: now,
          issuedByStaffUserId: input.staffUserId,
          originalInvoiceId: original.id,
          creditNoteCause: input.cause,
          creditNoteReason: input.reason.trim(),
          originalValueSatang: note.amounts.originalValueSatang,
          correctValueSatang: note.amounts.correctValueSatang,
        })
        .returning({ id: invoices.id }),
  });
  if (!result.ok) return result;
  return { ok: true, value: { table: "invoice", id: result.value.id, kind: "credit_note", number: result.value.number } };
}

/**
 * An order's live sale document (not credit notes), if any: what the issue form offers to replace.
 * `orderId` may be a subquery (the order by its number), so that this is read alongside the order.
 */
export async function liveSaleDocument(d1: D1Database, orderId: number | SQLWrapper) {
  const db = database(d1);
  const [invoiceRows, receiptRows] = await db.batch([
    db
      .select({ id: invoices.id, number: invoices.number, kind: invoices.kind })
      .from(invoices)
      .where(and(eq(invoices.orderId, orderId), isNull(invoices.voidedAt), ne(invoices.kind, "credit_note"))),
    db
      .select({ id: receipts.id, number: receipts.number })
      .from(receipts)
      .where(and(eq(receipts.orderId, orderId), isNull(receipts.voidedAt))),
  ]);
  return { invoice: invoiceRows[0] ?? null, receipt: receiptRows[0] ?? null };
}
