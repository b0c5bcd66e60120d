import { z } from "zod";

import { type BuyerDetails, creditNoteCauses, normalizeBranch, validateThaiTaxId } from "~/domain/tax-documents";
import { baht, choice, optionalText, text, wholeNumber } from "~/ui/form/schema-fields";

/**
 * The billing forms' schemas (issue 17), one per form, shared by the action and the page: finding the
 * order, issuing a document with the buyer as staff confirmed it, issuing to a customer's company,
 * voiding and issuing a credit note. Message keys are billing:validation.<key> (or forms:validation).
 */

/** Kinds the tax-invoice form offers; a plain receipt is the receipt form's. */
export const issuableInvoiceKinds = ["tax_invoice_receipt", "tax_invoice", "abbreviated_tax_invoice"] as const;

export const findOrderSchema = z.object({
  intent: z.literal("find"),
  orderNumber: text(40),
});

const taxId = optionalText(20).refine((value) => value === undefined || validateThaiTaxId(value).ok, "taxId");
const branch = optionalText(5).refine((value) => value === undefined || normalizeBranch(value) !== null, "branch");

const issueFields = {
  intent: z.literal("issue"),
  orderId: wholeNumber(1, 2_000_000_000),
  buyerName: optionalText(200),
  buyerAddress: optionalText(500),
  buyerTaxId: taxId,
  buyerBranch: branch,
};

export const issueInvoiceSchema = z.object({ ...issueFields, kind: choice(issuableInvoiceKinds) });
/** The receipt forms issue receipts only (the field is never posted; it names the kind for the action). */
const receiptKind = z.literal("receipt").default("receipt");
export const issueReceiptSchema = z.object({ ...issueFields, kind: receiptKind });
/** A receipt to a customer's company: the company's name, address and tax id are required. */
export const issueCustomerReceiptSchema = z.object({
  ...issueFields,
  buyerName: text(200),
  buyerAddress: text(500),
  buyerTaxId: text(20).refine((value) => validateThaiTaxId(value).ok, "taxId"),
  kind: receiptKind,
});

export const voidSchema = z.object({ intent: z.literal("void"), reason: text(500) });

export const creditNoteSchema = z.object({
  intent: z.literal("credit"),
  cause: choice(creditNoteCauses),
  reason: text(500),
  correctTotal: baht(0, 100_000_000),
});

/** The buyer the issue form posted, or null when staff left every field empty (a retail sale). */
export function buyerFromForm(value: { buyerName?: string; buyerAddress?: string; buyerTaxId?: string; buyerBranch?: string }): BuyerDetails | null {
  if (!value.buyerName && !value.buyerAddress && !value.buyerTaxId) return null;
  const taxId = value.buyerTaxId ? validateThaiTaxId(value.buyerTaxId) : null;
  return {
    name: value.buyerName ?? "",
    address: value.buyerAddress ?? "",
    taxId: taxId?.ok ? taxId.digits : null,
    branch: taxId?.ok ? (normalizeBranch(value.buyerBranch ?? "") ?? "00000") : null,
  };
}
