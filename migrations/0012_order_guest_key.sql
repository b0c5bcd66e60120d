-- Guest orders carry a random key in the links the shop e-mails (order placed, design received or
-- confirmed, payment received, slip received). Opening such a link in any browser gives that
-- browser's session the order, so a guest can pay from the e-mail on another device or after their
-- session ended (docs/decisions/0013-payments.md). NULL for customers' orders and older orders.
ALTER TABLE `orders` ADD `guest_key` text;
