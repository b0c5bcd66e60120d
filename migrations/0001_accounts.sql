CREATE TABLE `account_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purpose` text NOT NULL,
	`token_hash` text NOT NULL,
	`customer_id` integer,
	`staff_user_id` integer,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "account_tokens_purpose_valid" CHECK("account_tokens"."purpose" IN ('verify-email', 'reset-password')),
	CONSTRAINT "account_tokens_single_owner" CHECK(("account_tokens"."customer_id" IS NULL) <> ("account_tokens"."staff_user_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `account_tokens_hash_unique` ON `account_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `account_tokens_customer_idx` ON `account_tokens` (`customer_id`);--> statement-breakpoint
CREATE INDEX `account_tokens_staff_user_idx` ON `account_tokens` (`staff_user_id`);--> statement-breakpoint
CREATE TABLE `auth_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
