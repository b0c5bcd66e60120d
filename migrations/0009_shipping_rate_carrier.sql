-- Shipping rates name their carrier (issue 5 item 12: rates by carrier, destination and band).
-- Nullable: existing rates say nothing about the carrier until staff choose one.
ALTER TABLE `shipping_rates` ADD `carrier_id` integer REFERENCES carriers(id) ON DELETE set null;
