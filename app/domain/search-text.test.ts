import { describe, expect, it } from "vitest";

import {
  buildMatchQuery,
  encodeThaiMarks,
  maxQueryTerms,
  maxThaiTermLength,
  searchTerms,
  segmentForIndex,
  segmentWords,
  shouldRunSearch,
  skuSearchText,
} from "./search-text";

/** The index text with Thai marks back in place, for readable expectations. */
const decode = (text: string) => text.replace(/[\uE000-\uE07F]/gu, (c) => String.fromCodePoint(c.codePointAt(0)! - 0xe000 + 0x0e00));
const indexTerms = (text: string) => decode(segmentForIndex(text)).split(" ");

describe("segmentWords", () => {
  it.each([
    ["a Thai sentence", "ผ้าฝ้ายเนื้อนุ่มใส่สบายทุกวัน", ["ผ้า", "ฝ้าย", "เนื้อ", "นุ่ม", "ใส่", "สบาย", "ทุก", "วัน"]],
    ["a Thai product name", "เสื้อยืดลายขบวนช้าง", ["เสื้อ", "ยืด", "ลาย", "ขบวน", "ช้าง"]],
    ["mixed Thai and English", "เสื้อยืด Pryde รุ่นใหม่ 2026", ["เสื้อ", "ยืด", "pryde", "รุ่น", "ใหม่", "2026"]],
    ["English in capitals", "JERSEY Home Kit", ["jersey", "home", "kit"]],
    ["English with accents", "Café Crème naïve", ["cafe", "creme", "naive"]],
    ["accents typed as combining marks", "cafe\u0301", ["cafe"]],
    ["full-width letters", "ＪＥＲＳＥＹ", ["jersey"]],
    ["punctuation and symbols only", "-- *** ()!? ฿ 💥", []],
    ["an empty text", "", []],
  ])("given %s, should return its words", (_case, text, words) => {
    expect(segmentWords(text)).toEqual(words);
  });

  it.each([
    ["tone marks and vowel signs", "น้ำ ผู้ ดื่ม", ["น้ำ", "ผู้", "ดื่ม"]],
    ["SARA AM typed as NIKHAHIT + SARA AA", "น้\u0E4D\u0E32", ["น้ำ"]],
    ["a tone mark typed after SARA AM", "น\u0E33\u0E49", ["น้ำ"]],
  ])("given Thai with %s, should keep every mark (never fold Thai)", (_case, text, words) => {
    expect(segmentWords(text)).toEqual(words);
  });
});

