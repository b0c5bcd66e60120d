import { describe, expect, it } from "vitest";

import { bannerLimit, checkBannerText, checkBannerValue, graphemeLength, normalizeBannerText, splitGraphemes, truncateToGraphemes } from "./banner-text";

describe("graphemeLength", () => {
  // What Intl.Segmenter answers (checked in Node 20 / ICU 78 and the same in V8 of workerd):
  // Thai above/below vowels, tone marks and SARA AM (ำ, a spacing mark) join the consonant before them;
  // leading vowels (เ แ โ ใ ไ) and SARA AA (า) are characters of their own.
  it.each([
    ["น้ำ (water: น + ◌้ + ◌ำ)", "น้ำ", 1, 3],
    ["ที่ (consonant + vowel + tone)", "ที่", 1, 3],
    ["ก่ำ", "ก่ำ", 1, 3],
    ["สวัสดี", "สวัสดี", 4, 6],
    ["ไทย (leading vowel is its own character)", "ไทย", 3, 3],
    ["เก้า", "เก้า", 3, 4],
    ["น้ำใจ", "น้ำใจ", 3, 5],
    ["Latin", "Pryde", 5, 5],
    ["e + combining acute", "e\u0301", 1, 2],
    ["emoji with skin tone", "👍🏽", 1, 2],
    ["flag", "🇹🇭", 1, 2],
    ["empty", "", 0, 0],
  ])("given %s, should count %i characters (%i code points)", (_, text, graphemes, codePoints) => {
    expect(graphemeLength(text)).toBe(graphemes);
    expect([...text].length).toBe(codePoints);
    expect(splitGraphemes(text)).toHaveLength(graphemes);
  });
});

describe("truncateToGraphemes", () => {
  it.each([
    ["a Thai word cut after its first character", "น้ำใจ", 1, "น้ำ"],
    ["a word that fits", "น้ำใจ", 3, "น้ำใจ"],
    ["Latin", "SOMCHAI", 3, "SOM"],
    ["zero", "abc", 0, ""],
  ])("given %s, should keep %s", (_, text, max, expected) => {
    expect(truncateToGraphemes(text, max)).toBe(expected);
  });
});

describe("normalizeBannerText", () => {
  it.each([
    ["spaces around", "  SOMCHAI  ", "SOMCHAI"],
    ["a decomposed accent", "Cafe\u0301", "Café"],
    ["Thai", " สมชาย ", "สมชาย"],
  ])("given %s, should give %s", (_, text, expected) => {
    expect(normalizeBannerText(text)).toBe(expected);
  });
});

describe("checkBannerText", () => {
  it.each([
    ["a name within 25", "SOMCHAI JAIDEE", 25, { ok: true, length: 14 }],
    ["exactly 25", "x".repeat(25), 25, { ok: true, length: 25 }],
    ["26 over 25", "x".repeat(26), 25, { ok: false, reason: "too-long", length: 26 }],
    ["a number in the center", "10", 7, { ok: true, length: 2 }],
    ["7 Thai characters with marks (more code points than 7)", "น้ำ".repeat(7), 7, { ok: true, length: 7 }],
    ["8 Thai characters over 7", "น้ำ".repeat(8), 7, { ok: false, reason: "too-long", length: 8 }],
    ["สมศักดิ์ (5 characters, 8 code points) in the center", "สมศักดิ์", 7, { ok: true, length: 5 }],
    ["Thai digits and baht sign", "๑๒ ฿", 7, { ok: true, length: 4 }],
    ["Latin accents and punctuation", "Zoë-Léa “№1”", 25, { ok: true, length: 12 }],
    ["empty", "", 25, { ok: false, reason: "empty", length: 0 }],
    ["only spaces", "   ", 25, { ok: false, reason: "empty", length: 3 }],
    ["a new line", "A\nB", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a tab", "A\tB", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a NUL", "A\u0000B", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a zero-width space", "A\u200BB", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a right-to-left override", "A\u202EB", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a soft hyphen", "A\u00ADB", 25, { ok: false, reason: "control-character", length: 3 }],
    ["a lone surrogate", "A\uD800", 25, { ok: false, reason: "control-character", length: 2 }],
    ["a private-use character", "A\uE000", 25, { ok: false, reason: "control-character", length: 2 }],
    ["an emoji", "GO 👍", 25, { ok: false, reason: "unsupported-character", length: 4 }],
    ["Chinese", "中文", 25, { ok: false, reason: "unsupported-character", length: 2 }],
    ["stacked Thai tone marks", "ก่่่่", 25, { ok: false, reason: "stacked-marks", length: 1 }],
    ["stacked Latin accents (zalgo)", "e\u0301\u0301\u0301\u0301", 25, { ok: false, reason: "stacked-marks", length: 1 }],
  ])("given %s, should answer as expected", (_, text, max, expected) => {
    expect(checkBannerText(text, max)).toEqual(expected);
  });
});

describe("bannerLimit", () => {
  it.each([
    ["left without a product limit", "left", undefined, 25],
    ["center (the number) without a product limit", "center", undefined, 3],
    ["right with a smaller product limit", "right", 12, 12],
    ["center with a product limit above 3 digits", "center", 7, 3],
    ["center with a product limit of 2", "center", 2, 2],
    ["left with a nonsense product limit", "left", 0, 25],
  ] as const)("given %s, should be %i", (_, position, productMax, expected) => {
    expect(bannerLimit(position, productMax)).toBe(expected);
  });
});

describe("checkBannerValue", () => {
  it.each([
    ["center", "7", { ok: true, length: 1 }],
    ["center", "10", { ok: true, length: 2 }],
    ["center", "099", { ok: true, length: 3 }],
    ["center", "๑๐", { ok: true, length: 2 }],
    ["center", "1000", { ok: false, reason: "too-long", length: 4 }],
    ["center", "A", { ok: false, reason: "not-a-number", length: 1 }],
    ["center", "1O", { ok: false, reason: "not-a-number", length: 2 }],
    ["center", "-1", { ok: false, reason: "not-a-number", length: 2 }],
    ["center", "1.5", { ok: false, reason: "not-a-number", length: 3 }],
    ["center", "๑a", { ok: false, reason: "not-a-number", length: 2 }],
    ["center", " ", { ok: false, reason: "empty", length: 1 }],
    ["left", "SOMCHAI 10", { ok: true, length: 10 }],
    ["right", "น้ำใจ FC", { ok: true, length: 6 }],
  ] as const)("given %s %j, should be %j", (position, text, expected) => {
    expect(checkBannerValue(position, text, bannerLimit(position))).toEqual(expected);
  });
});
