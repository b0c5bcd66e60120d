import { describe, expect, it } from "vitest";

import { type AdjustmentDecision, type AdjustmentMode, decideAdjustment, maxStockQuantity, stockCeilingFor } from "./inventory";

describe("decideAdjustment", () => {
  it.each<[string, AdjustmentMode, number, number, AdjustmentDecision]>([
    ["adding to a stocked variant", "add", 12, 10, { ok: true, change: { kind: "delta", delta: 12 }, expectedStockAfter: 22 }],
    ["adding to an empty variant", "add", 1, 0, { ok: true, change: { kind: "delta", delta: 1 }, expectedStockAfter: 1 }],
    ["removing some", "remove", 3, 10, { ok: true, change: { kind: "delta", delta: -3 }, expectedStockAfter: 7 }],
    ["removing exactly all", "remove", 10, 10, { ok: true, change: { kind: "delta", delta: -10 }, expectedStockAfter: 0 }],
    ["removing one more than there is", "remove", 11, 10, { ok: false, reason: "below-zero" }],
    ["removing from nothing", "remove", 1, 0, { ok: false, reason: "below-zero" }],
    ["adding 0", "add", 0, 10, { ok: false, reason: "zero-quantity" }],
    ["removing 0", "remove", 0, 10, { ok: false, reason: "zero-quantity" }],
    ["setting a stocktake count", "set", 40, 10, { ok: true, change: { kind: "set", stock: 40 }, expectedStockAfter: 40 }],
    ["setting to 0", "set", 0, 10, { ok: true, change: { kind: "set", stock: 0 }, expectedStockAfter: 0 }],
    ["setting what it already is", "set", 10, 10, { ok: false, reason: "no-change" }],
    [
      "adding the most allowed",
      "add",
      maxStockQuantity,
      0,
      { ok: true, change: { kind: "delta", delta: maxStockQuantity }, expectedStockAfter: maxStockQuantity },
    ],
    ["adding more than the most allowed", "add", maxStockQuantity + 1, 0, { ok: false, reason: "too-large" }],
    ["adding past the most allowed stock", "add", 2, maxStockQuantity - 1, { ok: false, reason: "too-large" }],
    ["setting above the most allowed", "set", maxStockQuantity + 1, 0, { ok: false, reason: "too-large" }],
  ])("given %s (%s %i, stock %i), should decide %j", (_what, mode, quantity, currentStock, expected) => {
    expect(decideAdjustment({ mode, quantity, currentStock })).toEqual(expected);
  });

  it.each([-1, 1.5, Number.NaN])("given a quantity the form should never let through (%s), should throw", (quantity) => {
    expect(() => decideAdjustment({ mode: "add", quantity, currentStock: 3 })).toThrow(RangeError);
  });
});

describe("stockCeilingFor", () => {
  it.each([
    ["all", null],
    ["low", 5],
    ["out", 0],
  ] as const)("given the %s filter, should let through stock up to %s", (filter, expected) => {
    expect(stockCeilingFor(filter)).toBe(expected);
  });
});
