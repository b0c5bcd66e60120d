import { describe, expect, it } from "vitest";

import { decideAdd, decidePriceAcceptance, decideUpdate, isPurchasable, needsPriceAcceptance, reviewCartLine, reviewLinePrice } from "./cart";
import { variantOffer } from "./pricing";

describe("decideAdd", () => {
  it.each([
    ["a new line under the max", { existingQuantity: 0, requested: 2, max: 10, available: true }, { kind: "set", quantity: 2, capped: false }],
    ["the same variant again: quantities sum", { existingQuantity: 3, requested: 2, max: 10, available: true }, { kind: "set", quantity: 5, capped: false }],
    ["a sum over the max: capped at the max", { existingQuantity: 8, requested: 5, max: 10, available: true }, { kind: "set", quantity: 10, capped: true }],
    ["a first add over the max: capped", { existingQuantity: 0, requested: 50, max: 4, available: true }, { kind: "set", quantity: 4, capped: true }],
    ["a line already at the max: stays, capped", { existingQuantity: 4, requested: 1, max: 4, available: true }, { kind: "set", quantity: 4, capped: true }],
    ["nothing in stock", { existingQuantity: 0, requested: 1, max: 0, available: true }, { kind: "refused", reason: "out-of-stock" }],
    ["a variant no longer sold", { existingQuantity: 0, requested: 1, max: 10, available: false }, { kind: "refused", reason: "unavailable" }],
  ] as const)("given %s", (_case, input, expected) => {
    expect(decideAdd(input)).toEqual(expected);
  });

  it("given a flash sale, should cap at the sale's remaining units rather than the stock", () => {
    const offer = variantOffer(
      {
        priceSatang: 39_000,
        compareAtPriceSatang: null,
        stock: 40,
        flashSales: [{ flashSaleId: 1, salePriceSatang: 29_000, quantityCap: 5, soldCount: 2, isActive: true, startsAt: 0, endsAt: 2000 }],
      },
      1000,
    );
    expect(decideAdd({ existingQuantity: 2, requested: 5, max: offer.max, available: true })).toEqual({ kind: "set", quantity: 3, capped: true });
  });
});

describe("decideUpdate", () => {
  it.each([
    ["a quantity under the max", { requested: 3, max: 10, available: true }, { kind: "set", quantity: 3, capped: false }],
    ["exactly the max", { requested: 10, max: 10, available: true }, { kind: "set", quantity: 10, capped: false }],
    ["above the max: never above it", { requested: 11, max: 10, available: true }, { kind: "set", quantity: 10, capped: true }],
    ["zero: removes the line", { requested: 0, max: 10, available: true }, { kind: "remove" }],
    ["negative: removes the line", { requested: -3, max: 10, available: true }, { kind: "remove" }],
    ["zero for an unavailable variant: still removes", { requested: 0, max: 0, available: false }, { kind: "remove" }],
    ["a sold-out variant", { requested: 2, max: 0, available: true }, { kind: "refused", reason: "out-of-stock" }],
    ["a variant no longer sold", { requested: 2, max: 5, available: false }, { kind: "refused", reason: "unavailable" }],
  ] as const)("given %s", (_case, input, expected) => {
    expect(decideUpdate(input)).toEqual(expected);
  });
});

describe("reviewCartLine", () => {
  it.each([
    ["a line within the max", { quantity: 2, max: 5, available: true }, { status: "ok", quantity: 2 }, true],
    ["a line above what is left", { quantity: 7, max: 5, available: true }, { status: "reduced", quantity: 5 }, true],
    ["a sold-out variant", { quantity: 2, max: 0, available: true }, { status: "out-of-stock", quantity: 2 }, false],
    ["an inactive variant or unpublished product", { quantity: 2, max: 5, available: false }, { status: "unavailable", quantity: 2 }, false],
  ] as const)("given %s", (_case, line, expected, purchasable) => {
    const review = reviewCartLine(line);
    expect(review).toEqual(expected);
    expect(isPurchasable(review.status)).toBe(purchasable);
  });
});

