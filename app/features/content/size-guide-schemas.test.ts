import { describe, expect, it } from "vitest";

import { columnKeyFrom, parseStoredSizeGuideTable, sizeGuideTableFromCells, sizeGuideTableSchema } from "./size-guide-schemas";

const cells = (values: Record<string, string>) => (name: string) => values[name] ?? "";

describe("size-guide table from the form's cells", () => {
  it("given two columns and two rows plus blank slots, should keep only the filled ones, in order", () => {
    const raw = sizeGuideTableFromCells(
      cells({
        unit: "cm",
        "column-0-en": "Chest",
        "column-0-th": "รอบอก",
        "column-2-key": "len",
        "column-2-en": "Length",
        "column-2-th": "ความยาว",
        "row-0-size": "S",
        "cell-0-0": "92",
        "cell-0-2": "68.5",
        "row-1-size": "M",
        "cell-1-0": "1,000",
        "cell-1-2": "70",
      }),
      4,
      4,
    );
    const parsed = sizeGuideTableSchema.safeParse(raw);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      unit: "cm",
      columns: [
        { key: "chest", en: "Chest", th: "รอบอก" },
        { key: "len", en: "Length", th: "ความยาว" },
      ],
      rows: [
        { size: "S", values: [92, 68.5] },
        { size: "M", values: [1000, 70] },
      ],
    });
  });

  it.each([
    [{ "cell-0-0": "-1" }, "cellNumber"],
    [{ "cell-0-0": "abc" }, "cellNumber"],
    [{ "cell-0-0": "" }, "cellNumber"],
    [{ "cell-0-0": "1001" }, "cellNumber"],
    [{ "cell-0-0": "1.234" }, "cellNumber"],
    [{ "row-0-size": "" }, "rowSize"],
    [{ "row-1-size": "s", "cell-1-0": "1" }, "rowSizeDuplicate"],
    [{ unit: "mm" }, "unit"],
    [{ "column-0-th": "" }, "columnName"],
    [{ "column-0-key": "9bad" }, "columnKey"],
    [{ "column-1-en": "Chest", "column-1-th": "อก", "cell-0-1": "1" }, "columnKeyDuplicate"],
  ])("given %j, should refuse it with %s", (override, message) => {
    const base = { unit: "cm", "column-0-en": "Chest", "column-0-th": "รอบอก", "row-0-size": "S", "cell-0-0": "92" };
    const parsed = sizeGuideTableSchema.safeParse(sizeGuideTableFromCells(cells({ ...base, ...override }), 3, 3));
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => issue.message)).toContain(message);
  });

  it("given no column or no row at all, should refuse it", () => {
    expect(sizeGuideTableSchema.safeParse(sizeGuideTableFromCells(cells({ unit: "cm" }), 3, 3)).success).toBe(false);
  });

  it.each([
    ["Chest width", "chest-width"],
    ["  Sleeve (cm) ", "sleeve-cm"],
    ["123 Length", "length"],
    ["รอบอก", ""],
  ])("columnKeyFrom(%j) should be %j", (name, key) => {
    expect(columnKeyFrom(name)).toBe(key);
  });

  it("given stored JSON that is broken or of another shape, should read an empty table", () => {
    expect(parseStoredSizeGuideTable("{")).toEqual({ unit: "cm", columns: [], rows: [] });
    expect(parseStoredSizeGuideTable('{"unit":"cm","columns":[],"rows":[]}').columns).toEqual([]);
  });
});
