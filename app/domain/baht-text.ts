/**
 * Thai "amount in words" for invoices and receipts (spec §5 helpers), as Excel's BAHTTEXT writes it:
 * 1,234.50 THB → "หนึ่งพันสองร้อยสามสิบสี่บาทห้าสิบสตางค์"; whole amounts end in "บาทถ้วน".
 *
 * Rules: a 1 in the units place of a number with more digits is "เอ็ด" (11 สิบเอ็ด, 101 หนึ่งร้อยเอ็ด,
 * 1,000,001 หนึ่งล้านเอ็ด); 1 in the tens place is plain "สิบ", 2 is "ยี่สิบ"; beyond six digits the
 * number repeats with "ล้าน" (12,000,000 สิบสองล้าน, 10^12 หนึ่งล้านล้าน). Negative amounts start with "ลบ".
 *
 * Why "เอ็ด" after hundreds and above (101 หนึ่งร้อยเอ็ด, not หนึ่งร้อยหนึ่ง as the `bahttext` package
 * says): it is what Excel's BAHTTEXT and the banks' cheque wording print, the text accountants compare a
 * tax document with, and the reading the Royal Institute gives first. Every document of the shop uses
 * this one function (docs/decisions/0017-tax-documents.md; cross-checked in tax-documents.test.ts).
 */
const digitWords = ["ศูนย์", "หนึ่ง", "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า"] as const;
const placeWords = ["", "สิบ", "ร้อย", "พัน", "หมื่น", "แสน"] as const;

/** Reads up to six digits (no leading zeros). `followsHigherDigits`: a million group stands before it. */
function readBelowMillion(digits: string, followsHigherDigits: boolean): string {
  let words = "";
  for (let index = 0; index < digits.length; index += 1) {
    const digit = Number(digits[index]);
    const place = digits.length - 1 - index;
    if (digit === 0) continue;
    if (place === 0) {
      words += digit === 1 && (digits.length > 1 || followsHigherDigits) ? "เอ็ด" : digitWords[digit];
    } else if (place === 1) {
      words += digit === 1 ? "สิบ" : digit === 2 ? "ยี่สิบ" : `${digitWords[digit]}สิบ`;
    } else {
      words += `${digitWords[digit]}${placeWords[place]}`;
    }
  }
  return words;
}

/** Reads a positive whole number given as digits without leading zeros. */
function readWholeNumber(digits: string): string {
  if (digits.length <= 6) return readBelowMillion(digits, false);
  const millions = digits.slice(0, -6);
  const rest = digits.slice(-6).replace(/^0+/, "");
  return `${readWholeNumber(millions)}ล้าน${rest ? readBelowMillion(rest, true) : ""}`;
}

/** An amount in satang, read out in Thai. Throws `RangeError` for a fraction of a satang (a programmer error). */
export function bahtText(satang: number): string {
  if (!Number.isSafeInteger(satang)) throw new RangeError(`Satang must be a whole number, got ${satang}`);
  if (satang === 0) return "ศูนย์บาทถ้วน";
  const magnitude = Math.abs(satang);
  const baht = Math.floor(magnitude / 100);
  const fraction = magnitude % 100;
  const bahtWords = baht > 0 ? `${readWholeNumber(String(baht))}บาท` : "";
  const fractionWords = fraction > 0 ? `${readWholeNumber(String(fraction))}สตางค์` : "ถ้วน";
  return `${satang < 0 ? "ลบ" : ""}${bahtWords}${fractionWords}`;
}
