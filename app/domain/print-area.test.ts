import { describe, expect, it } from "vitest";

import { boundingBox, clampIntoPrintArea, isInsidePrintArea, type PlacedBox, type PrintArea, printResolution, rotatedCorners } from "./print-area";

// A chest print area of 300 × 400 mm starting at the side's origin.
const area: PrintArea = { x: 0, y: 0, width: 300, height: 400 };
const box = (x: number, y: number, width: number, height: number, rotation = 0): PlacedBox => ({ x, y, width, height, rotation });
/** A box of the given size whose centre is at (cx, cy). */
const centred = (cx: number, cy: number, width: number, height: number, rotation = 0) => box(cx - width / 2, cy - height / 2, width, height, rotation);
const diagonalSquare = 300 / Math.SQRT2; // turned 45°, exactly as wide as the area

describe("isInsidePrintArea", () => {
  it.each([
    ["an unrotated box well inside", box(10, 10, 100, 50), true],
    ["a box filling the area exactly", box(0, 0, 300, 400), true],
    ["a box 1 mm past the right edge", box(201, 0, 100, 50), false],
    ["a box 1 mm past the bottom edge", box(0, 351, 100, 50), false],
    ["a box starting left of the area", box(-0.5, 10, 100, 50), false],
    ["a box 0.0000001 mm past the edge (rounding noise)", box(200.0000001, 0, 100, 50), true],
    ["a long bar across, unrotated, wider than the area", centred(150, 200, 380, 100), false],
    ["the same bar turned 90°", centred(150, 200, 380, 100, 90), true],
    ["the same bar turned -90°", centred(150, 200, 380, 100, -90), true],
    ["the same bar turned 270°", centred(150, 200, 380, 100, 270), true],
    ["the same bar turned 450° (= 90°)", centred(150, 200, 380, 100, 450), true],
    ["the same bar turned 180° (= 0°)", centred(150, 200, 380, 100, 180), false],
    ["the same bar turned 360° (= 0°)", centred(150, 200, 380, 100, 360), false],
    ["a square in the top-left corner, unrotated", box(0, 0, 100, 100), true],
    ["the same square turned 45° (its corners poke out)", box(0, 0, 100, 100, 45), false],
    ["the same square turned 90° (same outline)", box(0, 0, 100, 100, 90), true],
    ["a 45° square exactly as wide as the area", centred(150, 200, diagonalSquare, diagonalSquare, 45), true],
    ["a 45° square 1 mm wider than that", centred(150, 200, diagonalSquare + 1, diagonalSquare + 1, 45), false],
    ["a box turned 30° near the right edge", centred(250, 200, 80, 20, 30), true],
    ["a box turned 30° touching past the right edge", centred(270, 200, 80, 20, 30), false],
  ])("given %s, should answer %s", (_, placed, expected) => {
    expect(isInsidePrintArea(placed, area)).toBe(expected);
  });

  it("given a print area that does not start at the origin, should use its offset", () => {
    const offsetArea = { x: 50, y: 80, width: 200, height: 250 };
    expect(isInsidePrintArea(box(50, 80, 200, 250), offsetArea)).toBe(true);
    expect(isInsidePrintArea(box(0, 80, 100, 100), offsetArea)).toBe(false);
  });
});

describe("rotatedCorners and boundingBox", () => {
  it("given a 90° turn, should give exact corners (no 6e-17 noise)", () => {
    expect(rotatedCorners(centred(0, 0, 4, 2, 90))).toEqual([
      { x: 1, y: -2 },
      { x: 1, y: 2 },
      { x: -1, y: 2 },
      { x: -1, y: -2 },
    ]);
  });

  it.each([
    ["0°", 0, 4, 2],
    ["90°", 90, 2, 4],
    ["-270°", -270, 2, 4],
    ["180°", 180, 4, 2],
  ])("given a 4 × 2 box turned %s, should have a %i × %i outline", (_, rotation, width, height) => {
    const bounds = boundingBox(centred(10, 10, 4, 2, rotation));
    expect(bounds).toEqual({ x: 10 - width / 2, y: 10 - height / 2, width, height });
  });

  it("given a 45° turn, should have the corners' extent as its outline", () => {
    const placed = centred(0, 0, 2, 2, 45);
    const corners = rotatedCorners(placed);
    const bounds = boundingBox(placed);
    expect(Math.min(...corners.map((corner) => corner.x))).toBeCloseTo(bounds.x, 12);
    expect(bounds.width).toBeCloseTo(2 * Math.SQRT2, 12);
  });
});

