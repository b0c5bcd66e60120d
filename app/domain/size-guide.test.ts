import { describe, expect, it } from "vitest";

import { parseSizeGuideTable } from "./size-guide";

const good = {
  unit: "cm",
  columns: [
    { key: "chest", en: "Chest", th: "รอบอก" },
    { key: "length", en: "Length", th: "ความยาว" },
  ],
  rows: [
    { size: "S", values: [92, 68] },
    { size: "M", values: [98, 70.5] },
  ],
};

describe("parseSizeGuideTable", () => {
  it("given the documented shape, should return the table", () => {
    expect(parseSizeGuideTable(JSON.stringify(good))).toEqual(good);
  });

  it.each([
    ["text that is not JSON", "{not json"],
    ["an empty string", ""],
    ["JSON null", "null"],
    ["an array", "[]"],
    ["no columns", JSON.stringify({ ...good, columns: [] })],
    ["no rows", JSON.stringify({ ...good, rows: [] })],
    ["a row narrower than the columns", JSON.stringify({ ...good, rows: [{ size: "S", values: [92] }] })],
    ["a row wider than the columns", JSON.stringify({ ...good, rows: [{ size: "S", values: [92, 68, 1] }] })],
    ["a value that is text", JSON.stringify({ ...good, rows: [{ size: "S", values: ["92", 68] }] })],
    ["a column without its Thai name", JSON.stringify({ ...good, columns: [{ key: "chest", en: "Chest" }, good.columns[1]] })],
    ["a row without a size", JSON.stringify({ ...good, rows: [{ size: " ", values: [1, 2] }] })],
    ["no unit", JSON.stringify({ columns: good.columns, rows: good.rows })],
  ])("given %s, should return null", (_case, json) => {
    expect(parseSizeGuideTable(json)).toBeNull();
  });
});
