CREATE TABLE `report_product_period_totals` (
	`period` text PRIMARY KEY NOT NULL,
	`products` integer DEFAULT 0 NOT NULL,
	`sold_units` integer DEFAULT 0 NOT NULL,
	`sold_satang` integer DEFAULT 0 NOT NULL,
	`flash_units` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Per whole month and year (app/db/schema/reports.ts reportProductPeriodTotals): products sold and their totals. Backfilled once, then kept by the triggers below on the two ranking tables, in the writing statement's own transaction (cascaded deletes and the rebuild included).
INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	SELECT `month`, sum(`sold_units` <> 0), sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_monthly_products` WHERE 1 GROUP BY `month`
	UNION ALL
	SELECT `year`, sum(`sold_units` <> 0), sum(`sold_units`), sum(`sold_satang`), sum(`flash_units`) FROM `report_yearly_products` WHERE 1 GROUP BY `year`;--> statement-breakpoint
CREATE TRIGGER `report_monthly_products_totals_insert` AFTER INSERT ON `report_monthly_products`
BEGIN
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`month`, NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_monthly_products_totals_update` AFTER UPDATE ON `report_monthly_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`month`;
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`month`, NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_monthly_products_totals_delete` AFTER DELETE ON `report_monthly_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`month`;
END;--> statement-breakpoint
CREATE TRIGGER `report_yearly_products_totals_insert` AFTER INSERT ON `report_yearly_products`
BEGIN
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`year`, NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_yearly_products_totals_update` AFTER UPDATE ON `report_yearly_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`year`;
	INSERT INTO `report_product_period_totals` (`period`, `products`, `sold_units`, `sold_satang`, `flash_units`)
	VALUES (NEW.`year`, NEW.`sold_units` <> 0, NEW.`sold_units`, NEW.`sold_satang`, NEW.`flash_units`)
	ON CONFLICT (`period`) DO UPDATE SET `products` = `products` + excluded.`products`, `sold_units` = `sold_units` + excluded.`sold_units`,
		`sold_satang` = `sold_satang` + excluded.`sold_satang`, `flash_units` = `flash_units` + excluded.`flash_units`;
END;--> statement-breakpoint
CREATE TRIGGER `report_yearly_products_totals_delete` AFTER DELETE ON `report_yearly_products`
BEGIN
	UPDATE `report_product_period_totals` SET `products` = `products` - (OLD.`sold_units` <> 0), `sold_units` = `sold_units` - OLD.`sold_units`,
		`sold_satang` = `sold_satang` - OLD.`sold_satang`, `flash_units` = `flash_units` - OLD.`flash_units`
	WHERE `period` = OLD.`year`;
END;
