import { desc, inArray, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { galleryImages } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { policies } from "~/db/schema/content";
import { parseSatangPerPoint } from "~/domain/checkout";
import { foreignCurrencyCodes } from "~/domain/currency";
import { parseExchangeWindowDays } from "~/domain/exchange";
import { parsePointsEarnRate } from "~/domain/loyalty-points";
import type { policyKinds } from "~/domain/policies";
import { sanitizeRichText } from "~/domain/rich-text";
import { parseUnpaidOrderHours } from "~/domain/unpaid-orders";
import { parseSellerSettings, sellerSettingsDraft } from "~/features/billing/seller-settings";
import { formatBahtInput } from "~/features/catalog-admin/catalog-admin-shared.server";
import { readStaffRates } from "~/features/currency/exchange-rates.server";
import { parseBankAccounts } from "~/features/payments/payment-settings";

import { isImageKey, type PolicyInput, settingsBankRows, type SettingsInput } from "./content-admin-schemas";
import { siteConfigFromRows } from "./site.server";

/**
 * Shared by the back office's content pages (issue 4 item 11): the gallery images the rich-text
 * editor inserts, the image check every save makes, and the settings and policy pages' reads and writes.
 */

export interface GalleryChoice {
  imageKey: string;
  fileName: string;
  width: number | null;
  height: number | null;
}

/** How many gallery images the rich-text editor offers (newest first). */
export const galleryChoiceLimit = 200;

export async function listGalleryChoices(d1: D1Database): Promise<GalleryChoice[]> {
  return database(d1)
    .select({ imageKey: galleryImages.imageKey, fileName: galleryImages.fileName, width: galleryImages.width, height: galleryImages.height })
    .from(galleryImages)
    .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
    .limit(galleryChoiceLimit);
}

/**
 * The picked image keys that are neither in the gallery nor already on the row being edited (a
 * row may keep the picture it had before the gallery existed). Empty = every key is fine.
 */
export async function unknownImageKeys(d1: D1Database, picked: readonly (string | null)[], current: readonly (string | null)[] = []): Promise<string[]> {
  const wanted = [...new Set(picked.filter((key): key is string => key !== null && !current.includes(key)))];
  if (wanted.length === 0) return [];
  const found = await database(d1).select({ imageKey: galleryImages.imageKey }).from(galleryImages).where(inArray(galleryImages.imageKey, wanted));
  const known = new Set(found.map((row) => row.imageKey));
  return wanted.filter((key) => !known.has(key));
}

/** True when a write failed on the named UNIQUE index (a concurrent save took the value first). */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return message.includes("UNIQUE constraint failed") && message.includes(column);
}

// ----- settings (/backend/setting) ---------------------------------------------------------------

const settingsKeys = [
  configKeys.vat,
  configKeys.pointsValue,
  configKeys.pointsEarnSatang,
  configKeys.exchangeWindowDays,
  configKeys.unpaidOrderHours,
  configKeys.nameEn,
  configKeys.nameTh,
  configKeys.addressEn,
  configKeys.addressTh,
  configKeys.phone,
  configKeys.email,
  configKeys.facebook,
  configKeys.instagram,
  configKeys.line,
  configKeys.promptPayId,
  configKeys.bankAccounts,
  configKeys.taxSeller,
];

/**
 * The settings form's values as staff type them: VAT as the shop reads it (parseVatPercent, so the
 * page shows the rate checkout charges), amounts in Baht, the bank rows of the stored accounts, and
 * `version` (the latest change), which names the form so a save shows what was stored.
 */
export async function loadSettingsDraft(d1: D1Database): Promise<{ draft: Record<string, string>; version: number }> {
  const [rows, rates] = await Promise.all([
    database(d1).select({ key: config.key, value: config.value, updatedAt: config.updatedAt }).from(config).where(inArray(config.key, settingsKeys)),
    readStaffRates(d1),
  ]);
  const read = (key: string) => rows.find((row) => row.key === key)?.value;
  const site = siteConfigFromRows(rows);
  const accounts = parseBankAccounts(read(configKeys.bankAccounts));
  const draft: Record<string, string> = {
    vat: String(site.vatPercent),
    nameEn: site.nameEn,
    nameTh: site.nameTh,
    addressEn: site.addressEn,
    addressTh: site.addressTh,
    phone: site.phone,
    email: site.email,
    facebook: site.facebook,
    instagram: site.instagram,
    line: site.line,
    ...Object.fromEntries(foreignCurrencyCodes.map((code) => [`rate${code}`, String(rates[code])])),
    promptPayId: read(configKeys.promptPayId) ?? "",
    pointValueBaht: formatBahtInput(parseSatangPerPoint(read(configKeys.pointsValue))),
    pointsEarnBaht: formatBahtInput(parsePointsEarnRate(read(configKeys.pointsEarnSatang))),
    exchangeWindowDays: String(parseExchangeWindowDays(read(configKeys.exchangeWindowDays))),
    unpaidOrderHours: String(parseUnpaidOrderHours(read(configKeys.unpaidOrderHours))),
    ...sellerSettingsDraft(parseSellerSettings(read(configKeys.taxSeller))),
    ...Object.fromEntries(
      settingsBankRows.flatMap((row) => {
        const account = accounts[row - 1];
        return [
          [`bank${row}`, account?.bank ?? ""],
          [`bankAccountName${row}`, account?.accountName ?? ""],
          [`bankAccountNumber${row}`, account?.accountNumber ?? ""],
        ];
      }),
    ),
  };
  return { draft, version: Math.max(0, ...rows.map((row) => row.updatedAt)) };
}

