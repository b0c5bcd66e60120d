import { describe, expect, it } from "vitest";

import { planVariantChanges } from "./variant-changes";

const existing = [
  { id: 10, ordered: false },
  { id: 11, ordered: true },
];

describe("planVariantChanges", () => {
  it("given a new product (nothing existing), should insert every row", () => {
    expect(
      planVariantChanges(
        [],
        [
          { id: null, stock: 5, stockShown: null },
          { id: null, stock: 0, stockShown: null },
        ],
      ),
    ).toEqual({ ok: true, plan: { insert: [0, 1], update: [], delete: [] } });
  });

  it.each([
    ["stock unchanged", 7, 7, null],
    ["stock raised", 7, 9, 9],
    ["stock lowered to 0", 7, 0, 0],
  ])("given an existing row with %s, should update it and set stockTo %s", (_name, shown, typed, stockTo) => {
    const decision = planVariantChanges(existing, [
      { id: 10, stock: typed, stockShown: shown },
      { id: 11, stock: 1, stockShown: 1 },
    ]);
    expect(decision).toEqual({
      ok: true,
      plan: {
        insert: [],
        update: [
          { index: 0, id: 10, stockTo },
          { index: 1, id: 11, stockTo: null },
        ],
        delete: [],
      },
    });
  });

  it("given an existing row without the shown stock, should treat its stock as changed", () => {
    const decision = planVariantChanges(existing, [
      { id: 10, stock: 3, stockShown: null },
      { id: 11, stock: 1, stockShown: 1 },
    ]);
    expect(decision.ok && decision.plan.update[0]).toEqual({ index: 0, id: 10, stockTo: 3 });
  });

  it("given a never-ordered variant left out of the form, should delete it", () => {
    expect(
      planVariantChanges(existing, [
        { id: 11, stock: 1, stockShown: 1 },
        { id: null, stock: 2, stockShown: null },
      ]),
    ).toEqual({
      ok: true,
      plan: { insert: [1], update: [{ index: 0, id: 11, stockTo: null }], delete: [10] },
    });
  });

  it("given an ordered variant left out of the form, should refuse and name it", () => {
    expect(planVariantChanges(existing, [{ id: 10, stock: 1, stockShown: 1 }])).toEqual({ ok: false, ordered: [11], unknown: [] });
  });

  it.each([
    [
      "another product's variant",
      [
        { id: 99, stock: 1, stockShown: 1 },
        { id: 10, stock: 1, stockShown: 1 },
        { id: 11, stock: 1, stockShown: 1 },
      ],
      [0],
    ],
    [
      "the same variant twice",
      [
        { id: 10, stock: 1, stockShown: 1 },
        { id: 10, stock: 2, stockShown: 1 },
        { id: 11, stock: 1, stockShown: 1 },
      ],
      [1],
    ],
  ])("given %s, should refuse with that row's position", (_name, submitted, unknown) => {
    expect(planVariantChanges(existing, submitted)).toEqual({ ok: false, ordered: [], unknown });
  });
});
