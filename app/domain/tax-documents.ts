import { lineAmountSatang } from "./line-amounts";
import { type Satang, satang, subtractSatang, sumSatang, vatIncluded } from "./money";
import { formatThaiNationalId, type ThaiNationalIdResult, validateThaiNationalId } from "./thai-national-id";

/**
 * Thai tax documents (issue 17; docs/decisions/0017-tax-documents.md): which document an order gets,
 * how it is numbered, how its VAT is split out of its VAT-inclusive total and what a credit note
 * says. Pure: the server (app/features/billing/billing.server.ts) stores what these rules decide.
 */

/**
 * The documents a shop issues:
 * - `tax_invoice`: full tax invoice, Revenue Code §86/4 (buyer named, with tax id and branch when given);
 * - `abbreviated_tax_invoice`: §86/6, for retail sales without buyer details;
 * - `receipt`: ใบเสร็จรับเงิน, the only document a shop not registered for VAT may issue;
 * - `tax_invoice_receipt`: a full tax invoice that is also the receipt, for an order paid at once;
 * - `credit_note`: ใบลดหนี้, §86/10, lowers the value of an earlier tax invoice.
 * Each kind is its own number series (own prefix, own gap-free count per year).
 */
export const documentKinds = ["tax_invoice", "abbreviated_tax_invoice", "receipt", "tax_invoice_receipt", "credit_note"] as const;
export type DocumentKind = (typeof documentKinds)[number];

/** Kinds stored in the `invoices` table; `receipt` lives in `receipts` (it is not a tax document). */
export const invoiceKinds = ["tax_invoice", "abbreviated_tax_invoice", "tax_invoice_receipt", "credit_note"] as const satisfies readonly DocumentKind[];
export type InvoiceKind = (typeof invoiceKinds)[number];

export function isDocumentKind(value: unknown): value is DocumentKind {
  return typeof value === "string" && (documentKinds as readonly string[]).includes(value);
}

/** Number prefixes a shop starts with; staff may change them in /backend/setting. */
export const defaultDocumentPrefixes: Readonly<Record<DocumentKind, string>> = {
  tax_invoice: "INV",
  abbreviated_tax_invoice: "ABB",
  receipt: "RC",
  tax_invoice_receipt: "IVRC",
  credit_note: "CN",
};

/** A prefix is 1–8 capital letters or digits, so a number is easy to read out and to search. */
export const documentPrefixPattern = /^[A-Z0-9]{1,8}$/;

export interface BuyerDetails {
  name: string;
  address: string;
  /** 13 digits, checksum valid; null for a buyer who gives none. */
  taxId: string | null;
  /** "00000" head office, "00001"… a branch; null when the buyer has no tax id. */
  branch: string | null;
}

/**
 * The document an order gets. A shop not registered for VAT issues receipts only (§86: only a VAT
 * registrant may issue a tax invoice). A registered shop issues a full tax invoice to a buyer who
 * asked for one (named buyer with an address) — combined with the receipt when the order is paid, as
 * every order it invoices is — and otherwise the abbreviated retail tax invoice of §86/6.
 */
export function documentKindFor(input: { vatRegistered: boolean; paid: boolean; buyer: BuyerDetails | null }): DocumentKind {
  if (!input.vatRegistered) return "receipt";
  const named = input.buyer !== null && input.buyer.name.trim() !== "" && input.buyer.address.trim() !== "";
  if (!named) return "abbreviated_tax_invoice";
  return input.paid ? "tax_invoice_receipt" : "tax_invoice";
}

/** Whether the buyer's name, address (and tax id and branch when given) are printed: §86/4 (3). */
export function namesBuyer(kind: DocumentKind): boolean {
  return kind === "tax_invoice" || kind === "tax_invoice_receipt" || kind === "credit_note";
}

// ---------------------------------------------------------------------------------------------
// Tax id and branch

/**
 * A Thai tax id is 13 digits with the national id's checksum (a person's tax id is the national
 * id; a company's starts with 0 and uses the same mod-11 check digit), so one validator serves both.
 */
