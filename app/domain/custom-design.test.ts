import { describe, expect, it } from "vitest";

import {
  checkDesign,
  checkMinimumQuantity,
  type CustomDesign,
  type DesignElement,
  type DesignProductRules,
  emptyDesign,
  parseDesign,
  validateDesignAgainstProduct,
} from "./custom-design";
import { satang } from "./money";

// A jersey: pattern (1) and collar (2); a number on the front (≤ 3), name/number/sponsor on the back.
const product: DesignProductRules = {
  id: 5,
  minQuantity: 10,
  basePriceSatang: satang(35000),
  attributes: [
    {
      id: 1,
      options: [
        { id: 11, priceAddOnSatang: satang(0) },
        { id: 12, priceAddOnSatang: satang(5000) },
      ],
    },
    {
      id: 2,
      options: [
        { id: 21, priceAddOnSatang: satang(0) },
        { id: 22, priceAddOnSatang: satang(8000) },
      ],
    },
  ],
  banners: [
    { side: "front", position: "center", maxLength: 3 },
    { side: "back", position: "left", maxLength: 25 },
    { side: "back", position: "center", maxLength: 7 },
    { side: "back", position: "right", maxLength: 12 },
  ],
  printAreas: { front: { x: 50, y: 60, width: 300, height: 400 }, back: { x: 50, y: 60, width: 300, height: 450 } },
  presetImageIds: [100, 101],
};

const logo: DesignElement = {
  id: "logo-1",
  source: { kind: "preset", presetImageId: 100 },
  x: 60,
  y: 70,
  width: 80,
  height: 80,
  rotation: 0,
  z: 1,
  locked: false,
};
const upload: DesignElement = {
  id: "upload-1",
  source: { kind: "upload", uploadKey: "private/custom-uploads/7-abc123.png" },
  x: 100,
  y: 300,
  width: 100,
  height: 50,
  rotation: 15,
  z: 2,
  locked: true,
};

