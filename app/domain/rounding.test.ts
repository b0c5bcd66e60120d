import { describe, expect, it } from "vitest";

import { roundHalfAwayFromZero } from "./rounding";

describe("roundHalfAwayFromZero", () => {
  it.each([
    [2.5, 3],
    [-2.5, -3],
    [2.4999, 2],
    [-2.4999, -2],
    [0, 0],
    [-0.4, 0],
    [1.005 * 100, 101],
    [-1.005 * 100, -101],
    [7, 7],
    [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY],
  ])("given %s, should give %s", (input, expected) => {
    expect(Object.is(roundHalfAwayFromZero(input), expected)).toBe(true);
  });

  it("given NaN, should give NaN", () => {
    expect(roundHalfAwayFromZero(Number.NaN)).toBeNaN();
  });
});
