import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { variants } from "./catalog";
import { customers, sessions } from "./customers";

/**
 * Server-side carts (DESIGN §5). A guest cart belongs to a session (and goes with it); a customer's
 * cart belongs to the customer. On login the guest cart is merged into the customer cart.
 */
export const carts = sqliteTable(
  "carts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("carts_session_unique").on(table.sessionId),
    uniqueIndex("carts_customer_unique").on(table.customerId),
    check("carts_has_owner", sql`${table.sessionId} IS NOT NULL OR ${table.customerId} IS NOT NULL`),
  ],
);

/** One line per variant per cart; adding an existing variant sums quantities (capped at stock). */
export const cartLines = sqliteTable(
  "cart_lines",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    variantId: integer("variant_id")
      .notNull()
      .references(() => variants.id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    /**
     * The unit price (satang) the shopper last saw for this line (ADR 0011): set at add, at a
     * quantity change and when a changed price is accepted; null for lines older than migration
     * 0007 (not known: never flagged, recorded the first time the cart shows the line).
     */
    seenPriceSatang: integer("seen_price_satang"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("cart_lines_cart_variant_unique").on(table.cartId, table.variantId),
    index("cart_lines_variant_idx").on(table.variantId),
    check("cart_lines_quantity_positive", sql`${table.quantity} > 0`),
  ],
);
