import { describe, expect, it } from "vitest";
import { decideAdd, decideUpdate, isPurchasable, reviewCartLine } from "./cart";
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
      { priceSatang: 39_000, compareAtPriceSatang: null, stock: 40, flashSales: [{ flashSaleId: 1, salePriceSatang: 29_000, quantityCap: 5, soldCount: 2, isActive: true, startsAt: 0, endsAt: 2000 }] },
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
