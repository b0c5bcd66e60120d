import { describe, expect, it } from "vitest";

import { isValidSlug, slugFromName } from "./slug";

describe("slugFromName", () => {
  it.each([
    ["Classic Tee", "classic-tee"],
    ["  Café  Crème  ", "cafe-creme"],
    ["Shorts (Men's) — 2026!", "shorts-men-s-2026"],
    ["เสื้อยืด", ""],
    ["เสื้อ Pryde Tee", "pryde-tee"],
    ["", ""],
    ["a".repeat(79) + " bcd", "a".repeat(79)],
  ])("given %j, should suggest %j", (name, expected) => {
    expect(slugFromName(name)).toBe(expected);
    if (expected) expect(isValidSlug(expected)).toBe(true);
  });
});

describe("isValidSlug", () => {
  it.each([
    ["classic-tee", true],
    ["tee2026", true],
    ["Classic-Tee", false],
    ["classic--tee", false],
    ["-tee", false],
    ["tee-", false],
    ["tee shirt", false],
    ["เสื้อ", false],
    ["", false],
    ["a".repeat(80), true],
    ["a".repeat(81), false],
  ])("given %j, should answer %s", (slug, expected) => {
    expect(isValidSlug(slug)).toBe(expected);
  });
});
