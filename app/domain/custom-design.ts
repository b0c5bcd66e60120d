import { z } from "zod";

import { bannerLimit, type BannerTextProblem, checkBannerValue, graphemeLength, normalizeBannerText } from "./banner-text";
import {
  type BannerPosition,
  bannerPositions,
  designFontIds,
  designFontSizes,
  designNotesMaxLength,
  designSchemaVersion,
  type DesignSide,
  designSides,
  designTextColors,
  type GarmentSize,
  garmentSizes,
  maxDesignMillimetres,
  maxElementsPerSide,
  maxQuantityPerSize,
} from "./design-options";
import type { Satang } from "./money";
import { isInsidePrintArea, type PrintArea, printResolution } from "./print-area";

/**
 * The design a shopper submits (custom_designs.design_json). One Zod schema checks the shape on the
 * client (as the designer saves) and on the server (before anything is stored); then
 * `validateDesignAgainstProduct` checks it against the product's own data — options that exist,
 * banners the product offers, the print areas, the minimum quantity. The server never trusts a
 * price or a limit from the browser: both come from D1.
 *
 * Geometry is in millimetres on the garment (print-area.ts). An element's (x, y) is its unrotated
 * top-left corner; rotation is in degrees about its centre.
 */

/** A stored or posted design larger than this is not a design (a side holds at most 20 elements). */
export const maxDesignJsonBytes = 64 * 1024;

/** Keys the server makes for uploads: path segments of letters, digits, `-`, `_`, `.`; no `..`. */
const uploadKeyPattern = /^(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const elementIdPattern = /^[A-Za-z0-9_-]{1,40}$/;
/** Notes may have line breaks; no other control or invisible format characters. */
const notesForbidden = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\p{Cs}]/u;

const bannerTextSchema = z
  .strictObject({
    position: z.enum(bannerPositions),
    // 400 UTF-16 units bounds the work before graphemes are counted; the real limit is 25 / 7.
    text: z.string().max(400).overwrite(normalizeBannerText),
    fontId: z.literal(designFontIds),
    color: z.enum(designTextColors),
    fontSize: z.literal(designFontSizes),
  })
  .superRefine((value, context) => {
    const check = checkBannerValue(value.position, value.text, bannerLimit(value.position));
    if (!check.ok) {
      context.addIssue({ code: "custom", path: ["text"], message: check.reason, params: { reason: check.reason, length: check.length } });
    }
  });

const millimetres = z.number().min(-maxDesignMillimetres).max(maxDesignMillimetres);
const elementSchema = z.strictObject({
  id: z.string().regex(elementIdPattern),
  source: z.discriminatedUnion("kind", [
    z.strictObject({ kind: z.literal("preset"), presetImageId: z.int().positive() }),
    z.strictObject({ kind: z.literal("upload"), uploadKey: z.string().max(200).regex(uploadKeyPattern) }),
  ]),
  x: millimetres,
  y: millimetres,
  width: z.number().positive().max(maxDesignMillimetres),
  height: z.number().positive().max(maxDesignMillimetres),
  rotation: z.number().min(-360).max(360),
  /** Stacking order: higher is drawn later (on top); ties keep the array's order. */
  z: z.int().min(0).max(999),
  locked: z.boolean(),
});

const sideSchema = z.strictObject({
  texts: z.array(bannerTextSchema).max(bannerPositions.length),
  elements: z.array(elementSchema).max(maxElementsPerSide),
});

const quantity = z.int().min(0).max(maxQuantityPerSize);

