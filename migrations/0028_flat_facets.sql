CREATE TABLE `facet_counts` (
	`category_id` integer NOT NULL,
	`size_option_id` integer NOT NULL,
	`colour_option_id` integer NOT NULL,
	`in_stock` integer NOT NULL,
	`products` integer NOT NULL,
	PRIMARY KEY(`category_id`, `size_option_id`, `colour_option_id`, `in_stock`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `product_facet_keys` (
	`product_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`size_option_id` integer NOT NULL,
	`colour_option_id` integer NOT NULL,
	`in_stock` integer NOT NULL,
	`min_price_satang` integer NOT NULL,
	`max_price_satang` integer NOT NULL,
	PRIMARY KEY(`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `product_facet_keys_min_idx` ON `product_facet_keys` (`category_id`,`size_option_id`,`colour_option_id`,`in_stock`,`min_price_satang`);--> statement-breakpoint
CREATE INDEX `product_facet_keys_max_idx` ON `product_facet_keys` (`category_id`,`size_option_id`,`colour_option_id`,`in_stock`,`max_price_satang`);--> statement-breakpoint
CREATE TABLE `product_facet_keys_scratch` (
	`product_id` integer NOT NULL,
	`category_id` integer NOT NULL,
	`size_option_id` integer NOT NULL,
	`colour_option_id` integer NOT NULL,
	`in_stock` integer NOT NULL,
	`min_price_satang` integer NOT NULL,
	`max_price_satang` integer NOT NULL,
	PRIMARY KEY(`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `product_facet_refresh` (
	`product_id` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE `products` ADD `min_price_satang` integer;--> statement-breakpoint
ALTER TABLE `products` ADD `max_price_satang` integer;--> statement-breakpoint
CREATE INDEX `products_status_price_idx` ON `products` (`status_id`,`min_price_satang`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category_status_price_idx` ON `products` (`category_id`,`status_id`,`min_price_satang`,`created_at`);--> statement-breakpoint
-- Issue 19 (flat /shop): the filter keys of each listed product and their counts (app/db/schema/catalog.ts: productFacetKeys, facetCounts), and each product's lowest
-- and highest active variant price. Three tables are WITHOUT ROWID (added by hand: Drizzle has no option for it): they are read by their keys only.
-- The keys of the products in product_facet_refresh (a view cannot take a parameter, and SQLite does not push a subquery's product id into a grouped view): every
-- active variant of a published product gives "any" (0) or each of its size options × "any" or each of its colour options × any (0) or, when it has stock, in stock (1).
CREATE VIEW `product_facet_keys_now` AS
SELECT v.`product_id` AS `product_id`, p.`category_id` AS `category_id`,
  CASE WHEN sp.`pick` = 0 THEN 0 ELSE so.`option_id` END AS `size_option_id`,
  CASE WHEN cp.`pick` = 0 THEN 0 ELSE co.`option_id` END AS `colour_option_id`,
  k.`pick` AS `in_stock`, min(v.`price_satang`) AS `min_price_satang`, max(v.`price_satang`) AS `max_price_satang`
FROM `product_facet_refresh` r
CROSS JOIN `variants` v ON v.`product_id` = r.`product_id` AND v.`is_active` = 1
CROSS JOIN `products` p ON p.`id` = v.`product_id`
JOIN (SELECT 0 AS `pick` UNION ALL SELECT 1) k ON k.`pick` = 0 OR v.`stock` > 0
JOIN (SELECT 0 AS `pick` UNION ALL SELECT 1) sp
LEFT JOIN `variant_options` so ON sp.`pick` = 1 AND so.`variant_id` = v.`id`
  AND so.`option_id` IN (SELECT o.`id` FROM `attribute_options` o JOIN `attributes` a ON a.`id` = o.`attribute_id` WHERE a.`code` = 'size')
JOIN (SELECT 0 AS `pick` UNION ALL SELECT 1) cp
LEFT JOIN `variant_options` co ON cp.`pick` = 1 AND co.`variant_id` = v.`id`
  AND co.`option_id` IN (SELECT o.`id` FROM `attribute_options` o JOIN `attributes` a ON a.`id` = o.`attribute_id` WHERE a.`code` = 'colour')
WHERE p.`status_id` = 1 AND (sp.`pick` = 0 OR so.`option_id` IS NOT NULL) AND (cp.`pick` = 0 OR co.`option_id` IS NOT NULL)
GROUP BY v.`product_id`, p.`category_id`, 3, 4, k.`pick`;--> statement-breakpoint
-- facet_counts: products per key, per category and for every category (0), following product_facet_keys.
CREATE TRIGGER `product_facet_keys_count_insert` AFTER INSERT ON `product_facet_keys`
BEGIN
	INSERT INTO `facet_counts` (`category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `products`)
	VALUES (NEW.`category_id`, NEW.`size_option_id`, NEW.`colour_option_id`, NEW.`in_stock`, 1), (0, NEW.`size_option_id`, NEW.`colour_option_id`, NEW.`in_stock`, 1)
	ON CONFLICT DO UPDATE SET `products` = `products` + 1;
END;--> statement-breakpoint
CREATE TRIGGER `product_facet_keys_count_delete` AFTER DELETE ON `product_facet_keys`
BEGIN
	UPDATE `facet_counts` SET `products` = `products` - 1
	WHERE `category_id` IN (OLD.`category_id`, 0) AND `size_option_id` = OLD.`size_option_id` AND `colour_option_id` = OLD.`colour_option_id` AND `in_stock` = OLD.`in_stock`;
	DELETE FROM `facet_counts`
	WHERE `category_id` IN (OLD.`category_id`, 0) AND `size_option_id` = OLD.`size_option_id` AND `colour_option_id` = OLD.`colour_option_id` AND `in_stock` = OLD.`in_stock` AND `products` = 0;
END;--> statement-breakpoint
-- Backfilled once (the count triggers fill facet_counts), then kept by the triggers below.
INSERT INTO `product_facet_refresh` (`product_id`) SELECT `id` FROM `products`;--> statement-breakpoint
INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;--> statement-breakpoint
DELETE FROM `product_facet_refresh`;--> statement-breakpoint
UPDATE `products` SET `min_price_satang` = (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1),
	`max_price_satang` = (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1);--> statement-breakpoint
-- Each product's keys follow its variants, options, status and category. A refresh lists the products in product_facet_refresh, puts their keys now in the scratch
-- table, drops the keys no longer true, reprices the kept ones and adds the new ones (so facet_counts moves only by what changed), then empties both. Through the
-- scratch table rather than comparing with the view by row-value NOT IN: in workerd's SQLite a trigger doing that in three statements in a row skipped its INSERT.
CREATE TRIGGER `variants_facets_insert` AFTER INSERT ON `variants` WHEN NEW.`is_active` = 1
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT NEW.`product_id` AS `id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	UPDATE `products` SET `min_price_satang` = (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1), `max_price_satang` = (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1)
	WHERE `id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND (`min_price_satang` IS NOT (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1) OR `max_price_satang` IS NOT (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1));
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
-- A sale moves stock without changing a key unless the variant sells out or comes back: only those changes refresh.
CREATE TRIGGER `variants_facets_update` AFTER UPDATE OF `product_id`, `is_active`, `stock`, `price_satang` ON `variants`
	WHEN OLD.`product_id` <> NEW.`product_id` OR OLD.`is_active` <> NEW.`is_active` OR OLD.`price_satang` <> NEW.`price_satang` OR (OLD.`stock` > 0) <> (NEW.`stock` > 0)
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT OLD.`product_id` AS `id` UNION ALL SELECT NEW.`product_id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	UPDATE `products` SET `min_price_satang` = (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1), `max_price_satang` = (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1)
	WHERE `id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND (`min_price_satang` IS NOT (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1) OR `max_price_satang` IS NOT (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1));
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `variants_facets_delete` AFTER DELETE ON `variants` WHEN OLD.`is_active` = 1
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT OLD.`product_id` AS `id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	UPDATE `products` SET `min_price_satang` = (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1), `max_price_satang` = (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1)
	WHERE `id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND (`min_price_satang` IS NOT (SELECT min(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1) OR `max_price_satang` IS NOT (SELECT max(v.`price_satang`) FROM `variants` v WHERE v.`product_id` = `products`.`id` AND v.`is_active` = 1));
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `variant_options_facets_insert` AFTER INSERT ON `variant_options`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT `product_id` AS `id` FROM `variants` WHERE `id` = NEW.`variant_id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `variant_options_facets_delete` AFTER DELETE ON `variant_options`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT `product_id` AS `id` FROM `variants` WHERE `id` = OLD.`variant_id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `variant_options_facets_update` AFTER UPDATE ON `variant_options`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT `product_id` AS `id` FROM `variants` WHERE `id` IN (OLD.`variant_id`, NEW.`variant_id`)) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `products_facets_update` AFTER UPDATE OF `status_id`, `category_id` ON `products`
	WHEN OLD.`status_id` <> NEW.`status_id` OR OLD.`category_id` <> NEW.`category_id`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT NEW.`id` AS `id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `products_facets_delete` AFTER DELETE ON `products`
BEGIN
	DELETE FROM `product_facet_keys` WHERE `product_id` = OLD.`id`;
END;--> statement-breakpoint
CREATE TRIGGER `attribute_options_facets_move` AFTER UPDATE OF `attribute_id` ON `attribute_options` WHEN OLD.`attribute_id` <> NEW.`attribute_id`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT v.`product_id` AS `id` FROM `variant_options` vo JOIN `variants` v ON v.`id` = vo.`variant_id` WHERE vo.`option_id` = NEW.`id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;--> statement-breakpoint
CREATE TRIGGER `attributes_facets_code` AFTER UPDATE OF `code` ON `attributes` WHEN OLD.`code` <> NEW.`code`
BEGIN
	INSERT INTO `product_facet_refresh` (`product_id`) SELECT DISTINCT `id` FROM (SELECT v.`product_id` AS `id` FROM `attribute_options` o JOIN `variant_options` vo ON vo.`option_id` = o.`id` JOIN `variants` v ON v.`id` = vo.`variant_id` WHERE o.`attribute_id` = NEW.`id`) WHERE `id` IS NOT NULL;
	INSERT INTO `product_facet_keys_scratch` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_now`;
	DELETE FROM `product_facet_keys` WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`)
		AND NOT EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`);
	UPDATE `product_facet_keys` SET (`min_price_satang`, `max_price_satang`) = (SELECT n.`min_price_satang`, n.`max_price_satang` FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`)
	WHERE `product_id` IN (SELECT `product_id` FROM `product_facet_refresh`) AND EXISTS (SELECT 1 FROM `product_facet_keys_scratch` n WHERE n.`product_id` = `product_facet_keys`.`product_id` AND n.`category_id` = `product_facet_keys`.`category_id` AND n.`size_option_id` = `product_facet_keys`.`size_option_id` AND n.`colour_option_id` = `product_facet_keys`.`colour_option_id` AND n.`in_stock` = `product_facet_keys`.`in_stock`
		AND (n.`min_price_satang` <> `product_facet_keys`.`min_price_satang` OR n.`max_price_satang` <> `product_facet_keys`.`max_price_satang`));
	INSERT INTO `product_facet_keys` (`product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang`) SELECT `product_id`, `category_id`, `size_option_id`, `colour_option_id`, `in_stock`, `min_price_satang`, `max_price_satang` FROM `product_facet_keys_scratch` n
		WHERE NOT EXISTS (SELECT 1 FROM `product_facet_keys` k WHERE k.`product_id` = n.`product_id` AND k.`category_id` = n.`category_id` AND k.`size_option_id` = n.`size_option_id` AND k.`colour_option_id` = n.`colour_option_id` AND k.`in_stock` = n.`in_stock`);
	DELETE FROM `product_facet_keys_scratch`;
	DELETE FROM `product_facet_refresh`;
END;
