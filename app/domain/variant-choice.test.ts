import { describe, expect, it } from "vitest";

import { type ChoiceVariant, optionChoices, pickVariant } from "./variant-choice";

// Colours 11 (black), 12 (white); sizes 1 (S), 2 (M). White/M does not exist; black/M is sold out.
const variants: ChoiceVariant[] = [
  { id: 1, optionIds: [11, 1], max: 4 },
  { id: 2, optionIds: [11, 2], max: 0 },
  { id: 3, optionIds: [12, 1], max: 9 },
];

describe("pickVariant", () => {
  it.each([
    ["a requested variant of the product", 3, 3],
    ["a requested sold-out variant (still shown)", 2, 2],
    ["an unknown id: the first that can be bought", 99, 1],
    ["no request: the first that can be bought", null, 1],
  ] as const)("given %s, should pick variant %s", (_case, requested, expected) => {
    expect(pickVariant(variants, requested)?.id).toBe(expected);
  });

  it("given every variant sold out, should still pick the first; given none, null", () => {
    expect(pickVariant([{ id: 5, optionIds: [], max: 0 }], null)?.id).toBe(5);
    expect(pickVariant([], null)).toBeNull();
  });
});

describe("optionChoices", () => {
  it("given black/S chosen, sizes should lead to black/S and the sold-out black/M (disabled)", () => {
    expect(optionChoices(variants, variants[0]!, [1, 2])).toEqual([
      { optionId: 1, targetVariantId: 1, selected: true, soldOut: false },
      { optionId: 2, targetVariantId: 2, selected: false, soldOut: true },
    ]);
  });

  it("given black/M chosen, white should lead to white/S (no white/M exists)", () => {
    expect(optionChoices(variants, variants[1]!, [11, 12])).toEqual([
      { optionId: 11, targetVariantId: 2, selected: true, soldOut: true },
      { optionId: 12, targetVariantId: 3, selected: false, soldOut: false },
    ]);
  });

  it("given an option no variant has, should offer no target", () => {
    expect(optionChoices(variants, variants[0]!, [99])).toEqual([{ optionId: 99, targetVariantId: null, selected: false, soldOut: true }]);
  });
});
