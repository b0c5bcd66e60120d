-- The custom-product designer (issue 6, docs/decisions/0015-custom-designs.md).
--   custom_products.mockup_*_mm   the real size the mockup images show: the designer's millimetre space
--   custom_print_areas            where artwork may go on each side (images are kept inside it)
--   custom_banners.*_mm           the box each banner text is drawn in (rebuilt: new NOT NULL columns,
--                                 existing rows get a box by side and position)
--   custom_design_texts           dropped: texts live in design_json, checked by app/domain/banner-text.ts.
--                                 Its CHECK counted code points with length(), which refuses valid Thai
--                                 ("สมศักดิ์" is 5 characters, 8 code points).
--   custom_designs                rebuilt for the review statuses (draft, submitted, changes_requested,
--                                 confirmed, rejected), per-side preview and print keys, the staff message.
--                                 Quantities now live in design_json only. No code wrote this table
--                                 before this migration, so the rebuild loses nothing.
--   custom_design_uploads         shoppers' uploaded images (owner, type, pixel size)
--   custom_design_history         every review step
-- defer_foreign_keys (D1's way) lets order_lines keep pointing at custom_designs across the rebuild.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
ALTER TABLE `custom_products` ADD `mockup_width_mm` integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE `custom_products` ADD `mockup_height_mm` integer DEFAULT 600 NOT NULL;--> statement-breakpoint
CREATE TABLE `custom_print_areas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`side` text NOT NULL,
	`x_mm` integer NOT NULL,
	`y_mm` integer NOT NULL,
	`width_mm` integer NOT NULL,
	`height_mm` integer NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_print_areas_side_valid" CHECK("custom_print_areas"."side" IN ('front', 'back')),
	CONSTRAINT "custom_print_areas_box_valid" CHECK("custom_print_areas"."x_mm" >= 0 AND "custom_print_areas"."y_mm" >= 0 AND "custom_print_areas"."width_mm" >= 10 AND "custom_print_areas"."height_mm" >= 10)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_print_areas_side_unique` ON `custom_print_areas` (`custom_product_id`,`side`);--> statement-breakpoint
INSERT INTO `custom_print_areas` (`custom_product_id`, `side`, `x_mm`, `y_mm`, `width_mm`, `height_mm`)
	SELECT `id`, 'front', 170, 150, 260, 300 FROM `custom_products`
	UNION ALL SELECT `id`, 'back', 170, 130, 260, 320 FROM `custom_products`;--> statement-breakpoint
CREATE TABLE `__new_custom_banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`side` text NOT NULL,
	`position` text NOT NULL,
	`max_length` integer NOT NULL,
	`label_en` text DEFAULT '' NOT NULL,
	`label_th` text DEFAULT '' NOT NULL,
	`x_mm` integer NOT NULL,
	`y_mm` integer NOT NULL,
	`width_mm` integer NOT NULL,
	`height_mm` integer NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_banners_side_valid" CHECK("__new_custom_banners"."side" IN ('front', 'back')),
	CONSTRAINT "custom_banners_position_valid" CHECK("__new_custom_banners"."position" IN ('left', 'center', 'right')),
	CONSTRAINT "custom_banners_max_length_valid" CHECK("__new_custom_banners"."max_length" >= 1 AND "__new_custom_banners"."max_length" <= CASE "__new_custom_banners"."position" WHEN 'center' THEN 7 ELSE 25 END),
	CONSTRAINT "custom_banners_box_valid" CHECK("__new_custom_banners"."x_mm" >= 0 AND "__new_custom_banners"."y_mm" >= 0 AND "__new_custom_banners"."width_mm" >= 10 AND "__new_custom_banners"."height_mm" >= 10)
);
--> statement-breakpoint
INSERT INTO `__new_custom_banners`("id", "custom_product_id", "side", "position", "max_length", "label_en", "label_th", "x_mm", "y_mm", "width_mm", "height_mm")
	SELECT "id", "custom_product_id", "side", "position", "max_length", "label_en", "label_th",
		CASE "position" WHEN 'left' THEN 170 WHEN 'center' THEN 230 ELSE 310 END,
		CASE "position" WHEN 'center' THEN 240 ELSE 160 END,
		CASE "position" WHEN 'center' THEN 140 ELSE 120 END,
		CASE "position" WHEN 'center' THEN 140 ELSE 40 END
	FROM `custom_banners`;--> statement-breakpoint
DROP TABLE `custom_banners`;--> statement-breakpoint
ALTER TABLE `__new_custom_banners` RENAME TO `custom_banners`;--> statement-breakpoint
CREATE UNIQUE INDEX `custom_banners_placement_unique` ON `custom_banners` (`custom_product_id`,`side`,`position`);--> statement-breakpoint
DROP TABLE `custom_design_texts`;--> statement-breakpoint
CREATE TABLE `__new_custom_designs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`customer_id` integer,
	`session_id` text,
	`design_json` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`unit_price_satang` integer NOT NULL,
	`preview_front_key` text,
	`preview_back_key` text,
	`print_front_key` text,
	`print_back_key` text,
	`review_message` text DEFAULT '' NOT NULL,
	`submitted_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_designs_has_owner" CHECK("__new_custom_designs"."customer_id" IS NOT NULL OR "__new_custom_designs"."session_id" IS NOT NULL),
	CONSTRAINT "custom_designs_json_valid" CHECK(json_valid("__new_custom_designs"."design_json")),
	CONSTRAINT "custom_designs_status_valid" CHECK("__new_custom_designs"."status" IN ('draft', 'submitted', 'changes_requested', 'confirmed', 'rejected')),
	CONSTRAINT "custom_designs_price_non_negative" CHECK("__new_custom_designs"."unit_price_satang" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_custom_designs`("id", "custom_product_id", "customer_id", "session_id", "design_json", "status", "unit_price_satang", "preview_front_key", "print_front_key", "print_back_key", "created_at", "updated_at")
	SELECT "id", "custom_product_id", "customer_id", "session_id", "design_json", CASE "status" WHEN 'ordered' THEN 'confirmed' ELSE "status" END, "unit_price_satang", "preview_key", "print_front_key", "print_back_key", "created_at", "updated_at"
	FROM `custom_designs`;--> statement-breakpoint
DROP TABLE `custom_designs`;--> statement-breakpoint
ALTER TABLE `__new_custom_designs` RENAME TO `custom_designs`;--> statement-breakpoint
CREATE INDEX `custom_designs_customer_idx` ON `custom_designs` (`customer_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `custom_designs_session_idx` ON `custom_designs` (`session_id`);--> statement-breakpoint
CREATE INDEX `custom_designs_status_idx` ON `custom_designs` (`status`,`updated_at`);--> statement-breakpoint
CREATE TABLE `custom_design_uploads` (
	`key` text PRIMARY KEY NOT NULL,
	`customer_id` integer,
	`session_id` text,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`pixel_width` integer NOT NULL,
	`pixel_height` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_design_uploads_has_owner" CHECK("custom_design_uploads"."customer_id" IS NOT NULL OR "custom_design_uploads"."session_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE INDEX `custom_design_uploads_customer_idx` ON `custom_design_uploads` (`customer_id`);--> statement-breakpoint
CREATE INDEX `custom_design_uploads_session_idx` ON `custom_design_uploads` (`session_id`);--> statement-breakpoint
CREATE TABLE `custom_design_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_design_id` integer NOT NULL,
	`event` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_customer_id` integer,
	`actor_staff_user_id` integer,
	`message` text DEFAULT '' NOT NULL,
	`unit_price_satang` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`custom_design_id`) REFERENCES `custom_designs`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "custom_design_history_event_valid" CHECK("custom_design_history"."event" IN ('submitted', 'resubmitted', 'changes_requested', 'confirmed', 'rejected', 'withdrawn')),
	CONSTRAINT "custom_design_history_actor_valid" CHECK("custom_design_history"."actor_type" IN ('shopper', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `custom_design_history_design_idx` ON `custom_design_history` (`custom_design_id`,`created_at`);
