import { describe, expect, it } from "vitest";

import { bannerMaxLengthLimit, type BoxProblem, boxProblem, isBannerMaxLength, isBoxInsideMockup, isHexColour, isMockupSize } from "./custom-layout";

const mockup = { width: 600, height: 500 };

describe("boxProblem", () => {
  it.each<[string, { x: number; y: number; width: number; height: number }, BoxProblem | null]>([
    ["a box well inside", { x: 170, y: 150, width: 260, height: 300 }, null],
    ["the whole mockup", { x: 0, y: 0, width: 600, height: 500 }, null],
    ["touching the right and bottom edges", { x: 590, y: 490, width: 10, height: 10 }, null],
    ["the smallest box", { x: 0, y: 0, width: 10, height: 10 }, null],
    ["9 mm wide", { x: 0, y: 0, width: 9, height: 10 }, "tooSmall"],
    ["9 mm high", { x: 0, y: 0, width: 10, height: 9 }, "tooSmall"],
    ["zero size", { x: 10, y: 10, width: 0, height: 0 }, "tooSmall"],
    ["negative x", { x: -1, y: 0, width: 10, height: 10 }, "outsideMockup"],
    ["negative y", { x: 0, y: -1, width: 10, height: 10 }, "outsideMockup"],
    ["one millimetre past the right edge", { x: 591, y: 0, width: 10, height: 10 }, "outsideMockup"],
    ["one millimetre past the bottom edge", { x: 0, y: 491, width: 10, height: 10 }, "outsideMockup"],
    ["wider than the mockup", { x: 0, y: 0, width: 601, height: 10 }, "outsideMockup"],
    ["a fraction", { x: 0.5, y: 0, width: 10, height: 10 }, "notWhole"],
    ["not a number", { x: Number.NaN, y: 0, width: 10, height: 10 }, "notWhole"],
    ["infinite", { x: 0, y: 0, width: Number.POSITIVE_INFINITY, height: 10 }, "notWhole"],
  ])("%s", (_name, box, expected) => {
    expect(boxProblem(box, mockup)).toBe(expected);
    expect(isBoxInsideMockup(box, mockup)).toBe(expected === null);
  });
});

describe("isMockupSize", () => {
  it.each<[number, boolean]>([
    [100, true],
    [2000, true],
    [600, true],
    [99, false],
    [2001, false],
    [600.5, false],
    [Number.NaN, false],
  ])("%s → %s", (value, expected) => {
    expect(isMockupSize(value)).toBe(expected);
  });
});

describe("banner max length", () => {
  it.each<["left" | "center" | "right", number, boolean]>([
    ["left", 1, true],
    ["left", 25, true],
    ["left", 26, false],
    ["right", 25, true],
    ["right", 0, false],
    ["center", 7, true],
    ["center", 8, false],
    ["center", 1, true],
    ["center", 2.5, false],
  ])("%s %s → %s", (position, value, expected) => {
    expect(isBannerMaxLength(position, value)).toBe(expected);
  });

  it("follows the spec's 25 / 7 / 25", () => {
    expect([bannerMaxLengthLimit("left"), bannerMaxLengthLimit("center"), bannerMaxLengthLimit("right")]).toEqual([25, 7, 25]);
  });
});

describe("isHexColour", () => {
  it.each<[string, boolean]>([
    ["#FFD100", true],
    ["#1c4fd8", true],
    ["FFD100", false],
    ["#FFF", false],
    ["#GGGGGG", false],
    ["#FFD1000", false],
    ["", false],
  ])("%j → %s", (value, expected) => {
    expect(isHexColour(value)).toBe(expected);
  });
});
