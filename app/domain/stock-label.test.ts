import { describe, expect, it } from "vitest";

import { lowStockThreshold, stockLabel } from "./stock-label";

describe("stockLabel", () => {
  it("should put the low-stock threshold at 5", () => {
    expect(lowStockThreshold).toBe(5);
  });

  it.each([
    [1000, "in-stock", "success"],
    [6, "in-stock", "success"],
    [5, "low-stock", "warning"],
    [3, "low-stock", "warning"],
    [1, "low-stock", "warning"],
    [0.5, "out-of-stock", "error"],
    [0, "out-of-stock", "error"],
    [-2, "out-of-stock", "error"],
    [Number.NaN, "out-of-stock", "error"],
  ])("given stock %s, should show %s in the %s colour", (stock, label, tone) => {
    expect(stockLabel(stock)).toEqual({ label, tone });
  });
});
