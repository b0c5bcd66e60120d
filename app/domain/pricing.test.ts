import { describe, expect, it } from "vitest";

import { type FlashSaleCandidate, isFlashSaleLive, variantOffer } from "./pricing";

const now = 1_800_000_000_000;
const sale = (overrides: Partial<FlashSaleCandidate> = {}): FlashSaleCandidate => ({
  flashSaleId: 1,
  salePriceSatang: 29_000,
  quantityCap: 10,
  soldCount: 2,
  isActive: true,
  startsAt: now - 1000,
  endsAt: now + 1000,
  ...overrides,
});

describe("isFlashSaleLive", () => {
  it.each([
    ["switched on, started, not ended, under its cap", sale(), true],
    ["switched off", sale({ isActive: false }), false],
    ["not started yet", sale({ startsAt: now + 1 }), false],
    ["starting exactly now", sale({ startsAt: now }), true],
    ["ending exactly now", sale({ endsAt: now }), false],
    ["already ended", sale({ endsAt: now - 1 }), false],
    ["sold out at its cap", sale({ soldCount: 10 }), false],
  ])("given a sale %s, should say %s", (_case, item, live) => {
    expect(isFlashSaleLive(item, now)).toBe(live);
  });
});

describe("variantOffer", () => {
  it.each([
    [
      "no sale: the regular price, max = stock",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 12 },
      { unitPriceSatang: 39_000, wasPriceSatang: null, max: 12, flashSale: null },
    ],
    [
      "no sale with a higher compare-at price: struck through",
      { priceSatang: 39_000, compareAtPriceSatang: 49_000, stock: 3 },
      { unitPriceSatang: 39_000, wasPriceSatang: 49_000, max: 3, flashSale: null },
    ],
    [
      "a compare-at price not above the price is ignored",
      { priceSatang: 39_000, compareAtPriceSatang: 39_000, stock: 3 },
      { unitPriceSatang: 39_000, wasPriceSatang: null, max: 3, flashSale: null },
    ],
    [
      "no stock: max 0",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 0 },
      { unitPriceSatang: 39_000, wasPriceSatang: null, max: 0, flashSale: null },
    ],
    [
      "negative or fractional stock counts as whole units ≥ 0",
      { priceSatang: 100, compareAtPriceSatang: null, stock: -4 },
      { unitPriceSatang: 100, wasPriceSatang: null, max: 0, flashSale: null },
    ],
    [
      "a live sale: the sale price, max = what is left under the cap",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 40, flashSales: [sale()] },
      { unitPriceSatang: 29_000, wasPriceSatang: 39_000, max: 8, flashSale: { flashSaleId: 1, priceSatang: 29_000, endsAt: now + 1000, remaining: 8 } },
    ],
    [
      "a live sale with less stock than its cap: max = stock",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 5, flashSales: [sale()] },
      { unitPriceSatang: 29_000, wasPriceSatang: 39_000, max: 5, flashSale: { flashSaleId: 1, priceSatang: 29_000, endsAt: now + 1000, remaining: 8 } },
    ],
    [
      "a live sale and a compare-at price: the higher was-price is struck",
      { priceSatang: 39_000, compareAtPriceSatang: 59_000, stock: 5, flashSales: [sale()] },
      { unitPriceSatang: 29_000, wasPriceSatang: 59_000, max: 5, flashSale: { flashSaleId: 1, priceSatang: 29_000, endsAt: now + 1000, remaining: 8 } },
    ],
    [
      "an ended sale: back to the regular price and stock",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 40, flashSales: [sale({ endsAt: now })] },
      { unitPriceSatang: 39_000, wasPriceSatang: null, max: 40, flashSale: null },
    ],
    [
      "a sale sold to its cap: the regular price and stock again",
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 40, flashSales: [sale({ soldCount: 10 })] },
      { unitPriceSatang: 39_000, wasPriceSatang: null, max: 40, flashSale: null },
    ],
    [
      "a 'sale' price not below the regular price is ignored",
      { priceSatang: 29_000, compareAtPriceSatang: null, stock: 40, flashSales: [sale({ salePriceSatang: 29_000 })] },
      { unitPriceSatang: 29_000, wasPriceSatang: null, max: 40, flashSale: null },
    ],
    [
      "two live sales: the cheaper one",
      {
        priceSatang: 39_000,
        compareAtPriceSatang: null,
        stock: 40,
        flashSales: [sale(), sale({ flashSaleId: 2, salePriceSatang: 25_000, quantityCap: 3, soldCount: 0 })],
      },
      { unitPriceSatang: 25_000, wasPriceSatang: 39_000, max: 3, flashSale: { flashSaleId: 2, priceSatang: 25_000, endsAt: now + 1000, remaining: 3 } },
    ],
  ])("given %s", (_case, input, expected) => {
    expect(variantOffer(input, now)).toEqual(expected);
  });
});