describe("segmentForIndex", () => {
  it("given a Thai name, should index its words and every suffix a word can start at", () => {
    const terms = indexTerms("เสื้อยืดโลโก้คลาสสิก");
    expect(terms).toEqual(expect.arrayContaining(["เสื้อ", "ยืด", "โลโก้", "เสื้อยืดโลโก้คลาสสิก", "ยืดโลโก้คลาสสิก", "โลโก้คลาสสิก"]));
    // Never a term that starts with a mark or a following vowel.
    expect(terms.some((term) => /^[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\u0E30\u0E32\u0E33]/u.test(term))).toBe(false);
  });

  it("given a Thai word inside a longer Thai name the segmenter cuts differently, should still index a term starting with it", () => {
    // Intl.Segmenter cuts "กระเป๋ายิมดัฟเฟิล" as กระ|เป๋า|…: the suffixes still start with กระเป๋า.
    expect(indexTerms("กระเป๋ายิมดัฟเฟิล").some((term) => term.startsWith("กระเป๋า"))).toBe(true);
    expect(indexTerms("เสื้อแจ็กเก็ตกันฝนน้ำหนักเบา").some((term) => term.startsWith("กันฝน"))).toBe(true);
  });

  it("given Thai text, should write its combining marks as private-use characters unicode61 keeps", () => {
    const indexed = segmentForIndex("ดี ดู");
    expect(indexed).not.toMatch(/[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/u);
    expect(indexed.split(" ")).toEqual([encodeThaiMarks("ดี"), encodeThaiMarks("ดู")]);
    expect(encodeThaiMarks("ดี")).not.toBe(encodeThaiMarks("ดู"));
  });

  it.each([
    ["a hyphenated English name", "Tuk-Tuk Graphic T-Shirt", ["tuk", "graphic", "t", "shirt", "tuktuk", "tshirt"]],
    ["repeated words", "Tee tee TEE", ["tee"]],
    ["accents and capitals", "CAFÉ Crème", ["cafe", "creme"]],
    ["only punctuation", "— !!", [""]],
  ])("given %s, should index %j", (_case, text, terms) => {
    expect(indexTerms(text)).toEqual(terms);
  });

  it("given a very long Thai run, should cut every term to the longest Thai term", () => {
    const terms = indexTerms("เสื้อยืด".repeat(20));
    expect(Math.max(...terms.map((term) => [...term].length))).toBe(maxThaiTermLength);
  });
});

describe("searchTerms", () => {
  it.each([
    ["a Thai word", "เสื้อ", ["เสื้อ"]],
    ["Thai words without spaces (one run, searched as a substring)", "เสื้อยืดโลโก้", ["เสื้อยืดโลโก้"]],
    ["Thai words with a space", "เสื้อ ฟุตบอล", ["เสื้อ", "ฟุตบอล"]],
    ["mixed Thai and English", "เสื้อJersey ทีม", ["เสื้อ", "jersey", "ทีม"]],
    ["stray marks before a Thai word", "\u0E48เสื้อ", ["เสื้อ"]],
    ["Thai marks only", "\u0E48\u0E49", []],
    ["repeated words", "tee Tee TEE", ["tee"]],
  ])("given %s, should search %j", (_case, text, terms) => {
    expect(searchTerms(text)).toEqual(terms);
  });

  it("given more words than allowed, should keep the first ones", () => {
    expect(searchTerms("a b c d e f g h i j k l")).toHaveLength(maxQueryTerms);
  });

  it("given a Thai run longer than the longest Thai term, should cut it like the index does", () => {
    const [term] = searchTerms("เสื้อยืด".repeat(20));
    expect([...term!]).toHaveLength(maxThaiTermLength);
    expect(indexTerms("เสื้อยืด".repeat(20))).toContain(term);
  });
});

describe("buildMatchQuery", () => {
  it.each([
    ["one English word", "Jersey", '"jersey"*'],
    ["English with accents in capitals", "CAFÉ", '"cafe"*'],
    ["two words", "home jersey", '"home"* AND "jersey"*'],
    ["a hyphenated word", "t-shirt", '"t"* AND "shirt"*'],
    ["FTS5 operators", "jersey NOT home OR NEAR", '"jersey"* AND "not"* AND "home"* AND "or"* AND "near"*'],
    ["NEAR with parentheses", "NEAR(a b, 2)", '"near"* AND "a"* AND "b"* AND "2"*'],
    ["a column filter (one word to the segmenter, a phrase to FTS5)", "name_en:tee", '"name_en:tee"*'],
    ["quotes, stars, minus and carets", `"tee" -cap* ^hat`, '"tee"* AND "cap"* AND "hat"*'],
    ["a SKU", "PRY001-BLACK-M", '"pry001"* AND "black"* AND "m"*'],
  ])("given %s, should build %j", (_case, text, query) => {
    expect(buildMatchQuery(text)).toBe(query);
  });

  it.each([
    ["an empty text", ""],
    ["spaces", "   \t\n "],
    ["only punctuation", `"" () * - ^ : ; , . !`],
    ["only FTS5 syntax characters", '"*"'],
    ["emoji", "🔥👕"],
    ["Thai marks only", "\u0E48\u0E49\u0E4C"],
  ])("given %s, should return null (nothing to search)", (_case, text) => {
    expect(buildMatchQuery(text)).toBeNull();
  });

  it("given a Thai word, should quote it with its marks encoded like the index", () => {
    expect(buildMatchQuery("เสื้อ")).toBe(`"${encodeThaiMarks("เสื้อ")}"*`);
    expect(buildMatchQuery("เสื้อ ฟุตบอล")).toBe(`"${encodeThaiMarks("เสื้อ")}"* AND "${encodeThaiMarks("ฟุตบอล")}"*`);
  });

  it("given any text, should only ever produce quoted terms joined by AND", () => {
    const hostile = [`a"b`, `x""y`, `'; DROP TABLE products; --`, "\u0000\u202e", "a".repeat(500), "NEAR/3", "{name_th}: x"];
    for (const text of hostile) {
      const query = buildMatchQuery(text);
      if (query === null) continue;
      for (const term of query.split(" AND ")) expect(term).toMatch(/^"([^"]|"")+"\*$/u);
    }
  });
});

describe("skuSearchText", () => {
  it.each([
    ["PRY001", "PRY001"],
    ["  pry001-black-m ", "PRY001-BLACK-M"],
    ["pry0", "PRY0"],
    ["pr", null],
    ["pryde", null],
    ["tee 001", null],
    ["เสื้อ1", null],
    ["", null],
    ["A1".repeat(30), null],
  ])("given %j, should read it as SKU %j", (text, sku) => {
    expect(skuSearchText(text)).toBe(sku);
  });
});

describe("shouldRunSearch", () => {
  it.each([
    ["jersey", null, true],
    ["jersey", "", true],
    ["jersey", "tee", true],
    ["Jersey", "jersey", true],
    ["jersey", "jersey", false],
    ["  jersey  ", "jersey", false],
    ["home  jersey", "home jersey", false],
    ["", null, false],
    ["   ", "jersey", false],
    ["เสื้อ", "เสื้อ", false],
    ["เสื้อยืด", "เสื้อ", true],
  ])("given %j while %j is shown, should run: %s", (text, current, expected) => {
    expect(shouldRunSearch(text, current)).toBe(expected);
  });
});

describe("lone surrogates", () => {
  it("given a text with a lone surrogate, should search its other words", () => {
    expect(buildMatchQuery("tee\uD800 cap")).toBe('"tee"* AND "cap"*');
    expect(segmentForIndex("\uDC00")).toBe("");
  });
});
