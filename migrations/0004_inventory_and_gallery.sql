CREATE TABLE `gallery_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`image_key` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text NOT NULL,
	`byte_size` integer NOT NULL,
	`width` integer,
	`height` integer,
	`uploaded_by_staff_user_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`uploaded_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "gallery_images_size_positive" CHECK("gallery_images"."byte_size" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `gallery_images_key_unique` ON `gallery_images` (`image_key`);--> statement-breakpoint
CREATE INDEX `gallery_images_created_idx` ON `gallery_images` (`created_at`);--> statement-breakpoint
CREATE TABLE `stock_movements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`variant_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`stock_after` integer NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`staff_user_id` integer,
	`order_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "stock_movements_stock_after_non_negative" CHECK("stock_movements"."stock_after" >= 0)
);
--> statement-breakpoint
CREATE INDEX `stock_movements_variant_idx` ON `stock_movements` (`variant_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `stock_movements_created_idx` ON `stock_movements` (`created_at`);