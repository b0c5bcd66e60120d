import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { creditNoteCauses, documentKinds, invoiceKinds } from "../../domain/tax-documents";
import { staffUsers } from "./customers";
import { orders, payments } from "./orders";

/**
 * Tax invoices, credit notes and receipts (docs/decisions/0017-tax-documents.md). Numbers come from
 * document_sequences: the batch that issues a document bumps `last_number` for (kind, year) and inserts
 * the document with the next number, so numbers are gap-free per kind and year and a race fails on the
 * unique number instead of duplicating it. A document is never edited or deleted after issue: it is
 * voided with a reason, and a replacement refers to the one it replaces.
 */

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const documentSequences = sqliteTable(
  "document_sequences",
  {
    /** A document kind (tax-documents.ts): each kind is its own series. */
    documentType: text("document_type", { enum: documentKinds }).notNull(),
    /** Calendar year in Asia/Bangkok (Gregorian; the document prints the Buddhist-era year). */
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.documentType, table.year] }),
    check("document_sequences_type_valid", sql`${table.documentType} IN (${sqlList(documentKinds)})`),
    check("document_sequences_number_non_negative", sql`${table.lastNumber} >= 0`),
  ],
);

/** What every document keeps as it was at issue: the buyer, the seller, the lines and the amounts. */
const documentColumns = {
  /** Year of the series (Bangkok, Gregorian) and the running number in it; `number` prints both. */
  sequenceYear: integer("sequence_year").notNull(),
  sequenceNumber: integer("sequence_number").notNull(),
  billingName: text("billing_name").notNull(),
  /** Buyer's 13-digit tax id, for full tax invoices. */
  billingTaxId: text("billing_tax_id"),
  /** Buyer's branch: "00000" head office, "00001"…; null without a tax id. */
  billingBranch: text("billing_branch"),
  billingAddress: text("billing_address").notNull().default(""),
  /** Seller as registered when the document was issued (a later change of settings never rewrites it). */
  sellerNameTh: text("seller_name_th").notNull().default(""),
  sellerNameEn: text("seller_name_en").notNull().default(""),
  sellerAddressTh: text("seller_address_th").notNull().default(""),
  sellerAddressEn: text("seller_address_en").notNull().default(""),
  sellerTaxId: text("seller_tax_id").notNull().default(""),
  sellerBranch: text("seller_branch").notNull().default("00000"),
  /** JSON [{ descriptionEn, descriptionTh, quantity, unitPriceSatang }]: the printed lines (VAT-inclusive). */
  linesJson: text("lines_json").notNull().default("[]"),
  /** Value before VAT (total − VAT); for a credit note, the difference. */
  subtotalSatang: integer("subtotal_satang").notNull(),
  vatSatang: integer("vat_satang").notNull(),
  totalSatang: integer("total_satang").notNull(),
  /** 0 when the seller was not registered for VAT. */
  vatPercent: real("vat_percent").notNull().default(0),
  issuedAt: integer("issued_at").notNull(),
  issuedByStaffUserId: integer("issued_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
  voidedAt: integer("voided_at"),
  voidReason: text("void_reason"),
  voidedByStaffUserId: integer("voided_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
};

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    kind: text("kind", { enum: invoiceKinds }).notNull().default("tax_invoice"),
    /** e.g. "INV-2569-000123". */
    number: text("number").notNull(),
    ...documentColumns,
    /** The voided document this one replaces. */
    replacesId: integer("replaces_id").references((): AnySQLiteColumn => invoices.id, { onDelete: "restrict" }),
    /** Credit notes: the tax invoice whose value they lower, why, and its value before and after. */
    originalInvoiceId: integer("original_invoice_id").references((): AnySQLiteColumn => invoices.id, { onDelete: "restrict" }),
    creditNoteCause: text("credit_note_cause", { enum: creditNoteCauses }),
    creditNoteReason: text("credit_note_reason"),
    originalValueSatang: integer("original_value_satang"),
    correctValueSatang: integer("correct_value_satang"),
  },
  (table) => [
    uniqueIndex("invoices_number_unique").on(table.number),
    uniqueIndex("invoices_series_unique").on(table.kind, table.sequenceYear, table.sequenceNumber),
    index("invoices_order_idx").on(table.orderId),
    index("invoices_issued_idx").on(table.issuedAt),
    index("invoices_original_idx").on(table.originalInvoiceId),
    // One live sale document per order: issuing twice fails; void first (or void and replace in one batch).
    uniqueIndex("invoices_live_sale_unique")
      .on(table.orderId)
      .where(sql`${table.voidedAt} IS NULL AND ${table.kind} <> 'credit_note'`),
    check("invoices_kind_valid", sql`${table.kind} IN (${sqlList(invoiceKinds)})`),
    check(
      "invoices_credit_note_complete",
      sql`(${table.kind} = 'credit_note') = (${table.originalInvoiceId} IS NOT NULL AND ${table.creditNoteCause} IS NOT NULL AND ${table.originalValueSatang} IS NOT NULL AND ${table.correctValueSatang} IS NOT NULL)`,
    ),
    check("invoices_credit_note_cause_valid", sql`${table.creditNoteCause} IS NULL OR ${table.creditNoteCause} IN (${sqlList(creditNoteCauses)})`),
    check("invoices_void_has_reason", sql`${table.voidedAt} IS NULL OR length(trim(${table.voidReason})) > 0`),
    check("invoices_amounts_add_up", sql`${table.subtotalSatang} + ${table.vatSatang} = ${table.totalSatang} AND ${table.totalSatang} >= 0`),
  ],
);

export const receipts = sqliteTable(
  "receipts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** e.g. "RC-2569-000123". */
    number: text("number").notNull(),
    ...documentColumns,
    /** The voided receipt this one replaces. */
    replacesId: integer("replaces_id").references((): AnySQLiteColumn => receipts.id, { onDelete: "restrict" }),
  },
  (table) => [
    uniqueIndex("receipts_number_unique").on(table.number),
    uniqueIndex("receipts_series_unique").on(table.sequenceYear, table.sequenceNumber),
    index("receipts_order_idx").on(table.orderId),
    index("receipts_issued_idx").on(table.issuedAt),
    uniqueIndex("receipts_live_unique")
      .on(table.orderId)
      .where(sql`${table.voidedAt} IS NULL`),
    check("receipts_void_has_reason", sql`${table.voidedAt} IS NULL OR length(trim(${table.voidReason})) > 0`),
    check("receipts_amounts_add_up", sql`${table.subtotalSatang} + ${table.vatSatang} = ${table.totalSatang} AND ${table.totalSatang} >= 0`),
  ],
);
