-- The shopper's tax-invoice request (issue 17, docs/decisions/0017-tax-documents.md): the buyer a full tax invoice
-- names, asked for at checkout and kept on the order (a snapshot) and, for a signed-in customer, on the account for
-- next time. Null name = no request. Plain ADD COLUMNs, no rebuild.
ALTER TABLE `customers` ADD `tax_invoice_name` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `tax_invoice_tax_id` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `tax_invoice_branch` text;--> statement-breakpoint
ALTER TABLE `customers` ADD `tax_invoice_address` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_invoice_name` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_invoice_tax_id` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_invoice_branch` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `tax_invoice_address` text;