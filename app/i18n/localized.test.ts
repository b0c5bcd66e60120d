import { describe, expect, it } from "vitest";

import { localized } from "./localized";

describe("localized", () => {
  const row = { nameEn: "Jersey", nameTh: "เสื้อ", noteEn: "Only English", noteTh: "", titleEn: null, titleTh: "หัวข้อ" };
  it.each([
    ["name", "en", "Jersey"],
    ["name", "th", "เสื้อ"],
    ["note", "th", "Only English"],
    ["note", "en", "Only English"],
    ["title", "en", "หัวข้อ"],
  ] as const)("%s in %s → %s", (field, locale, expected) => {
    expect(localized(row, field, locale)).toBe(expected);
  });
});
