-- Exchanges, customer side and staff steps (issue 5 item 9, app/domain/exchange.ts). Forward-only:
-- nullable / defaulted columns on `exchanges` (no table rebuild) and one new history table.
--   customer_id             who asked (the order's customer at the time); scopes /exchange pages
--   note                    the customer's words besides the reason code in `reason`
--   photo_key               R2 key of the customer's picture (checked by content, size-limited)
--   reserved_variant_id     the variant whose stock was decremented at request (the wanted one,
--   reserved_quantity       or the same variant for a defect) and how many units are still held:
--                           a rejection gives them back and sets 0; shipping the replacement uses them
--   reviewed_*              who approved or rejected, and when
--   carrier_id, tracking_number, shipped_*   the replacement parcel
--   returned_restocked_*    the returned item put back on the shelf (once)
ALTER TABLE `exchanges` ADD `customer_id` integer REFERENCES customers(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `photo_key` text;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `reserved_variant_id` integer REFERENCES variants(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `reserved_quantity` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `reviewed_by_staff_user_id` integer REFERENCES staff_users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `reviewed_at` integer;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `carrier_id` integer REFERENCES carriers(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `tracking_number` text;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `shipped_by_staff_user_id` integer REFERENCES staff_users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `shipped_at` integer;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `returned_restocked_by_staff_user_id` integer REFERENCES staff_users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `exchanges` ADD `returned_restocked_at` integer;--> statement-breakpoint
CREATE INDEX `exchanges_customer_idx` ON `exchanges` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `exchange_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`exchange_id` integer NOT NULL,
	`event` text NOT NULL,
	`actor_type` text NOT NULL,
	`actor_customer_id` integer,
	`actor_staff_user_id` integer,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`exchange_id`) REFERENCES `exchanges`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`actor_staff_user_id`) REFERENCES `staff_users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "exchange_events_event_valid" CHECK("exchange_events"."event" IN ('requested', 'approved', 'rejected', 'shipped', 'restocked')),
	CONSTRAINT "exchange_events_actor_valid" CHECK("exchange_events"."actor_type" IN ('customer', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `exchange_events_exchange_idx` ON `exchange_events` (`exchange_id`,`created_at`);
