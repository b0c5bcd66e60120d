import { describe, expect, it } from "vitest";

import { defaultUnpaidOrderHours, parseUnpaidOrderHours, unpaidOrderCutoff } from "./unpaid-orders";

describe("how long an unpaid order holds its stock", () => {
  it.each([
    ["missing", undefined, defaultUnpaidOrderHours],
    ["blank", "  ", defaultUnpaidOrderHours],
    ["a whole number of hours", "2", 2],
    ["zero (would cancel at once)", "0", defaultUnpaidOrderHours],
    ["a fraction", "1.5", defaultUnpaidOrderHours],
    ["more than 30 days", "721", defaultUnpaidOrderHours],
    ["text", "two days", defaultUnpaidOrderHours],
  ])("given %s, should read %j as %i hours", (_, stored, hours) => {
    expect(parseUnpaidOrderHours(stored)).toBe(hours);
  });

  it("given 48 hours, should cut off two days before now", () => {
    expect(unpaidOrderCutoff(1_000_000_000_000, 48)).toBe(1_000_000_000_000 - 172_800_000);
  });
});
