CREATE TABLE `variant_stock_counts` (
	`level` integer NOT NULL,
	`is_active` integer NOT NULL,
	`variants` integer DEFAULT 0 NOT NULL,
	`stock` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`level`, `is_active`)
);
--> statement-breakpoint
CREATE TABLE `order_status_counts` (
	`status_id` integer PRIMARY KEY NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_monthly_stock` (
	`month` text PRIMARY KEY NOT NULL,
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
	`exchange_units` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Variants per stock level (app/db/schema/catalog.ts variantStockCounts): 0 out of stock, 1 low (1–5, spec §9), 2 in stock. Backfilled once, then kept by the triggers below in the writing statement's own transaction (cascaded deletes included).
INSERT INTO `variant_stock_counts` (`level`, `is_active`, `variants`, `stock`)
	SELECT CASE WHEN `stock` <= 0 THEN 0 WHEN `stock` <= 5 THEN 1 ELSE 2 END, `is_active` <> 0, count(*), coalesce(sum(`stock`), 0) FROM `variants` WHERE 1 GROUP BY 1, 2;--> statement-breakpoint
CREATE TRIGGER `variants_stock_count_insert` AFTER INSERT ON `variants`
BEGIN
	INSERT INTO `variant_stock_counts` (`level`, `is_active`, `variants`, `stock`)
	VALUES (CASE WHEN NEW.`stock` <= 0 THEN 0 WHEN NEW.`stock` <= 5 THEN 1 ELSE 2 END, NEW.`is_active` <> 0, 1, NEW.`stock`)
	ON CONFLICT (`level`, `is_active`) DO UPDATE SET `variants` = `variants` + 1, `stock` = `stock` + excluded.`stock`;
END;--> statement-breakpoint
CREATE TRIGGER `variants_stock_count_update` AFTER UPDATE OF `stock`, `is_active` ON `variants` WHEN OLD.`stock` IS NOT NEW.`stock` OR OLD.`is_active` IS NOT NEW.`is_active`
BEGIN
	UPDATE `variant_stock_counts` SET `variants` = `variants` - 1, `stock` = `stock` - OLD.`stock`
	WHERE `level` = (CASE WHEN OLD.`stock` <= 0 THEN 0 WHEN OLD.`stock` <= 5 THEN 1 ELSE 2 END) AND `is_active` = (OLD.`is_active` <> 0);
	INSERT INTO `variant_stock_counts` (`level`, `is_active`, `variants`, `stock`)
	VALUES (CASE WHEN NEW.`stock` <= 0 THEN 0 WHEN NEW.`stock` <= 5 THEN 1 ELSE 2 END, NEW.`is_active` <> 0, 1, NEW.`stock`)
	ON CONFLICT (`level`, `is_active`) DO UPDATE SET `variants` = `variants` + 1, `stock` = `stock` + excluded.`stock`;
END;--> statement-breakpoint
CREATE TRIGGER `variants_stock_count_delete` AFTER DELETE ON `variants`
BEGIN
	UPDATE `variant_stock_counts` SET `variants` = `variants` - 1, `stock` = `stock` - OLD.`stock`
	WHERE `level` = (CASE WHEN OLD.`stock` <= 0 THEN 0 WHEN OLD.`stock` <= 5 THEN 1 ELSE 2 END) AND `is_active` = (OLD.`is_active` <> 0);
END;--> statement-breakpoint
-- Orders per status (app/db/schema/orders.ts orderStatusCounts), for the sidebar's chip and the dashboard. Backfilled once, then kept by triggers.
INSERT INTO `order_status_counts` (`status_id`, `orders`) SELECT `status_id`, count(*) FROM `orders` WHERE 1 GROUP BY `status_id`;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_insert` AFTER INSERT ON `orders`
BEGIN
	INSERT INTO `order_status_counts` (`status_id`, `orders`) VALUES (NEW.`status_id`, 1) ON CONFLICT (`status_id`) DO UPDATE SET `orders` = `orders` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_update` AFTER UPDATE OF `status_id` ON `orders` WHEN OLD.`status_id` IS NOT NEW.`status_id`
BEGIN
	UPDATE `order_status_counts` SET `orders` = `orders` - 1 WHERE `status_id` = OLD.`status_id`;
	INSERT INTO `order_status_counts` (`status_id`, `orders`) VALUES (NEW.`status_id`, 1) ON CONFLICT (`status_id`) DO UPDATE SET `orders` = `orders` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_delete` AFTER DELETE ON `orders`
BEGIN
	UPDATE `order_status_counts` SET `orders` = `orders` - 1 WHERE `status_id` = OLD.`status_id`;
END;--> statement-breakpoint
-- The stock ledger per month, from its days (the application writes it with report_daily_stock from now on; reports:rebuild recomputes it).
INSERT INTO `report_monthly_stock` (`month`, `movements`, `units_in`, `units_out`, `restock_units`, `correction_units`, `damaged_units`, `returned_units`, `import_units`, `order_units`, `order_cancelled_units`, `exchange_units`)
	SELECT substr(`day`, 1, 7), sum(`movements`), sum(`units_in`), sum(`units_out`), sum(`restock_units`), sum(`correction_units`), sum(`damaged_units`), sum(`returned_units`), sum(`import_units`), sum(`order_units`), sum(`order_cancelled_units`), sum(`exchange_units`)
	FROM `report_daily_stock` WHERE 1 GROUP BY 1;
