import { describe, expect, it } from "vitest";

import { defaultSatangPerPointEarned, parsePointsEarnRate, pointsEarnedFor } from "./loyalty-points";

describe("the points earning rate setting", () => {
  it.each([
    ["missing", undefined, defaultSatangPerPointEarned],
    ["empty", " ", defaultSatangPerPointEarned],
    ["a whole number", "5000", 5000],
    ["zero (earning off)", "0", 0],
    ["negative", "-1", defaultSatangPerPointEarned],
    ["a fraction", "10.5", defaultSatangPerPointEarned],
    ["text", "lots", defaultSatangPerPointEarned],
    ["absurdly large", "99999999999", defaultSatangPerPointEarned],
  ])("given %s, should read %s as %i satang per point", (_, stored, expected) => {
    expect(parsePointsEarnRate(stored)).toBe(expected);
  });
});

describe("points an order earns", () => {
  it.each([
    ["฿1,290 of goods at ฿100 a point", 134_000, 5_000, 10_000, 12],
    ["less than one point's worth", 9_999, 0, 10_000, 0],
    ["exactly one point", 10_000, 0, 10_000, 1],
    ["shipping does not earn", 15_000, 10_000, 10_000, 0],
    ["earning switched off", 500_000, 0, 0, 0],
    ["a total below shipping (points paid the goods)", 5_000, 5_000, 10_000, 0],
  ])("given %s, should award the whole points", (_, total, shipping, rate, expected) => {
    expect(pointsEarnedFor(total, shipping, rate)).toBe(expected);
  });
});