const validDesign: CustomDesign = {
  version: 1,
  productId: 5,
  options: [
    { attributeId: 1, optionId: 12 },
    { attributeId: 2, optionId: 21 },
  ],
  sides: {
    front: { texts: [{ position: "center", text: "10", fontId: 5, color: "white", fontSize: 100 }], elements: [logo] },
    back: {
      texts: [
        { position: "left", text: "SOMCHAI", fontId: 1, color: "yellow", fontSize: 40 },
        { position: "center", text: "๑๐", fontId: 5, color: "white", fontSize: 100 },
        { position: "right", text: "น้ำใจ FC", fontId: 7, color: "red", fontSize: 30 },
      ],
      elements: [upload],
    },
  },
  quantities: { s: 2, m: 5, l: 3, xl: 0 },
  notes: "Names in capitals, please.\nSponsor logo is ours.",
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a tampered design may change any part of the JSON
type Tampered = Record<string, any>;

/** The valid design with one change, as a tampered or mistaken submission would make it. */
function changed(change: (design: Tampered) => void): Tampered {
  const copy = structuredClone(validDesign) as Tampered;
  change(copy);
  return copy;
}

describe("parseDesign", () => {
  it("given a valid design, should accept it unchanged", () => {
    expect(parseDesign(validDesign)).toEqual({ ok: true, design: validDesign });
  });

  it("given the design as JSON text, should accept it", () => {
    expect(parseDesign(JSON.stringify(validDesign))).toEqual({ ok: true, design: validDesign });
  });

  it("given texts with spaces and decomposed accents, should store them trimmed and in NFC", () => {
    const result = parseDesign(changed((design) => (design.sides.back.texts[0].text = "  Jose\u0301  ")));
    expect(result.ok && result.design.sides.back.texts[0]?.text).toBe("José");
  });

  it("given notes with Windows line breaks, should keep them as \\n", () => {
    const result = parseDesign(changed((design) => (design.notes = " one\r\ntwo\ttabbed ")));
    expect(result.ok && result.design.notes).toBe("one\ntwo\ttabbed");
  });

  it("given an empty design, should accept it", () => {
    expect(parseDesign(emptyDesign(5)).ok).toBe(true);
  });

  it.each([
    ["text that is not JSON", "{not json", { code: "invalid-json" }],
    ["a JSON text over 64 KiB", JSON.stringify({ ...validDesign, notes: "x".repeat(70_000) }), { code: "design-too-large" }],
    ["null", null, { code: "invalid-design", path: "" }],
    ["an array", [], { code: "invalid-design", path: "" }],
    ["a price slipped in at the top", changed((design) => (design.unitPriceSatang = 1)), { code: "invalid-design", path: "" }],
    [
      "an extra key in an element",
      changed((design) => (design.sides.front.elements[0].href = "javascript:alert(1)")),
      { code: "invalid-design", path: "sides.front.elements.0" },
    ],
    ["a third side", changed((design) => (design.sides.sleeve = { texts: [], elements: [] })), { code: "invalid-design", path: "sides" }],
    ["a missing side", changed((design) => delete design.sides.back), { code: "invalid-design", path: "sides.back" }],
    ["another schema version", changed((design) => (design.version = 2)), { code: "invalid-design", path: "version" }],
    ["product id 0", changed((design) => (design.productId = 0)), { code: "invalid-design", path: "productId" }],
    ["a product id as text", changed((design) => (design.productId = "5")), { code: "invalid-design", path: "productId" }],
    ["an option id that is not whole", changed((design) => (design.options[0].optionId = 1.5)), { code: "invalid-design", path: "options.0.optionId" }],
    ["font 8", changed((design) => (design.sides.front.texts[0].fontId = 8)), { code: "unknown-font", path: "sides.front.texts.0.fontId" }],
    ["font 0", changed((design) => (design.sides.front.texts[0].fontId = 0)), { code: "unknown-font", path: "sides.front.texts.0.fontId" }],
    ["a font id as text", changed((design) => (design.sides.front.texts[0].fontId = "1")), { code: "unknown-font", path: "sides.front.texts.0.fontId" }],
    ["a font by name", changed((design) => (design.sides.front.texts[0].fontId = "Comic Sans")), { code: "unknown-font", path: "sides.front.texts.0.fontId" }],
    ["colour pink", changed((design) => (design.sides.back.texts[1].color = "pink")), { code: "unknown-colour", path: "sides.back.texts.1.color" }],
    ["a colour as hex", changed((design) => (design.sides.back.texts[1].color = "#FF00FF")), { code: "unknown-colour", path: "sides.back.texts.1.color" }],
    [
      "font size 25 (not a step of 10)",
      changed((design) => (design.sides.back.texts[0].fontSize = 25)),
      { code: "unknown-font-size", path: "sides.back.texts.0.fontSize" },
    ],
    ["font size 110", changed((design) => (design.sides.back.texts[0].fontSize = 110)), { code: "unknown-font-size", path: "sides.back.texts.0.fontSize" }],
    ["font size 10", changed((design) => (design.sides.back.texts[0].fontSize = 10)), { code: "unknown-font-size", path: "sides.back.texts.0.fontSize" }],
    ["position top", changed((design) => (design.sides.back.texts[0].position = "top")), { code: "invalid-design", path: "sides.back.texts.0.position" }],
    [
      "26 characters on the left",
      changed((design) => (design.sides.back.texts[0].text = "A".repeat(26))),
      { code: "banner-text", side: "back", position: "left", reason: "too-long", length: 26, maxLength: 25 },
    ],
    [
      "Thai letters in the number (center)",
      changed((design) => (design.sides.back.texts[1].text = "น้ำ".repeat(2))),
      { code: "banner-text", side: "back", position: "center", reason: "not-a-number", length: 2, maxLength: 3 },
    ],
    [
      "letters in the number",
      changed((design) => (design.sides.back.texts[1].text = "1O")),
      { code: "banner-text", side: "back", position: "center", reason: "not-a-number", length: 2, maxLength: 3 },
    ],
    [
      "a signed number",
      changed((design) => (design.sides.back.texts[1].text = "-7")),
      { code: "banner-text", side: "back", position: "center", reason: "not-a-number", length: 2, maxLength: 3 },
    ],
    [
      "a spaced number",
      changed((design) => (design.sides.back.texts[1].text = "1 0")),
      { code: "banner-text", side: "back", position: "center", reason: "not-a-number", length: 3, maxLength: 3 },
    ],
    [
      "four digits in the number",
      changed((design) => (design.sides.back.texts[1].text = "1000")),
      { code: "banner-text", side: "back", position: "center", reason: "too-long", length: 4, maxLength: 3 },
    ],
    [
      "a new line in a banner",
      changed((design) => (design.sides.back.texts[0].text = "SOM\nCHAI")),
      { code: "banner-text", side: "back", position: "left", reason: "control-character" },
    ],
    [
      "a zero-width joiner in a banner",
      changed((design) => (design.sides.back.texts[0].text = "SOM\u200DCHAI")),
      { code: "banner-text", side: "back", position: "left", reason: "control-character" },
    ],
    [
      "an emoji in a banner",
      changed((design) => (design.sides.back.texts[0].text = "SOMCHAI ⚽")),
      { code: "banner-text", side: "back", position: "left", reason: "unsupported-character" },
    ],
    [
      "a blank banner",
      changed((design) => (design.sides.back.texts[0].text = "   ")),
      { code: "banner-text", side: "back", position: "left", reason: "empty" },
    ],
    [
      "four texts on a side",
      changed((design) => design.sides.back.texts.push(design.sides.back.texts[0])),
      { code: "invalid-design", path: "sides.back.texts" },
    ],
    ["a quantity below 0", changed((design) => (design.quantities.m = -1)), { code: "invalid-design", path: "quantities.m" }],
    ["a fractional quantity", changed((design) => (design.quantities.m = 1.5)), { code: "invalid-design", path: "quantities.m" }],
    ["a quantity as text", changed((design) => (design.quantities.m = "5")), { code: "invalid-design", path: "quantities.m" }],
    ["a size xxl", changed((design) => (design.quantities.xxl = 3)), { code: "invalid-design", path: "quantities" }],
    [
      "an infinite position",
      changed((design) => (design.sides.front.elements[0].x = Number.POSITIVE_INFINITY)),
      { code: "invalid-design", path: "sides.front.elements.0.x" },
    ],
    ["a zero width", changed((design) => (design.sides.front.elements[0].width = 0)), { code: "invalid-design", path: "sides.front.elements.0.width" }],
    [
      "a rotation of 720°",
      changed((design) => (design.sides.front.elements[0].rotation = 720)),
      { code: "invalid-design", path: "sides.front.elements.0.rotation" },
    ],
    [
      "a z-order that is not whole",
      changed((design) => (design.sides.front.elements[0].z = 0.5)),
      { code: "invalid-design", path: "sides.front.elements.0.z" },
    ],
    ["locked as text", changed((design) => (design.sides.front.elements[0].locked = "yes")), { code: "invalid-design", path: "sides.front.elements.0.locked" }],
    [
      "an upload key climbing directories",
      changed((design) => (design.sides.back.elements[0].source.uploadKey = "private/../secrets.png")),
      { code: "invalid-design", path: "sides.back.elements.0.source.uploadKey" },
    ],
    [
      "an upload given as a URL",
      changed((design) => (design.sides.back.elements[0].source.uploadKey = "https://evil.example/x.png")),
      { code: "invalid-design", path: "sides.back.elements.0.source.uploadKey" },
    ],
    [
      "an image of an unknown kind",
      changed((design) => (design.sides.back.elements[0].source = { kind: "url", url: "https://x" })),
      { code: "invalid-design", path: "sides.back.elements.0.source.kind" },
    ],
    [
      "a preset id as text",
      changed((design) => (design.sides.front.elements[0].source.presetImageId = "100")),
      { code: "invalid-design", path: "sides.front.elements.0.source.presetImageId" },
    ],
    [
      "an element id with markup",
      changed((design) => (design.sides.front.elements[0].id = "<script>")),
      { code: "invalid-design", path: "sides.front.elements.0.id" },
    ],
    [
      "21 elements on a side",
      changed((design) => (design.sides.front.elements = Array.from({ length: 21 }, (_, index) => ({ ...logo, id: `e${index}` })))),
      { code: "too-many-elements", side: "front", count: 21, max: 20 },
    ],
    ["notes of 1001 characters", changed((design) => (design.notes = "ก่".repeat(1001))), { code: "notes-invalid", reason: "too-long" }],
    ["notes with a NUL", changed((design) => (design.notes = "hello\u0000")), { code: "notes-invalid", reason: "control-character" }],
    ["notes with a right-to-left override", changed((design) => (design.notes = "hello\u202Edlrow")), { code: "notes-invalid", reason: "control-character" }],
  ])("given %s, should refuse it", (_, input, expected) => {
    const result = parseDesign(input);
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems).toContainEqual(expect.objectContaining(expected));
  });

  it("given notes of 1000 Thai characters with marks, should accept them", () => {
    expect(parseDesign(changed((design) => (design.notes = "ก่".repeat(1000)))).ok).toBe(true);
  });
});

