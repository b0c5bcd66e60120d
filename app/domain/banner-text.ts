import { type BannerPosition, bannerTextLimits } from "./design-options";

/**
 * Banner text rules (spec §5/§9: left 25, center 7, right 25 characters). A "character" is what a
 * shopper sees: a grapheme cluster (Intl.Segmenter, built into V8/workerd), so the Thai "น้ำ"
 * (น + ้ + ำ, three code points) is one character and "สวัสดี" is four. Note that SQLite's
 * `length()` counts code points, so a CHECK written with it is stricter than this rule for Thai.
 */

const graphemes = new Intl.Segmenter("th", { granularity: "grapheme" });

/** The text's user-perceived characters. */
export function splitGraphemes(text: string): string[] {
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

export function graphemeLength(text: string): number {
  let count = 0;
  for (const part of graphemes.segment(text)) {
    void part;
    count += 1;
  }
  return count;
}

/** The first `max` characters: the designer's input stops there instead of cutting a vowel off its consonant. */
export function truncateToGraphemes(text: string, max: number): string {
  if (max <= 0) return "";
  const parts = splitGraphemes(text);
  return parts.length <= max ? text : parts.slice(0, max).join("");
}

/**
 * Invisible or layout-changing code points: C0/C1 controls (new lines, tabs), format characters
 * (zero-width joiners, bidi overrides, soft hyphen, BOM), line/paragraph separators, private use,
 * unassigned code points and lone surrogates. None belongs on a printed banner.
 */
const controlCharacter = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u;

/**
 * What the 7 fonts draw: printable ASCII, Latin-1 and Latin Extended-A letters, combining accents,
 * the Thai block (including ฿ and Thai digits), general punctuation (dashes, quotes, bullets),
 * currency signs, № and ™. Emoji and other scripts would print in a fallback font, or not at all.
 */
const printableRanges: readonly (readonly [number, number])[] = [
  [0x0020, 0x007e],
  [0x00a0, 0x017f],
  [0x0300, 0x036f],
  [0x0e01, 0x0e3a],
  [0x0e3f, 0x0e5b],
  [0x2010, 0x2027],
  [0x2030, 0x205e],
  [0x20a0, 0x20bf],
  [0x2116, 0x2116],
  [0x2122, 0x2122],
];

function isPrintable(text: string): boolean {
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    if (!printableRanges.some(([first, last]) => codePoint >= first && codePoint <= last)) return false;
  }
  return true;
}

/** A base letter with up to three marks (Thai: consonant + vowel + tone + ำ at most). More is mark stacking. */
export const maxCodePointsPerGrapheme = 4;

export type BannerTextProblem = "empty" | "too-long" | "control-character" | "unsupported-character" | "stacked-marks" | "not-a-number";

export type BannerTextCheck = { ok: true; length: number } | { ok: false; reason: BannerTextProblem; length: number };

/** Trimmed and in NFC, so "e" + combining acute is stored as "é", as the designer shows it. */
export function normalizeBannerText(text: string): string {
  return text.normalize("NFC").trim();
}

/**
 * Whether `text` (already normalised) may be printed in a banner allowing `maxLength` characters.
 * The order of the checks decides which reason a shopper sees first: invisible characters, then
 * unprintable ones, then length.
 */
export function checkBannerText(text: string, maxLength: number): BannerTextCheck {
  const parts = splitGraphemes(text);
  const length = parts.length;
  if (text.trim() === "") return { ok: false, reason: "empty", length };
  if (controlCharacter.test(text)) return { ok: false, reason: "control-character", length };
  if (!isPrintable(text)) return { ok: false, reason: "unsupported-character", length };
  if (parts.some((part) => [...part].length > maxCodePointsPerGrapheme)) return { ok: false, reason: "stacked-marks", length };
  if (length > maxLength) return { ok: false, reason: "too-long", length };
  return { ok: true, length };
}

/**
 * The center banner is the player's number (the seed names it "Front number" / "Player number"):
 * digits only (0–9, or the Thai digits ๐–๙ a Thai keyboard types), one to three of them. Letters
 * there were accepted and printed.
 */
export const numberBannerPosition: BannerPosition = "center";
export const maxNumberDigits = 3;

export function isNumberBanner(position: BannerPosition): boolean {
  return position === numberBannerPosition;
}

/** A banner's text at its position: the number banner takes 1–3 digits, the others checkBannerText. */
export function checkBannerValue(position: BannerPosition, text: string, maxLength: number): BannerTextCheck {
  if (!isNumberBanner(position)) return checkBannerText(text, maxLength);
  const length = splitGraphemes(text).length;
  if (text.trim() === "") return { ok: false, reason: "empty", length };
  if (!/^[0-9๐-๙]+$/.test(text)) return { ok: false, reason: "not-a-number", length };
  if (length > Math.min(maxLength, maxNumberDigits)) return { ok: false, reason: "too-long", length };
  return { ok: true, length };
}

/** The limit for a banner: the product's max_length, never above the spec's limit for the position (a number: 3 digits). */
export function bannerLimit(position: BannerPosition, productMaxLength?: number): number {
  const specLimit = isNumberBanner(position) ? Math.min(bannerTextLimits[position], maxNumberDigits) : bannerTextLimits[position];
  if (productMaxLength === undefined || !Number.isInteger(productMaxLength) || productMaxLength < 1) return specLimit;
  return Math.min(productMaxLength, specLimit);
}
