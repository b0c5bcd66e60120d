CREATE TABLE `report_product_windows` (
	`days` integer PRIMARY KEY NOT NULL,
	`from_day` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_window_products` (
	`days` integer NOT NULL,
	`product_id` integer NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`days`, `product_id`)
);
--> statement-breakpoint
CREATE INDEX `report_window_products_rank_idx` ON `report_window_products` (`days`,"sold_satang" desc,"sold_units" desc,`product_id`,`flash_units`);--> statement-breakpoint
-- Kept by the triggers below (app/db/schema/reports.ts reportWindowProducts): a write to a daily product row moves every window that holds its day, in the writing statement's own transaction.
-- Filled once here for Bangkok's today by SQLite's clock (UTC+7, no daylight saving); the five-minute cron rolls them when a new day begins.
INSERT INTO `report_product_windows` (`days`, `from_day`)
	SELECT `column1`, date('now', '+7 hours', '-' || (`column1` - 1) || ' days') FROM (VALUES (7), (30), (90), (365));--> statement-breakpoint
INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `window`.`days`, `sold`.`product_id`, sum(`sold`.`sold_units`), sum(`sold`.`sold_satang`), sum(`sold`.`flash_units`)
	FROM `report_product_windows` AS `window` JOIN `report_daily_products` AS `sold` ON `sold`.`day` >= `window`.`from_day`
	WHERE 1 GROUP BY 1, 2 HAVING sum(`sold`.`sold_units`) <> 0 OR sum(`sold`.`sold_satang`) <> 0 OR sum(`sold`.`flash_units`) <> 0;--> statement-breakpoint
INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days` || 'd', sum(`sold_units` <> 0), sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_window_products` WHERE 1 GROUP BY `days`;--> statement-breakpoint
CREATE TRIGGER `report_daily_products_windows_insert` AFTER INSERT ON `report_daily_products`
BEGIN
	INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days`, NEW.`product_id`, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units` FROM `report_product_windows` WHERE NEW.`day` >= `from_day`
	ON CONFLICT (`days`, `product_id`) DO UPDATE SET `sold_units` = `sold_units` + excluded.`sold_units`, `sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_daily_products_windows_update` AFTER UPDATE ON `report_daily_products`
BEGIN
	INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days`, NEW.`product_id`, (NEW.`day` >= `from_day`) * NEW.`sold_units` - (OLD.`day` >= `from_day`) * OLD.`sold_units`,
		(NEW.`day` >= `from_day`) * NEW.`sold_satang` - (OLD.`day` >= `from_day`) * OLD.`sold_satang`, (NEW.`day` >= `from_day`) * NEW.`flash_units` - (OLD.`day` >= `from_day`) * OLD.`flash_units`
	FROM `report_product_windows` WHERE NEW.`product_id` = OLD.`product_id` AND (NEW.`day` >= `from_day` OR OLD.`day` >= `from_day`)
	ON CONFLICT (`days`, `product_id`) DO UPDATE SET `sold_units` = `sold_units` + excluded.`sold_units`, `sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
	-- A row moved to another product (nothing does that today): each product's share on its own.
	INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days`, OLD.`product_id`, -OLD.`sold_units`, -OLD.`sold_satang`, -OLD.`flash_units` FROM `report_product_windows`
	WHERE NEW.`product_id` <> OLD.`product_id` AND OLD.`day` >= `from_day`
	ON CONFLICT (`days`, `product_id`) DO UPDATE SET `sold_units` = `sold_units` + excluded.`sold_units`, `sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
	INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days`, NEW.`product_id`, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units` FROM `report_product_windows`
	WHERE NEW.`product_id` <> OLD.`product_id` AND NEW.`day` >= `from_day`
	ON CONFLICT (`days`, `product_id`) DO UPDATE SET `sold_units` = `sold_units` + excluded.`sold_units`, `sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_daily_products_windows_delete` AFTER DELETE ON `report_daily_products`
BEGIN
	INSERT INTO `report_window_products` (`days`, `product_id`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `days`, OLD.`product_id`, -OLD.`sold_units`, -OLD.`sold_satang`, -OLD.`flash_units` FROM `report_product_windows` WHERE OLD.`day` >= `from_day`
	ON CONFLICT (`days`, `product_id`) DO UPDATE SET `sold_units` = `sold_units` + excluded.`sold_units`, `sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_window_products_totals_insert` AFTER INSERT ON `report_window_products`
BEGIN
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`days` || 'd', NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_window_products_totals_update` AFTER UPDATE ON `report_window_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`days` || 'd';
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`days` || 'd', NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_window_products_totals_delete` AFTER DELETE ON `report_window_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`days` || 'd';
END;
