-- Thai tax documents (issue 17, docs/decisions/0017-tax-documents.md). Numbered 0016 and independent of
-- 0015 (promotions), written at the same time.
--   document_sequences   rebuilt: one series per document kind (tax_invoice, abbreviated_tax_invoice,
--                        receipt, tax_invoice_receipt, credit_note) instead of invoice/receipt
--   invoices             rebuilt: kind, series year and number, buyer branch, the seller as registered at
--                        issue, the printed lines, VAT rate, void reason and by whom, the document replaced,
--                        and the credit note's original invoice, cause, reason, original and correct value;
--                        CHECKs: amounts add up, a void has a reason, a credit note is complete; one live
--                        sale document per order (partial unique index)
--   receipts             rebuilt likewise (no kind: a receipt is not a tax document)
-- No screen wrote invoices or receipts before this migration; any row a local database has is carried
-- over as a tax invoice / receipt numbered by its id, value = total − VAT.
-- defer_foreign_keys (D1's way) keeps the references valid across the rebuilds.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `__new_document_sequences` (
	`document_type` text NOT NULL,
	`year` integer NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`document_type`, `year`),
	CONSTRAINT "document_sequences_type_valid" CHECK("__new_document_sequences"."document_type" IN ('tax_invoice', 'abbreviated_tax_invoice', 'receipt', 'tax_invoice_receipt', 'credit_note')),
	CONSTRAINT "document_sequences_number_non_negative" CHECK("__new_document_sequences"."last_number" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_document_sequences`("document_type", "year", "last_number") SELECT "document_type", "year", "last_number" FROM `document_sequences`;--> statement-breakpoint
DROP TABLE `document_sequences`;--> statement-breakpoint
ALTER TABLE `__new_document_sequences` RENAME TO `document_sequences`;--> statement-breakpoint
CREATE TABLE `__new_invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`kind` text DEFAULT 'tax_invoice' NOT NULL,
	`number` text NOT NULL,
	`sequence_year` integer NOT NULL,
	`sequence_number` integer NOT NULL,
	`billing_name` text NOT NULL,
	`billing_tax_id` text,
	`billing_branch` text,
	`billing_address` text DEFAULT '' NOT NULL,
	`seller_name_th` text DEFAULT '' NOT NULL,
	`seller_name_en` text DEFAULT '' NOT NULL,
	`seller_address_th` text DEFAULT '' NOT NULL,
	`seller_address_en` text DEFAULT '' NOT NULL,
	`seller_tax_id` text DEFAULT '' NOT NULL,
	`seller_branch` text DEFAULT '00000' NOT NULL,
	`lines_json` text DEFAULT '[]' NOT NULL,
	`subtotal_satang` integer NOT NULL,
	`vat_satang` integer NOT NULL,
	`total_satang` integer NOT NULL,
	`vat_percent` real DEFAULT 0 NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by_staff_user_id` integer,
	`voided_at` integer,
	`void_reason` text,
	`voided_by_staff_user_id` integer,
	`replaces_id` integer,
	`original_invoice_id` integer,
	`credit_note_cause` text,
	`credit_note_reason` text,
	`original_value_satang` integer,
	`correct_value_satang` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`issued_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`voided_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`replaces_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`original_invoice_id`) REFERENCES `invoices`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "invoices_kind_valid" CHECK("__new_invoices"."kind" IN ('tax_invoice', 'abbreviated_tax_invoice', 'tax_invoice_receipt', 'credit_note')),
	CONSTRAINT "invoices_credit_note_complete" CHECK(("__new_invoices"."kind" = 'credit_note') = ("__new_invoices"."original_invoice_id" IS NOT NULL AND "__new_invoices"."credit_note_cause" IS NOT NULL AND "__new_invoices"."original_value_satang" IS NOT NULL AND "__new_invoices"."correct_value_satang" IS NOT NULL)),
	CONSTRAINT "invoices_credit_note_cause_valid" CHECK("__new_invoices"."credit_note_cause" IS NULL OR "__new_invoices"."credit_note_cause" IN ('refund', 'exchange', 'cancellation', 'other')),
	CONSTRAINT "invoices_void_has_reason" CHECK("__new_invoices"."voided_at" IS NULL OR length(trim("__new_invoices"."void_reason")) > 0),
	CONSTRAINT "invoices_amounts_add_up" CHECK("__new_invoices"."subtotal_satang" + "__new_invoices"."vat_satang" = "__new_invoices"."total_satang" AND "__new_invoices"."total_satang" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_invoices`("id", "order_id", "kind", "number", "sequence_year", "sequence_number", "billing_name", "billing_tax_id", "billing_address", "subtotal_satang", "vat_satang", "total_satang", "issued_at", "issued_by_staff_user_id", "voided_at", "void_reason")
	SELECT "id", "order_id", 'tax_invoice', "number", CAST(strftime('%Y', ("issued_at" / 1000) + 25200, 'unixepoch') AS INTEGER), "id", "billing_name", "billing_tax_id", "billing_address", "total_satang" - "vat_satang", "vat_satang", "total_satang", "issued_at", "issued_by_staff_user_id", "voided_at", CASE WHEN "voided_at" IS NOT NULL THEN 'voided before 0016' END FROM `invoices`;--> statement-breakpoint
DROP TABLE `invoices`;--> statement-breakpoint
ALTER TABLE `__new_invoices` RENAME TO `invoices`;--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_series_unique` ON `invoices` (`kind`,`sequence_year`,`sequence_number`);--> statement-breakpoint
CREATE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE INDEX `invoices_issued_idx` ON `invoices` (`issued_at`);--> statement-breakpoint
CREATE INDEX `invoices_original_idx` ON `invoices` (`original_invoice_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_live_sale_unique` ON `invoices` (`order_id`) WHERE "invoices"."voided_at" IS NULL AND "invoices"."kind" <> 'credit_note';--> statement-breakpoint
CREATE TABLE `__new_receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`payment_id` integer,
	`number` text NOT NULL,
	`sequence_year` integer NOT NULL,
	`sequence_number` integer NOT NULL,
	`billing_name` text NOT NULL,
	`billing_tax_id` text,
	`billing_branch` text,
	`billing_address` text DEFAULT '' NOT NULL,
	`seller_name_th` text DEFAULT '' NOT NULL,
	`seller_name_en` text DEFAULT '' NOT NULL,
	`seller_address_th` text DEFAULT '' NOT NULL,
	`seller_address_en` text DEFAULT '' NOT NULL,
	`seller_tax_id` text DEFAULT '' NOT NULL,
	`seller_branch` text DEFAULT '00000' NOT NULL,
	`lines_json` text DEFAULT '[]' NOT NULL,
	`subtotal_satang` integer NOT NULL,
	`vat_satang` integer NOT NULL,
	`total_satang` integer NOT NULL,
	`vat_percent` real DEFAULT 0 NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by_staff_user_id` integer,
	`voided_at` integer,
	`void_reason` text,
	`voided_by_staff_user_id` integer,
	`replaces_id` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`issued_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`voided_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`replaces_id`) REFERENCES `receipts`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "receipts_void_has_reason" CHECK("__new_receipts"."voided_at" IS NULL OR length(trim("__new_receipts"."void_reason")) > 0),
	CONSTRAINT "receipts_amounts_add_up" CHECK("__new_receipts"."subtotal_satang" + "__new_receipts"."vat_satang" = "__new_receipts"."total_satang" AND "__new_receipts"."total_satang" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_receipts`("id", "order_id", "payment_id", "number", "sequence_year", "sequence_number", "billing_name", "billing_tax_id", "billing_address", "subtotal_satang", "vat_satang", "total_satang", "issued_at", "issued_by_staff_user_id", "voided_at", "void_reason")
	SELECT "id", "order_id", "payment_id", "number", CAST(strftime('%Y', ("issued_at" / 1000) + 25200, 'unixepoch') AS INTEGER), "id", "billing_name", "billing_tax_id", "billing_address", "total_satang" - "vat_satang", "vat_satang", "total_satang", "issued_at", "issued_by_staff_user_id", "voided_at", CASE WHEN "voided_at" IS NOT NULL THEN 'voided before 0016' END FROM `receipts`;--> statement-breakpoint
DROP TABLE `receipts`;--> statement-breakpoint
ALTER TABLE `__new_receipts` RENAME TO `receipts`;--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_series_unique` ON `receipts` (`sequence_year`,`sequence_number`);--> statement-breakpoint
CREATE INDEX `receipts_order_idx` ON `receipts` (`order_id`);--> statement-breakpoint
CREATE INDEX `receipts_issued_idx` ON `receipts` (`issued_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_live_unique` ON `receipts` (`order_id`) WHERE "receipts"."voided_at" IS NULL;--> statement-breakpoint
-- Never edited, never deleted (issue 17): after issue the only change is the void (voided_at, reason,
-- by whom, once) and a staff id set to NULL when that staff user is removed. drizzle-kit does not
-- model triggers: a later migration that rebuilds these tables must create them again.
CREATE TRIGGER `invoices_never_deleted` BEFORE DELETE ON `invoices`
BEGIN SELECT RAISE(ABORT, 'invoices: an issued document is never deleted (void it)'); END;--> statement-breakpoint
CREATE TRIGGER `invoices_only_voided` BEFORE UPDATE ON `invoices`
WHEN NOT (
	(OLD."voided_at" IS NULL AND NEW."voided_at" IS NOT NULL AND NEW."void_reason" IS NOT NULL OR OLD."voided_at" IS NEW."voided_at" AND OLD."void_reason" IS NEW."void_reason" AND OLD."voided_by_staff_user_id" IS NEW."voided_by_staff_user_id")
	AND NEW."id" IS OLD."id" AND NEW."order_id" IS OLD."order_id" AND NEW."number" IS OLD."number" AND NEW."sequence_year" IS OLD."sequence_year" AND NEW."sequence_number" IS OLD."sequence_number" AND NEW."billing_name" IS OLD."billing_name" AND NEW."billing_tax_id" IS OLD."billing_tax_id" AND NEW."billing_branch" IS OLD."billing_branch" AND NEW."billing_address" IS OLD."billing_address" AND NEW."seller_name_th" IS OLD."seller_name_th" AND NEW."seller_name_en" IS OLD."seller_name_en" AND NEW."seller_address_th" IS OLD."seller_address_th" AND NEW."seller_address_en" IS OLD."seller_address_en" AND NEW."seller_tax_id" IS OLD."seller_tax_id" AND NEW."seller_branch" IS OLD."seller_branch" AND NEW."lines_json" IS OLD."lines_json" AND NEW."subtotal_satang" IS OLD."subtotal_satang" AND NEW."vat_satang" IS OLD."vat_satang" AND NEW."total_satang" IS OLD."total_satang" AND NEW."vat_percent" IS OLD."vat_percent" AND NEW."issued_at" IS OLD."issued_at" AND NEW."replaces_id" IS OLD."replaces_id" AND NEW."kind" IS OLD."kind" AND NEW."original_invoice_id" IS OLD."original_invoice_id" AND NEW."credit_note_cause" IS OLD."credit_note_cause" AND NEW."credit_note_reason" IS OLD."credit_note_reason" AND NEW."original_value_satang" IS OLD."original_value_satang" AND NEW."correct_value_satang" IS OLD."correct_value_satang"
)
BEGIN SELECT RAISE(ABORT, 'invoices: an issued document is never edited (void it)'); END;--> statement-breakpoint
CREATE TRIGGER `receipts_never_deleted` BEFORE DELETE ON `receipts`
BEGIN SELECT RAISE(ABORT, 'receipts: an issued document is never deleted (void it)'); END;--> statement-breakpoint
CREATE TRIGGER `receipts_only_voided` BEFORE UPDATE ON `receipts`
WHEN NOT (
	(OLD."voided_at" IS NULL AND NEW."voided_at" IS NOT NULL AND NEW."void_reason" IS NOT NULL OR OLD."voided_at" IS NEW."voided_at" AND OLD."void_reason" IS NEW."void_reason" AND OLD."voided_by_staff_user_id" IS NEW."voided_by_staff_user_id")
	AND NEW."id" IS OLD."id" AND NEW."order_id" IS OLD."order_id" AND NEW."number" IS OLD."number" AND NEW."sequence_year" IS OLD."sequence_year" AND NEW."sequence_number" IS OLD."sequence_number" AND NEW."billing_name" IS OLD."billing_name" AND NEW."billing_tax_id" IS OLD."billing_tax_id" AND NEW."billing_branch" IS OLD."billing_branch" AND NEW."billing_address" IS OLD."billing_address" AND NEW."seller_name_th" IS OLD."seller_name_th" AND NEW."seller_name_en" IS OLD."seller_name_en" AND NEW."seller_address_th" IS OLD."seller_address_th" AND NEW."seller_address_en" IS OLD."seller_address_en" AND NEW."seller_tax_id" IS OLD."seller_tax_id" AND NEW."seller_branch" IS OLD."seller_branch" AND NEW."lines_json" IS OLD."lines_json" AND NEW."subtotal_satang" IS OLD."subtotal_satang" AND NEW."vat_satang" IS OLD."vat_satang" AND NEW."total_satang" IS OLD."total_satang" AND NEW."vat_percent" IS OLD."vat_percent" AND NEW."issued_at" IS OLD."issued_at" AND NEW."replaces_id" IS OLD."replaces_id" AND NEW."payment_id" IS OLD."payment_id"
)
BEGIN SELECT RAISE(ABORT, 'receipts: an issued document is never edited (void it)'); END;
