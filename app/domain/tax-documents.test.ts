import bahttextPackage from "bahttext";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { bahtText } from "./baht-text";
import { satang, vatIncluded } from "./money";
import {
  bangkokYear,
  branchLabel,
  type BuyerDetails,
  creditNoteAmounts,
  documentAmounts,
  documentKindFor,
  documentKinds,
  formatDocumentNumber,
  isGapFree,
  normalizeBranch,
  parseDocumentNumber,
  splitVat,
  validateThaiTaxId,
} from "./tax-documents";

const company: BuyerDetails = { name: "Pryde Sports Co., Ltd.", address: "1 Sukhumvit Rd, Bangkok 10110", taxId: "0105536000313", branch: "00000" };

describe("validateThaiTaxId", () => {
  it.each([
    ["a company's id (starts with 0)", "0105536000313"],
    ["a company's id, dashed", "0-1055-50123-45-1"],
    ["a person's id (the national id)", "1103702071811"],
  ])("given %s, should accept it", (_, input) => {
    expect(validateThaiTaxId(input).ok).toBe(true);
  });

  it.each([
    ["a wrong check digit", "0105536000314", "checksum"],
    ["12 digits", "010553600031", "format"],
    ["letters", "01055360003AB", "format"],
  ])("given %s, should refuse it (%s)", (_, input, reason) => {
    expect(validateThaiTaxId(input)).toEqual({ ok: false, reason: reason === "checksum" ? "checksum" : "format" });
  });
});

describe("branches", () => {
  it.each([
    ["0", "00000"],
    ["1", "00001"],
    [" 00012 ", "00012"],
    ["123456", null],
    ["", null],
    ["B1", null],
  ])("normalizeBranch(%j) should be %j", (input, expected) => {
    expect(normalizeBranch(input)).toBe(expected);
  });

  it("should print 00000 as the head office and anything else as a numbered branch", () => {
    expect(branchLabel("00000")).toEqual({ kind: "head_office" });
    expect(branchLabel("00003")).toEqual({ kind: "branch", number: "00003" });
  });
});

describe("documentKindFor", () => {
  it.each([
    ["not VAT registered, buyer named", { vatRegistered: false, paid: true, buyer: company }, "receipt"],
    ["not VAT registered, retail", { vatRegistered: false, paid: true, buyer: null }, "receipt"],
    ["registered, retail without buyer details", { vatRegistered: true, paid: true, buyer: null }, "abbreviated_tax_invoice"],
    ["registered, buyer without an address", { vatRegistered: true, paid: true, buyer: { ...company, address: " " } }, "abbreviated_tax_invoice"],
    ["registered, buyer named, paid at once", { vatRegistered: true, paid: true, buyer: company }, "tax_invoice_receipt"],
    ["registered, buyer named, not yet paid", { vatRegistered: true, paid: false, buyer: company }, "tax_invoice"],
    ["registered, a person without a tax id", { vatRegistered: true, paid: true, buyer: { ...company, taxId: null, branch: null } }, "tax_invoice_receipt"],
  ] as const)("given %s, should issue %s", (_, input, kind) => {
    expect(documentKindFor(input)).toBe(kind);
  });

  it("should never choose a credit note for a sale (a note only follows an invoice)", () => {
    for (const vatRegistered of [true, false])
      for (const paid of [true, false]) for (const buyer of [company, null]) expect(documentKindFor({ vatRegistered, paid, buyer })).not.toBe("credit_note");
    expect(documentKinds).toContain("credit_note");
  });
});

