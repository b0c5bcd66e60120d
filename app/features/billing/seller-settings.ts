import { z } from "zod";

import {
  defaultDocumentPrefixes,
  type DocumentKind,
  documentKinds,
  documentPrefixPattern,
  headOfficeBranch,
  normalizeBranch,
  validateThaiTaxId,
} from "~/domain/tax-documents";
import { checkbox, optionalText } from "~/ui/form/schema-fields";

/**
 * The seller on tax documents (issue 17): registered name and address in both languages, 13-digit tax
 * id, head office or branch, whether the shop is registered for VAT, and the number prefix of each
 * document kind. Kept as one JSON value in config (`config_tax_seller`), edited in the "Seller (tax
 * documents)" section of /backend/setting, and copied onto every document when it is issued.
 */
export interface SellerSettings {
  nameTh: string;
  nameEn: string;
  addressTh: string;
  addressEn: string;
  /** 13 digits, or "" while not set. */
  taxId: string;
  /** "00000" head office, "00001"… a branch. */
  branch: string;
  vatRegistered: boolean;
  prefixes: Record<DocumentKind, string>;
}

export const defaultSellerSettings: SellerSettings = {
  nameTh: "",
  nameEn: "",
  addressTh: "",
  addressEn: "",
  taxId: "",
  branch: headOfficeBranch,
  vatRegistered: false,
  prefixes: { ...defaultDocumentPrefixes },
};

/** Issuing needs a name, an address and — for a VAT-registered seller — a valid tax id. */
export function sellerReadyToIssue(seller: SellerSettings): boolean {
  if (seller.nameTh.trim() === "" || seller.addressTh.trim() === "") return false;
  return !seller.vatRegistered || validateThaiTaxId(seller.taxId).ok;
}

const storedSchema = z.object({
  nameTh: z.string().catch(""),
  nameEn: z.string().catch(""),
  addressTh: z.string().catch(""),
  addressEn: z.string().catch(""),
  taxId: z.string().catch(""),
  branch: z.string().catch(headOfficeBranch),
  vatRegistered: z.boolean().catch(false),
  prefixes: z.record(z.string(), z.unknown()).catch({}),
});

/** Stored JSON → settings; anything unreadable (missing, hand-edited) falls back to the defaults, never throws. */
export function parseSellerSettings(json: string | null | undefined): SellerSettings {
  if (!json) return { ...defaultSellerSettings, prefixes: { ...defaultSellerSettings.prefixes } };
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    raw = {};
  }
  const stored = storedSchema.safeParse(raw);
  const value = stored.success ? stored.data : storedSchema.parse({});
  const prefixes = Object.fromEntries(
    documentKinds.map((kind) => {
      const prefix = value.prefixes[kind];
      return [kind, typeof prefix === "string" && documentPrefixPattern.test(prefix) ? prefix : defaultDocumentPrefixes[kind]];
    }),
  ) as Record<DocumentKind, string>;
  return { ...value, branch: normalizeBranch(value.branch) ?? headOfficeBranch, prefixes };
}

// ----- the settings form's part -------------------------------------------------------------------

/** Form field of each kind's prefix ("prefixTaxInvoice"…): names a page without JavaScript posts. */
export const prefixFieldNames = {
  tax_invoice: "prefixTaxInvoice",
  abbreviated_tax_invoice: "prefixAbbreviated",
  receipt: "prefixReceipt",
  tax_invoice_receipt: "prefixTaxInvoiceReceipt",
  credit_note: "prefixCreditNote",
} as const satisfies Record<DocumentKind, string>;
type PrefixField = (typeof prefixFieldNames)[DocumentKind];

const prefix = optionalText(8)
  .transform((value) => value?.toUpperCase())
  .refine((value) => value === undefined || documentPrefixPattern.test(value), "prefix");

const taxId = optionalText(20).refine((value) => value === undefined || validateThaiTaxId(value).ok, "taxId");
const branch = optionalText(5).refine((value) => value === undefined || normalizeBranch(value) !== null, "branch");

/** Spread into the settings schema; messages are keys of billing:validation (the section's FormMessages). */
export const sellerSettingsFields = {
  sellerNameTh: optionalText(200),
  sellerNameEn: optionalText(200),
  sellerAddressTh: optionalText(500),
  sellerAddressEn: optionalText(500),
  sellerTaxId: taxId,
  sellerBranch: branch,
  sellerVatRegistered: checkbox(),
  ...(Object.fromEntries(Object.values(prefixFieldNames).map((name) => [name, prefix])) as Record<PrefixField, typeof prefix>),
};

type SellerFormValue = { [Name in keyof typeof sellerSettingsFields]: z.output<(typeof sellerSettingsFields)[Name]> };
type IssueSink = { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void };

/**
 * Cross-field rules, run from the settings schema's superRefine: a VAT-registered seller needs the
 * Thai name and address and the tax id (§86/4 prints them); two kinds may not share a prefix (their
 * numbers would collide).
 */
export function refineSellerSettings(value: Partial<SellerFormValue>, context: IssueSink): void {
  if (value.sellerVatRegistered) {
    for (const name of ["sellerNameTh", "sellerAddressTh", "sellerTaxId"] as const) {
      if (!value[name]) context.addIssue({ code: "custom", path: [name], message: "requiredForVat" });
    }
  }
  const seen = new Map<string, PrefixField>();
  for (const kind of documentKinds) {
    const name = prefixFieldNames[kind];
    const typed = value[name] ?? defaultDocumentPrefixes[kind];
    if (seen.has(typed)) context.addIssue({ code: "custom", path: [name], message: "prefixRepeated" });
    else seen.set(typed, name);
  }
}

/** The parsed form → what is stored. Empty prefixes take the defaults; the tax id is kept as 13 digits. */
export function sellerSettingsFromForm(value: Partial<SellerFormValue>): SellerSettings {
  const tax = value.sellerTaxId ? validateThaiTaxId(value.sellerTaxId) : null;
  return {
    nameTh: value.sellerNameTh ?? "",
    nameEn: value.sellerNameEn ?? "",
    addressTh: value.sellerAddressTh ?? "",
    addressEn: value.sellerAddressEn ?? "",
    taxId: tax?.ok ? tax.digits : "",
    branch: normalizeBranch(value.sellerBranch ?? "") ?? headOfficeBranch,
    vatRegistered: value.sellerVatRegistered === true,
    prefixes: Object.fromEntries(documentKinds.map((kind) => [kind, value[prefixFieldNames[kind]] ?? defaultDocumentPrefixes[kind]])) as Record<
      DocumentKind,
      string
    >,
  };
}

/** Stored settings → the form's values as staff typed them (the checkbox as "on" or absent). */
export function sellerSettingsDraft(seller: SellerSettings): Record<string, string> {
  return {
    sellerNameTh: seller.nameTh,
    sellerNameEn: seller.nameEn,
    sellerAddressTh: seller.addressTh,
    sellerAddressEn: seller.addressEn,
    sellerTaxId: seller.taxId,
    sellerBranch: seller.branch,
    ...(seller.vatRegistered ? { sellerVatRegistered: "on" } : {}),
    ...Object.fromEntries(documentKinds.map((kind) => [prefixFieldNames[kind], seller.prefixes[kind]])),
  };
}
