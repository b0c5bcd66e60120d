import { describe, expect, it } from "vitest";

import {
  type CodeScope,
  type CodeStateInput,
  discountCodeState,
  endEarly,
  flashSaleState,
  lineEligible,
  lineInScope,
  lockedCodeFields,
  lockedFieldChanged,
  overlappingSaleItems,
  type PastSaleItem,
  periodsOverlap,
  salePriceLoss,
  saleTimeLeft,
  type ScopedLine,
  showsUnitsLeft,
  usageLimitBelowUsed,
} from "./promotions";

const now = 1_800_000_000_000;
const hour = 3_600_000;

describe("discountCodeState", () => {
  const code = (overrides: Partial<CodeStateInput> = {}): CodeStateInput => ({
    isActive: true,
    startsAt: null,
    endsAt: null,
    usageLimit: null,
    usedCount: 0,
    ...overrides,
  });
  it.each([
    ["a switched-on code without dates", code(), "active"],
    ["a code starting later", code({ startsAt: now + 1 }), "scheduled"],
    ["a code starting now", code({ startsAt: now }), "active"],
    ["a code that ended", code({ endsAt: now }), "expired"],
    ["a code with every use taken", code({ usageLimit: 3, usedCount: 3 }), "used-up"],
    ["a code with a limit of 0", code({ usageLimit: 0 }), "used-up"],
    ["a switched-off code that ended", code({ isActive: false, endsAt: now - 1 }), "inactive"],
    ["an ended code with every use taken", code({ endsAt: now - 1, usageLimit: 1, usedCount: 1 }), "expired"],
    ["a scheduled code with every use taken", code({ startsAt: now + 1, usageLimit: 0 }), "used-up"],
  ] as const)("given %s, should be %s", (_case, input, state) => {
    expect(discountCodeState(input, now)).toBe(state);
  });
});

describe("lineInScope and lineEligible", () => {
  const line = (overrides: Partial<ScopedLine> = {}): ScopedLine => ({ productId: 10, categoryId: 1, collectionIds: [5, 6], onFlashSale: false, ...overrides });
  const scope = (overrides: Partial<CodeScope> = {}): CodeScope => ({ scope: "order", targetIds: [], combinesWithFlashSale: false, ...overrides });
  it.each([
    ["a whole-order code", scope(), line(), true, true],
    ["a whole-order code on a flash-sale line", scope(), line({ onFlashSale: true }), true, false],
    ["a combining code on a flash-sale line", scope({ combinesWithFlashSale: true }), line({ onFlashSale: true }), true, true],
    ["a category code, same category", scope({ scope: "categories", targetIds: [1] }), line(), true, true],
    ["a category code, other category", scope({ scope: "categories", targetIds: [2] }), line(), false, false],
    ["a category code, uncategorised product", scope({ scope: "categories", targetIds: [1] }), line({ categoryId: null }), false, false],
    ["a product code, listed product", scope({ scope: "products", targetIds: [3, 10] }), line(), true, true],
    ["a product code, other product", scope({ scope: "products", targetIds: [3] }), line(), false, false],
    ["a product code, listed product on a flash sale", scope({ scope: "products", targetIds: [10] }), line({ onFlashSale: true }), true, false],
    ["a collection code, one of the product's collections", scope({ scope: "collections", targetIds: [6] }), line(), true, true],
    ["a collection code, a product in no collection", scope({ scope: "collections", targetIds: [6] }), line({ collectionIds: [] }), false, false],
    ["a scoped code with no targets", scope({ scope: "products", targetIds: [] }), line(), false, false],
  ] as const)("given %s, should say in scope %s and eligible %s", (_case, code, input, inScope, eligible) => {
    expect(lineInScope(code, input)).toBe(inScope);
    expect(lineEligible(code, input)).toBe(eligible);
  });
});

describe("locks on a used code", () => {
  it.each([
    ["an unused code changing its type", { usedCount: 0, type: "percent", value: 10 }, { type: "fixed", value: 10 }, null],
    ["a used code keeping type and value", { usedCount: 2, type: "percent", value: 10 }, { type: "percent", value: 10 }, null],
    ["a used code changing its type", { usedCount: 2, type: "percent", value: 10 }, { type: "fixed", value: 10 }, "type"],
    ["a used code changing its value", { usedCount: 1, type: "fixed", value: 10_000 }, { type: "fixed", value: 20_000 }, "value"],
  ] as const)("given %s, should lock %s", (_case, stored, next, locked) => {
    expect(lockedFieldChanged(stored, next)).toBe(locked);
  });
  it("should list type and value as locked only once the code is used", () => {
    expect(lockedCodeFields({ usedCount: 0 })).toEqual([]);
    expect(lockedCodeFields({ usedCount: 1 })).toEqual(["type", "value"]);
  });
  it.each([
    [null, 5, false],
    [0, 5, true],
    [0, 0, false],
    [5, 5, false],
    [4, 5, true],
  ])("given a limit of %s with %s uses, should say below-used %s", (limit, used, below) => {
    expect(usageLimitBelowUsed(limit, used)).toBe(below);
  });
});

