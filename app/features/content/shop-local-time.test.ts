import { describe, expect, it } from "vitest";

import { epochToShopLocal, shopLocalToEpoch } from "./shop-local-time";

describe("shop-local datetime values (Asia/Bangkok)", () => {
  it.each([
    ["2026-11-23T09:30", Date.UTC(2026, 10, 23, 2, 30)],
    ["2026-01-01T00:00", Date.UTC(2025, 11, 31, 17, 0)],
    ["2024-02-29T23:59", Date.UTC(2024, 1, 29, 16, 59)],
  ])("given %s, should be the UTC moment %s and back", (value, epoch) => {
    expect(shopLocalToEpoch(value)).toBe(epoch);
    expect(epochToShopLocal(epoch)).toBe(value);
  });

  it.each(["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-11-23 09:30", "2026-11-23T24:00", "1999-01-01T00:00", "tomorrow"])(
    "given %j, should not be a moment",
    (value) => {
      expect(shopLocalToEpoch(value)).toBeNull();
    },
  );

  it("given null, should be an empty field", () => {
    expect(epochToShopLocal(null)).toBe("");
  });
});
