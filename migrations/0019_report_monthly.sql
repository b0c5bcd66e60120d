CREATE TABLE `report_daily_categories` (
	`day` text NOT NULL,
	`category_id` integer NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `category_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `report_monthly_categories` (
	`month` text NOT NULL,
	`category_id` integer NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `category_id`),
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `report_monthly_products` (
	`month` text NOT NULL,
	`product_id` integer NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Existing shops: the new grains start as the sums of the daily product rows (equal to a rebuild from the order lines).
INSERT INTO `report_monthly_products` (`month`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
SELECT substr(`day`, 1, 7), `product_id`, sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_daily_products` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `report_daily_categories` (`day`, `category_id`, `sold_units`, `sold_satang`, `flash_units`)
SELECT `sold`.`day`, `product`.`category_id`, sum(`sold`.`sold_units`), sum(`sold`.`sold_satang`), sum(`sold`.`flash_units`)
FROM `report_daily_products` AS `sold` JOIN `products` AS `product` ON `product`.`id` = `sold`.`product_id` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `report_monthly_categories` (`month`, `category_id`, `sold_units`, `sold_satang`, `flash_units`)
SELECT substr(`day`, 1, 7), `category_id`, sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_daily_categories` GROUP BY 1, 2;
