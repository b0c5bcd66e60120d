import { describe, expect, it } from "vitest";

import { isInsidePrintArea } from "~/domain/print-area";

import {
  defaultFontSize,
  defaultTextStyle,
  fittedFontSize,
  fromNode,
  initialElementBox,
  isDarkColour,
  nextZoom,
  nudge,
  pinchZoom,
  pixelsPerMillimetre,
  placeInside,
  printPixels,
  toNode,
} from "./designer-geometry";

const area = { x: 170, y: 150, width: 260, height: 300 };

describe("designer geometry", () => {
  it("should scale the mockup's millimetres to the available width", () => {
    expect(pixelsPerMillimetre(390 - 32, 600)).toBeCloseTo(0.5967, 3);
    expect(pixelsPerMillimetre(5000, 600)).toBe(2);
    expect(pixelsPerMillimetre(0, 600)).toBe(1);
  });

  it("should step and pinch the zoom within its levels", () => {
    expect(nextZoom(1, "in")).toBe(1.5);
    expect(nextZoom(3, "in")).toBe(3);
    expect(nextZoom(1, "out")).toBe(1);
    expect(pinchZoom(1, 100, 250)).toBe(2.5);
    expect(pinchZoom(1, 100, 10)).toBe(1);
  });

  it("should size print images from millimetres and DPI", () => {
    expect(printPixels(260, 300)).toBe(3071);
    expect(printPixels(25.4, 150)).toBe(150);
  });

  it("should shrink a text only when it is wider than its box", () => {
    expect(fittedFontSize(100, 80, 100)).toBe(100);
    expect(fittedFontSize(100, 200, 100)).toBe(50);
    expect(defaultFontSize({ x: 0, y: 0, width: 110, height: 36 })).toBe(20);
    expect(defaultFontSize({ x: 0, y: 0, width: 100, height: 110 })).toBe(80);
  });

  it("should round-trip a box through Konva's centred node", () => {
    const box = { x: 200, y: 210, width: 40, height: 20, rotation: 30 };
    const node = toNode(box);
    expect(fromNode({ ...node, scaleX: 1, scaleY: 1 })).toEqual(box);
    expect(fromNode({ ...node, scaleX: 2, scaleY: 2, rotation: -90 })).toEqual({ x: 180, y: 200, width: 80, height: 40, rotation: 270 });
  });

  it("should keep dragged, nudged and new elements inside the print area", () => {
    const outside = placeInside({ x: 420, y: 440, width: 50, height: 50, rotation: 45 }, area);
    expect(isInsidePrintArea(outside, area)).toBe(true);
    const atEdge = { x: 170, y: 150, width: 50, height: 50, rotation: 0 };
    expect(nudge(atEdge, "ArrowLeft", area)).toEqual(atEdge);
    expect(nudge(atEdge, "ArrowRight", area)).toEqual({ ...atEdge, x: 171 });
    const fresh = initialElementBox(area, 1000, 500);
    expect(fresh.width).toBeCloseTo(104);
    expect(fresh.height).toBeCloseTo(52);
    expect(isInsidePrintArea(fresh, area)).toBe(true);
  });
});

describe("isDarkColour and the default text colour", () => {
  it.each([
    ["#1f2a44", true],
    ["#000000", true],
    ["#d7261e", true],
    ["#ffffff", false],
    ["#ffd100", false],
    ["not a colour", false],
    [null, false],
  ] as const)("given %s, should say dark: %s", (hex, dark) => {
    expect(isDarkColour(hex)).toBe(dark);
  });

  it("given a navy garment, should start texts in white; on a white one, in black", () => {
    const box = { x: 0, y: 0, width: 100, height: 40 };
    expect(defaultTextStyle(box, "#1f2a44").color).toBe("white");
    expect(defaultTextStyle(box, "#ffffff").color).toBe("black");
  });
});
