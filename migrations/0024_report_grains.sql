CREATE TABLE `report_daily_sponsor_totals` (
	`day` text PRIMARY KEY NOT NULL,
	`sponsor_orders` integer DEFAULT 0 NOT NULL,
	`sponsor_quantity` integer DEFAULT 0 NOT NULL,
	`sponsor_value_satang` integer DEFAULT 0 NOT NULL,
	`distributor_orders` integer DEFAULT 0 NOT NULL,
	`distributor_quantity` integer DEFAULT 0 NOT NULL,
	`distributor_value_satang` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_monthly_variant_stock` (
	`variant_id` integer NOT NULL,
	`month` text NOT NULL,
	`movements` integer DEFAULT 0 NOT NULL,
	`units_in` integer DEFAULT 0 NOT NULL,
	`units_out` integer DEFAULT 0 NOT NULL,
	`restock_units` integer DEFAULT 0 NOT NULL,
	`correction_units` integer DEFAULT 0 NOT NULL,
	`damaged_units` integer DEFAULT 0 NOT NULL,
	`returned_units` integer DEFAULT 0 NOT NULL,
	`import_units` integer DEFAULT 0 NOT NULL,
	`order_units` integer DEFAULT 0 NOT NULL,
	`order_cancelled_units` integer DEFAULT 0 NOT NULL,
	`exchange_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`variant_id`, `month`),
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `report_yearly_products` (
	`year` text NOT NULL,
	`product_id` integer NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`year`, `product_id`),
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `report_yearly_products_rank_idx` ON `report_yearly_products` (`year`,"sold_satang" desc,"sold_units" desc,`product_id`,`flash_units`);--> statement-breakpoint
CREATE INDEX `report_monthly_products_rank_idx` ON `report_monthly_products` (`month`,"sold_satang" desc,"sold_units" desc,`product_id`,`flash_units`);--> statement-breakpoint
-- Issue 18's last three views: the new grains start from what the summary and the ledger hold now (npm run reports:rebuild recomputes them from the source rows).
INSERT INTO `report_yearly_products` (`year`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
SELECT substr(`month`, 1, 4), `product_id`, sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_monthly_products` GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO `report_daily_sponsor_totals` (`day`, `sponsor_orders`, `sponsor_quantity`, `sponsor_value_satang`, `distributor_orders`, `distributor_quantity`, `distributor_value_satang`)
SELECT `day`,
  sum(CASE WHEN `kind` = 'sponsor' THEN `orders` ELSE 0 END), sum(CASE WHEN `kind` = 'sponsor' THEN `quantity` ELSE 0 END), sum(CASE WHEN `kind` = 'sponsor' THEN `value_satang` ELSE 0 END),
  sum(CASE WHEN `kind` = 'distributor' THEN `orders` ELSE 0 END), sum(CASE WHEN `kind` = 'distributor' THEN `quantity` ELSE 0 END), sum(CASE WHEN `kind` = 'distributor' THEN `value_satang` ELSE 0 END)
FROM `report_daily_sponsors` GROUP BY 1;
--> statement-breakpoint
INSERT INTO `report_monthly_variant_stock` (`variant_id`, `month`, `movements`, `units_in`, `units_out`, `restock_units`, `correction_units`, `damaged_units`, `returned_units`, `import_units`, `order_units`, `order_cancelled_units`, `exchange_units`)
SELECT `variant_id`, substr(date((`created_at` + 25200000) / 1000, 'unixepoch'), 1, 7), count(*), sum(max(`delta`, 0)), sum(max(-`delta`, 0)),
  sum(CASE WHEN `reason` = 'restock' THEN `delta` ELSE 0 END), sum(CASE WHEN `reason` = 'correction' THEN `delta` ELSE 0 END), sum(CASE WHEN `reason` = 'damaged' THEN `delta` ELSE 0 END),
  sum(CASE WHEN `reason` = 'returned' THEN `delta` ELSE 0 END), sum(CASE WHEN `reason` = 'import' THEN `delta` ELSE 0 END), sum(CASE WHEN `reason` = 'order' THEN `delta` ELSE 0 END),
  sum(CASE WHEN `reason` = 'order-cancelled' THEN `delta` ELSE 0 END), sum(CASE WHEN `reason` = 'exchange' THEN `delta` ELSE 0 END)
FROM `stock_movements` GROUP BY 1, 2;
