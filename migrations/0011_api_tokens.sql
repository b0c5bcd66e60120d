-- Bearer tokens of the JSON API under /api (issue 7, docs/decisions/0016-json-api.md). One new
-- table, nothing else changes. Forward-only.
--   token_hash     SHA-256 (hex) of the random 256-bit token handed out by /api/users/login or
--                  /api/users/admin/login; the token itself is never stored
--   customer_id    the account the token acts for: a customer or a staff user, exactly one
--   staff_user_id  (CHECK api_tokens_single_owner); deleting the account deletes its tokens
--   expires_at     epoch ms, issue time + 3600 s (spec §4, §9: token max age); not renewed on use
--   created_at     epoch ms
-- Revoking is deleting the row: /api/users/logout deletes one; a password reset or change and a
-- staff deactivation delete all of the account's tokens in the batch that ends its sessions; the
-- cron's session housekeeping deletes expired ones.
CREATE TABLE `api_tokens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`customer_id` integer,
	`staff_user_id` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "api_tokens_single_owner" CHECK(("api_tokens"."customer_id" IS NULL) <> ("api_tokens"."staff_user_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_tokens_hash_unique` ON `api_tokens` (`token_hash`);--> statement-breakpoint
CREATE INDEX `api_tokens_customer_idx` ON `api_tokens` (`customer_id`);--> statement-breakpoint
CREATE INDEX `api_tokens_staff_user_idx` ON `api_tokens` (`staff_user_id`);--> statement-breakpoint
CREATE INDEX `api_tokens_expires_idx` ON `api_tokens` (`expires_at`);
