-- The unit price (satang, VAT included) the shopper last saw for a cart line (ADR 0011): set when the
-- line is added, when its quantity changes and when the shopper accepts a changed price. The cart
-- flags a line whose price now differs from it; an unaccepted increase keeps the checkout closed.
-- Existing lines get NULL = "not known": they are never flagged, and the cart records the price it
-- shows the first time it shows them (a backfill from variants.price_satang would wrongly flag every
-- line on a running flash sale as a price drop). Forward-only, nullable: no table rebuild.
ALTER TABLE `cart_lines` ADD `seen_price_satang` integer;
