import { describe, expect, it } from "vitest";

import { shopPeriodStarts } from "./backoffice.server";

describe("shopPeriodStarts", () => {
  it("given 23:30 UTC on 31 Jan, should start the Bangkok day and month of 1 Feb", () => {
    const now = Date.UTC(2025, 0, 31, 23, 30);
    expect(shopPeriodStarts(now)).toEqual({
      dayStart: Date.UTC(2025, 0, 31, 17, 0),
      monthStart: Date.UTC(2025, 0, 31, 17, 0),
    });
  });

  it("given 16:59 UTC on 15 Mar, should still be 15 Mar in Bangkok", () => {
    const now = Date.UTC(2025, 2, 15, 16, 59);
    expect(shopPeriodStarts(now)).toEqual({
      dayStart: Date.UTC(2025, 2, 14, 17, 0),
      monthStart: Date.UTC(2025, 1, 28, 17, 0),
    });
  });
});
