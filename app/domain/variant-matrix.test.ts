import { describe, expect, it } from "vitest";

import { combinationKey, duplicateCombinationRows, missingCombinations, variantCombinations } from "./variant-matrix";

const colour = { attributeId: 2, optionIds: [11, 12] };
const size = { attributeId: 1, optionIds: [1, 2, 3] };

describe("variantCombinations", () => {
  it.each([
    [
      "Colour × Size",
      [colour, size],
      [
        [11, 1],
        [11, 2],
        [11, 3],
        [12, 1],
        [12, 2],
        [12, 3],
      ],
    ],
    [
      "Size × Colour (order kept)",
      [size, colour],
      [
        [1, 11],
        [1, 12],
        [2, 11],
        [2, 12],
        [3, 11],
        [3, 12],
      ],
    ],
    ["one attribute", [colour], [[11], [12]]],
    ["an attribute without options", [colour, { attributeId: 3, optionIds: [] }], [[11], [12]]],
    ["no attributes", [], []],
    ["only attributes without options", [{ attributeId: 3, optionIds: [] }], []],
  ])("given the type's options (%s), should list every combination", (_name, attributes, expected) => {
    expect(variantCombinations(attributes)).toEqual(expected);
  });

  it("given three attributes, should give the product of their option counts", () => {
    expect(variantCombinations([colour, size, { attributeId: 4, optionIds: [21, 22] }])).toHaveLength(2 * 3 * 2);
  });
});

describe("missingCombinations", () => {
  it.each([
    ["none yet", [], 6],
    [
      "two present, listed in another order",
      [
        [1, 11],
        [12, 3],
      ],
      4,
    ],
    ["all present", variantCombinations([colour, size]), 0],
    ["a partial row (colour only) that is no full combination", [[11]], 6],
  ])("given existing variants (%s), should list the %i combinations still missing", (_name, existing, count) => {
    const missing = missingCombinations([colour, size], existing);
    expect(missing).toHaveLength(count);
    const existingKeys = existing.map(combinationKey);
    for (const combination of missing) expect(existingKeys).not.toContain(combinationKey(combination));
  });
});

describe("duplicateCombinationRows", () => {
  it.each([
    [
      "distinct rows",
      [
        [11, 1],
        [11, 2],
      ],
      [],
    ],
    [
      "the same options in another order",
      [
        [11, 1],
        [1, 11],
      ],
      [1],
    ],
    ["three of a kind", [[11], [12], [11], [11]], [2, 3]],
    ["no rows", [], []],
  ])("given %s, should point at the later duplicates", (_name, rows, expected) => {
    expect(duplicateCombinationRows(rows)).toEqual(expected);
  });
});