describe("flash sales", () => {
  const sale = { isActive: true, startsAt: now - hour, endsAt: now + hour };
  it.each([
    ["a running sale", sale, "live"],
    ["a sale starting later", { ...sale, startsAt: now + 1 }, "scheduled"],
    ["a sale that ended", { ...sale, endsAt: now }, "ended"],
    ["a switched-off running sale", { ...sale, isActive: false }, "inactive"],
  ] as const)("given %s, should be %s", (_case, input, state) => {
    expect(flashSaleState(input, now)).toBe(state);
  });

  it.each([
    ["the same period", { startsAt: 0, endsAt: 10 }, { startsAt: 0, endsAt: 10 }, true],
    ["one inside the other", { startsAt: 0, endsAt: 10 }, { startsAt: 2, endsAt: 3 }, true],
    ["one ending as the other starts", { startsAt: 0, endsAt: 10 }, { startsAt: 10, endsAt: 20 }, false],
    ["apart", { startsAt: 0, endsAt: 10 }, { startsAt: 11, endsAt: 20 }, false],
    ["crossing", { startsAt: 5, endsAt: 15 }, { startsAt: 0, endsAt: 10 }, true],
  ])("given %s, should say overlap %s", (_case, a, b, overlap) => {
    expect(periodsOverlap(a, b)).toBe(overlap);
    expect(periodsOverlap(b, a)).toBe(overlap);
  });

  it("should name each variant already in another overlapping switched-on sale, ignoring the sale itself", () => {
    const others = [
      { flashSaleId: 1, variantId: 100, startsAt: 0, endsAt: 10, isActive: true },
      { flashSaleId: 2, variantId: 101, startsAt: 0, endsAt: 10, isActive: false },
      { flashSaleId: 3, variantId: 102, startsAt: 20, endsAt: 30, isActive: true },
      { flashSaleId: 4, variantId: 103, startsAt: 0, endsAt: 10, isActive: true },
    ];
    expect(overlappingSaleItems({ id: 4, startsAt: 5, endsAt: 15, isActive: true }, [100, 101, 102, 103], others)).toEqual([
      { variantId: 100, flashSaleId: 1 },
    ]);
    expect(overlappingSaleItems({ id: null, startsAt: 5, endsAt: 15, isActive: false }, [100], others)).toEqual([]);
  });

  it.each([
    [0, false],
    [1, true],
    [10, true],
    [11, false],
  ])("given %s left, should show the units left: %s", (remaining, shows) => {
    expect(showsUnitsLeft(remaining)).toBe(shows);
  });

  it("should end a running sale now, keep an ended one, and end a scheduled one with a non-empty period", () => {
    expect(endEarly({ startsAt: now - hour, endsAt: now + hour }, now)).toEqual({ startsAt: now - hour, endsAt: now });
    expect(endEarly({ startsAt: now - 2 * hour, endsAt: now - hour }, now)).toEqual({ startsAt: now - 2 * hour, endsAt: now - hour });
    expect(endEarly({ startsAt: now + hour, endsAt: now + 2 * hour }, now)).toEqual({ startsAt: now - 1, endsAt: now });
  });
});

describe("saleTimeLeft", () => {
  it.each([
    ["an hour and a second", now + hour + 1000, { days: 0, hours: 1, minutes: 0, seconds: 1 }],
    ["two days, three hours, four minutes and five seconds", now + 2 * 24 * hour + 3 * hour + 4 * 60_000 + 5000, { days: 2, hours: 3, minutes: 4, seconds: 5 }],
    ["part of a second (rounded up)", now + 1, { days: 0, hours: 0, minutes: 0, seconds: 1 }],
    ["nothing (ended now)", now, null],
    ["a past end", now - 1, null],
    ["a broken end", Number.NaN, null],
  ])("given %s left, should give the parts", (_, endsAt, expected) => {
    expect(saleTimeLeft(endsAt, now)).toEqual(expected);
  });
});

describe("salePriceLoss", () => {
  const item = (overrides: Partial<PastSaleItem> = {}): PastSaleItem => ({
    salePriceSatang: 49_000,
    quantityCap: 5,
    soldCount: 0,
    isActive: true,
    startsAt: now - 2 * hour,
    endsAt: now - hour,
    ...overrides,
  });
  it.each<[string, number, PastSaleItem[], ReturnType<typeof salePriceLoss>]>([
    ["a sale at the seen price that ended", 49_000, [item()], { kind: "flash-sale-ended", endedAt: now - hour }],
    ["a sale ended early (its end moved to then)", 49_000, [item({ endsAt: now - 1 })], { kind: "flash-sale-ended", endedAt: now - 1 }],
    ["a sale switched off before its end", 49_000, [item({ isActive: false, endsAt: now + hour })], { kind: "flash-sale-ended", endedAt: null }],
    ["a running sale sold to its cap", 49_000, [item({ endsAt: now + hour, soldCount: 5 })], { kind: "flash-sale-sold-out" }],
    ["an ended sale that also sold out (ended is said)", 49_000, [item({ soldCount: 5 })], { kind: "flash-sale-ended", endedAt: now - hour }],
    ["a sale at another price", 45_000, [item()], null],
    ["a sale still running at the seen price", 49_000, [item({ endsAt: now + hour })], null],
    ["a sale that has not started", 49_000, [item({ startsAt: now + hour, endsAt: now + 2 * hour })], null],
    ["no sale", 49_000, [], null],
    [
      "two past sales at the price (the latest counts)",
      49_000,
      [item({ endsAt: now - 5 * hour, startsAt: now - 6 * hour }), item({ endsAt: now + hour, soldCount: 5 })],
      { kind: "flash-sale-sold-out" },
    ],
  ])("given %s, should explain the rise as %j", (_, seen, items, expected) => {
    expect(salePriceLoss(seen, items, now)).toEqual(expected);
  });
});
