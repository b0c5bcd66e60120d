import { describe, expect, it } from "vitest";

import { kib, markdownTable, ratio, share, span } from "./bench-table";

describe("bench summary helpers", () => {
  it("pads a Markdown table to its widest cell", () => {
    expect(markdownTable(["measure", "floor"], [["JS", "110.5 KiB"], ["D1 round trips"]])).toBe(
      ["| measure        | floor     |", "|----------------|-----------|", "| JS             | 110.5 KiB |", "| D1 round trips |           |"].join("\n"),
    );
  });

  it("gives ratios and shares, and n/a instead of a figure it cannot know", () => {
    expect(ratio(53, 100)).toBe("0.53×");
    expect(ratio(53, 0)).toBe("n/a");
    expect(ratio(null, 100)).toBe("n/a");
    expect(ratio(Number.NaN, 100)).toBe("n/a");
    expect(share(19.6, 100)).toBe("20 %");
    expect(share(5, undefined)).toBe("n/a");
  });

  it("shows a span of figures, one figure when they agree", () => {
    expect(span([1024 * 144.7, 1024 * 141.4, null], kib)).toBe("141.4 KiB–144.7 KiB");
    expect(span([1024, 1024], kib)).toBe("1.0 KiB");
    expect(span([4.62, 18.04, 23.9], (ms) => ms.toFixed(1), " ms")).toBe("4.6–23.9 ms");
    expect(span([null], kib)).toBe("n/a");
  });
});
