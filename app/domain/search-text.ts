/**
 * Text for the product search index (FTS5 table `product_search`, tokenizer
 * `unicode61 remove_diacritics 2`) and the MATCH expressions that query it (DESIGN §5 Search).
 *
 * Two facts shape this module:
 * 1. Thai is written without spaces between words, so text is cut into words with
 *    `Intl.Segmenter` before unicode61 (which splits on spaces and punctuation) sees it. The
 *    dictionary segmenter is not stable inside compounds and loanwords ("กระเป๋ายิมดัฟเฟิล" →
 *    กระ|เป๋า|…, "แจ็กเก็ตกันฝน" → แจ็ก|เก็|ตกัน|…), so every Thai run is also indexed as the
 *    suffixes starting at each character, and the query searches a Thai run as one prefix:
 *    a substring match that does not depend on where the segmenter put the boundaries.
 * 2. unicode61 keeps only letters, numbers and private-use characters inside a token. Thai vowel
 *    signs above/below and tone marks are combining marks (Mn), so it would cut "เสื้อ" into
 *    "เส" + "อ" and "ดี" and "ดู" would both become "ด". Those marks are therefore written as
 *    private-use characters (U+E000 + their offset in the Thai block), on both the index and the
 *    query side; the index text is never shown to anyone.
 */

/** Longest search text looked at; longer input is cut, not refused. */
export const maxSearchTextLength = 100;
/** At most this many terms in one MATCH expression (each is a prefix scan of the index). */
export const maxQueryTerms = 8;
/** Thai index terms and Thai query runs are cut to this many code points (bounds the index size). */
export const maxThaiTermLength = 24;

// Made on first use: the browser bundle imports shouldRunSearch from here and needs no segmenter.
let segmenter: Intl.Segmenter | undefined;
const wordSegmenter = () => (segmenter ??= new Intl.Segmenter("th", { granularity: "word" }));

/** Thai letters, vowels, marks and digits: the characters a Thai run is made of (not ฿, ๏, ๚, ๛). */
const thaiRun = /[\u0E01-\u0E3A\u0E40-\u0E4E\u0E50-\u0E59]+/gu;
const thaiCharacter = /[\u0E00-\u0E7F]/u;
/** Thai vowel signs and tone marks of category Mn (unicode61 treats them as separators). */
const thaiCombiningMark = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u;
/** Characters a Thai word never starts with: combining marks and following vowels (ะ า ำ ๅ) and ๆ. */
const notAThaiStart = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\u0E30\u0E32\u0E33\u0E45\u0E46]/u;
const toneMark = "[\u0E48-\u0E4B]";
const nonThaiMarks = /\p{M}/gu;
// A lone surrogate (possible in a JS string, not in UTF-8 text) would fail to bind in D1.
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** unicode61 token characters (letters, numbers, private use): a word without one indexes nothing. */
const tokenCharacter = /[\p{L}\p{N}\p{Co}]/u;

/**
 * Thai spelled two ways on screen is made one: SARA AM typed as NIKHAHIT + SARA AA, and a tone
 * mark typed after SARA AM instead of before it (both common with Thai keyboards).
 */
function normalizeThai(text: string): string {
  return text.replace(/\u0E4D\u0E32/gu, "\u0E33").replace(new RegExp(`\u0E33(${toneMark})`, "gu"), "$1\u0E33");
}

/**
 * Lower case; Latin (and other scripts') accents folded by NFKD + dropping combining marks, also
 * full-width letters to ASCII. Thai characters are left alone: their marks carry meaning.
 */
function foldWord(word: string): string {
  let folded = "";
  for (const character of word) {
    folded += thaiCharacter.test(character) ? character : character.normalize("NFKD").replace(nonThaiMarks, "");
  }
  return folded.toLowerCase();
}

function prepare(text: string): string {
  return normalizeThai(text.replace(loneSurrogate, "\uFFFD").normalize("NFC"));
}

/**
 * The words of a text as a search engine should see them: Intl.Segmenter words (Thai cut into
 * words, punctuation and spaces dropped), lower case, accents folded, Thai untouched.
 */
export function segmentWords(text: string): string[] {
  const words: string[] = [];
  for (const segment of wordSegmenter().segment(prepare(text))) {
    if (!segment.isWordLike) continue;
    const word = foldWord(segment.segment);
    if (tokenCharacter.test(word)) words.push(word);
  }
  return words;
}

/**
 * Words written with hyphens ("T-Shirt", "Zip-Up", "Tuk-Tuk") also indexed joined ("tshirt"), so a
 * shopper who types them without the hyphen still finds them.
 */
