CREATE TABLE `back_in_stock_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`email` text NOT NULL,
	`customer_id` integer,
	`locale` text NOT NULL,
	`link_origin` text NOT NULL,
	`unsubscribe_token` text NOT NULL,
	`created_at` integer NOT NULL,
	`notified_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "back_in_stock_locale_valid" CHECK("back_in_stock_requests"."locale" IN ('en', 'th'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `back_in_stock_open_unique` ON `back_in_stock_requests` (`variant_id`,`email`) WHERE "back_in_stock_requests"."notified_at" IS NULL AND "back_in_stock_requests"."cancelled_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `back_in_stock_token_unique` ON `back_in_stock_requests` (`unsubscribe_token`);--> statement-breakpoint
CREATE INDEX `back_in_stock_variant_idx` ON `back_in_stock_requests` (`variant_id`,`created_at`);