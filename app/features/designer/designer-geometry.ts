import { type DesignFontSize, designFontSizes } from "~/domain/design-options";
import { clampIntoPrintArea, millimetresPerInch, type PlacedBox, type PrintArea, type Rect } from "~/domain/print-area";

import type { TextStyle } from "./designer-state";

/**
 * Pure geometry of the designer's canvas. The canvas draws in millimetres (ADR 0015): the Konva
 * stage is scaled by pixels-per-millimetre × zoom, so every node, banner box and print area keeps
 * the design's own numbers.
 */

export const zoomLevels = [1, 1.5, 2, 3] as const;

/** Pixels per millimetre that fit the mockup's width into the available width (never upscaled past 2). */
export function pixelsPerMillimetre(availableWidthPx: number, mockupWidthMm: number): number {
  if (!(availableWidthPx > 0 && mockupWidthMm > 0)) return 1;
  return Math.min(2, availableWidthPx / mockupWidthMm);
}

export function nextZoom(current: number, direction: "in" | "out"): number {
  const index = zoomLevels.findIndex((level) => level >= current - 1e-9);
  const at = index < 0 ? zoomLevels.length - 1 : index;
  const next = direction === "in" ? Math.min(zoomLevels.length - 1, at + 1) : Math.max(0, at - 1);
  return zoomLevels[next]!;
}

/** A pinch's zoom: the starting zoom times the finger spread ratio, kept between the first and last level. */
export function pinchZoom(startZoom: number, startDistance: number, distance: number): number {
  if (!(startDistance > 0)) return startZoom;
  const highest = zoomLevels[zoomLevels.length - 1] ?? 1;
  return Math.min(highest, Math.max(zoomLevels[0], (startZoom * distance) / startDistance));
}

/** Pixels of an image printed `millimetres` long at `dpi` (the print images' size). */
export function printPixels(millimetres: number, dpi: number): number {
  return Math.max(1, Math.round((millimetres / millimetresPerInch) * dpi));
}

/**
 * The font size a banner text is drawn at, in millimetres of em height on the garment: the chosen
 * size, shrunk so that the text's measured width fits the banner box's width. `measuredWidth` is
 * the text's width at `fontSize` (any unit, as long as it is the box width's unit at that size).
 */
export function fittedFontSize(fontSize: number, measuredWidth: number, boxWidth: number): number {
  if (!(measuredWidth > 0) || measuredWidth <= boxWidth) return fontSize;
  return (fontSize * boxWidth) / measuredWidth;
}

/** The largest offered font size (mm) that fits 80 % of a banner box's height: a sensible default. */
export function defaultFontSize(box: Rect): DesignFontSize {
  const fitting = designFontSizes.filter((size) => size <= box.height * 0.8);
  return fitting[fitting.length - 1] ?? designFontSizes[0];
}

/** Whether a #RRGGBB garment colour is dark (relative luminance below one half): light text reads on it. */
export function isDarkColour(hex: string | null): boolean {
  const match = hex ? /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) : null;
  if (!match) return false;
  const [r, g, b] = match.slice(1).map((part) => {
    const channel = parseInt(part, 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b < 0.5;
}

/** A new text's style: white on a dark garment, black on a light one; the largest size that fits. */
export function defaultTextStyle(box: Rect, garmentHex: string | null = null): TextStyle {
  return { fontId: 1, color: isDarkColour(garmentHex) ? "white" : "black", fontSize: defaultFontSize(box) };
}

/** Konva's node for an element: positioned at its centre, offset by half its size (ADR 0015). */
export function toNode(box: PlacedBox): { x: number; y: number; offsetX: number; offsetY: number; width: number; height: number; rotation: number } {
  return {
    x: box.x + box.width / 2,
    y: box.y + box.height / 2,
    offsetX: box.width / 2,
    offsetY: box.height / 2,
    width: box.width,
    height: box.height,
    rotation: box.rotation,
  };
}

/**
 * The element's box from a Konva node after a drag or a transform: the node's centre, its
 * size times the scale the Transformer left on it, and its rotation (−360…360).
 */
export function fromNode(node: { x: number; y: number; width: number; height: number; scaleX: number; scaleY: number; rotation: number }): PlacedBox {
  const width = Math.abs(node.width * node.scaleX);
  const height = Math.abs(node.height * node.scaleY);
  const rotation = ((node.rotation % 360) + 360) % 360;
  return { x: node.x - width / 2, y: node.y - height / 2, width, height, rotation: Math.round(rotation * 100) / 100 };
}

/** Rounds to a hundredth of a millimetre (keeps the JSON small; far below print precision). */
function round(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Every drag, transform and nudge ends here: the placement kept inside the print area. */
export function placeInside(box: PlacedBox, area: PrintArea): PlacedBox {
  const clamped = clampIntoPrintArea(box, area).box;
  const rounded = { x: round(clamped.x), y: round(clamped.y), width: round(clamped.width), height: round(clamped.height), rotation: clamped.rotation };
  // Rounding may nudge an edge a hundredth outside; clamp once more (moves only).
  return clampIntoPrintArea(rounded, area).box;
}

/** An arrow key moves the element 1 mm, kept inside. */
export function nudge(box: PlacedBox, key: "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown", area: PrintArea): PlacedBox {
  const dx = key === "ArrowLeft" ? -1 : key === "ArrowRight" ? 1 : 0;
  const dy = key === "ArrowUp" ? -1 : key === "ArrowDown" ? 1 : 0;
  return placeInside({ ...box, x: box.x + dx, y: box.y + dy }, area);
}

/** A new image: 40 % of the print area's width (aspect kept, fitting its height), centred in it. */
export function initialElementBox(area: PrintArea, pixelWidth: number, pixelHeight: number): PlacedBox {
  const aspect = pixelWidth > 0 && pixelHeight > 0 ? pixelHeight / pixelWidth : 1;
  let width = area.width * 0.4;
  let height = width * aspect;
  if (height > area.height * 0.6) {
    height = area.height * 0.6;
    width = height / aspect;
  }
  return placeInside({ x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width, height, rotation: 0 }, area);
}
