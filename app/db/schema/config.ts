import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Shop settings edited in /backend/setting, one row per key. Keys follow the spec's config names
 * (config_value_vat, config_website_name_en, …); structured values are JSON text.
 */
export const config = sqliteTable("config", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: integer("updated_at", { mode: "number" }).notNull(),
});

/** Keys the code reads. Spec §3 names plus the ones this shop adds. */
export const configKeys = {
  vat: "config_value_vat",
  facebook: "config_website_facebook",
  instagram: "config_website_instagram",
  line: "config_website_line",
  nameEn: "config_website_name_en",
  nameTh: "config_website_name_th",
  addressEn: "config_website_address_en",
  addressTh: "config_website_address_th",
  phone: "config_website_phone",
  email: "config_website_email",
  /** JSON {USD, EUR, GBP, JPY, CNY}: Baht → currency rates staff set, used when no source answered yet. */
  exchangeRates: "config_exchange_rates",
  /** Satang a customer pays for goods per loyalty point earned when an order completes (default 10000 = 1 point per ฿100; 0 = none). */
  pointsEarnSatang: "config_points_earn_satang",
  /** PromptPay id of the shop for the bank-transfer QR: Thai mobile, 13-digit national/tax id or 15-digit e-wallet id ("" = no QR). */
  promptPayId: "config_promptpay_id",
  /** JSON [{ bank, accountName, accountNumber }]: the shop's accounts shown for bank transfer. */
  bankAccounts: "config_bank_accounts",
  /** Satang one loyalty point is worth when redeemed at checkout (whole number; default 100 = ฿1). */
  pointsValue: "config_points_value_satang",
  /** Days after delivery (or completion) a customer may ask to exchange an item (default 14; 0 = no exchanges). */
  exchangeWindowDays: "config_exchange_window_days",
  /** Hours an order may wait for payment before the system cancels it and frees its stock (default 48). */
  unpaidOrderHours: "config_unpaid_order_hours",
  /** JSON: the seller on tax documents — registered names, addresses, tax id, branch, VAT registration, number prefixes (app/features/billing/seller-settings.ts). */
  taxSeller: "config_tax_seller",
  /** Version of the demo data written by app/db/seed (absent in a shop without demo data). */
  seedVersion: "demo_seed_version",
} as const;
