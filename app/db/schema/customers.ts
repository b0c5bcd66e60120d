import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

/**
 * People: customers (shoppers with an account) and their addresses, staff users and roles,
 * sessions for both, and affiliate applications.
 */

/** Spec reference list "genders". */
export const genderIds = { male: 1, female: 2 } as const;

export const customers = sqliteTable(
  "customers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    /** `scrypt$N$r$p$salt$hash` (features/accounts/password.server.ts); null for social-only accounts. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    genderId: integer("gender_id"),
    /** Calendar date "YYYY-MM-DD" (no time zone). */
    birthday: text("birthday"),
    /** R2 key; null means the default avatar. */
    avatarKey: text("avatar_key"),
    /** Preferred language for e-mails. */
    locale: text("locale", { enum: ["en", "th"] })
      .notNull()
      .default("en"),
    /**
     * Spendable points. Kept equal to SUM(points_ledger.delta) by writing both in one batch; the
     * CHECK makes an over-redemption fail the batch.
     */
    pointsBalance: integer("points_balance").notNull().default(0),
    /**
     * The tax-invoice buyer the customer last asked for at checkout (issue 17), offered at the next
     * checkout and editable in the profile. Null name = none remembered.
     */
    taxInvoiceName: text("tax_invoice_name"),
    taxInvoiceTaxId: text("tax_invoice_tax_id"),
    taxInvoiceBranch: text("tax_invoice_branch"),
    taxInvoiceAddress: text("tax_invoice_address"),
    termsAcceptedAt: integer("terms_accepted_at"),
    emailVerifiedAt: integer("email_verified_at"),
    lastLoginAt: integer("last_login_at"),
    disabledAt: integer("disabled_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    uniqueIndex("customers_email_unique").on(table.email),
    // The dashboard's "new members this month" reads the month's members, not every member.
    index("customers_created_idx").on(table.createdAt),
    check("customers_gender_valid", sql`${table.genderId} IS NULL OR ${table.genderId} IN (1, 2)`),
    check("customers_points_non_negative", sql`${table.pointsBalance} >= 0`),
    check("customers_locale_valid", sql`${table.locale} IN ('en', 'th')`),
  ],
);

/** Spec §3 Address; the address line is at most 45 characters (§5, §9). */
export const addresses = sqliteTable(
  "addresses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone").notNull(),
    address: text("address").notNull(),
    /** Sub-district (tambon / khwaeng). */
    suburb: text("suburb").notNull(),
    /** District (amphoe / khet). */
    city: text("city").notNull(),
    province: text("province").notNull(),
    /**
     * Geocodes (DOPA: 2, 4 and 6 digits) of a Thai address's province, district and subdistrict,
     * stored with the Thai names so pages can show the names in their own language; null abroad,
     * for rows saved before the codes were kept, and where the data has no code.
     */
    provinceCode: text("province_code"),
    districtCode: text("district_code"),
    subdistrictCode: text("subdistrict_code"),
    zipcode: text("zipcode").notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text("country").notNull().default("TH"),
    isDefault: integer("is_default", { mode: "boolean" }).notNull().default(false),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [index("addresses_customer_idx").on(table.customerId), check("addresses_address_length", sql`length(${table.address}) <= 45`)],
);

/** Spec §6 roles. Ids are fixed: code checks role ids (1 and 2 see every menu group; 3 a subset). */
export const staffRoles = sqliteTable("staff_roles", {
  id: integer("id").primaryKey(),
  nameEn: text("name_en").notNull(),
  nameTh: text("name_th").notNull(),
});
export const staffRoleIds = {
  systemAdministrator: 1,
  executiveAdministrator: 2,
  editor: 3,
  author: 4,
  user: 5,
} as const;
export type StaffRoleId = (typeof staffRoleIds)[keyof typeof staffRoleIds];

export const staffUsers = sqliteTable(
  "staff_users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Stored lower-cased; unique. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    fullName: text("full_name").notNull(),
    roleId: integer("role_id")
      .notNull()
      .references(() => staffRoles.id, { onDelete: "restrict" }),
    avatarKey: text("avatar_key"),
    lastLoginAt: integer("last_login_at"),
    disabledAt: integer("disabled_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [uniqueIndex("staff_users_email_unique").on(table.email)],
);

/**
 * Server-side sessions (DESIGN §5): opaque random id (the cookie value), owned by a customer, a
 * staff user or nobody (a guest with a cart). Idle lifetime is renewed through expires_at.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    staffUserId: integer("staff_user_id").references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
  },
  (table) => [
    index("sessions_expires_idx").on(table.expiresAt),
    index("sessions_customer_idx").on(table.customerId),
    index("sessions_staff_user_idx").on(table.staffUserId),
    check("sessions_single_owner", sql`${table.customerId} IS NULL OR ${table.staffUserId} IS NULL`),
  ],
);

export const affiliateStatuses = ["pending", "approved", "rejected"] as const;

/** Affiliate applications (identity checked with the Thai national id checksum, spec §5). */
export const affiliates = sqliteTable(
  "affiliates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    customerId: integer("customer_id").references(() => customers.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    /** 13 digits, dashes removed. */
    nationalId: text("national_id").notNull(),
    /** Handles or links by channel, e.g. {"instagram": "@shop", "line": "@shop"}. */
    socialChannels: text("social_channels", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default(sql`'{}'`),
    note: text("note").notNull().default(""),
    status: text("status", { enum: affiliateStatuses }).notNull().default("pending"),
    reviewedByStaffUserId: integer("reviewed_by_staff_user_id").references(() => staffUsers.id, { onDelete: "set null" }),
    reviewedAt: integer("reviewed_at"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (table) => [
    index("affiliates_status_idx").on(table.status, table.createdAt),
    index("affiliates_customer_idx").on(table.customerId),
    // One open application per person: two submissions racing cannot both get in.
    uniqueIndex("affiliates_open_national_id_unique")
      .on(table.nationalId)
      .where(sql`status IN ('pending', 'approved')`),
    check("affiliates_status_valid", sql`${table.status} IN ('pending', 'approved', 'rejected')`),
    check("affiliates_national_id_format", sql`length(${table.nationalId}) = 13 AND ${table.nationalId} NOT GLOB '*[^0-9]*'`),
  ],
);
