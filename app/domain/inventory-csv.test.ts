import { describe, expect, it } from "vitest";

import { csvField, csvImportMaxRows, type CsvParseResult, parseCsvRecords, parseStockCsv, planStockImport, toCsv } from "./inventory-csv";

const cellsOf = (text: string) => {
  const result = parseCsvRecords(text);
  if (!result.ok) throw new Error(`unclosed quote on line ${result.line}`);
  return result.records.map((record) => [record.line, ...record.cells]);
};

describe("parseCsvRecords (RFC 4180)", () => {
  it.each([
    [
      "plain LF lines",
      "a,b\nc,d\n",
      [
        [1, "a", "b"],
        [2, "c", "d"],
      ],
    ],
    [
      "CR LF lines",
      "a,b\r\nc,d\r\n",
      [
        [1, "a", "b"],
        [2, "c", "d"],
      ],
    ],
    [
      "old Mac CR lines",
      "a,b\rc,d",
      [
        [1, "a", "b"],
        [2, "c", "d"],
      ],
    ],
    [
      "no final line end",
      "a,b\nc,d",
      [
        [1, "a", "b"],
        [2, "c", "d"],
      ],
    ],
    [
      "a UTF-8 BOM (Excel)",
      "\uFEFFsku,stock\nA,1",
      [
        [1, "sku", "stock"],
        [2, "A", "1"],
      ],
    ],
    ["a quoted comma", '"a,b",c', [[1, "a,b", "c"]]],
    ["doubled quotes inside quotes", '"say ""hi""",x', [[1, 'say "hi"', "x"]]],
    [
      "a line break inside quotes (next record keeps its real line)",
      '"line 1\nline 2",x\ny,z',
      [
        [1, "line 1\nline 2", "x"],
        [3, "y", "z"],
      ],
    ],
    [
      "blank lines",
      "a,b\n\n  \nc,d\n",
      [
        [1, "a", "b"],
        [4, "c", "d"],
      ],
    ],
    ["empty cells", ",,\n", [[1, "", "", ""]]],
    ["Thai text", "เสื้อ,ดำ\n", [[1, "เสื้อ", "ดำ"]]],
    ["a quote in the middle of a plain field (kept as text)", 'ab"c,d', [[1, 'ab"c', "d"]]],
  ])("given %s, should read the records", (_what, text, expected) => {
    expect(cellsOf(text)).toEqual(expected);
  });

  it("given a quote that never closes, should name the line it opened on", () => {
    expect(parseCsvRecords('a,b\nc,"d\ne,f\n')).toEqual({ ok: false, line: 2 });
  });
});

describe("parseStockCsv", () => {
  it.each<[string, string, "set" | "delta", CsvParseResult]>([
    [
      "a sku,stock header",
      "sku,stock\r\nPRY001-BLK-M,12\r\nPRY001-BLK-L,0\r\n",
      "delta",
      {
        ok: true,
        mode: "set",
        rows: [
          { line: 2, sku: "PRY001-BLK-M", value: 12 },
          { line: 3, sku: "PRY001-BLK-L", value: 0 },
        ],
        problems: [],
      },
    ],
    [
      "a sku,delta header with signs and a thousands comma",
      'SKU,Delta\nA,+3\nB,-2\nC,−4\nD,"1,200"\n',
      "set",
      {
        ok: true,
        mode: "delta",
        rows: [
          { line: 2, sku: "A", value: 3 },
          { line: 3, sku: "B", value: -2 },
          { line: 4, sku: "C", value: -4 },
          { line: 5, sku: "D", value: 1200 },
        ],
        problems: [],
      },
    ],
    [
      "our own export (BOM, extra columns, quoted Thai)",
      '\uFEFFsku,product name en,product name th,options,stock\r\nPRY001-BLK-M,"Tee, classic",เสื้อยืด,Black / M,7\r\n',
      "delta",
      { ok: true, mode: "set", rows: [{ line: 2, sku: "PRY001-BLK-M", value: 7 }], problems: [] },
    ],
    [
      "no header: the form's mode",
      "A,5\nB,6\n",
      "delta",
      {
        ok: true,
        mode: "delta",
        rows: [
          { line: 1, sku: "A", value: 5 },
          { line: 2, sku: "B", value: 6 },
        ],
        problems: [],
      },
    ],
    [
      "row problems, each with its line",
      "sku,stock\n,4\nA,\nB,abc\nC,1.5\nD,-1\nA,2\nE,2000000\nF,3\n",
      "set",
      {
        ok: true,
        mode: "set",
        rows: [{ line: 9, sku: "F", value: 3 }],
        problems: [
          { line: 2, sku: "", problem: "sku-missing" },
          { line: 3, sku: "A", problem: "value-missing" },
          { line: 4, sku: "B", problem: "value-invalid" },
          { line: 5, sku: "C", problem: "value-invalid" },
          { line: 6, sku: "D", problem: "below-zero" },
          { line: 7, sku: "A", problem: "duplicate-sku" },
          { line: 8, sku: "E", problem: "value-too-large" },
        ],
      },
    ],
    ["an empty file", "", "set", { ok: false, problem: "empty" }],
    ["only a BOM and blank lines", "\uFEFF\r\n\r\n", "set", { ok: false, problem: "empty" }],
    ["only a header", "sku,stock\n", "set", { ok: false, problem: "empty" }],
    ["a header without a stock or delta column", "sku,price\nA,5\n", "set", { ok: false, problem: "no-stock-column", line: 1 }],
    ["an unclosed quote", 'sku,stock\n"A,5\n', "set", { ok: false, problem: "unclosed-quote", line: 2 }],
  ])("given %s, should answer as expected", (_what, text, mode, expected) => {
    expect(parseStockCsv(text, mode)).toEqual(expected);
  });

  it("given duplicate SKUs differing only in case, should flag the second", () => {
    const result = parseStockCsv("sku,stock\nabc,1\nABC,2\n", "set");
    expect(result.ok && result.problems).toEqual([{ line: 3, sku: "ABC", problem: "duplicate-sku" }]);
  });

  it("given more rows than allowed, should refuse the file", () => {
    const text = `sku,stock\n${Array.from({ length: csvImportMaxRows + 1 }, (_, index) => `S${index},1`).join("\n")}`;
    expect(parseStockCsv(text, "set")).toEqual({ ok: false, problem: "too-many-rows" });
  });

  it("given a file over the size limit, should refuse it", () => {
    expect(parseStockCsv(`sku,stock\nA,1\n${"x".repeat(600 * 1024)}`, "set")).toEqual({ ok: false, problem: "too-large" });
  });
});

