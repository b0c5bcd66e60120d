import { describe, expect, it } from "vitest";

import { chooseShippingRate, shippingOptions, type ShippingRateRecord, shipsAbroad, zoneOf } from "./shipping";

let nextId = 1;
const rate = (overrides: Partial<ShippingRateRecord>): ShippingRateRecord => ({
  id: nextId++,
  method: "standard",
  zone: "domestic",
  countryCode: null,
  basis: "quantity",
  minValue: 0,
  maxValue: null,
  priceSatang: 5_000,
  isActive: true,
  ...overrides,
});

const domesticByWeight = [
  rate({ id: 1, basis: "weight", minValue: 0, maxValue: 1000, priceSatang: 5_000 }),
  rate({ id: 2, basis: "weight", minValue: 1000, maxValue: 3000, priceSatang: 8_000 }),
  rate({ id: 3, basis: "weight", minValue: 3000, maxValue: null, priceSatang: 12_000 }),
  rate({ id: 4, method: "express", basis: "weight", minValue: 0, maxValue: null, priceSatang: 15_000 }),
];
const abroad = [
  rate({ id: 10, zone: "international", basis: "weight", minValue: 0, maxValue: 2000, priceSatang: 65_000 }),
  rate({ id: 11, zone: "international", countryCode: "JP", basis: "weight", minValue: 0, maxValue: 2000, priceSatang: 80_000 }),
  rate({ id: 12, zone: "international", basis: "weight", minValue: 0, maxValue: 2000, priceSatang: 60_000, isActive: false }),
];
const all = [...domesticByWeight, ...abroad];

describe("chooseShippingRate", () => {
  it.each([
    ["Thailand, 0 g (lowest bracket includes its minimum)", "standard", "TH", 0, 1, 1],
    ["Thailand, 999 g", "standard", "TH", 999, 1, 1],
    ["Thailand, exactly 1000 g (the next bracket: min ≤ x < max)", "standard", "TH", 1000, 1, 2],
    ["Thailand, 50 kg (open-ended bracket)", "standard", "TH", 50_000, 1, 3],
    ["Thailand, express", "express", "TH", 500, 1, 4],
    ["lower-case country", "standard", "th", 500, 1, 1],
    ["Singapore (zone-wide international row; inactive cheaper row ignored)", "standard", "SG", 500, 1, 10],
    ["Japan (its own row beats the zone-wide cheaper one)", "standard", "JP", 500, 1, 11],
    ["abroad over every bracket", "standard", "SG", 2000, 1, null],
    ["express abroad without an express rate", "express", "SG", 500, 1, null],
  ] as const)("given %s, should choose rate %s", (_case, method, country, weight, quantity, expected) => {
    expect(chooseShippingRate(all, method, { country, totalWeightGrams: weight, totalQuantity: quantity })?.id ?? null).toBe(expected);
  });

  it("given two zone-wide rows that both fit, should take the cheaper, then the lower id", () => {
    const rows = [rate({ id: 21, priceSatang: 9_000 }), rate({ id: 22, priceSatang: 7_000 }), rate({ id: 23, priceSatang: 7_000 })];
    expect(chooseShippingRate(rows, "standard", { country: "TH", totalWeightGrams: 0, totalQuantity: 2 })?.id).toBe(22);
  });

  it("given quantity brackets, should measure the item count", () => {
    const rows = [rate({ id: 31, minValue: 1, maxValue: 3, priceSatang: 5_000 }), rate({ id: 32, minValue: 3, maxValue: null, priceSatang: 0 })];
    expect(chooseShippingRate(rows, "standard", { country: "TH", totalWeightGrams: 9_999, totalQuantity: 2 })?.id).toBe(31);
    expect(chooseShippingRate(rows, "standard", { country: "TH", totalWeightGrams: 0, totalQuantity: 3 })?.id).toBe(32);
  });
});

describe("shippingOptions", () => {
  it("given Thailand, should offer standard then express, both stated as 7–14 days", () => {
    expect(shippingOptions(all, { country: "TH", totalWeightGrams: 400, totalQuantity: 2 })).toEqual([
      { method: "standard", rateId: 1, priceSatang: 5_000, deliveryDays: { min: 7, max: 14 }, carrier: null },
      { method: "express", rateId: 4, priceSatang: 15_000, deliveryDays: { min: 7, max: 14 }, carrier: null },
    ]);
  });
  it("given a rate with its carrier, should offer it under that carrier's names", () => {
    const carried = all.map((rate) => (rate.id === 1 ? { ...rate, carrier: { en: "Thailand Post", th: "ไปรษณีย์ไทย" } } : rate));
    expect(shippingOptions(carried, { country: "TH", totalWeightGrams: 400, totalQuantity: 2 })[0]).toMatchObject({
      rateId: 1,
      carrier: { en: "Thailand Post", th: "ไปรษณีย์ไทย" },
    });
  });
  it("given a destination with no rate, should offer nothing", () => {
    expect(shippingOptions(domesticByWeight, { country: "US", totalWeightGrams: 400, totalQuantity: 2 })).toEqual([]);
  });
});

describe("zoneOf and shipsAbroad", () => {
  it.each([
    ["TH", "domestic"],
    [" th ", "domestic"],
    ["JP", "international"],
  ] as const)("given %j, should be %s", (country, zone) => {
    expect(zoneOf(country)).toBe(zone);
  });
  it("should say whether an active international rate exists", () => {
    expect(shipsAbroad(all)).toBe(true);
    expect(shipsAbroad(domesticByWeight)).toBe(false);
    expect(shipsAbroad([rate({ zone: "international", isActive: false })])).toBe(false);
  });
});
