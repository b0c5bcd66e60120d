import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { orders } from "./orders";

/** Teams, clubs and events the brand sponsors, and the (discounted or free) orders made for them. */
export const sponsors = sqliteTable(
  "sponsors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    nameEn: text("name_en").notNull(),
    nameTh: text("name_th").notNull(),
    descriptionEn: text("description_en").notNull().default(""),
    descriptionTh: text("description_th").notNull().default(""),
    logoKey: text("logo_key"),
    websiteUrl: text("website_url"),
    isActive: integer("is_active", { mode: "boolean" }).notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("sponsors_active_idx").on(table.isActive, table.sortOrder)],
);

export const sponsorOrders = sqliteTable(
  "sponsor_orders",
  {
    sponsorId: integer("sponsor_id")
      .notNull()
      .references(() => sponsors.id, { onDelete: "cascade" }),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    note: text("note").notNull().default(""),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [primaryKey({ columns: [table.sponsorId, table.orderId] }), index("sponsor_orders_order_idx").on(table.orderId)],
);
