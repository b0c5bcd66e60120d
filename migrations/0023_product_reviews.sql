CREATE TABLE `product_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`body` text NOT NULL,
	`photo_key` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`moderated_by_staff_user_id` integer,
	`moderated_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`moderated_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "product_reviews_rating_valid" CHECK("product_reviews"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "product_reviews_status_valid" CHECK("product_reviews"."status" IN ('pending', 'approved', 'hidden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `product_reviews_product_customer_unique` ON `product_reviews` (`product_id`,`customer_id`);--> statement-breakpoint
CREATE INDEX `product_reviews_product_status_idx` ON `product_reviews` (`product_id`,`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `product_reviews_status_idx` ON `product_reviews` (`status`,`updated_at`);--> statement-breakpoint
CREATE INDEX `product_reviews_customer_idx` ON `product_reviews` (`customer_id`);