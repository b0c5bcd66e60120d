import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { reviewStatuses } from "../../domain/reviews";
import { products } from "./catalog";
import { customers, staffUsers } from "./customers";

/**
 * Product reviews (issue 20): one per product and customer, written only by a customer whose order
 * of the product is completed (app/domain/reviews.ts decides). A new or edited review waits for
 * staff (pending); only approved ones are shown and counted in the product's average.
 */
export const productReviews = sqliteTable(
  "product_reviews",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    /** 1–5 stars. */
    rating: integer("rating").notNull(),
    body: text("body").notNull(),
    /** R2 key under private/: served only once approved, or to its author and staff. */
    photoKey: text("photo_key"),
    status: text("status", { enum: reviewStatuses }).notNull().default("pending"),
    moderatedByStaffUserId: integer("moderated_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    moderatedAt: integer("moderated_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("product_reviews_product_customer_unique").on(table.productId, table.customerId),
    // The product page: its approved reviews, newest first, and their average.
    index("product_reviews_product_status_idx").on(table.productId, table.status, table.updatedAt),
    index("product_reviews_status_idx").on(table.status, table.updatedAt),
    index("product_reviews_customer_idx").on(table.customerId),
    check("product_reviews_rating_valid", sql`${table.rating} BETWEEN 1 AND 5`),
    check("product_reviews_status_valid", sql`${table.status} IN ('pending', 'approved', 'hidden')`),
  ],
);
