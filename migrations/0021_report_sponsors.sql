CREATE TABLE `report_daily_sponsors` (
	`day` text NOT NULL,
	`kind` text NOT NULL,
	`partner_id` integer NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`value_satang` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`day`, `kind`, `partner_id`)
);
--> statement-breakpoint
CREATE INDEX `report_daily_sponsors_partner_idx` ON `report_daily_sponsors` (`kind`,`partner_id`,`day`);--> statement-breakpoint
CREATE TABLE `report_monthly_sponsors` (
	`month` text NOT NULL,
	`kind` text NOT NULL,
	`partner_id` integer NOT NULL,
	`orders` integer DEFAULT 0 NOT NULL,
	`quantity` integer DEFAULT 0 NOT NULL,
	`value_satang` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`month`, `kind`, `partner_id`)
);
--> statement-breakpoint
ALTER TABLE `orders` ADD `distributor_affiliate_id` integer REFERENCES affiliates(id);--> statement-breakpoint
-- Existing orders: the snapshot is taken from the affiliates as they are now (nothing older is known); orders placed from here on take it at placing.
UPDATE `orders` SET `distributor_affiliate_id` = (SELECT min(`id`) FROM `affiliates` WHERE `customer_id` = `orders`.`customer_id` AND `status` = 'approved') WHERE `customer_id` IS NOT NULL;
--> statement-breakpoint
-- The sponsor grains start as a rebuild would make them (orderSponsorsSql in app/features/reports/report-summary.server.ts).
INSERT INTO `report_daily_sponsors` (`day`, `kind`, `partner_id`, `orders`, `quantity`, `value_satang`)
SELECT `period`, `kind`, `partner_id`, sum(`orders`), sum(`quantity`), sum(`value_satang`) FROM (
  SELECT date((coalesce(`placed`.`paid_at`, `placed`.`created_at`) + 25200000) / 1000, 'unixepoch') AS `period`, 'sponsor' AS `kind`, `made_for`.`sponsor_id` AS `partner_id`, 1 AS `orders`,
    (SELECT coalesce(sum(`line`.`quantity`), 0) FROM `order_lines` AS `line` WHERE `line`.`order_id` = `placed`.`id`) AS `quantity`, `placed`.`total_satang` AS `value_satang`
  FROM `orders` AS `placed` JOIN `sponsor_orders` AS `made_for` ON `made_for`.`order_id` = `placed`.`id` WHERE `placed`.`status_id` IN (2, 3, 4, 5, 7)
  UNION ALL
  SELECT date((coalesce(`placed`.`paid_at`, `placed`.`created_at`) + 25200000) / 1000, 'unixepoch'), 'distributor', `placed`.`distributor_affiliate_id`, 1,
    (SELECT coalesce(sum(`line`.`quantity`), 0) FROM `order_lines` AS `line` WHERE `line`.`order_id` = `placed`.`id`), `placed`.`total_satang`
  FROM `orders` AS `placed`
  WHERE `placed`.`status_id` IN (2, 3, 4, 5, 7) AND `placed`.`distributor_affiliate_id` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `sponsor_orders` WHERE `order_id` = `placed`.`id`)
) GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO `report_monthly_sponsors` (`month`, `kind`, `partner_id`, `orders`, `quantity`, `value_satang`)
SELECT substr(`day`, 1, 7), `kind`, `partner_id`, sum(`orders`), sum(`quantity`), sum(`value_satang`) FROM `report_daily_sponsors` GROUP BY 1, 2, 3;
