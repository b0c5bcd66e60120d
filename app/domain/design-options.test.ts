import { describe, expect, it } from "vitest";

import {
  bannerTextLimits,
  designFontById,
  designFontIds,
  designFonts,
  designFontSizes,
  designTextColorHex,
  designTextColors,
  garmentSizes,
  isBannerPosition,
  isDesignSide,
} from "./design-options";

// The values the database CHECKs in app/db/schema/custom.ts hold (custom_design_texts, custom_banners).
describe("design options", () => {
  it("should offer fonts 1–7 with unique keys and families", () => {
    expect(designFontIds).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(designFonts.map((font) => font.key)).size).toBe(7);
    expect(new Set(designFonts.map((font) => font.family)).size).toBe(7);
  });

  it.each([
    [1, "Kanit"],
    [5, "Chakra Petch"],
    [7, "Sriracha"],
  ])("given font %i, should find %s", (id, family) => {
    expect(designFontById(id)?.family).toBe(family);
  });

  it.each([0, 8, 1.5])("given font %s, should find none", (id) => {
    expect(designFontById(id)).toBeUndefined();
  });

  it("should offer font sizes 20 to 100 in steps of 10", () => {
    expect(designFontSizes).toEqual([20, 30, 40, 50, 60, 70, 80, 90, 100]);
  });

  it("should offer the spec's 7 colours, each with a #RRGGBB hex", () => {
    expect(designTextColors).toEqual(["white", "black", "grey", "red", "green", "blue", "yellow"]);
    for (const color of designTextColors) expect(designTextColorHex[color]).toMatch(/^#[0-9A-F]{6}$/);
  });

  it("should limit banners to 25 / 7 / 25 and offer sizes s, m, l, xl", () => {
    expect(bannerTextLimits).toEqual({ left: 25, center: 7, right: 25 });
    expect(garmentSizes).toEqual(["s", "m", "l", "xl"]);
  });

  it.each([
    ["front", true, false],
    ["back", true, false],
    ["center", false, true],
    ["top", false, false],
    [1, false, false],
  ])("given %s, should say side %s and position %s", (value, side, position) => {
    expect(isDesignSide(value)).toBe(side);
    expect(isBannerPosition(value)).toBe(position);
  });
});