describe("checkMinimumQuantity", () => {
  it.each([
    ["nothing ordered, minimum 1", { s: 0, m: 0, l: 0, xl: 0 }, 1, { ok: false, total: 0, minQuantity: 1 }],
    ["exactly the minimum over the sizes", { s: 2, m: 5, l: 3, xl: 0 }, 10, { ok: true, total: 10 }],
    ["one below the minimum", { s: 2, m: 4, l: 3, xl: 0 }, 10, { ok: false, total: 9, minQuantity: 10 }],
    ["all in one size", { s: 0, m: 0, l: 0, xl: 12 }, 10, { ok: true, total: 12 }],
    ["a minimum of 0 (treated as 1) and nothing ordered", { s: 0, m: 0, l: 0, xl: 0 }, 0, { ok: false, total: 0, minQuantity: 1 }],
  ])("given %s, should answer %o", (_, quantities, minimum, expected) => {
    expect(checkMinimumQuantity(quantities, minimum)).toEqual(expected);
  });
});

describe("validateDesignAgainstProduct", () => {
  const validate = (design: Tampered, options?: Parameters<typeof validateDesignAgainstProduct>[2]) =>
    validateDesignAgainstProduct(design as CustomDesign, product, options);

  it("given a valid design, should accept it with no warnings", () => {
    expect(validate(validDesign)).toEqual({ ok: true, warnings: [] });
  });

  it.each([
    ["another product's id", changed((design) => (design.productId = 6)), [{ code: "product-mismatch", productId: 6 }]],
    [
      "an attribute the product does not have",
      changed((design) => (design.options[1] = { attributeId: 9, optionId: 21 })),
      [
        { code: "unknown-attribute", attributeId: 9 },
        { code: "missing-option", attributeId: 2 },
      ],
    ],
    [
      "an option of another attribute",
      changed((design) => (design.options[0] = { attributeId: 1, optionId: 22 })),
      [{ code: "unknown-option", attributeId: 1, optionId: 22 }],
    ],
    [
      "an option id that does not exist",
      changed((design) => (design.options[0] = { attributeId: 1, optionId: 999 })),
      [{ code: "unknown-option", attributeId: 1, optionId: 999 }],
    ],
    [
      "an attribute chosen twice",
      changed((design) => design.options.push({ attributeId: 1, optionId: 11 })),
      [{ code: "duplicate-attribute", attributeId: 1 }],
    ],
    ["no collar chosen", changed((design) => design.options.pop()), [{ code: "missing-option", attributeId: 2 }]],
    [
      "a banner on the front left, which this product does not offer",
      changed((design) => design.sides.front.texts.push({ position: "left", text: "PRYDE", fontId: 1, color: "black", fontSize: 40 })),
      [{ code: "banner-not-offered", side: "front", position: "left" }],
    ],
    [
      "the same position twice on a side",
      changed((design) => (design.sides.back.texts[2] = { ...design.sides.back.texts[0] })),
      [{ code: "duplicate-banner", side: "back", position: "left" }],
    ],
    [
      "a front number longer than this product's 3",
      changed((design) => (design.sides.front.texts[0].text = "1000")),
      [{ code: "banner-text", side: "front", position: "center", reason: "too-long", length: 4, maxLength: 3 }],
    ],
    [
      "a back-right text over this product's 12",
      changed((design) => (design.sides.back.texts[2].text = "ABCDEFGHIJKLM")),
      [{ code: "banner-text", side: "back", position: "right", reason: "too-long", length: 13, maxLength: 12 }],
    ],
    [
      "a text that skipped the schema (tampered after parsing)",
      changed((design) => (design.sides.back.texts[0].text = "A".repeat(40))),
      [{ code: "banner-text", side: "back", position: "left", reason: "too-long", length: 40, maxLength: 25 }],
    ],
    [
      "a logo dragged past the print area",
      changed((design) => (design.sides.front.elements[0].x = 300)),
      [{ code: "outside-print-area", side: "front", elementId: "logo-1" }],
    ],
    [
      "a logo whose turned corner pokes out",
      changed((design) => (design.sides.front.elements[0].rotation = 45)),
      [{ code: "outside-print-area", side: "front", elementId: "logo-1" }],
    ],
    [
      "a logo above the print area",
      changed((design) => (design.sides.front.elements[0].y = 0)),
      [{ code: "outside-print-area", side: "front", elementId: "logo-1" }],
    ],
    [
      "a preset image that does not exist (or is switched off)",
      changed((design) => (design.sides.front.elements[0].source.presetImageId = 555)),
      [{ code: "unknown-preset-image", side: "front", elementId: "logo-1", presetImageId: 555 }],
    ],
    [
      "two elements with one id",
      changed((design) => design.sides.front.elements.push({ ...logo, x: 200 })),
      [{ code: "duplicate-element", side: "front", elementId: "logo-1" }],
    ],
    [
      "21 elements built without the schema",
      changed((design) => (design.sides.front.elements = Array.from({ length: 21 }, (_, index) => ({ ...logo, id: `e${index}` })))),
      [{ code: "too-many-elements", side: "front", count: 21, max: 20 }],
    ],
    ["9 garments when 10 is the minimum", changed((design) => (design.quantities.s = 1)), [{ code: "quantity-below-minimum", total: 9, minQuantity: 10 }]],
  ])("given %s, should refuse it", (_, design, expected) => {
    expect(validate(design)).toEqual({ ok: false, problems: expected, warnings: [] });
  });

  it("given images on a side the product has no print area for, should refuse them", () => {
    const result = validateDesignAgainstProduct(validDesign, { ...product, printAreas: { front: product.printAreas.front } });
    expect(result).toEqual({ ok: false, problems: [{ code: "no-print-area", side: "back", elementId: "upload-1" }], warnings: [] });
  });

  it("given a draft with an option group not chosen yet, should accept it, and refuse it for ordering", () => {
    const incomplete = changed((design) => design.options.pop());
    expect(validate(incomplete, { purpose: "draft" })).toEqual({ ok: true, warnings: [] });
    expect(validate(incomplete).ok).toBe(false);
  });

  it("given a draft below the minimum quantity, should accept it (sizes come later)", () => {
    expect(
      validate(
        changed((design) => (design.quantities = { s: 0, m: 0, l: 0, xl: 0 })),
        { purpose: "draft" },
      ),
    ).toEqual({ ok: true, warnings: [] });
  });

  it("given an upload the server does not know for this shopper, should refuse it", () => {
    expect(validate(validDesign, { uploads: new Map() })).toEqual({
      ok: false,
      problems: [{ code: "unknown-upload", side: "back", elementId: "upload-1", uploadKey: "private/custom-uploads/7-abc123.png" }],
      warnings: [],
    });
  });

  it.each([
    ["a sharp upload (1200 × 600 px over 100 × 50 mm ≈ 305 DPI)", 1200, 600, []],
    [
      "a small upload (300 × 150 px over 100 × 50 mm ≈ 76 DPI)",
      300,
      150,
      [{ code: "low-resolution", side: "back", elementId: "upload-1", dpi: 76, neededPixels: { width: 591, height: 296 } }],
    ],
  ])("given %s, should accept it with the right warnings", (_, pixelWidth, pixelHeight, warnings) => {
    const uploads = new Map([["private/custom-uploads/7-abc123.png", { pixelWidth, pixelHeight }]]);
    expect(validate(validDesign, { uploads })).toEqual({ ok: true, warnings });
  });
});

describe("checkDesign", () => {
  it("given a valid posted design, should answer the parsed design", () => {
    expect(checkDesign(JSON.stringify(validDesign), product)).toEqual({ ok: true, design: validDesign, warnings: [] });
  });

  it("given a design whose shape is wrong, should stop at the schema", () => {
    const result = checkDesign(JSON.stringify(changed((design) => (design.sides.front.texts[0].fontId = 99))), product);
    expect(result).toEqual({ ok: false, problems: [{ code: "unknown-font", path: "sides.front.texts.0.fontId" }], warnings: [] });
  });

  it("given a well-shaped design for another product's options, should refuse it", () => {
    const result = checkDesign(
      changed(
        (design) =>
          (design.options = [
            { attributeId: 1, optionId: 22 },
            { attributeId: 2, optionId: 21 },
          ]),
      ),
      product,
    );
    expect(result.ok).toBe(false);
  });
});
