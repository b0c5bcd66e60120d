-- Promotions in the back office (issue 16): discount codes get a scope (whole order, or only some
-- categories / products / collections, listed in discount_code_targets), a free-shipping kind,
-- "first order only" and "combines with flash-sale prices".
--   discount_codes   rebuilt: its CHECKs on type and value now allow type 'free_shipping' (value 0),
--                    and SQLite cannot change a CHECK in place.
-- Dropping the old table runs an implicit DELETE with the foreign keys' actions (D1 keeps foreign
-- keys on; defer_foreign_keys only defers the checks): redemptions would be deleted (CASCADE) and
-- orders would lose their code (SET NULL). Both are copied aside first and put back after the
-- rename, so every past redemption keeps its code, order and amount.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `_keep_discount_redemptions` AS SELECT * FROM `discount_redemptions`;--> statement-breakpoint
CREATE TABLE `_keep_order_discount_codes` AS SELECT `id`, `discount_code_id` FROM `orders` WHERE `discount_code_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `__new_discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`max_discount_satang` integer,
	`min_purchase_satang` integer DEFAULT 0 NOT NULL,
	`usage_limit` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`per_customer_limit` integer,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`scope` text DEFAULT 'order' NOT NULL,
	`first_order_only` integer DEFAULT false NOT NULL,
	`combines_with_flash_sale` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "discount_codes_type_valid" CHECK("__new_discount_codes"."type" IN ('percent', 'fixed', 'free_shipping')),
	CONSTRAINT "discount_codes_value_valid" CHECK(("__new_discount_codes"."type" = 'percent' AND "__new_discount_codes"."value" BETWEEN 1 AND 100) OR ("__new_discount_codes"."type" = 'fixed' AND "__new_discount_codes"."value" > 0) OR ("__new_discount_codes"."type" = 'free_shipping' AND "__new_discount_codes"."value" = 0)),
	CONSTRAINT "discount_codes_scope_valid" CHECK("__new_discount_codes"."scope" IN ('order', 'categories', 'products', 'collections')),
	CONSTRAINT "discount_codes_min_purchase_non_negative" CHECK("__new_discount_codes"."min_purchase_satang" >= 0),
	CONSTRAINT "discount_codes_used_within_limit" CHECK("__new_discount_codes"."used_count" >= 0 AND ("__new_discount_codes"."usage_limit" IS NULL OR "__new_discount_codes"."used_count" <= "__new_discount_codes"."usage_limit")),
	CONSTRAINT "discount_codes_period_valid" CHECK("__new_discount_codes"."starts_at" IS NULL OR "__new_discount_codes"."ends_at" IS NULL OR "__new_discount_codes"."ends_at" > "__new_discount_codes"."starts_at")
);
--> statement-breakpoint
INSERT INTO `__new_discount_codes`("id", "code", "type", "value", "max_discount_satang", "min_purchase_satang", "usage_limit", "used_count", "per_customer_limit", "description_en", "description_th", "is_active", "starts_at", "ends_at", "created_at", "updated_at") SELECT "id", "code", "type", "value", "max_discount_satang", "min_purchase_satang", "usage_limit", "used_count", "per_customer_limit", "description_en", "description_th", "is_active", "starts_at", "ends_at", "created_at", "updated_at" FROM `discount_codes`;--> statement-breakpoint
DROP TABLE `discount_codes`;--> statement-breakpoint
ALTER TABLE `__new_discount_codes` RENAME TO `discount_codes`;--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
INSERT OR IGNORE INTO `discount_redemptions`("id", "discount_code_id", "order_id", "customer_id", "amount_satang", "created_at") SELECT "id", "discount_code_id", "order_id", "customer_id", "amount_satang", "created_at" FROM `_keep_discount_redemptions`;--> statement-breakpoint
UPDATE `orders` SET `discount_code_id` = (SELECT `k`.`discount_code_id` FROM `_keep_order_discount_codes` AS `k` WHERE `k`.`id` = `orders`.`id`) WHERE `id` IN (SELECT `id` FROM `_keep_order_discount_codes`);--> statement-breakpoint
DROP TABLE `_keep_discount_redemptions`;--> statement-breakpoint
DROP TABLE `_keep_order_discount_codes`;--> statement-breakpoint
CREATE TABLE `discount_code_targets` (
	`discount_code_id` integer NOT NULL,
	`target_id` integer NOT NULL,
	PRIMARY KEY(`discount_code_id`, `target_id`),
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade
);