export function validateThaiTaxId(input: string): ThaiNationalIdResult {
  return validateThaiNationalId(input);
}

export const formatThaiTaxId = formatThaiNationalId;

/** The Revenue Department's branch code: "00000" is the head office, any other five digits a branch. */
export const headOfficeBranch = "00000";

/** What a buyer asking for a full tax invoice names: their head office, or a branch (with its code). */
export const taxInvoiceOffices = ["head_office", "branch"] as const;
export type TaxInvoiceOffice = (typeof taxInvoiceOffices)[number];

/** "0", "1", "00001" → the five-digit code; anything else (letters, six digits, empty) → null. */
export function normalizeBranch(input: string): string | null {
  const digits = input.trim();
  if (!/^\d{1,5}$/.test(digits)) return null;
  return digits.padStart(5, "0");
}

export type BranchLabel = { kind: "head_office" } | { kind: "branch"; number: string };

/** What the document prints for a branch code: head office, or "branch 00012". */
export function branchLabel(branch: string): BranchLabel {
  return branch === headOfficeBranch ? { kind: "head_office" } : { kind: "branch", number: branch };
}

// ---------------------------------------------------------------------------------------------
// VAT

/** A document line as printed: VAT-inclusive unit price × quantity. Discounts are lines with a negative price. */
export interface DocumentLine {
  quantity: number;
  unitPriceSatang: number;
}

export interface VatSplit {
  /** VAT-inclusive total: what the buyer pays. */
  totalSatang: Satang;
  /** The VAT inside it. */
  vatSatang: Satang;
  /** The value of the goods and services before VAT (total − VAT). */
  netSatang: Satang;
}

/**
 * The one VAT rule of the shop (the same as checkout, POS and custom orders): prices include VAT, and
 * a document's VAT is computed once, from its total, as {@link vatIncluded} rounds it (half away from
 * zero). The value before VAT is the rest, so value + VAT = total exactly. A shop not registered for
 * VAT shows no VAT (rate 0).
 */
export function splitVat(totalSatang: number, vatPercent: number): VatSplit {
  const total = satang(totalSatang);
  const vat = vatIncluded(total, vatPercent);
  return { totalSatang: total, vatSatang: vat, netSatang: subtractSatang(total, vat) };
}

export interface DocumentAmounts extends VatSplit {
  /** Each line's amount (unit × quantity), in the order given; they sum to the total. */
  lineAmountsSatang: Satang[];
}

/** Line amounts, their total and its VAT split: lines + nothing else = total; value + VAT = total. */
export function documentAmounts(lines: readonly DocumentLine[], vatPercent: number): DocumentAmounts {
  const lineAmountsSatang = lines.map((line) => {
    if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0) throw new RangeError(`Quantity must be a positive whole number, got ${line.quantity}`);
    return lineAmountSatang(line);
  });
  return { lineAmountsSatang, ...splitVat(sumSatang(lineAmountsSatang), vatPercent) };
}

// ---------------------------------------------------------------------------------------------
// Numbers

/** Bangkok is UTC+7 all year (no daylight saving): the calendar year of a moment there. */
export function bangkokYear(epochMs: number): number {
  return new Date(epochMs + 7 * 60 * 60 * 1000).getUTCFullYear();
}

export const buddhistEraOffset = 543;

/** Digits of the running number; a year would need a million documents of one kind to widen it. */
export const documentNumberDigits = 6;

/**
 * "INV-2569-000123": prefix, the Buddhist-era year (what Thai tax documents print; the series is kept
 * per Gregorian Bangkok year, the same year), the running number zero-padded. Numbers count from 1 per
 * kind and year with no gaps: the sequence row is bumped in the batch that inserts the document.
 */
