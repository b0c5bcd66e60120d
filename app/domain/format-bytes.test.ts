import { describe, expect, it } from "vitest";

import { formatBytes } from "./format-bytes";

describe("formatBytes", () => {
  it.each([
    [0, undefined, "0 Bytes"],
    [-5, undefined, "0 Bytes"],
    [Number.NaN, undefined, "0 Bytes"],
    [0.4, undefined, "0.4 Bytes"],
    [1, undefined, "1 Bytes"],
    [512, undefined, "512 Bytes"],
    [1023, undefined, "1023 Bytes"],
    [1024, undefined, "1 KB"],
    [1536, undefined, "1.5 KB"],
    [1234, undefined, "1.21 KB"],
    [5 * 1024 * 1024, undefined, "5 MB"],
    [5_000_000, undefined, "4.77 MB"],
    [5_000_000, 0, "5 MB"],
    [5_000_000, 3, "4.768 MB"],
    [3 * 1024 ** 3, undefined, "3 GB"],
    [2 * 1024 ** 5, undefined, "2048 TB"],
  ])("given %s bytes and %s decimals, should say %s", (bytes, decimals, expected) => {
    expect(formatBytes(bytes, decimals)).toBe(expected);
  });
});