describe("VAT split", () => {
  it.each([
    [10_700, 7, 700, 10_000],
    [100, 7, 7, 93], // 6.54… → 7
    [0, 7, 0, 0],
    [12_345, 0, 0, 12_345],
    [-10_700, 7, -700, -10_000],
  ])("splitVat(%d, %d%%) should be VAT %d and value %d", (total, rate, vat, net) => {
    expect(splitVat(total, rate)).toEqual({ totalSatang: total, vatSatang: vat, netSatang: net });
  });

  it("should use the shop's one VAT rule (the checkout's vatIncluded) on the document total", () => {
    expect(splitVat(99_999, 7).vatSatang).toBe(vatIncluded(satang(99_999), 7));
  });

  it("should always add up: lines = total, value + VAT = total, VAT within half a satang of the exact share", () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 500 }),
      // Discount and points rows are negative lines.
      unitPriceSatang: fc.integer({ min: -50_000, max: 5_000_000 }),
    });
    const rate = fc.constantFrom(0, 7, 10, 7.5, 99.99);
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), rate, (lines, vatPercent) => {
        const amounts = documentAmounts(lines, vatPercent);
        expect(amounts.lineAmountsSatang.reduce((sum, amount) => sum + amount, 0)).toBe(amounts.totalSatang);
        expect(amounts.netSatang + amounts.vatSatang).toBe(amounts.totalSatang);
        for (const value of [amounts.totalSatang, amounts.vatSatang, amounts.netSatang]) expect(Number.isSafeInteger(value)).toBe(true);
        const exact = (amounts.totalSatang * vatPercent) / (100 + vatPercent);
        expect(Math.abs(amounts.vatSatang - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
        if (amounts.totalSatang >= 0) expect(amounts.vatSatang).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 10_000 },
    );
  });

  it("should refuse a line with no or a fractional quantity (a programmer error)", () => {
    expect(() => documentAmounts([{ quantity: 0, unitPriceSatang: 100 }], 7)).toThrow(RangeError);
    expect(() => documentAmounts([{ quantity: 1.5, unitPriceSatang: 100 }], 7)).toThrow(RangeError);
  });
});

describe("document numbers", () => {
  it("should print the prefix, the Buddhist-era year and a six-digit running number", () => {
    expect(formatDocumentNumber("INV", 2026, 123)).toBe("INV-2569-000123");
    expect(formatDocumentNumber("CN", 2027, 1)).toBe("CN-2570-000001");
    expect(formatDocumentNumber("RC", 2026, 1_234_567)).toBe("RC-2569-1234567");
  });

  it.each([
    ["a lower-case prefix", "inv", 2026, 1],
    ["an empty prefix", "", 2026, 1],
    ["a prefix with a dash", "IN-V", 2026, 1],
    ["number 0", "INV", 2026, 0],
    ["a fractional number", "INV", 2026, 1.5],
    ["a Buddhist year passed as Gregorian", "INV", 9_500, 1],
  ])("should refuse %s", (_, prefix, year, sequence) => {
    expect(() => formatDocumentNumber(prefix, year, sequence)).toThrow(RangeError);
  });

  it("should read back what it prints, and numbers of one series sort as they were issued", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z0-9]{1,8}$/),
        fc.integer({ min: 2000, max: 2200 }),
        fc.integer({ min: 1, max: 999_999 }),
        (prefix, year, sequence) => {
          const number = formatDocumentNumber(prefix, year, sequence);
          expect(parseDocumentNumber(number)).toEqual({ prefix, buddhistYear: year + 543, sequence });
          if (sequence < 999_999) expect(formatDocumentNumber(prefix, year, sequence + 1) > number).toBe(true);
        },
      ),
    );
    expect(parseDocumentNumber(" inv-2569-000007 ")).toEqual({ prefix: "INV", buddhistYear: 2569, sequence: 7 });
    expect(parseDocumentNumber("INV-69-7")).toBeNull();
  });

  it("should tell a gap-free series from one with a gap or a repeat", () => {
    expect(isGapFree([])).toBe(true);
    expect(isGapFree([3, 1, 2])).toBe(true);
    expect(isGapFree([1, 3])).toBe(false);
    expect(isGapFree([1, 1, 2])).toBe(false);
    expect(isGapFree([2, 3])).toBe(false);
  });

  it.each([
    ["31 Dec 2025 23:59 in Bangkok", Date.UTC(2025, 11, 31, 16, 59), 2025],
    ["1 Jan 2026 00:00 in Bangkok (still 31 Dec in UTC)", Date.UTC(2025, 11, 31, 17, 0), 2026],
  ])("the series year at %s should be %d", (_, moment, year) => {
    expect(bangkokYear(moment)).toBe(year);
  });
});

