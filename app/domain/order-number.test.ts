import { describe, expect, it } from "vitest";

import { formatOrderNumber, isOrderNumber } from "./order-number";

describe("formatOrderNumber", () => {
  it.each([
    ["zero bytes, 2026-03-01 10:00 Bangkok", Date.UTC(2026, 2, 1, 3), [0, 0, 0, 0, 0], "PR26030100000000"],
    ["all ones", Date.UTC(2026, 2, 1, 3), [255, 255, 255, 255, 255], "PR260301ZZZZZZZZ"],
    ["a minute after Bangkok midnight is already the next day", Date.UTC(2026, 11, 31, 17, 1), [0, 0, 0, 0, 1], "PR27010100000001"],
    ["a minute before Bangkok midnight is still the day", Date.UTC(2026, 11, 31, 16, 59), [0, 0, 0, 0, 32], "PR26123100000010"],
  ])("given %s, should read %s", (_case, now, bytes, expected) => {
    const number = formatOrderNumber(now, new Uint8Array(bytes));
    expect(number).toBe(expected);
    expect(isOrderNumber(number)).toBe(true);
  });

  it("given fewer than 5 random bytes, should refuse (programmer error)", () => {
    expect(() => formatOrderNumber(0, new Uint8Array(4))).toThrow(RangeError);
  });

  it("given random bytes, should give distinct numbers of the documented shape", () => {
    const numbers = new Set(Array.from({ length: 1000 }, () => formatOrderNumber(Date.now(), crypto.getRandomValues(new Uint8Array(5)))));
    expect(numbers.size).toBe(1000);
    for (const number of numbers) expect(number).toMatch(/^PR\d{6}[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it.each([
    ["PR260301ABCDEFGH", true],
    ["PR260301ABCDEFGI", false],
    ["pr260301ABCDEFGH", false],
    ["PR2603010BCDEFGH1", false],
    ["", false],
  ])("given %j, isOrderNumber should say %s", (value, expected) => {
    expect(isOrderNumber(value)).toBe(expected);
  });
});
