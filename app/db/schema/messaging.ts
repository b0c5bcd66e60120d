import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { emailStatuses } from "../../domain/email-status";
import { customers } from "./customers";

/**
 * The e-mail outbox (DESIGN §5): every mail is inserted in the same batch as the change that causes
 * it; a sender delivers pending rows and cron retries failures with backoff (next_attempt_at).
 * Locally the outbox is the mailbox staff read in the back office.
 */
export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    toAddress: text("to_address").notNull(),
    locale: text("locale", { enum: ["en", "th"] }).notNull(),
    /** Template name, e.g. "order-confirmation". */
    template: text("template").notNull(),
    subject: text("subject").notNull(),
    /** Template variables (JSON). */
    payloadJson: text("payload_json").notNull(),
    status: text("status", { enum: emailStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    lastError: text("last_error"),
    sentAt: integer("sent_at"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    index("email_outbox_due_idx").on(table.status, table.nextAttemptAt),
    index("email_outbox_created_idx").on(table.createdAt),
    check("email_outbox_status_valid", sql`${table.status} IN ('pending', 'sending', 'sent', 'failed')`),
    check("email_outbox_payload_json", sql`json_valid(${table.payloadJson})`),
    check("email_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
  ],
);

/** The storefront contact form (spec §3 Contact message). */
export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    title: text("title").notNull(),
    note: text("note").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    readAt: integer("read_at"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("contact_messages_created_idx").on(table.createdAt)],
);
