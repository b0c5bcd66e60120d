import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

import { socialProviders } from "../../domain/social-providers";
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

/**
 * A customer's linked sign-in identities: the provider's stable subject (OIDC `sub`, Facebook's
 * app-scoped user id) belongs to one customer; `email` is what the provider said when it was linked.
 */
export const customerIdentities = sqliteTable(
  "customer_identities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    provider: text("provider", { enum: socialProviders }).notNull(),
    subject: text("subject").notNull(),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (table) => [
    uniqueIndex("customer_identities_provider_subject_unique").on(table.provider, table.subject),
    index("customer_identities_customer_idx").on(table.customerId),
    check("customer_identities_provider_valid", sql`${table.provider} IN ('google', 'line', 'facebook')`),
  ],
);

/**
 * A new shopper between the provider's answer and accepting the membership terms: the profile the
 * provider gave, kept server-side for a few minutes. The browser holds a random token in a cookie;
 * only its SHA-256 is stored (like account_tokens). Used once, then deleted.
 */
export const socialSignUps = sqliteTable(
  "social_sign_ups",
  {
    tokenHash: text("token_hash").primaryKey(),
    provider: text("provider", { enum: socialProviders }).notNull(),
    subject: text("subject").notNull(),
    email: text("email").notNull(),
    emailVerified: integer("email_verified", { mode: "boolean" }).notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    redirectTo: text("redirect_to"),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [index("social_sign_ups_expires_idx").on(table.expiresAt)],
);

/**
 * Bearer tokens of the JSON API (docs/decisions/0016-json-api.md): `POST /api/users/login` and
 * `/api/users/admin/login` hand out a random 256-bit token valid 3600 s (spec §4, §9); only its
 * SHA-256 (hex) is stored. A token belongs to one account (customer or staff user) and ends with
 * that account's sessions: sign-out of one token deletes its row, and every place that ends all
 * sessions of an account (password reset or change, staff deactivation) deletes its tokens in the
 * same batch. Not renewed on use: a client signs in again after an hour.
 */
export const apiTokens = sqliteTable(
  "api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (table) => [
    uniqueIndex("api_tokens_hash_unique").on(table.tokenHash),
    index("api_tokens_customer_idx").on(table.customerId),
    index("api_tokens_staff_user_idx").on(table.staffUserId),
    index("api_tokens_expires_idx").on(table.expiresAt),
    check("api_tokens_single_owner", sql`(${table.customerId} IS NULL) <> (${table.staffUserId} IS NULL)`),
  ],
);
