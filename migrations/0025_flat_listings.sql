ALTER TABLE `products` ADD `sold_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `products_status_sold_idx` ON `products` (`status_id`,`sold_quantity`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_category_status_sold_idx` ON `products` (`category_id`,`status_id`,`sold_quantity`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_sku_upper_idx` ON `products` (upper("sku"));--> statement-breakpoint
CREATE INDEX `variants_product_active_idx` ON `variants` (`product_id`,`is_active`,`price_satang`,`stock`);--> statement-breakpoint
CREATE INDEX `variants_sku_upper_idx` ON `variants` (upper("sku"));--> statement-breakpoint
-- Units sold (products.sold_quantity, app/db/schema/catalog.ts): order lines, through their variant, of orders neither cancelled (8) nor refunded (9). Backfilled once, then kept by the triggers below in the writing statement's own transaction.
UPDATE `products` SET `sold_quantity` = (SELECT coalesce(sum(l.`quantity`), 0) FROM `variants` v JOIN `order_lines` l ON l.`variant_id` = v.`id` JOIN `orders` o ON o.`id` = l.`order_id` WHERE v.`product_id` = `products`.`id` AND o.`status_id` NOT IN (8, 9));--> statement-breakpoint
CREATE TRIGGER `order_lines_sold_insert` AFTER INSERT ON `order_lines` WHEN NEW.`variant_id` IS NOT NULL
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity` + NEW.`quantity`
	WHERE `id` = (SELECT `product_id` FROM `variants` WHERE `id` = NEW.`variant_id`) AND (SELECT `status_id` FROM `orders` WHERE `id` = NEW.`order_id`) NOT IN (8, 9);
END;--> statement-breakpoint
-- A line deleted with its order (ON DELETE CASCADE) no longer sees the order: orders_sold_delete has taken it off already.
CREATE TRIGGER `order_lines_sold_delete` AFTER DELETE ON `order_lines` WHEN OLD.`variant_id` IS NOT NULL
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity` - OLD.`quantity`
	WHERE `id` = (SELECT `product_id` FROM `variants` WHERE `id` = OLD.`variant_id`) AND (SELECT `status_id` FROM `orders` WHERE `id` = OLD.`order_id`) NOT IN (8, 9);
END;--> statement-breakpoint
-- Also fires for a deleted variant's lines (ON DELETE SET NULL), when the variant is gone: variants_sold_delete has taken them off already.
CREATE TRIGGER `order_lines_sold_update` AFTER UPDATE OF `order_id`, `variant_id`, `quantity` ON `order_lines`
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity` - OLD.`quantity`
	WHERE OLD.`variant_id` IS NOT NULL AND `id` = (SELECT `product_id` FROM `variants` WHERE `id` = OLD.`variant_id`) AND (SELECT `status_id` FROM `orders` WHERE `id` = OLD.`order_id`) NOT IN (8, 9);
	UPDATE `products` SET `sold_quantity` = `sold_quantity` + NEW.`quantity`
	WHERE NEW.`variant_id` IS NOT NULL AND `id` = (SELECT `product_id` FROM `variants` WHERE `id` = NEW.`variant_id`) AND (SELECT `status_id` FROM `orders` WHERE `id` = NEW.`order_id`) NOT IN (8, 9);
END;--> statement-breakpoint
CREATE TRIGGER `orders_sold_status` AFTER UPDATE OF `status_id` ON `orders` WHEN (OLD.`status_id` IN (8, 9)) <> (NEW.`status_id` IN (8, 9))
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity` + (CASE WHEN NEW.`status_id` IN (8, 9) THEN -1 ELSE 1 END)
		* (SELECT coalesce(sum(l.`quantity`), 0) FROM `order_lines` l JOIN `variants` v ON v.`id` = l.`variant_id` WHERE l.`order_id` = NEW.`id` AND v.`product_id` = `products`.`id`)
	WHERE `id` IN (SELECT v.`product_id` FROM `order_lines` l JOIN `variants` v ON v.`id` = l.`variant_id` WHERE l.`order_id` = NEW.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `orders_sold_delete` BEFORE DELETE ON `orders` WHEN OLD.`status_id` NOT IN (8, 9)
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity`
		- (SELECT coalesce(sum(l.`quantity`), 0) FROM `order_lines` l JOIN `variants` v ON v.`id` = l.`variant_id` WHERE l.`order_id` = OLD.`id` AND v.`product_id` = `products`.`id`)
	WHERE `id` IN (SELECT v.`product_id` FROM `order_lines` l JOIN `variants` v ON v.`id` = l.`variant_id` WHERE l.`order_id` = OLD.`id`);
END;--> statement-breakpoint
CREATE TRIGGER `variants_sold_delete` BEFORE DELETE ON `variants`
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity`
		- (SELECT coalesce(sum(l.`quantity`), 0) FROM `order_lines` l JOIN `orders` o ON o.`id` = l.`order_id` WHERE l.`variant_id` = OLD.`id` AND o.`status_id` NOT IN (8, 9))
	WHERE `id` = OLD.`product_id`;
END;--> statement-breakpoint
CREATE TRIGGER `variants_sold_move` AFTER UPDATE OF `product_id` ON `variants` WHEN OLD.`product_id` <> NEW.`product_id`
BEGIN
	UPDATE `products` SET `sold_quantity` = `sold_quantity` + (CASE WHEN `id` = NEW.`product_id` THEN 1 ELSE -1 END)
		* (SELECT coalesce(sum(l.`quantity`), 0) FROM `order_lines` l JOIN `orders` o ON o.`id` = l.`order_id` WHERE l.`variant_id` = NEW.`id` AND o.`status_id` NOT IN (8, 9))
	WHERE `id` IN (OLD.`product_id`, NEW.`product_id`);
END;
