import { describe, expect, it } from "vitest";

import { chosenAddOns, type DesignAddOn, designPrice, priceDesign } from "./design-price";
import { type Satang, satang } from "./money";

const none = { s: 0, m: 0, l: 0, xl: 0 };
const addOn = (attributeId: number, optionId: number, amount: number): DesignAddOn => ({ attributeId, optionId, amount: satang(amount) });

describe("designPrice", () => {
  it.each([
    [
      "a plain jersey, 10 in M",
      35000,
      [],
      { ...none, m: 10 },
      undefined,
      { listUnitPrice: 35000, unitPrice: 35000, quantity: 10, total: 350000, source: "list" },
    ],
    [
      "a jersey with a collar (+50 ฿) and long sleeves (+80 ฿), 4 S, 6 M, 5 L, 1 XL",
      35000,
      [addOn(1, 11, 5000), addOn(2, 21, 8000)],
      { s: 4, m: 6, l: 5, xl: 1 },
      undefined,
      { listUnitPrice: 48000, unitPrice: 48000, quantity: 16, total: 768000, source: "list" },
    ],
    ["a free option (add-on 0)", 35000, [addOn(1, 12, 0)], { ...none, s: 1 }, undefined, { listUnitPrice: 35000, total: 35000 }],
    ["no garments yet", 35000, [addOn(1, 11, 5000)], none, undefined, { listUnitPrice: 40000, quantity: 0, total: 0 }],
    [
      "a staff quote below the list price",
      35000,
      [addOn(1, 11, 5000)],
      { ...none, l: 20 },
      satang(38000),
      { listUnitPrice: 40000, unitPrice: 38000, quantity: 20, total: 760000, source: "quoted" },
    ],
    ["a staff quote of 0 (a free sample)", 35000, [], { ...none, l: 2 }, satang(0), { unitPrice: 0, total: 0, source: "quoted" }],
    ["a null quote (none)", 35000, [], { ...none, l: 2 }, null, { unitPrice: 35000, total: 70000, source: "list" }],
    ["odd satang", 33333, [addOn(1, 11, 1)], { s: 1, m: 1, l: 1, xl: 0 }, undefined, { listUnitPrice: 33334, total: 100002 }],
  ] as const)("given %s, should price it", (_, base, addOns, quantities, quote, expected) => {
    expect(designPrice({ basePrice: satang(base), addOns, quantities }, quote as Satang | null | undefined)).toMatchObject(expected);
  });

  it("should break the total down per size, adding up to the total", () => {
    const price = designPrice({ basePrice: satang(35000), addOns: [addOn(1, 11, 5000)], quantities: { s: 4, m: 6, l: 0, xl: 1 } });
    expect(price.breakdown.sizes).toEqual([
      { size: "s", quantity: 4, total: 160000 },
      { size: "m", quantity: 6, total: 240000 },
      { size: "l", quantity: 0, total: 0 },
      { size: "xl", quantity: 1, total: 40000 },
    ]);
    expect(price.breakdown.sizes.reduce((sum, line) => sum + line.total, 0)).toBe(price.total);
    expect(price.breakdown.base).toBe(35000);
    expect(price.breakdown.addOns).toEqual([addOn(1, 11, 5000)]);
  });

  it.each([
    ["a fractional base price", { basePrice: 100.5 as Satang, addOns: [], quantities: none }, undefined],
    ["a negative add-on", { basePrice: satang(100), addOns: [addOn(1, 1, -5)], quantities: none }, undefined],
    ["a fractional quantity", { basePrice: satang(100), addOns: [], quantities: { ...none, m: 1.5 } }, undefined],
    ["a negative quantity", { basePrice: satang(100), addOns: [], quantities: { ...none, m: -1 } }, undefined],
    ["a negative quote", { basePrice: satang(100), addOns: [], quantities: none }, -1 as Satang],
  ])("given %s, should throw (a programmer error)", (_, input, quote) => {
    expect(() => designPrice(input, quote)).toThrow(RangeError);
  });
});

describe("chosenAddOns and priceDesign", () => {
  const product = {
    basePriceSatang: satang(35000),
    attributes: [
      {
        id: 1,
        options: [
          { id: 11, priceAddOnSatang: satang(5000) },
          { id: 12, priceAddOnSatang: satang(0) },
        ],
      },
      { id: 2, options: [{ id: 21, priceAddOnSatang: satang(8000) }] },
    ],
  };

  it.each([
    [
      "two known choices",
      [
        { attributeId: 1, optionId: 11 },
        { attributeId: 2, optionId: 21 },
      ],
      [addOn(1, 11, 5000), addOn(2, 21, 8000)],
    ],
    ["an option of another attribute (tampered)", [{ attributeId: 2, optionId: 11 }], []],
    ["an unknown attribute", [{ attributeId: 9, optionId: 11 }], []],
    [
      "the same attribute twice (first counts)",
      [
        { attributeId: 1, optionId: 12 },
        { attributeId: 1, optionId: 11 },
      ],
      [addOn(1, 12, 0)],
    ],
  ])("given %s, should price from the product's data", (_, options, expected) => {
    expect(chosenAddOns({ options }, product)).toEqual(expected);
  });

  it("given a design, should price it from the product, the quote overriding", () => {
    const design = { options: [{ attributeId: 1, optionId: 11 }], quantities: { s: 0, m: 10, l: 0, xl: 0 } };
    expect(priceDesign(design, product)).toMatchObject({ unitPrice: 40000, total: 400000, source: "list" });
    expect(priceDesign(design, product, satang(39000))).toMatchObject({ listUnitPrice: 40000, unitPrice: 39000, total: 390000, source: "quoted" });
  });
});