export const customDesignSchema = z.strictObject({
  version: z.literal(designSchemaVersion),
  productId: z.int().positive(),
  /** One chosen option per attribute of the product. */
  options: z.array(z.strictObject({ attributeId: z.int().positive(), optionId: z.int().positive() })).max(50),
  sides: z.strictObject({ front: sideSchema, back: sideSchema }),
  quantities: z.strictObject({ s: quantity, m: quantity, l: quantity, xl: quantity }),
  notes: z
    .string()
    .max(designNotesMaxLength * 4)
    .overwrite((notes) => notes.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .refine((notes) => !notesForbidden.test(notes.replace(/[\n\t]/g, " ")), { message: "control-character" })
    .refine((notes) => graphemeLength(notes) <= designNotesMaxLength, { message: "too-long" }),
});

export type CustomDesign = z.infer<typeof customDesignSchema>;
export type DesignBannerText = CustomDesign["sides"]["front"]["texts"][number];
export type DesignElement = CustomDesign["sides"]["front"]["elements"][number];
export type DesignQuantities = CustomDesign["quantities"];

/** A new design for a product: nothing placed, nothing ordered yet. */
export function emptyDesign(productId: number): CustomDesign {
  return {
    version: designSchemaVersion,
    productId,
    options: [],
    sides: { front: { texts: [], elements: [] }, back: { texts: [], elements: [] } },
    quantities: { s: 0, m: 0, l: 0, xl: 0 },
    notes: "",
  };
}

/** What is wrong with a design, for the designer to point at and the server to refuse. */
export type DesignProblem =
  | { code: "invalid-json" }
  | { code: "design-too-large"; bytes: number }
  | { code: "invalid-design"; path: string; message: string }
  | { code: "unknown-font"; path: string }
  | { code: "unknown-colour"; path: string }
  | { code: "unknown-font-size"; path: string }
  | { code: "notes-invalid"; reason: string }
  | { code: "product-mismatch"; productId: number }
  | { code: "unknown-attribute"; attributeId: number }
  | { code: "duplicate-attribute"; attributeId: number }
  | { code: "unknown-option"; attributeId: number; optionId: number }
  | { code: "missing-option"; attributeId: number }
  | { code: "banner-not-offered"; side: DesignSide; position: BannerPosition }
  | { code: "duplicate-banner"; side: DesignSide; position: BannerPosition }
  | { code: "banner-text"; side: DesignSide; position: BannerPosition; reason: BannerTextProblem; length: number; maxLength: number }
  | { code: "too-many-elements"; side: DesignSide; count: number; max: number }
  | { code: "duplicate-element"; side: DesignSide; elementId: string }
  | { code: "no-print-area"; side: DesignSide; elementId: string }
  | { code: "outside-print-area"; side: DesignSide; elementId: string }
  | { code: "unknown-preset-image"; side: DesignSide; elementId: string; presetImageId: number }
  | { code: "unknown-upload"; side: DesignSide; elementId: string; uploadKey: string }
  | { code: "quantity-below-minimum"; total: number; minQuantity: number };

/** Worth telling the shopper, not a reason to refuse. */
export type DesignWarning = { code: "low-resolution"; side: DesignSide; elementId: string; dpi: number; neededPixels: { width: number; height: number } };

function issuePath(path: readonly PropertyKey[]): string {
  return path.map(String).join(".");
}

/** A Zod issue as a typed problem; `value` is the input, for the banner position beside a text. */
function problemFromIssue(issue: z.core.$ZodIssue, value: unknown): DesignProblem {
  const path = issuePath(issue.path);
  const last = issue.path[issue.path.length - 1];
  const [first, side, listName, index, field] = issue.path;
  if (issue.code === "custom" && first === "sides" && listName === "texts" && field === "text") {
    const params = (issue.params ?? {}) as { reason?: BannerTextProblem; length?: number };
    const position = readPath(value, ["sides", side, "texts", index, "position"]) as BannerPosition;
    return {
      code: "banner-text",
      side: side as DesignSide,
      position,
      reason: params.reason ?? "empty",
      length: params.length ?? 0,
      maxLength: bannerLimit(position),
    };
  }
  if (first === "sides" && listName === "elements" && issue.path.length === 3 && issue.code === "too_big") {
    const elements = readPath(value, ["sides", side, "elements"]);
    return { code: "too-many-elements", side: side as DesignSide, count: Array.isArray(elements) ? elements.length : 0, max: maxElementsPerSide };
  }
  if (last === "fontId") return { code: "unknown-font", path };
  if (last === "color") return { code: "unknown-colour", path };
  if (last === "fontSize") return { code: "unknown-font-size", path };
  if (first === "notes") return { code: "notes-invalid", reason: issue.code === "too_big" ? "too-long" : issue.message };
  return { code: "invalid-design", path, message: issue.message };
}

export type DesignParse = { ok: true; design: CustomDesign } | { ok: false; problems: DesignProblem[] };

/**
 * The design from a posted or stored JSON string (or an already parsed value), checked and
 * normalised (texts in NFC and trimmed). Unknown keys are refused: a design is exactly this shape.
 */
export function parseDesign(input: unknown): DesignParse {
  let value = input;
  if (typeof input === "string") {
    const bytes = new TextEncoder().encode(input).length;
    if (bytes > maxDesignJsonBytes) return { ok: false, problems: [{ code: "design-too-large", bytes }] };
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, problems: [{ code: "invalid-json" }] };
    }
  }
  const parsed = customDesignSchema.safeParse(value);
  if (parsed.success) return { ok: true, design: parsed.data };
  return { ok: false, problems: parsed.error.issues.map((issue) => problemFromIssue(issue, value)) };
}

