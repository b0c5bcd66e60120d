import { z } from "zod";

import { type BuyerDetails, headOfficeBranch, normalizeBranch, type TaxInvoiceOffice, taxInvoiceOffices, validateThaiTaxId } from "~/domain/tax-documents";
import { checkbox, optionalText } from "~/ui/form/schema-fields";

/**
 * The shopper's request for a full tax invoice (issue 17): the fields the checkout and the profile
 * share, the rule that checks them and what they become (the buyer a document names). Every field is
 * optional in the schema — a request is made by ticking the box (with JavaScript) or by filling the
 * fields (without it, when the box is not shown) — and, once made, the name, tax id and address are
 * required and the tax id must pass the checksum. Messages are keys of documents:validation, then
 * forms:validation.
 */
export const taxInvoiceNameMaxLength = 200;
export const taxInvoiceAddressMaxLength = 500;

export const taxInvoiceFields = {
  /** The box; the page shows it only with JavaScript (then unticked fields are not even posted). */
  taxInvoice: checkbox(),
  taxInvoiceName: optionalText(taxInvoiceNameMaxLength),
  taxInvoiceTaxId: optionalText(20),
  taxInvoiceOffice: z.enum(taxInvoiceOffices, { error: "choice" }).optional(),
  taxInvoiceBranch: optionalText(5),
  taxInvoiceAddress: optionalText(taxInvoiceAddressMaxLength),
};

export interface TaxInvoiceRequestForm {
  taxInvoice?: boolean;
  taxInvoiceName?: string;
  taxInvoiceTaxId?: string;
  taxInvoiceOffice?: TaxInvoiceOffice;
  taxInvoiceBranch?: string;
  taxInvoiceAddress?: string;
}

/** Asked for: the box ticked, or any of the buyer's fields filled in. */
export function requestsTaxInvoice(value: TaxInvoiceRequestForm): boolean {
  return value.taxInvoice === true || Boolean(value.taxInvoiceName || value.taxInvoiceTaxId || value.taxInvoiceAddress);
}

/** The issues of a request (for a schema's superRefine): what a full tax invoice cannot do without. */
export function checkTaxInvoiceRequest(value: TaxInvoiceRequestForm, context: z.RefinementCtx): void {
  if (!requestsTaxInvoice(value)) return;
  const issue = (field: keyof TaxInvoiceRequestForm, message: string) => context.addIssue({ code: "custom", path: [field], message });
  if (!value.taxInvoiceName) issue("taxInvoiceName", "required");
  if (!value.taxInvoiceTaxId) issue("taxInvoiceTaxId", "required");
  else if (!validateThaiTaxId(value.taxInvoiceTaxId).ok) issue("taxInvoiceTaxId", "taxId");
  if (!value.taxInvoiceAddress) issue("taxInvoiceAddress", "required");
  if (value.taxInvoiceOffice === "branch" && normalizeBranch(value.taxInvoiceBranch ?? "") === null) issue("taxInvoiceBranch", "branch");
}

/** The buyer a checked request names, or null for none. Call after {@link checkTaxInvoiceRequest} passed. */
export function taxInvoiceBuyer(value: TaxInvoiceRequestForm): BuyerDetails | null {
  if (!requestsTaxInvoice(value)) return null;
  const taxId = validateThaiTaxId(value.taxInvoiceTaxId ?? "");
  if (!taxId.ok || !value.taxInvoiceName || !value.taxInvoiceAddress) return null;
  const branch = value.taxInvoiceOffice === "branch" ? normalizeBranch(value.taxInvoiceBranch ?? "") : headOfficeBranch;
  return { name: value.taxInvoiceName, taxId: taxId.digits, branch: branch ?? headOfficeBranch, address: value.taxInvoiceAddress };
}

/** A stored buyer (order or account columns) as the form's first values. */
export function taxInvoiceFormValues(stored: {
  taxInvoiceName: string | null;
  taxInvoiceTaxId: string | null;
  taxInvoiceBranch: string | null;
  taxInvoiceAddress: string | null;
}): Record<Exclude<keyof TaxInvoiceRequestForm, "taxInvoice">, string> & { taxInvoice: string } {
  const branch = stored.taxInvoiceBranch ?? headOfficeBranch;
  return {
    taxInvoice: stored.taxInvoiceName ? "on" : "",
    taxInvoiceName: stored.taxInvoiceName ?? "",
    taxInvoiceTaxId: stored.taxInvoiceTaxId ?? "",
    taxInvoiceOffice: branch === headOfficeBranch ? "head_office" : "branch",
    taxInvoiceBranch: branch === headOfficeBranch ? "" : branch,
    taxInvoiceAddress: stored.taxInvoiceAddress ?? "",
  };
}

/** A buyer as the order and account columns store it (all null: no request). */
export function taxInvoiceColumns(buyer: BuyerDetails | null) {
  return {
    taxInvoiceName: buyer?.name ?? null,
    taxInvoiceTaxId: buyer?.taxId ?? null,
    taxInvoiceBranch: buyer ? (buyer.branch ?? headOfficeBranch) : null,
    taxInvoiceAddress: buyer?.address ?? null,
  };
}

/** The stored request as the buyer billing prints; null when none was made. */
export function storedTaxInvoiceBuyer(stored: {
  taxInvoiceName: string | null;
  taxInvoiceTaxId: string | null;
  taxInvoiceBranch: string | null;
  taxInvoiceAddress: string | null;
}): BuyerDetails | null {
  if (!stored.taxInvoiceName || !stored.taxInvoiceAddress) return null;
  return {
    name: stored.taxInvoiceName,
    address: stored.taxInvoiceAddress,
    taxId: stored.taxInvoiceTaxId,
    branch: stored.taxInvoiceTaxId ? (stored.taxInvoiceBranch ?? headOfficeBranch) : null,
  };
}

/** /my-profile, intent "tax-invoice": the remembered buyer (no box: filled in = remembered, all empty = forgotten). */
export const taxInvoiceProfileSchema = z
  .object({
    taxInvoiceName: taxInvoiceFields.taxInvoiceName,
    taxInvoiceTaxId: taxInvoiceFields.taxInvoiceTaxId,
    taxInvoiceOffice: taxInvoiceFields.taxInvoiceOffice,
    taxInvoiceBranch: taxInvoiceFields.taxInvoiceBranch,
    taxInvoiceAddress: taxInvoiceFields.taxInvoiceAddress,
  })
  .superRefine(checkTaxInvoiceRequest);