describe("clampIntoPrintArea", () => {
  it.each([
    ["a box already inside", box(10, 10, 100, 50), box(10, 10, 100, 50), "none"],
    ["a box dragged 50 mm past the right edge", box(250, 10, 100, 50), box(200, 10, 100, 50), "moved"],
    ["a box dragged past the top-left corner", box(-30, -5, 100, 50), box(0, 0, 100, 50), "moved"],
    ["a box dragged past the bottom", box(10, 390, 100, 50), box(10, 350, 100, 50), "moved"],
    ["a bar turned 90° past the left edge (its outline is 20 wide)", centred(5, 200, 200, 20, 90), centred(10, 200, 200, 20, 90), "moved"],
    ["a box twice as wide as the area", box(0, 0, 600, 200), box(0, 50, 300, 100), "scaled"],
    ["a box taller than the area (scaled about its centre)", box(0, 0, 100, 800), box(25, 0, 50, 400), "scaled"],
  ] as const)("given %s, should move or scale it back inside", (_, placed, expected, change) => {
    const result = clampIntoPrintArea(placed, area);
    expect(result.change).toBe(change);
    expect(result.box.x).toBeCloseTo(expected.x, 9);
    expect(result.box.y).toBeCloseTo(expected.y, 9);
    expect(result.box.width).toBeCloseTo(expected.width, 9);
    expect(result.box.height).toBeCloseTo(expected.height, 9);
    expect(result.box.rotation).toBe(expected.rotation);
    expect(isInsidePrintArea(result.box, area)).toBe(true);
  });

  it("given a square too big once turned 45°, should scale it to fit across the area", () => {
    const result = clampIntoPrintArea(centred(150, 200, 400, 400, 45), area);
    expect(result.change).toBe("scaled");
    expect(result.box.width).toBeCloseTo(diagonalSquare, 9);
    expect(result.box.rotation).toBe(45);
    expect(isInsidePrintArea(result.box, area)).toBe(true);
  });

  // Many placements a drag can produce: whatever goes in comes out inside, same rotation and aspect.
  const placements: PlacedBox[] = [];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  for (let index = 0; index < 200; index += 1) {
    placements.push(box(next() * 900 - 300, next() * 1200 - 400, 1 + next() * 500, 1 + next() * 500, Math.round(next() * 720 - 360)));
  }
  it.each(placements.map((placed) => [placed]))("given %o, should come out inside with the same rotation and aspect", (placed) => {
    const { box: clamped, change } = clampIntoPrintArea(placed, area);
    expect(isInsidePrintArea(clamped, area)).toBe(true);
    expect(clamped.rotation).toBe(placed.rotation);
    expect(clamped.width / clamped.height).toBeCloseTo(placed.width / placed.height, 9);
    if (change !== "scaled") expect([clamped.width, clamped.height]).toEqual([placed.width, placed.height]);
  });

  it("given an empty print area, should throw (a product set up wrongly)", () => {
    expect(() => clampIntoPrintArea(box(0, 0, 10, 10), { x: 0, y: 0, width: 0, height: 100 })).toThrow(RangeError);
  });
});

describe("printResolution", () => {
  it.each([
    ["1500 px over 10 inches", { pixelWidth: 1500, pixelHeight: 1500 }, { width: 254, height: 254 }, { dpi: 150, low: false }],
    ["1499 px over 10 inches", { pixelWidth: 1499, pixelHeight: 1500 }, { width: 254, height: 254 }, { dpi: 149, low: true }],
    ["a 600 px logo printed 10 cm wide", { pixelWidth: 600, pixelHeight: 600 }, { width: 100, height: 100 }, { dpi: 152, low: false }],
    ["a 300 px phone screenshot printed 20 cm wide", { pixelWidth: 300, pixelHeight: 300 }, { width: 200, height: 200 }, { dpi: 38, low: true }],
    ["an image stretched (sharp across, blurry down)", { pixelWidth: 3000, pixelHeight: 1000 }, { width: 254, height: 254 }, { dpi: 100, low: true }],
  ])("given %s, should answer %o", (_, image, printed, expected) => {
    expect(printResolution(image, printed)).toMatchObject(expected);
  });

  it("given a 100 mm square, should need 591 pixels each way at 150 DPI", () => {
    expect(printResolution({ pixelWidth: 10, pixelHeight: 10 }, { width: 100, height: 100 }).neededPixels).toEqual({ width: 591, height: 591 });
  });

  it("given a lower target, should judge against it", () => {
    expect(printResolution({ pixelWidth: 1000, pixelHeight: 1000 }, { width: 254, height: 254 }, 100).low).toBe(false);
  });

  it("given a zero printed size, should throw", () => {
    expect(() => printResolution({ pixelWidth: 10, pixelHeight: 10 }, { width: 0, height: 10 })).toThrow(RangeError);
  });
});