function readPath(value: unknown, path: readonly (PropertyKey | undefined)[]): unknown {
  let current = value;
  for (const key of path) {
    if (key === undefined || current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/**
 * A custom product's rules as plain data, read from custom_products, custom_attributes,
 * custom_options, custom_banners and preset_images (active ones). A side without a print area
 * takes no images.
 */
export interface DesignProductRules {
  id: number;
  minQuantity: number;
  basePriceSatang: Satang;
  attributes: readonly { id: number; options: readonly { id: number; priceAddOnSatang: Satang }[] }[];
  banners: readonly { side: DesignSide; position: BannerPosition; maxLength: number }[];
  printAreas: Partial<Record<DesignSide, PrintArea>>;
  presetImageIds: readonly number[];
}

/** Pixel sizes of the uploads the server knows belong to this shopper, by key. */
export type KnownUploads = ReadonlyMap<string, { pixelWidth: number; pixelHeight: number }>;

export function totalQuantity(quantities: Readonly<Record<GarmentSize, number>>): number {
  return garmentSizes.reduce((total, size) => total + quantities[size], 0);
}

export type QuantityCheck = { ok: true; total: number } | { ok: false; total: number; minQuantity: number };

/** A team order needs at least the product's minimum in total over the sizes (and at least one garment). */
export function checkMinimumQuantity(quantities: Readonly<Record<GarmentSize, number>>, minQuantity: number): QuantityCheck {
  const total = totalQuantity(quantities);
  const minimum = Math.max(1, minQuantity);
  return total >= minimum ? { ok: true, total } : { ok: false, total, minQuantity: minimum };
}

export type DesignValidation = { ok: true; warnings: DesignWarning[] } | { ok: false; problems: DesignProblem[]; warnings: DesignWarning[] };

/**
 * Everything about a parsed design that depends on the product. `uploads`, when given (the server
 * always gives it), must hold every upload key the design uses — an upload of someone else, or
 * one that was never made, is refused — and provides the pixel sizes for the low-resolution warning.
 * `purpose: "draft"` skips the minimum quantity and the missing choices (a draft may be saved
 * before sizes and options are chosen).
 */
export function validateDesignAgainstProduct(
  design: CustomDesign,
  product: DesignProductRules,
  options: { uploads?: KnownUploads; purpose?: "draft" | "submit" } = {},
): DesignValidation {
  const problems: DesignProblem[] = [];
  const warnings: DesignWarning[] = [];

  if (design.productId !== product.id) problems.push({ code: "product-mismatch", productId: design.productId });

  const chosen = new Map<number, number>();
  for (const choice of design.options) {
    const attribute = product.attributes.find((candidate) => candidate.id === choice.attributeId);
    if (!attribute) {
      problems.push({ code: "unknown-attribute", attributeId: choice.attributeId });
      continue;
    }
    if (chosen.has(choice.attributeId)) {
      problems.push({ code: "duplicate-attribute", attributeId: choice.attributeId });
      continue;
    }
    chosen.set(choice.attributeId, choice.optionId);
    if (!attribute.options.some((option) => option.id === choice.optionId)) {
      problems.push({ code: "unknown-option", attributeId: choice.attributeId, optionId: choice.optionId });
    }
  }
  // A draft may be saved before every choice is made; an order needs them all.
  if (options.purpose !== "draft") {
    for (const attribute of product.attributes) {
      if (attribute.options.length > 0 && !chosen.has(attribute.id)) problems.push({ code: "missing-option", attributeId: attribute.id });
    }
  }

  const presetImageIds = new Set(product.presetImageIds);
  for (const side of designSides) {
    const { texts, elements } = design.sides[side];

    const seenPositions = new Set<BannerPosition>();
    for (const text of texts) {
      if (seenPositions.has(text.position)) {
        problems.push({ code: "duplicate-banner", side, position: text.position });
        continue;
      }
      seenPositions.add(text.position);
      const banner = product.banners.find((candidate) => candidate.side === side && candidate.position === text.position);
      if (!banner) {
        problems.push({ code: "banner-not-offered", side, position: text.position });
        continue;
      }
      const maxLength = bannerLimit(text.position, banner.maxLength);
      const check = checkBannerValue(text.position, text.text, maxLength);
      if (!check.ok) problems.push({ code: "banner-text", side, position: text.position, reason: check.reason, length: check.length, maxLength });
    }

    if (elements.length > maxElementsPerSide) problems.push({ code: "too-many-elements", side, count: elements.length, max: maxElementsPerSide });
    const area = product.printAreas[side];
    const seenElements = new Set<string>();
    for (const element of elements) {
      if (seenElements.has(element.id)) problems.push({ code: "duplicate-element", side, elementId: element.id });
      seenElements.add(element.id);

      if (element.source.kind === "preset" && !presetImageIds.has(element.source.presetImageId)) {
        problems.push({ code: "unknown-preset-image", side, elementId: element.id, presetImageId: element.source.presetImageId });
      }
      if (element.source.kind === "upload" && options.uploads) {
        const upload = options.uploads.get(element.source.uploadKey);
        if (!upload) {
          problems.push({ code: "unknown-upload", side, elementId: element.id, uploadKey: element.source.uploadKey });
        } else {
          const resolution = printResolution(upload, element);
          if (resolution.low)
            warnings.push({ code: "low-resolution", side, elementId: element.id, dpi: resolution.dpi, neededPixels: resolution.neededPixels });
        }
      }

      if (!area) problems.push({ code: "no-print-area", side, elementId: element.id });
      else if (!isInsidePrintArea(element, area)) problems.push({ code: "outside-print-area", side, elementId: element.id });
    }
  }

  if (options.purpose !== "draft") {
    const quantity = checkMinimumQuantity(design.quantities, product.minQuantity);
    if (!quantity.ok) problems.push({ code: "quantity-below-minimum", total: quantity.total, minQuantity: quantity.minQuantity });
  }

  return problems.length === 0 ? { ok: true, warnings } : { ok: false, problems, warnings };
}

/**
 * Parse and validate in one step: what the server does with a posted design, and what the designer
 * runs before it lets the shopper submit.
 */
export function checkDesign(
  input: unknown,
  product: DesignProductRules,
  options: { uploads?: KnownUploads; purpose?: "draft" | "submit" } = {},
): { ok: true; design: CustomDesign; warnings: DesignWarning[] } | { ok: false; problems: DesignProblem[]; warnings: DesignWarning[] } {
  const parsed = parseDesign(input);
  if (!parsed.ok) return { ok: false, problems: parsed.problems, warnings: [] };
  const validation = validateDesignAgainstProduct(parsed.design, product, options);
  return validation.ok ? { ok: true, design: parsed.design, warnings: validation.warnings } : validation;
}
