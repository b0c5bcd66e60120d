import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { customers, staffUsers } from "./customers";

/**
 * One-time account links (e-mail verification, password reset) and sign-in throttling.
 * See docs/decisions/0007-sign-in.md.
 */
export const accountTokenPurposes = ["verify-email", "reset-password"] as const;
export type AccountTokenPurpose = (typeof accountTokenPurposes)[number];

/**
 * The link carries a random 256-bit token; only its SHA-256 (hex) is stored, so a copy of the
 * database cannot be turned into working links. Single use (used_at) and expiring (expires_at).
 */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: accountTokenPurposes }).notNull(),
    tokenHash: text("token_hash").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("account_tokens_hash_unique").on(table.tokenHash),
    index("account_tokens_customer_idx").on(table.customerId),
    index("account_tokens_staff_user_idx").on(table.staffUserId),
    check("account_tokens_purpose_valid", sql`${table.purpose} IN ('verify-email', 'reset-password')`),
    check("account_tokens_single_owner", sql`(${table.customerId} IS NULL) <> (${table.staffUserId} IS NULL)`),
  ],
);

/**
 * Failure counters for sign-in: key `login:acct:<kind>:<email>` or `login:ip:<address>`; `count`
 * failures since `window_start` (epoch ms). A window older than the throttle window starts over.
 */
export const authThrottle = sqliteTable("auth_throttle", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: integer("window_start").notNull(),
});
