import { describe, expect, it } from "vitest";

import { displayTypeChoices, isChoosableDisplayType } from "./display-types";

const seeded = [
  { id: 1, name: "Hidden" },
  { id: 2, name: "Buttons" },
  { id: 3, name: "Colour / image" },
  { id: 4, name: "Dropdown" },
];

describe("displayTypeChoices", () => {
  it.each([
    [
      "the four seeded types",
      seeded,
      [
        { id: 2, name: "Buttons" },
        { id: 3, name: "color / Image" },
        { id: 4, name: "Dropdown" },
      ],
    ],
    ["no rows", [], []],
    ["only the hidden type", [{ id: 1, name: "Hidden" }], []],
    [
      "rows out of order",
      [seeded[3]!, seeded[2]!, seeded[0]!],
      [
        { id: 3, name: "color / Image" },
        { id: 4, name: "Dropdown" },
      ],
    ],
    [
      "a type added later",
      [...seeded, { id: 7, name: "Slider" }],
      [
        { id: 2, name: "Buttons" },
        { id: 3, name: "color / Image" },
        { id: 4, name: "Dropdown" },
        { id: 7, name: "Slider" },
      ],
    ],
  ])("given %s, should drop id 1, rename id 3 to 'color / Image' and keep the rest by id", (_name, rows, expected) => {
    expect(displayTypeChoices(rows)).toEqual(expected);
  });

  it("given the rows, should not change them (the caller's list stays as read)", () => {
    const rows = seeded.map((row) => ({ ...row }));
    displayTypeChoices(rows);
    expect(rows).toEqual(seeded);
  });
});

describe("isChoosableDisplayType", () => {
  it.each([
    [1, false],
    [2, true],
    [3, true],
    [4, true],
    [5, false],
  ])("given display type %i, should answer %s", (id, expected) => {
    expect(isChoosableDisplayType(seeded, id)).toBe(expected);
  });
});
