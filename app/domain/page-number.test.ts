import { describe, expect, it } from "vitest";

import { isPastLastPage, maxPageNumber, parsePageNumber } from "./page-number";

describe("parsePageNumber", () => {
  it.each([
    [null, 1],
    [undefined, 1],
    ["", 1],
    ["1", 1],
    ["2", 2],
    ["99", 99],
    ["abc", 1],
    ["-1", 1],
    ["0", 1],
    ["01", 1],
    ["1.5", 1],
    [" 2", 1],
    ["2e3", 1],
    [String(maxPageNumber), maxPageNumber],
    ["9".repeat(40), maxPageNumber + 1],
  ])("given %j, should be page %d", (value, page) => {
    expect(parsePageNumber(value)).toBe(page);
  });
});

describe("isPastLastPage", () => {
  it.each([
    [1, 0, false],
    [1, 1, false],
    [2, 1, true],
    [3, 3, false],
    [4, 3, true],
    [maxPageNumber + 1, 5, true],
  ])("page %d of %d pages: past the end is %s", (page, pageCount, past) => {
    expect(isPastLastPage(page, pageCount)).toBe(past);
  });
});