describe("reviewLinePrice", () => {
  it.each([
    ["the price the shopper saw", { seenPriceSatang: 39_000, currentPriceSatang: 39_000, status: "ok" }, null],
    [
      "a price raised since then",
      { seenPriceSatang: 39_000, currentPriceSatang: 45_000, status: "ok" },
      { direction: "up", seenPriceSatang: 39_000, currentPriceSatang: 45_000 },
    ],
    [
      "a price lowered since then",
      { seenPriceSatang: 39_000, currentPriceSatang: 35_000, status: "ok" },
      { direction: "down", seenPriceSatang: 39_000, currentPriceSatang: 35_000 },
    ],
    [
      "a raised price on a line lowered to what is left",
      { seenPriceSatang: 100, currentPriceSatang: 101, status: "reduced" },
      { direction: "up", seenPriceSatang: 100, currentPriceSatang: 101 },
    ],
    ["no seen price (a line older than the column)", { seenPriceSatang: null, currentPriceSatang: 45_000, status: "ok" }, null],
    ["a changed price on a sold-out line", { seenPriceSatang: 39_000, currentPriceSatang: 45_000, status: "out-of-stock" }, null],
    ["a changed price on a withdrawn line", { seenPriceSatang: 39_000, currentPriceSatang: 45_000, status: "unavailable" }, null],
    ["a seen price that is not a whole amount", { seenPriceSatang: 1.5, currentPriceSatang: 45_000, status: "ok" }, null],
  ] as const)("given %s, should answer the change (or none)", (_case, line, expected) => {
    expect(reviewLinePrice(line)).toEqual(expected);
  });

  it("given a flash sale that started after the line was added, should flag a decrease to the sale price; after it ends, no change", () => {
    const variant = {
      priceSatang: 39_000,
      compareAtPriceSatang: null,
      stock: 40,
      flashSales: [{ flashSaleId: 1, salePriceSatang: 29_000, quantityCap: 5, soldCount: 0, isActive: true, startsAt: 1000, endsAt: 2000 }],
    };
    const seen = variantOffer(variant, 500).unitPriceSatang;
    expect(reviewLinePrice({ seenPriceSatang: seen, currentPriceSatang: variantOffer(variant, 1500).unitPriceSatang, status: "ok" })).toEqual({
      direction: "down",
      seenPriceSatang: 39_000,
      currentPriceSatang: 29_000,
    });
    expect(reviewLinePrice({ seenPriceSatang: seen, currentPriceSatang: variantOffer(variant, 2500).unitPriceSatang, status: "ok" })).toBeNull();
  });

  it("given a flash sale seen and then ended, should flag an increase back to the regular price", () => {
    const variant = {
      priceSatang: 39_000,
      compareAtPriceSatang: null,
      stock: 40,
      flashSales: [{ flashSaleId: 1, salePriceSatang: 29_000, quantityCap: 5, soldCount: 0, isActive: true, startsAt: 0, endsAt: 2000 }],
    };
    const seen = variantOffer(variant, 1000).unitPriceSatang;
    expect(reviewLinePrice({ seenPriceSatang: seen, currentPriceSatang: variantOffer(variant, 2000).unitPriceSatang, status: "ok" })?.direction).toBe("up");
  });
});

describe("needsPriceAcceptance", () => {
  const up = { direction: "up", seenPriceSatang: 1, currentPriceSatang: 2 } as const;
  const down = { direction: "down", seenPriceSatang: 2, currentPriceSatang: 1 } as const;
  it.each([
    ["no changes", [{ priceChange: null }], false],
    ["only decreases", [{ priceChange: down }, { priceChange: null }], false],
    ["an increase among other lines", [{ priceChange: down }, { priceChange: up }], true],
    ["an empty cart", [], false],
  ] as const)("given %s, should answer %s", (_case, lines, expected) => {
    expect(needsPriceAcceptance(lines)).toBe(expected);
  });
});

describe("decidePriceAcceptance", () => {
  const current = new Map([
    [1, 45_000],
    [2, 29_000],
  ]);
  it.each([
    [
      "every posted price still current",
      [
        { lineId: 1, priceSatang: 45_000 },
        { lineId: 2, priceSatang: 29_000 },
      ],
      {
        kind: "accept",
        lines: [
          { lineId: 1, priceSatang: 45_000 },
          { lineId: 2, priceSatang: 29_000 },
        ],
      },
    ],
    ["one line", [{ lineId: 2, priceSatang: 29_000 }], { kind: "accept", lines: [{ lineId: 2, priceSatang: 29_000 }] }],
    [
      "the same line twice",
      [
        { lineId: 2, priceSatang: 29_000 },
        { lineId: 2, priceSatang: 29_000 },
      ],
      { kind: "accept", lines: [{ lineId: 2, priceSatang: 29_000 }] },
    ],
    [
      "a price that moved again while the shopper looked",
      [
        { lineId: 1, priceSatang: 45_000 },
        { lineId: 2, priceSatang: 31_000 },
      ],
      { kind: "refused", reason: "price-changed" },
    ],
    ["a made-up price", [{ lineId: 1, priceSatang: 1 }], { kind: "refused", reason: "price-changed" }],
    ["a line of another cart", [{ lineId: 9, priceSatang: 45_000 }], { kind: "refused", reason: "unknown-line" }],
    ["nothing posted", [], { kind: "refused", reason: "unknown-line" }],
  ] as const)("given %s, should answer the decision", (_case, posted, expected) => {
    expect(decidePriceAcceptance(posted, current)).toEqual(expected);
  });
});