export function formatDocumentNumber(prefix: string, gregorianYear: number, sequence: number): string {
  if (!documentPrefixPattern.test(prefix)) throw new RangeError(`Invalid document prefix ${JSON.stringify(prefix)}`);
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`Sequence must be a whole number from 1, got ${sequence}`);
  if (!Number.isSafeInteger(gregorianYear) || gregorianYear < 1900 || gregorianYear > 9999 - buddhistEraOffset) {
    throw new RangeError(`Unexpected year ${gregorianYear}`);
  }
  return `${prefix}-${gregorianYear + buddhistEraOffset}-${String(sequence).padStart(documentNumberDigits, "0")}`;
}

export interface ParsedDocumentNumber {
  prefix: string;
  buddhistYear: number;
  sequence: number;
}

const documentNumberPattern = /^([A-Z0-9]{1,8})-(\d{4})-(\d{6,})$/;

export function parseDocumentNumber(text: string): ParsedDocumentNumber | null {
  const match = documentNumberPattern.exec(text.trim().toUpperCase());
  if (!match) return null;
  return { prefix: match[1]!, buddhistYear: Number(match[2]), sequence: Number(match[3]) };
}

/** True when the running numbers are 1, 2, 3, … n in some order: what "gap-free" means for a series. */
export function isGapFree(sequences: readonly number[]): boolean {
  const sorted = [...sequences].sort((a, b) => a - b);
  return sorted.every((value, index) => value === index + 1);
}

// ---------------------------------------------------------------------------------------------
// Credit notes

export const creditNoteCauses = ["refund", "exchange", "cancellation", "other"] as const;
export type CreditNoteCause = (typeof creditNoteCauses)[number];

export interface CreditNoteAmounts {
  /** Value before VAT on the original tax invoice. */
  originalValueSatang: Satang;
  /** The value it should have had: original − difference. */
  correctValueSatang: Satang;
  /** The difference before VAT: what the note lowers the value by. */
  differenceSatang: Satang;
  /** VAT of the difference, computed once from the note's own total. */
  vatSatang: Satang;
  /** The note's total: difference + its VAT = what goes back to the buyer. */
  totalSatang: Satang;
}

export type CreditNoteResult = { ok: true; amounts: CreditNoteAmounts } | { ok: false; reason: "not-lower" | "below-zero" };

/**
 * §86/10: a credit note prints the original value, the correct value, the difference and the VAT of
 * the difference. Its own total is original total − correct total (VAT-inclusive, as prices are), and
 * its VAT comes from that total by the one VAT rule, like any document. The corrected value is the
 * original value minus the note's value, so original − correct = difference on the paper, exactly.
 * (Recomputing VAT on the corrected total instead may differ by a satang; the note's figures win.)
 */
export function creditNoteAmounts(input: {
  original: { totalSatang: number; vatSatang: number };
  correctTotalSatang: number;
  vatPercent: number;
}): CreditNoteResult {
  const correctTotal = satang(input.correctTotalSatang);
  if (correctTotal < 0) return { ok: false, reason: "below-zero" };
  const originalTotal = satang(input.original.totalSatang);
  if (correctTotal >= originalTotal) return { ok: false, reason: "not-lower" };
  const originalValue = subtractSatang(originalTotal, satang(input.original.vatSatang));
  const note = splitVat(originalTotal - correctTotal, input.vatPercent);
  return {
    ok: true,
    amounts: {
      originalValueSatang: originalValue,
      correctValueSatang: subtractSatang(originalValue, note.netSatang),
      differenceSatang: note.netSatang,
      vatSatang: note.vatSatang,
      totalSatang: note.totalSatang,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// What a full tax invoice must show

/**
 * The elements of a full tax invoice (§86/4), as `data-element` marks on the printed page: a test
 * checks each is there, so a layout change cannot silently drop one.
 */
export const fullTaxInvoiceElements = [
  "title",
  "seller-name",
  "seller-address",
  "seller-tax-id",
  "seller-branch",
  "buyer-name",
  "buyer-address",
  "number",
  "date",
  "line-description",
  "line-quantity",
  "line-unit-price",
  "line-amount",
  "value-before-vat",
  "vat",
  "total",
  "total-in-words",
] as const;
