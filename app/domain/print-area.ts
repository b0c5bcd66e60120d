import { targetPrintDpi } from "./design-options";

/**
 * Geometry of placed images on a garment side. All lengths are millimetres in the side's own
 * coordinate system (origin top-left of the side's mockup, y downwards — the canvas convention).
 * An element is a rectangle whose unrotated top-left corner is (x, y), turned by `rotation`
 * degrees clockwise about its centre; in Konva that is a node at the centre with
 * offset = (width / 2, height / 2). The print area is an axis-aligned rectangle per side.
 */

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedBox extends Rect {
  /** Degrees, clockwise, about the centre. Any finite value; 360 is the same as 0. */
  rotation: number;
}

export type PrintArea = Rect;

export interface Point {
  x: number;
  y: number;
}

/** Rounding noise allowed at the print area's edges (a millionth of a millimetre). */
export const containmentTolerance = 1e-6;

/** cos and sin of a rotation in degrees; exact at multiples of 90° (Math.cos(π/2) is 6e-17, not 0). */
function cosSin(rotation: number): [number, number] {
  const turned = ((rotation % 360) + 360) % 360;
  if (turned === 0) return [1, 0];
  if (turned === 90) return [0, 1];
  if (turned === 180) return [-1, 0];
  if (turned === 270) return [0, -1];
  const radians = (turned * Math.PI) / 180;
  return [Math.cos(radians), Math.sin(radians)];
}

export function centreOf(box: Rect): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The four corners of the turned rectangle, clockwise from the (unrotated) top-left. */
export function rotatedCorners(box: PlacedBox): Point[] {
  const [cos, sin] = cosSin(box.rotation);
  const centre = centreOf(box);
  const halfWidth = box.width / 2;
  const halfHeight = box.height / 2;
  const offsets: [number, number][] = [
    [-halfWidth, -halfHeight],
    [halfWidth, -halfHeight],
    [halfWidth, halfHeight],
    [-halfWidth, halfHeight],
  ];
  return offsets.map(([dx, dy]) => ({ x: centre.x + dx * cos - dy * sin, y: centre.y + dx * sin + dy * cos }));
}

/** The axis-aligned box around the turned rectangle. */
export function boundingBox(box: PlacedBox): Rect {
  const [cos, sin] = cosSin(box.rotation);
  const width = Math.abs(box.width * cos) + Math.abs(box.height * sin);
  const height = Math.abs(box.width * sin) + Math.abs(box.height * cos);
  const centre = centreOf(box);
  return { x: centre.x - width / 2, y: centre.y - height / 2, width, height };
}

/**
 * Whether every point of the turned rectangle lies inside the print area. A rectangle is inside a
 * convex area exactly when its corners are, and for an axis-aligned area that is its bounding box.
 */
export function isInsidePrintArea(box: PlacedBox, area: PrintArea): boolean {
  const bounds = boundingBox(box);
  return (
    bounds.x >= area.x - containmentTolerance &&
    bounds.y >= area.y - containmentTolerance &&
    bounds.x + bounds.width <= area.x + area.width + containmentTolerance &&
    bounds.y + bounds.height <= area.y + area.height + containmentTolerance
  );
}

export type ClampChange = "none" | "moved" | "scaled";

/**
 * The designer's drag and transform handler: the nearest placement inside the print area. The
 * element keeps its size and rotation and is moved the shortest way back inside; only when its
 * turned outline is larger than the area is it scaled down (about its centre, keeping its aspect
 * ratio) to fit, then moved.
 */
export function clampIntoPrintArea(box: PlacedBox, area: PrintArea): { box: PlacedBox; change: ClampChange } {
  if (!(area.width > 0 && area.height > 0)) throw new RangeError("A print area needs a positive width and height");
  if (isInsidePrintArea(box, area)) return { box, change: "none" };

  let { width, height } = box;
  let change: ClampChange = "moved";
  const bounds = boundingBox(box);
  const scale = Math.min(1, area.width / bounds.width, area.height / bounds.height);
  if (scale < 1) {
    width *= scale;
    height *= scale;
    change = "scaled";
  }
  const halfBoundsWidth = (bounds.width * scale) / 2;
  const halfBoundsHeight = (bounds.height * scale) / 2;
  const centre = centreOf(box);
  const clampAxis = (value: number, start: number, length: number, half: number) => {
    const low = start + half;
    const high = start + length - half;
    return low >= high ? start + length / 2 : Math.min(Math.max(value, low), high);
  };
  const centreX = clampAxis(centre.x, area.x, area.width, halfBoundsWidth);
  const centreY = clampAxis(centre.y, area.y, area.height, halfBoundsHeight);
  return { box: { x: centreX - width / 2, y: centreY - height / 2, width, height, rotation: box.rotation }, change };
}

export const millimetresPerInch = 25.4;

export interface PrintResolution {
  /** The image's pixels per inch at this printed size (the lower of the two directions), rounded down. */
  dpi: number;
  /** Below the target: the designer warns that the print may look blurry. */
  low: boolean;
  /** The pixel size that would reach the target at this printed size. */
  neededPixels: { width: number; height: number };
}

/**
 * How sharp an upload prints: its pixels spread over the element's printed size (rotation does not
 * change it). A stretched image is judged by its worse direction.
 */
export function printResolution(
  image: { pixelWidth: number; pixelHeight: number },
  printed: { width: number; height: number },
  targetDpi: number = targetPrintDpi,
): PrintResolution {
  if (!(printed.width > 0 && printed.height > 0)) throw new RangeError("A printed size must be positive");
  const widthInches = printed.width / millimetresPerInch;
  const heightInches = printed.height / millimetresPerInch;
  const exact = Math.min(image.pixelWidth / widthInches, image.pixelHeight / heightInches);
  const dpi = Math.floor(exact + 1e-9);
  return {
    dpi,
    low: exact + 1e-9 < targetDpi,
    neededPixels: { width: Math.ceil(widthInches * targetDpi - 1e-9), height: Math.ceil(heightInches * targetDpi - 1e-9) },
  };
}
