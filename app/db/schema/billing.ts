import { sql } from "drizzle-orm";
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { staffUsers } from "./customers";
import { orders, payments } from "./orders";

/**
 * Tax invoices and receipts. Numbers come from document_sequences: the batch that issues a document
 * bumps `last_number` for (type, year) and inserts the document with the next number, so numbers
 * are gap-free per year and a race fails on the unique number instead of duplicating it.
 */

export const documentTypes = ["invoice", "receipt"] as const;
export type DocumentType = (typeof documentTypes)[number];

export const documentSequences = sqliteTable(
  "document_sequences",
  {
    documentType: text("document_type", { enum: documentTypes }).notNull(),
    /** Calendar year in Asia/Bangkok (Gregorian; the document may print the Buddhist-era year). */
    year: integer("year").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.documentType, table.year] }),
    check("document_sequences_type_valid", sql`${table.documentType} IN ('invoice', 'receipt')`),
    check("document_sequences_number_non_negative", sql`${table.lastNumber} >= 0`),
  ],
);

const billingColumns = {
  billingName: text("billing_name").notNull(),
  /** Buyer's 13-digit tax id, for full tax invoices. */
  billingTaxId: text("billing_tax_id"),
  billingAddress: text("billing_address").notNull().default(""),
  subtotalSatang: integer("subtotal_satang").notNull(),
  vatSatang: integer("vat_satang").notNull(),
  totalSatang: integer("total_satang").notNull(),
};

export const invoices = sqliteTable(
  "invoices",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    /** e.g. "INV-2026-000123". */
    number: text("number").notNull(),
    ...billingColumns,
    issuedAt: integer("issued_at").notNull(),
    issuedByStaffUserId: integer("issued_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    voidedAt: integer("voided_at"),
  },
  (table) => [uniqueIndex("invoices_number_unique").on(table.number), index("invoices_order_idx").on(table.orderId)],
);

export const receipts = sqliteTable(
  "receipts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "restrict" }),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "set null" }),
    /** e.g. "RC-2026-000123". */
    number: text("number").notNull(),
    ...billingColumns,
    issuedAt: integer("issued_at").notNull(),
    issuedByStaffUserId: integer("issued_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    voidedAt: integer("voided_at"),
  },
  (table) => [uniqueIndex("receipts_number_unique").on(table.number), index("receipts_order_idx").on(table.orderId)],
);
