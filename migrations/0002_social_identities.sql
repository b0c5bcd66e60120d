CREATE TABLE `customer_identities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`customer_id` integer NOT NULL,
	`email` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `customers`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "customer_identities_provider_valid" CHECK("customer_identities"."provider" IN ('google', 'line', 'facebook'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `customer_identities_provider_subject_unique` ON `customer_identities` (`provider`,`subject`);--> statement-breakpoint
CREATE INDEX `customer_identities_customer_idx` ON `customer_identities` (`customer_id`);--> statement-breakpoint
CREATE TABLE `social_sign_ups` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`provider` text NOT NULL,
	`subject` text NOT NULL,
	`email` text NOT NULL,
	`email_verified` integer NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`redirect_to` text,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `social_sign_ups_expires_idx` ON `social_sign_ups` (`expires_at`);