/** Every setting and the fallback exchange rates in one batch (an upsert per key). */
export async function saveSettings(d1: D1Database, input: SettingsInput, now = Date.now()): Promise<void> {
  const db = database(d1);
  const rates = Object.fromEntries(foreignCurrencyCodes.map((code) => [code, input[`rate${code}`]]));
  const values: Record<string, string> = {
    [configKeys.vat]: input.vat,
    [configKeys.nameEn]: input.nameEn,
    [configKeys.nameTh]: input.nameTh,
    [configKeys.addressEn]: input.addressEn,
    [configKeys.addressTh]: input.addressTh,
    [configKeys.phone]: input.phone,
    [configKeys.email]: input.email,
    [configKeys.facebook]: input.facebook,
    [configKeys.instagram]: input.instagram,
    [configKeys.line]: input.line,
    [configKeys.exchangeRates]: JSON.stringify(rates),
    [configKeys.promptPayId]: input.promptPayId,
    [configKeys.pointsValue]: String(input.pointValueBaht),
    [configKeys.pointsEarnSatang]: String(input.pointsEarnBaht),
    [configKeys.exchangeWindowDays]: String(input.exchangeWindowDays),
    [configKeys.unpaidOrderHours]: String(input.unpaidOrderHours),
    [configKeys.bankAccounts]: JSON.stringify(
      settingsBankRows
        .map((row) => ({ bank: input[`bank${row}`], accountName: input[`bankAccountName${row}`], accountNumber: input[`bankAccountNumber${row}`] }))
        .filter((account) => account.bank !== ""),
    ),
    [configKeys.taxSeller]: JSON.stringify(input.seller),
  };
  const [first, ...rest] = Object.entries(values).map(([key, value]) =>
    db
      .insert(config)
      .values({ key, value, updatedAt: now })
      .onConflictDoUpdate({ target: config.key, set: { value: sql`excluded.value`, updatedAt: now } }),
  );
  await db.batch([first!, ...rest]);
}

// ----- policies (/backend/Policy) ----------------------------------------------------------------

export interface PolicyRow {
  kind: (typeof policyKinds)[number];
  titleEn: string;
  titleTh: string;
  bodyEn: string;
  bodyTh: string;
  updatedAt: number;
}

export async function listPolicies(d1: D1Database): Promise<PolicyRow[]> {
  return database(d1)
    .select({
      kind: policies.kind,
      titleEn: policies.titleEn,
      titleTh: policies.titleTh,
      bodyEn: policies.bodyEn,
      bodyTh: policies.bodyTh,
      updatedAt: policies.updatedAt,
    })
    .from(policies)
    .orderBy(policies.id);
}

export type PolicySaveResult = { ok: true } | { ok: false; reason: "empty-body"; field: "bodyEn" | "bodyTh" };

/** Saves (or first writes) one policy; bodies are sanitised here, and one left without text is refused. */
export async function savePolicy(d1: D1Database, input: PolicyInput, now = Date.now()): Promise<PolicySaveResult> {
  const bodyEn = sanitizeRichText(input.bodyEn);
  const bodyTh = sanitizeRichText(input.bodyTh);
  if (bodyEn === "") return { ok: false, reason: "empty-body", field: "bodyEn" };
  if (bodyTh === "") return { ok: false, reason: "empty-body", field: "bodyTh" };
  const values = { titleEn: input.titleEn, titleTh: input.titleTh, bodyEn, bodyTh, updatedAt: now };
  await database(d1)
    .insert(policies)
    .values({ kind: input.kind, ...values })
    .onConflictDoUpdate({ target: policies.kind, set: values });
  return { ok: true };
}

export async function findPolicy(d1: D1Database, kind: PolicyRow["kind"]): Promise<PolicyRow | null> {
  const rows = await listPolicies(d1);
  return rows.find((row) => row.kind === kind) ?? null;
}

/**
 * The chosen picture of a content form (a field's value, or a stored entry's column): none unless it is a key. With the
 * data modules, not in admin-action.server.ts: that one brings the forms' React code, which a data module must not load.
 */
export function chosenImageKeys(chosen: unknown): string[] {
  const key = typeof chosen === "string" ? chosen.trim() : "";
  return key !== "" && isImageKey(key) ? [key] : [];
}