describe("planStockImport", () => {
  const variants = new Map([
    ["PRY001-BLK-M", { id: 1, sku: "PRY001-BLK-M", stock: 10 }],
    ["PRY001-BLK-L", { id: 2, sku: "PRY001-BLK-L", stock: 2 }],
  ]);

  it("given set rows, should plan each change from the current stock and count rows that change nothing", () => {
    const plan = planStockImport(
      {
        mode: "set",
        rows: [
          { line: 2, sku: "pry001-blk-m", value: 4 },
          { line: 3, sku: "PRY001-BLK-L", value: 2 },
        ],
        problems: [],
      },
      variants,
    );
    expect(plan).toEqual({ changes: [{ line: 2, variantId: 1, sku: "PRY001-BLK-M", before: 10, after: 4, delta: -6 }], unchanged: 1, problems: [] });
  });

  it("given delta rows with an unknown SKU and one going below zero, should list both problems in line order", () => {
    const plan = planStockImport(
      {
        mode: "delta",
        rows: [
          { line: 2, sku: "NOPE", value: 1 },
          { line: 3, sku: "PRY001-BLK-L", value: -3 },
          { line: 4, sku: "PRY001-BLK-M", value: 5 },
        ],
        problems: [{ line: 1, sku: "", problem: "sku-missing" }],
      },
      variants,
    );
    expect(plan.changes).toEqual([{ line: 4, variantId: 1, sku: "PRY001-BLK-M", before: 10, after: 15, delta: 5 }]);
    expect(plan.problems).toEqual([
      { line: 1, sku: "", problem: "sku-missing" },
      { line: 2, sku: "NOPE", problem: "unknown-sku" },
      { line: 3, sku: "PRY001-BLK-L", problem: "below-zero" },
    ]);
  });
});

describe("toCsv and csvField", () => {
  it.each([
    ["plain", "PRY001", "PRY001"],
    ["a number", 12, "12"],
    ["a comma", "Tee, classic", '"Tee, classic"'],
    ["quotes", 'The "best" tee', '"The ""best"" tee"'],
    ["a line break", "a\nb", '"a\nb"'],
    ["Thai", "เสื้อยืด", "เสื้อยืด"],
    ["a formula", "=HYPERLINK(1)", "'=HYPERLINK(1)"],
    ["a minus formula", "-2+3", "'-2+3"],
    ["a negative amount", "-10.00", "-10.00"],
    ["a leading space", " x", '" x"'],
  ])("given %s, should write %s", (_what, value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it("given rows, should start with a BOM, end lines with CR LF and read back the same", () => {
    const csv = toCsv([
      ["sku", "name"],
      ["A", "เสื้อ, ดำ"],
    ]);
    expect(csv).toBe('\uFEFFsku,name\r\nA,"เสื้อ, ดำ"\r\n');
    expect(cellsOf(csv)).toEqual([
      [1, "sku", "name"],
      [2, "A", "เสื้อ, ดำ"],
    ]);
  });
});
