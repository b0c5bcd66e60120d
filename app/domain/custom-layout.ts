import { type BannerPosition, bannerTextLimits } from "./design-options";
import type { Rect } from "./print-area";

/**
 * The back office's rules for laying out a custom product (issue 6 item 6): the mockup's real size,
 * and the boxes drawn on it — the print area of each side and each banner's text box — all whole
 * millimetres with the origin at the mockup's top-left corner (ADR 0015). The database CHECKs say
 * only "x, y ≥ 0 and at least 10 mm"; that a box lies inside the mockup is decided here.
 */
export const mockupMillimetres = { min: 100, max: 2000 } as const;
/** The smallest side of a print area or a banner box (the schema's CHECK). */
export const minimumBoxMillimetres = 10;

export type BoxProblem = "notWhole" | "tooSmall" | "outsideMockup";

export interface MockupSize {
  width: number;
  height: number;
}

export function isMockupSize(value: number): boolean {
  return Number.isInteger(value) && value >= mockupMillimetres.min && value <= mockupMillimetres.max;
}

/** Why a box cannot be drawn on the mockup, or null when it can. */
export function boxProblem(box: Rect, mockup: MockupSize): BoxProblem | null {
  if (![box.x, box.y, box.width, box.height].every(Number.isInteger)) return "notWhole";
  if (box.width < minimumBoxMillimetres || box.height < minimumBoxMillimetres) return "tooSmall";
  if (box.x < 0 || box.y < 0 || box.x + box.width > mockup.width || box.y + box.height > mockup.height) return "outsideMockup";
  return null;
}

export function isBoxInsideMockup(box: Rect, mockup: MockupSize): boolean {
  return boxProblem(box, mockup) === null;
}

/** The longest text a banner at this position may allow (spec §5/§9: 25 / 7 / 25). */
export function bannerMaxLengthLimit(position: BannerPosition): number {
  return bannerTextLimits[position];
}

export function isBannerMaxLength(position: BannerPosition, value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= bannerMaxLengthLimit(position);
}

/** An option's swatch colour: "#RRGGBB" (stored upper-case). */
export function isHexColour(value: string): boolean {
  return /^#[0-9a-fA-F]{6}$/.test(value);
}
