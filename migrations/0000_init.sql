CREATE TABLE `config` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `attribute_display_types` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `attribute_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`attribute_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`color_hex` text,
	`image_key` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "attribute_options_color_hex_format" CHECK("attribute_options"."color_hex" IS NULL OR (length("attribute_options"."color_hex") = 7 AND substr("attribute_options"."color_hex", 1, 1) = '#' AND lower(substr("attribute_options"."color_hex", 2)) NOT GLOB '*[^0-9a-f]*'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attribute_options_attribute_code_unique` ON `attribute_options` (`attribute_id`,`code`);--> statement-breakpoint
CREATE TABLE `attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`display_type_id` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`display_type_id`) REFERENCES `attribute_display_types`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `attributes_code_unique` ON `attributes` (`code`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`image_key` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE INDEX `categories_sort_idx` ON `categories` (`sort_order`);--> statement-breakpoint
CREATE TABLE `collection_products` (
	`collection_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`collection_id`, `product_id`),
	FOREIGN KEY (`collection_id`) REFERENCES `collections`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `collection_products_product_idx` ON `collection_products` (`product_id`);--> statement-breakpoint
CREATE TABLE `collections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`image_key` text,
	`is_published` integer DEFAULT true NOT NULL,
	`is_featured` integer DEFAULT false NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collections_slug_unique` ON `collections` (`slug`);--> statement-breakpoint
CREATE INDEX `collections_featured_idx` ON `collections` (`is_featured`,`sort_order`);--> statement-breakpoint
CREATE TABLE `product_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`option_id` integer,
	`image_key` text NOT NULL,
	`alt_en` text DEFAULT '' NOT NULL,
	`alt_th` text DEFAULT '' NOT NULL,
	`width` integer,
	`height` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `product_images_product_idx` ON `product_images` (`product_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `product_type_attributes` (
	`product_type_id` integer NOT NULL,
	`attribute_id` integer NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`product_type_id`, `attribute_id`),
	FOREIGN KEY (`product_type_id`) REFERENCES `product_types`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`attribute_id`) REFERENCES `attributes`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `product_type_attributes_attribute_idx` ON `product_type_attributes` (`attribute_id`);--> statement-breakpoint
CREATE TABLE `product_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`sku` text NOT NULL,
	`kind` text NOT NULL,
	`category_id` integer NOT NULL,
	`product_type_id` integer,
	`status_id` integer DEFAULT 2 NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`weight_grams` integer DEFAULT 0 NOT NULL,
	`size_guide_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`product_type_id`) REFERENCES `product_types`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`size_guide_id`) REFERENCES `size_guides`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "products_kind_valid" CHECK("products"."kind" IN ('single', 'variation')),
	CONSTRAINT "products_status_valid" CHECK("products"."status_id" IN (1, 2, 3)),
	CONSTRAINT "products_weight_non_negative" CHECK("products"."weight_grams" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `products_slug_unique` ON `products` (`slug`);--> statement-breakpoint
CREATE UNIQUE INDEX `products_sku_unique` ON `products` (`sku`);--> statement-breakpoint
CREATE INDEX `products_category_status_idx` ON `products` (`category_id`,`status_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_status_created_idx` ON `products` (`status_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `variant_options` (
	`variant_id` integer NOT NULL,
	`option_id` integer NOT NULL,
	PRIMARY KEY(`variant_id`, `option_id`),
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`option_id`) REFERENCES `attribute_options`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `variant_options_option_idx` ON `variant_options` (`option_id`);--> statement-breakpoint
CREATE TABLE `variants` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`product_id` integer NOT NULL,
	`sku` text NOT NULL,
	`price_satang` integer NOT NULL,
	`compare_at_price_satang` integer,
	`stock` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "variants_stock_non_negative" CHECK("variants"."stock" >= 0),
	CONSTRAINT "variants_price_non_negative" CHECK("variants"."price_satang" >= 0),
	CONSTRAINT "variants_compare_at_price_non_negative" CHECK("variants"."compare_at_price_satang" IS NULL OR "variants"."compare_at_price_satang" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `variants_sku_unique` ON `variants` (`sku`);--> statement-breakpoint
CREATE INDEX `variants_product_idx` ON `variants` (`product_id`,`sort_order`);--> statement-breakpoint
CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`title_en` text NOT NULL,
	`title_th` text NOT NULL,
	`summary_en` text DEFAULT '' NOT NULL,
	`summary_th` text DEFAULT '' NOT NULL,
	`body_en` text DEFAULT '' NOT NULL,
	`body_th` text DEFAULT '' NOT NULL,
	`cover_image_key` text,
	`published_at` integer,
	`author_staff_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`author_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `activities_slug_unique` ON `activities` (`slug`);--> statement-breakpoint
CREATE INDEX `activities_published_idx` ON `activities` (`published_at`);--> statement-breakpoint
CREATE TABLE `faqs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_en` text NOT NULL,
	`question_th` text NOT NULL,
	`answer_en` text NOT NULL,
	`answer_th` text NOT NULL,
	`is_published` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `faqs_sort_idx` ON `faqs` (`is_published`,`sort_order`);--> statement-breakpoint
CREATE TABLE `hero_slides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title_en` text NOT NULL,
	`title_th` text NOT NULL,
	`subtitle_en` text DEFAULT '' NOT NULL,
	`subtitle_th` text DEFAULT '' NOT NULL,
	`cta_label_en` text DEFAULT '' NOT NULL,
	`cta_label_th` text DEFAULT '' NOT NULL,
	`link_path` text,
	`image_key` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `hero_slides_active_idx` ON `hero_slides` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `home_content_areas` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`area_key` text NOT NULL,
	`title_en` text NOT NULL,
	`title_th` text NOT NULL,
	`body_en` text DEFAULT '' NOT NULL,
	`body_th` text DEFAULT '' NOT NULL,
	`image_key` text,
	`link_path` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `home_content_areas_key_unique` ON `home_content_areas` (`area_key`);--> statement-breakpoint
CREATE TABLE `policies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title_en` text NOT NULL,
	`title_th` text NOT NULL,
	`body_en` text NOT NULL,
	`body_th` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `policies_kind_unique` ON `policies` (`kind`);--> statement-breakpoint
CREATE TABLE `size_guides` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`note_en` text DEFAULT '' NOT NULL,
	`note_th` text DEFAULT '' NOT NULL,
	`table_json` text NOT NULL,
	`image_key` text,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "size_guides_table_is_json" CHECK(json_valid("size_guides"."table_json"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `size_guides_slug_unique` ON `size_guides` (`slug`);--> statement-breakpoint
CREATE TABLE `addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text NOT NULL,
	`address` text NOT NULL,
	`suburb` text NOT NULL,
	`city` text NOT NULL,
	`province` text NOT NULL,
	`zipcode` text NOT NULL,
	`country` text DEFAULT 'TH' NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "addresses_address_length" CHECK(length("addresses"."address") <= 45)
);
--> statement-breakpoint
CREATE INDEX `addresses_customer_idx` ON `addresses` (`customer_id`);--> statement-breakpoint
CREATE TABLE `affiliates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text NOT NULL,
	`national_id` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reviewed_by_staff_user_id` integer,
	`reviewed_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`reviewed_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "affiliates_status_valid" CHECK("affiliates"."status" IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "affiliates_national_id_format" CHECK(length("affiliates"."national_id") = 13 AND "affiliates"."national_id" NOT GLOB '*[^0-9]*')
);
--> statement-breakpoint
CREATE INDEX `affiliates_status_idx` ON `affiliates` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `affiliates_customer_idx` ON `affiliates` (`customer_id`);--> statement-breakpoint
CREATE TABLE `customers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`phone` text,
	`gender_id` integer,
	`birthday` text,
	`avatar_key` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`points_balance` integer DEFAULT 0 NOT NULL,
	`terms_accepted_at` integer,
	`email_verified_at` integer,
	`last_login_at` integer,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "customers_gender_valid" CHECK("customers"."gender_id" IS NULL OR "customers"."gender_id" IN (1, 2)),
	CONSTRAINT "customers_points_non_negative" CHECK("customers"."points_balance" >= 0),
	CONSTRAINT "customers_locale_valid" CHECK("customers"."locale" IN ('en', 'th'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customers_email_unique` ON `customers` (`email`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`customer_id` integer,
	`staff_user_id` integer,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sessions_single_owner" CHECK("sessions"."customer_id" IS NULL OR "sessions"."staff_user_id" IS NULL)
);
--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `sessions_customer_idx` ON `sessions` (`customer_id`);--> statement-breakpoint
CREATE INDEX `sessions_staff_user_idx` ON `sessions` (`staff_user_id`);--> statement-breakpoint
CREATE TABLE `staff_roles` (
	`id` integer PRIMARY KEY NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `staff_users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`full_name` text NOT NULL,
	`role_id` integer NOT NULL,
	`avatar_key` text,
	`last_login_at` integer,
	`disabled_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`role_id`) REFERENCES `staff_roles`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE UNIQUE INDEX `staff_users_email_unique` ON `staff_users` (`email`);--> statement-breakpoint
CREATE TABLE `cart_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`cart_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`quantity` integer NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`cart_id`) REFERENCES `carts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "cart_lines_quantity_positive" CHECK("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cart_lines_cart_variant_unique` ON `cart_lines` (`cart_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `cart_lines_variant_idx` ON `cart_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `carts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`session_id` text,
	`customer_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "carts_has_owner" CHECK("carts"."session_id" IS NOT NULL OR "carts"."customer_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_session_unique` ON `carts` (`session_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `carts_customer_unique` ON `carts` (`customer_id`);--> statement-breakpoint
CREATE TABLE `carriers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`tracking_url_template` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carriers_code_unique` ON `carriers` (`code`);--> statement-breakpoint
CREATE TABLE `exchanges` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_line_id` integer NOT NULL,
	`requested_variant_id` integer,
	`quantity` integer DEFAULT 1 NOT NULL,
	`reason` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`staff_note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_line_id`) REFERENCES `order_lines`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requested_variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "exchanges_status_valid" CHECK("exchanges"."status" IN ('requested', 'approved', 'rejected', 'completed')),
	CONSTRAINT "exchanges_quantity_positive" CHECK("exchanges"."quantity" > 0)
);
--> statement-breakpoint
CREATE INDEX `exchanges_order_line_idx` ON `exchanges` (`order_line_id`);--> statement-breakpoint
CREATE INDEX `exchanges_status_idx` ON `exchanges` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `order_lines` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`product_id` integer,
	`variant_id` integer,
	`custom_design_id` integer,
	`flash_sale_item_id` integer,
	`product_name_en` text NOT NULL,
	`product_name_th` text NOT NULL,
	`variant_label_en` text DEFAULT '' NOT NULL,
	`variant_label_th` text DEFAULT '' NOT NULL,
	`sku` text DEFAULT '' NOT NULL,
	`image_key` text,
	`unit_price_satang` integer NOT NULL,
	`quantity` integer NOT NULL,
	`discount_satang` integer DEFAULT 0 NOT NULL,
	`line_total_satang` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`custom_design_id`) REFERENCES `custom_designs`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`flash_sale_item_id`) REFERENCES `flash_sale_items`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_lines_quantity_positive" CHECK("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_amounts_non_negative" CHECK("order_lines"."unit_price_satang" >= 0 AND "order_lines"."discount_satang" >= 0 AND "order_lines"."line_total_satang" >= 0)
);
--> statement-breakpoint
CREATE INDEX `order_lines_order_idx` ON `order_lines` (`order_id`);--> statement-breakpoint
CREATE INDEX `order_lines_variant_idx` ON `order_lines` (`variant_id`);--> statement-breakpoint
CREATE TABLE `order_status_history` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`from_status_id` integer,
	`to_status_id` integer NOT NULL,
	`actor_type` text NOT NULL,
	`actor_customer_id` integer,
	`actor_staff_user_id` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "order_status_history_to_valid" CHECK("order_status_history"."to_status_id" IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
	CONSTRAINT "order_status_history_actor_valid" CHECK("order_status_history"."actor_type" IN ('customer', 'staff', 'system', 'payment-provider'))
);
--> statement-breakpoint
CREATE INDEX `order_status_history_order_idx` ON `order_status_history` (`order_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_number` text NOT NULL,
	`customer_id` integer,
	`email` text NOT NULL,
	`session_id` text,
	`order_type_id` integer DEFAULT 1 NOT NULL,
	`payment_type_id` integer,
	`status_id` integer NOT NULL,
	`is_custom` integer DEFAULT false NOT NULL,
	`subtotal_satang` integer NOT NULL,
	`discount_satang` integer DEFAULT 0 NOT NULL,
	`points_discount_satang` integer DEFAULT 0 NOT NULL,
	`shipping_satang` integer DEFAULT 0 NOT NULL,
	`vat_satang` integer NOT NULL,
	`total_satang` integer NOT NULL,
	`vat_percent` real NOT NULL,
	`points_redeemed` integer DEFAULT 0 NOT NULL,
	`points_earned` integer DEFAULT 0 NOT NULL,
	`currency_code` text DEFAULT 'THB' NOT NULL,
	`exchange_rate` real DEFAULT 1 NOT NULL,
	`discount_code_id` integer,
	`discount_code` text,
	`shipping_method` text,
	`shipping_rate_id` integer,
	`ship_first_name` text,
	`ship_last_name` text,
	`ship_phone` text,
	`ship_address` text,
	`ship_suburb` text,
	`ship_city` text,
	`ship_province` text,
	`ship_zipcode` text,
	`ship_country` text,
	`note` text DEFAULT '' NOT NULL,
	`idempotency_key` text,
	`locale` text DEFAULT 'en' NOT NULL,
	`created_by_staff_user_id` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`paid_at` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`shipping_rate_id`) REFERENCES `shipping_rates`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "orders_status_valid" CHECK("orders"."status_id" IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10)),
	CONSTRAINT "orders_type_valid" CHECK("orders"."order_type_id" IN (1, 2)),
	CONSTRAINT "orders_payment_type_valid" CHECK("orders"."payment_type_id" IS NULL OR "orders"."payment_type_id" IN (1, 2, 3)),
	CONSTRAINT "orders_shipping_method_valid" CHECK("orders"."shipping_method" IS NULL OR "orders"."shipping_method" IN ('standard', 'express')),
	CONSTRAINT "orders_locale_valid" CHECK("orders"."locale" IN ('en', 'th')),
	CONSTRAINT "orders_amounts_non_negative" CHECK("orders"."subtotal_satang" >= 0 AND "orders"."discount_satang" >= 0 AND "orders"."points_discount_satang" >= 0 AND "orders"."shipping_satang" >= 0 AND "orders"."vat_satang" >= 0 AND "orders"."total_satang" >= 0),
	CONSTRAINT "orders_ship_address_length" CHECK("orders"."ship_address" IS NULL OR length("orders"."ship_address") <= 45)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_order_number_unique` ON `orders` (`order_number`);--> statement-breakpoint
CREATE UNIQUE INDEX `orders_idempotency_key_unique` ON `orders` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `orders_customer_idx` ON `orders` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_status_idx` ON `orders` (`status_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `orders_created_idx` ON `orders` (`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`amount_satang` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`slip_key` text,
	`reviewed_by_staff_user_id` integer,
	`reviewed_at` integer,
	`raw_json` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`reviewed_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "payments_provider_valid" CHECK("payments"."provider" IN ('cash', 'paypal', 'transfer')),
	CONSTRAINT "payments_status_valid" CHECK("payments"."status" IN ('pending', 'captured', 'slip_submitted', 'approved', 'rejected', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_non_negative" CHECK("payments"."amount_satang" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_provider_ref_unique` ON `payments` (`provider`,`provider_ref`);--> statement-breakpoint
CREATE INDEX `payments_order_idx` ON `payments` (`order_id`);--> statement-breakpoint
CREATE TABLE `shipments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`carrier_id` integer NOT NULL,
	`tracking_number` text NOT NULL,
	`shipped_at` integer,
	`delivered_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`carrier_id`) REFERENCES `carriers`(`id`) ON UPDATE no action ON DELETE restrict
);
--> statement-breakpoint
CREATE INDEX `shipments_order_idx` ON `shipments` (`order_id`);--> statement-breakpoint
CREATE INDEX `shipments_tracking_idx` ON `shipments` (`tracking_number`);--> statement-breakpoint
CREATE TABLE `shipping_rates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`method` text NOT NULL,
	`zone` text NOT NULL,
	`country_code` text,
	`basis` text NOT NULL,
	`min_value` integer DEFAULT 0 NOT NULL,
	`max_value` integer,
	`price_satang` integer NOT NULL,
	`delivery_days_min` integer NOT NULL,
	`delivery_days_max` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "shipping_rates_method_valid" CHECK("shipping_rates"."method" IN ('standard', 'express')),
	CONSTRAINT "shipping_rates_zone_valid" CHECK("shipping_rates"."zone" IN ('domestic', 'international')),
	CONSTRAINT "shipping_rates_basis_valid" CHECK("shipping_rates"."basis" IN ('weight', 'quantity')),
	CONSTRAINT "shipping_rates_bracket_valid" CHECK("shipping_rates"."min_value" >= 0 AND ("shipping_rates"."max_value" IS NULL OR "shipping_rates"."max_value" > "shipping_rates"."min_value")),
	CONSTRAINT "shipping_rates_price_non_negative" CHECK("shipping_rates"."price_satang" >= 0),
	CONSTRAINT "shipping_rates_days_valid" CHECK("shipping_rates"."delivery_days_min" >= 0 AND "shipping_rates"."delivery_days_max" >= "shipping_rates"."delivery_days_min")
);
--> statement-breakpoint
CREATE INDEX `shipping_rates_lookup_idx` ON `shipping_rates` (`method`,`zone`,`country_code`);--> statement-breakpoint
CREATE TABLE `discount_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`code` text NOT NULL,
	`type` text NOT NULL,
	`value` integer NOT NULL,
	`max_discount_satang` integer,
	`min_purchase_satang` integer DEFAULT 0 NOT NULL,
	`usage_limit` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`per_customer_limit` integer,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "discount_codes_type_valid" CHECK("discount_codes"."type" IN ('percent', 'fixed')),
	CONSTRAINT "discount_codes_value_valid" CHECK(("discount_codes"."type" = 'percent' AND "discount_codes"."value" BETWEEN 1 AND 100) OR ("discount_codes"."type" = 'fixed' AND "discount_codes"."value" > 0)),
	CONSTRAINT "discount_codes_min_purchase_non_negative" CHECK("discount_codes"."min_purchase_satang" >= 0),
	CONSTRAINT "discount_codes_used_within_limit" CHECK("discount_codes"."used_count" >= 0 AND ("discount_codes"."usage_limit" IS NULL OR "discount_codes"."used_count" <= "discount_codes"."usage_limit")),
	CONSTRAINT "discount_codes_period_valid" CHECK("discount_codes"."starts_at" IS NULL OR "discount_codes"."ends_at" IS NULL OR "discount_codes"."ends_at" > "discount_codes"."starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_codes_code_unique` ON `discount_codes` (`code`);--> statement-breakpoint
CREATE TABLE `discount_redemptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`discount_code_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`customer_id` integer,
	`amount_satang` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`discount_code_id`) REFERENCES `discount_codes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `discount_redemptions_order_unique` ON `discount_redemptions` (`order_id`);--> statement-breakpoint
CREATE INDEX `discount_redemptions_code_customer_idx` ON `discount_redemptions` (`discount_code_id`,`customer_id`);--> statement-breakpoint
CREATE TABLE `flash_sale_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`flash_sale_id` integer NOT NULL,
	`variant_id` integer NOT NULL,
	`sale_price_satang` integer NOT NULL,
	`quantity_cap` integer NOT NULL,
	`sold_count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`flash_sale_id`) REFERENCES `flash_sales`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`variant_id`) REFERENCES `variants`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "flash_sale_items_sold_within_cap" CHECK("flash_sale_items"."sold_count" >= 0 AND "flash_sale_items"."sold_count" <= "flash_sale_items"."quantity_cap"),
	CONSTRAINT "flash_sale_items_price_non_negative" CHECK("flash_sale_items"."sale_price_satang" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flash_sale_items_sale_variant_unique` ON `flash_sale_items` (`flash_sale_id`,`variant_id`);--> statement-breakpoint
CREATE INDEX `flash_sale_items_variant_idx` ON `flash_sale_items` (`variant_id`);--> statement-breakpoint
CREATE TABLE `flash_sales` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "flash_sales_period_valid" CHECK("flash_sales"."ends_at" > "flash_sales"."starts_at")
);
--> statement-breakpoint
CREATE INDEX `flash_sales_period_idx` ON `flash_sales` (`starts_at`,`ends_at`);--> statement-breakpoint
CREATE TABLE `points_ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`delta` integer NOT NULL,
	`reason` text NOT NULL,
	`order_id` integer,
	`staff_user_id` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "points_ledger_reason_valid" CHECK("points_ledger"."reason" IN ('order_earned', 'order_redeemed', 'order_reversed', 'signup_bonus', 'adjustment')),
	CONSTRAINT "points_ledger_delta_non_zero" CHECK("points_ledger"."delta" <> 0)
);
--> statement-breakpoint
CREATE INDEX `points_ledger_customer_idx` ON `points_ledger` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `points_ledger_order_idx` ON `points_ledger` (`order_id`);--> statement-breakpoint
CREATE TABLE `custom_attributes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_attributes_product_code_unique` ON `custom_attributes` (`custom_product_id`,`code`);--> statement-breakpoint
CREATE TABLE `custom_banners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`side` text NOT NULL,
	`position` text NOT NULL,
	`max_length` integer NOT NULL,
	`label_en` text DEFAULT '' NOT NULL,
	`label_th` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_banners_side_valid" CHECK("custom_banners"."side" IN ('front', 'back')),
	CONSTRAINT "custom_banners_position_valid" CHECK("custom_banners"."position" IN ('left', 'center', 'right')),
	CONSTRAINT "custom_banners_max_length_valid" CHECK("custom_banners"."max_length" >= 1 AND "custom_banners"."max_length" <= CASE "custom_banners"."position" WHEN 'center' THEN 7 ELSE 25 END)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_banners_placement_unique` ON `custom_banners` (`custom_product_id`,`side`,`position`);--> statement-breakpoint
CREATE TABLE `custom_design_texts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_design_id` integer NOT NULL,
	`side` text NOT NULL,
	`position` text NOT NULL,
	`text` text NOT NULL,
	`font_id` integer NOT NULL,
	`color` text NOT NULL,
	`font_size` integer NOT NULL,
	FOREIGN KEY (`custom_design_id`) REFERENCES `custom_designs`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_design_texts_side_valid" CHECK("custom_design_texts"."side" IN ('front', 'back')),
	CONSTRAINT "custom_design_texts_position_valid" CHECK("custom_design_texts"."position" IN ('left', 'center', 'right')),
	CONSTRAINT "custom_design_texts_length" CHECK(length("custom_design_texts"."text") <= CASE "custom_design_texts"."position" WHEN 'center' THEN 7 ELSE 25 END),
	CONSTRAINT "custom_design_texts_font_valid" CHECK("custom_design_texts"."font_id" BETWEEN 1 AND 7),
	CONSTRAINT "custom_design_texts_color_valid" CHECK("custom_design_texts"."color" IN ('white', 'black', 'grey', 'red', 'green', 'blue', 'yellow')),
	CONSTRAINT "custom_design_texts_size_valid" CHECK("custom_design_texts"."font_size" BETWEEN 20 AND 100 AND "custom_design_texts"."font_size" % 10 = 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_design_texts_placement_unique` ON `custom_design_texts` (`custom_design_id`,`side`,`position`);--> statement-breakpoint
CREATE TABLE `custom_designs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_product_id` integer NOT NULL,
	`customer_id` integer,
	`session_id` text,
	`design_json` text NOT NULL,
	`preview_key` text,
	`print_front_key` text,
	`print_back_key` text,
	`quantity_s` integer DEFAULT 0 NOT NULL,
	`quantity_m` integer DEFAULT 0 NOT NULL,
	`quantity_l` integer DEFAULT 0 NOT NULL,
	`quantity_xl` integer DEFAULT 0 NOT NULL,
	`unit_price_satang` integer NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`custom_product_id`) REFERENCES `custom_products`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_designs_has_owner" CHECK("custom_designs"."customer_id" IS NOT NULL OR "custom_designs"."session_id" IS NOT NULL),
	CONSTRAINT "custom_designs_json_valid" CHECK(json_valid("custom_designs"."design_json")),
	CONSTRAINT "custom_designs_quantities_non_negative" CHECK("custom_designs"."quantity_s" >= 0 AND "custom_designs"."quantity_m" >= 0 AND "custom_designs"."quantity_l" >= 0 AND "custom_designs"."quantity_xl" >= 0),
	CONSTRAINT "custom_designs_status_valid" CHECK("custom_designs"."status" IN ('draft', 'submitted', 'ordered')),
	CONSTRAINT "custom_designs_price_non_negative" CHECK("custom_designs"."unit_price_satang" >= 0)
);
--> statement-breakpoint
CREATE INDEX `custom_designs_customer_idx` ON `custom_designs` (`customer_id`,`updated_at`);--> statement-breakpoint
CREATE INDEX `custom_designs_session_idx` ON `custom_designs` (`session_id`);--> statement-breakpoint
CREATE TABLE `custom_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`custom_attribute_id` integer NOT NULL,
	`code` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`image_key` text,
	`color_hex` text,
	`price_add_on_satang` integer DEFAULT 0 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`custom_attribute_id`) REFERENCES `custom_attributes`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "custom_options_price_non_negative" CHECK("custom_options"."price_add_on_satang" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_options_attribute_code_unique` ON `custom_options` (`custom_attribute_id`,`code`);--> statement-breakpoint
CREATE TABLE `custom_products` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`base_price_satang` integer NOT NULL,
	`min_quantity` integer DEFAULT 1 NOT NULL,
	`front_image_key` text,
	`back_image_key` text,
	`status_id` integer DEFAULT 2 NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "custom_products_status_valid" CHECK("custom_products"."status_id" IN (1, 2, 3)),
	CONSTRAINT "custom_products_price_non_negative" CHECK("custom_products"."base_price_satang" >= 0),
	CONSTRAINT "custom_products_min_quantity_positive" CHECK("custom_products"."min_quantity" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_products_slug_unique` ON `custom_products` (`slug`);--> statement-breakpoint
CREATE TABLE `preset_images` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`image_key` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `document_sequences` (
	`document_type` text NOT NULL,
	`year` integer NOT NULL,
	`last_number` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`document_type`, `year`),
	CONSTRAINT "document_sequences_type_valid" CHECK("document_sequences"."document_type" IN ('invoice', 'receipt')),
	CONSTRAINT "document_sequences_number_non_negative" CHECK("document_sequences"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE `invoices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`number` text NOT NULL,
	`billing_name` text NOT NULL,
	`billing_tax_id` text,
	`billing_address` text DEFAULT '' NOT NULL,
	`subtotal_satang` integer NOT NULL,
	`vat_satang` integer NOT NULL,
	`total_satang` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by_staff_user_id` integer,
	`voided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`issued_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invoices_number_unique` ON `invoices` (`number`);--> statement-breakpoint
CREATE INDEX `invoices_order_idx` ON `invoices` (`order_id`);--> statement-breakpoint
CREATE TABLE `receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`order_id` integer NOT NULL,
	`payment_id` integer,
	`number` text NOT NULL,
	`billing_name` text NOT NULL,
	`billing_tax_id` text,
	`billing_address` text DEFAULT '' NOT NULL,
	`subtotal_satang` integer NOT NULL,
	`vat_satang` integer NOT NULL,
	`total_satang` integer NOT NULL,
	`issued_at` integer NOT NULL,
	`issued_by_staff_user_id` integer,
	`voided_at` integer,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`issued_by_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `receipts_number_unique` ON `receipts` (`number`);--> statement-breakpoint
CREATE INDEX `receipts_order_idx` ON `receipts` (`order_id`);--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`title` text NOT NULL,
	`note` text NOT NULL,
	`customer_id` integer,
	`read_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to_address` text NOT NULL,
	`locale` text NOT NULL,
	`template` text NOT NULL,
	`subject` text NOT NULL,
	`payload_json` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`last_error` text,
	`sent_at` integer,
	`created_at` integer NOT NULL,
	CONSTRAINT "email_outbox_status_valid" CHECK("email_outbox"."status" IN ('pending', 'sending', 'sent', 'failed')),
	CONSTRAINT "email_outbox_payload_json" CHECK(json_valid("email_outbox"."payload_json")),
	CONSTRAINT "email_outbox_attempts_non_negative" CHECK("email_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE INDEX `email_outbox_due_idx` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `email_outbox_created_idx` ON `email_outbox` (`created_at`);--> statement-breakpoint
CREATE TABLE `sponsor_orders` (
	`sponsor_id` integer NOT NULL,
	`order_id` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`sponsor_id`, `order_id`),
	FOREIGN KEY (`sponsor_id`) REFERENCES `sponsors`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sponsor_orders_order_idx` ON `sponsor_orders` (`order_id`);--> statement-breakpoint
CREATE TABLE `sponsors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name_en` text NOT NULL,
	`name_th` text NOT NULL,
	`description_en` text DEFAULT '' NOT NULL,
	`description_th` text DEFAULT '' NOT NULL,
	`logo_key` text,
	`website_url` text,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sponsors_active_idx` ON `sponsors` (`is_active`,`sort_order`);