describe("creditNoteAmounts", () => {
  it("should print original value, correct value, difference and its VAT that add up", () => {
    // Invoice 1,070.00 incl. 70.00 VAT; the buyer returns goods worth 321.00.
    expect(creditNoteAmounts({ original: { totalSatang: 107_000, vatSatang: 7_000 }, correctTotalSatang: 74_900, vatPercent: 7 })).toEqual({
      ok: true,
      amounts: { originalValueSatang: 100_000, correctValueSatang: 70_000, differenceSatang: 30_000, vatSatang: 2_100, totalSatang: 32_100 },
    });
  });

  it("should cancel a whole invoice with a note of its full value", () => {
    const result = creditNoteAmounts({ original: { totalSatang: 53_500, vatSatang: 3_500 }, correctTotalSatang: 0, vatPercent: 7 });
    expect(result).toEqual({
      ok: true,
      amounts: { originalValueSatang: 50_000, correctValueSatang: 0, differenceSatang: 50_000, vatSatang: 3_500, totalSatang: 53_500 },
    });
  });

  it.each([
    ["the same total", 10_700, "not-lower"],
    ["a higher total (that needs a debit note)", 20_000, "not-lower"],
    ["a total below zero", -1, "below-zero"],
  ])("should refuse %s", (_, correctTotalSatang, reason) => {
    expect(creditNoteAmounts({ original: { totalSatang: 10_700, vatSatang: 700 }, correctTotalSatang, vatPercent: 7 })).toEqual({ ok: false, reason });
  });

  it("should always add up, for any invoice and any lower correct total", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.constantFrom(0, 7, 10),
        (total, share, vatPercent) => {
          const original = splitVat(total, vatPercent);
          const correctTotalSatang = Math.min(total - 1, Math.floor(total * share));
          const result = creditNoteAmounts({ original, correctTotalSatang, vatPercent });
          if (!result.ok) throw new Error(result.reason);
          const note = result.amounts;
          expect(note.originalValueSatang).toBe(original.netSatang);
          expect(note.originalValueSatang - note.correctValueSatang).toBe(note.differenceSatang);
          expect(note.differenceSatang + note.vatSatang).toBe(note.totalSatang);
          expect(note.totalSatang).toBe(total - correctTotalSatang);
          expect(note.vatSatang).toBe(splitVat(note.totalSatang, vatPercent).vatSatang);
          expect(note.correctValueSatang).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 10_000 },
    );
  });
});

/**
 * The shop reads a 1 in the units place after a higher digit as "เอ็ด" (101 หนึ่งร้อยเอ็ด, 1,000,001
 * หนึ่งล้านเอ็ด), as Excel's BAHTTEXT and the Royal Institute's reading do — the form accountants check
 * documents against. The `bahttext` package says "หนึ่ง" there (หนึ่งร้อยหนึ่ง); both are correct Thai.
 * So the cross-check reads the package's words with the shop's convention and then wants the same text.
 */
function withShopEdConvention(words: string): string {
  return words.replace(/(ร้อย|พัน|หมื่น|แสน|ล้าน)หนึ่ง(?=บาท|สตางค์|ล้าน)/g, "$1เอ็ด");
}

describe("bahtText against the bahttext package", () => {
  it("should say the same as the package on 1,000 amounts, apart from the เอ็ด convention", () => {
    let state = 0x5eed17;
    const next = () => {
      // xorshift32: a fixed seed makes a failure reproducible.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      return (state >>> 0) / 2 ** 32;
    };
    const edges = [1, 100, 101, 111, 10_100, 100_100, 100_000_100, 200_100, 1_000_000, 100_000_001, 12_345_678_901];
    const amounts = [...edges];
    while (amounts.length < 1_000) {
      const digits = 1 + Math.floor(next() * 13);
      amounts.push(Math.floor(next() * 10 ** digits));
    }
    let differedByConvention = 0;
    for (const amount of amounts) {
      const theirs = bahttextPackage.bahttext(amount / 100);
      const ours = bahtText(amount);
      if (ours !== theirs) differedByConvention += 1;
      expect(ours, `amount ${amount} satang`).toBe(withShopEdConvention(theirs));
    }
    expect(differedByConvention).toBeGreaterThan(0);
  });
});