function hyphenatedCompounds(text: string): string[] {
  const compounds: string[] = [];
  for (const match of prepare(text).matchAll(/[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)+/gu)) {
    if (thaiCharacter.test(match[0])) continue;
    compounds.push(foldWord(match[0].replaceAll("-", "")));
  }
  return compounds;
}

/** Every suffix of a Thai run that starts where a Thai word can start, cut to maxThaiTermLength. */
function thaiSuffixes(run: string): string[] {
  const characters = [...run];
  const suffixes: string[] = [];
  for (let start = 0; start < characters.length; start += 1) {
    if (notAThaiStart.test(characters[start]!)) continue;
    suffixes.push(characters.slice(start, start + maxThaiTermLength).join(""));
  }
  return suffixes;
}

/** Thai combining marks → private-use characters, so unicode61 keeps them inside the token. */
export function encodeThaiMarks(term: string): string {
  let encoded = "";
  for (const character of term) {
    encoded += thaiCombiningMark.test(character) ? String.fromCodePoint(0xe000 + character.codePointAt(0)! - 0x0e00) : character;
  }
  return encoded;
}

/**
 * The text to store in a product_search column: the words of `text` separated by spaces, plus
 * joined hyphenated words and the suffixes of each Thai run (see the module comment), no repeats,
 * Thai marks encoded for unicode61.
 */
export function segmentForIndex(text: string): string {
  const prepared = prepare(text);
  const thaiTerms = [...prepared.matchAll(thaiRun)].flatMap((match) => thaiSuffixes(match[0]));
  const terms = new Set([...segmentWords(prepared), ...hyphenatedCompounds(prepared), ...thaiTerms]);
  return [...terms].map(encodeThaiMarks).join(" ");
}

/**
 * The search terms of what a shopper typed, in order, without repeats: each Thai run whole (cut to
 * maxThaiTermLength, it is matched as a prefix of the indexed suffixes), other text as words.
 */
export function searchTerms(userText: string): string[] {
  const text = prepare(userText.slice(0, maxSearchTextLength));
  const terms: string[] = [];
  let last = 0;
  const addWords = (piece: string) => terms.push(...segmentWords(piece));
  for (const match of text.matchAll(thaiRun)) {
    addWords(text.slice(last, match.index));
    // Index terms start where a Thai word can start, so stray leading marks ("่เสื้อ") are dropped.
    const characters = [...match[0]];
    const start = characters.findIndex((character) => !notAThaiStart.test(character));
    if (start >= 0) terms.push(characters.slice(start, start + maxThaiTermLength).join(""));
    last = match.index + match[0].length;
  }
  addWords(text.slice(last));
  return [...new Set(terms)].slice(0, maxQueryTerms);
}

/**
 * A MATCH expression for product_search from anything a shopper types, or null when there is
 * nothing to search for. Every term is a quoted string (internal quotes doubled), so operators
 * (AND, OR, NOT, NEAR), column filters, `*`, `-`, `^` and parentheses are plain text and no input
 * can make FTS5 fail. Every term is a prefix (`"term"*`): the shopper may still be typing, and a
 * Thai run must match the indexed suffixes it begins. Terms are joined by AND.
 */
export function buildMatchQuery(userText: string): string | null {
  const terms = searchTerms(userText);
  if (terms.length === 0) return null;
  return terms.map((term) => `"${encodeThaiMarks(term).replaceAll('"', '""')}"*`).join(" AND ");
}

/**
 * What a shopper typed, read as a SKU ("PRY001", "pry001-black-m"): upper case, or null when it
 * cannot be one (spaces, other characters, too long, or no digit: "pr" is a word being typed, not
 * a SKU, and would otherwise put every "PRY…" product first). SKUs are matched exactly or by prefix.
 */
export function skuSearchText(userText: string): string | null {
  const text = userText.trim().toUpperCase();
  return /^[A-Z0-9][A-Z0-9._-]{2,39}$/.test(text) && /[0-9]/.test(text) ? text : null;
}

/** The form of a search text that decides whether two searches are the same one. */
function comparableSearch(text: string | null | undefined): string {
  return (text ?? "").trim().replace(/\s+/gu, " ").slice(0, maxSearchTextLength);
}

/**
 * Spec §5: a search runs only when the text is non-empty and differs from the current search
 * query (re-submitting what is already shown, or nothing, does nothing).
 */
export function shouldRunSearch(text: string, currentQuery: string | null | undefined): boolean {
  const next = comparableSearch(text);
  return next !== "" && next !== comparableSearch(currentQuery);
}
