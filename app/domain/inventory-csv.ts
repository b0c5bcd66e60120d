import { maxStockQuantity } from "./inventory";

/**
 * Bulk stock by CSV (/backend/products/inventory): the export staff open in Excel, and the import
 * that reads a file back — `sku` with `stock` (the new count) or `delta` (a change, + or −). Parsing
 * follows RFC 4180 (quoted fields, "" inside quotes, CR LF or LF line ends, a UTF-8 BOM from Excel);
 * every problem names its line so staff can fix the file. Nothing here touches the database: the
 * server looks the SKUs up and `planStockImport` decides what would change.
 */
export const csvImportMaxBytes = 512 * 1024;
export const csvImportMaxRows = 1000;
const maxSkuLength = 64;

const byteOrderMark = "\uFEFF";

export type CsvImportMode = "set" | "delta";

export type CsvRowProblem =
  "sku-missing" | "sku-too-long" | "value-missing" | "value-invalid" | "value-too-large" | "duplicate-sku" | "unknown-sku" | "below-zero";

export type CsvFileProblem = "empty" | "too-large" | "too-many-rows" | "unclosed-quote" | "no-stock-column";

export interface CsvLineProblem {
  line: number;
  sku: string;
  problem: CsvRowProblem;
}

export interface CsvStockRow {
  line: number;
  sku: string;
  value: number;
}

export type CsvParseResult =
  { ok: true; mode: CsvImportMode; rows: CsvStockRow[]; problems: CsvLineProblem[] } | { ok: false; problem: CsvFileProblem; line?: number };

interface CsvRecord {
  line: number;
  cells: string[];
}

/** RFC 4180 records with the line each starts on; a quoted field may span lines. */
export function parseCsvRecords(text: string): { ok: true; records: CsvRecord[] } | { ok: false; line: number } {
  const input = text.startsWith(byteOrderMark) ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = "";
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  let index = 0;
  const endRecord = () => {
    cells.push(cell);
    // Blank lines (one empty cell) are not records.
    if (!(cells.length === 1 && cells[0]!.trim() === "")) records.push({ line: recordLine, cells });
    cells = [];
    cell = "";
  };
  while (index < input.length) {
    const character = input[index]!;
    if (quoted) {
      if (character === '"') {
        if (input[index + 1] === '"') {
          cell += '"';
          index += 2;
          continue;
        }
        quoted = false;
      } else {
        if (character === "\n") line += 1;
        cell += character;
      }
      index += 1;
      continue;
    }
    if (character === '"' && cell.trim() === "") {
      quoted = true;
      quoteLine = line;
      cell = "";
    } else if (character === ",") {
      cells.push(cell);
      cell = "";
    } else if (character === "\r" || character === "\n") {
      endRecord();
      if (character === "\r" && input[index + 1] === "\n") index += 1;
      line += 1;
      recordLine = line;
    } else {
      cell += character;
    }
    index += 1;
  }
  if (quoted) return { ok: false, line: quoteLine };
  if (cell !== "" || cells.length > 0) endRecord();
  return { ok: true, records };
}

const normalizeHeader = (cell: string) =>
  cell
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** A whole number as people type it: "12", "+3", "-4", "−4" (minus sign), "1,200". */
function parseWholeNumber(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\+/, "")
    .replace(/^[\u2212\u2013]/, "-")
    .replace(/,/g, "");
  if (!/^-?\d{1,9}$/.test(cleaned)) return null;
  return Number(cleaned);
}

/**
 * The stock rows of an import file. A first record naming `sku` is a header: the value column is
 * `stock` (set) or `delta` (change); the export's own columns are accepted, so an edited export can
 * go straight back. Without a header the columns are sku, value and `defaultMode` says which.
 */
export function parseStockCsv(text: string, defaultMode: CsvImportMode): CsvParseResult {
  if (new TextEncoder().encode(text).length > csvImportMaxBytes) return { ok: false, problem: "too-large" };
  const parsed = parseCsvRecords(text);
  if (!parsed.ok) return { ok: false, problem: "unclosed-quote", line: parsed.line };
  let records = parsed.records;
  if (records.length === 0) return { ok: false, problem: "empty" };

  let mode = defaultMode;
  let skuColumn = 0;
  let valueColumn = 1;
  const header = records[0]!.cells.map(normalizeHeader);
  if (header.includes("sku")) {
    skuColumn = header.indexOf("sku");
    const delta = header.indexOf("delta");
    const stock = header.indexOf("stock");
    if (delta >= 0) {
      mode = "delta";
      valueColumn = delta;
    } else if (stock >= 0) {
      mode = "set";
      valueColumn = stock;
    } else {
      return { ok: false, problem: "no-stock-column", line: records[0]!.line };
    }
    records = records.slice(1);
  }
  if (records.length === 0) return { ok: false, problem: "empty" };
  if (records.length > csvImportMaxRows) return { ok: false, problem: "too-many-rows" };

  const rows: CsvStockRow[] = [];
  const problems: CsvLineProblem[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of records) {
    const sku = (cells[skuColumn] ?? "").trim();
    const valueText = (cells[valueColumn] ?? "").trim();
    const problem = (kind: CsvRowProblem) => problems.push({ line, sku: sku.slice(0, maxSkuLength), problem: kind });
    if (!sku) {
      problem("sku-missing");
      continue;
    }
    if (sku.length > maxSkuLength) {
      problem("sku-too-long");
      continue;
    }
    const key = sku.toUpperCase();
    if (seen.has(key)) {
      problem("duplicate-sku");
      continue;
    }
    seen.add(key);
    if (!valueText) {
      problem("value-missing");
      continue;
    }
    const value = parseWholeNumber(valueText);
    if (value === null || (mode === "set" && value < 0)) {
      problem(value !== null && value < 0 ? "below-zero" : "value-invalid");
      continue;
    }
    if (Math.abs(value) > maxStockQuantity) {
      problem("value-too-large");
      continue;
    }
    rows.push({ line, sku, value });
  }
  return { ok: true, mode, rows, problems };
}

export interface StockImportChange {
  line: number;
  variantId: number;
  sku: string;
  before: number;
  after: number;
  delta: number;
}

export interface StockImportPlan {
  changes: StockImportChange[];
  /** Rows whose stock would stay the same (nothing written for them). */
  unchanged: number;
  problems: CsvLineProblem[];
}

/**
 * What an import would do, given the variants its SKUs name (`variants` keyed by upper-case SKU):
 * unknown SKUs and results below 0 are problems; a row that changes nothing is counted, not written.
 */
export function planStockImport(
  parsed: { mode: CsvImportMode; rows: readonly CsvStockRow[]; problems: readonly CsvLineProblem[] },
  variants: ReadonlyMap<string, { id: number; sku: string; stock: number }>,
): StockImportPlan {
  const changes: StockImportChange[] = [];
  const problems: CsvLineProblem[] = [...parsed.problems];
  let unchanged = 0;
  for (const row of parsed.rows) {
    const variant = variants.get(row.sku.toUpperCase());
    if (!variant) {
      problems.push({ line: row.line, sku: row.sku, problem: "unknown-sku" });
      continue;
    }
    const after = parsed.mode === "set" ? row.value : variant.stock + row.value;
    if (after < 0) {
      problems.push({ line: row.line, sku: variant.sku, problem: "below-zero" });
      continue;
    }
    if (after > maxStockQuantity) {
      problems.push({ line: row.line, sku: variant.sku, problem: "value-too-large" });
      continue;
    }
    if (after === variant.stock) {
      unchanged += 1;
      continue;
    }
    changes.push({ line: row.line, variantId: variant.id, sku: variant.sku, before: variant.stock, after, delta: after - variant.stock });
  }
  problems.sort((a, b) => a.line - b.line);
  return { changes, unchanged, problems };
}

/** One CSV field: quoted when it holds a comma, quote or line break (RFC 4180), or could be read as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  // A cell starting with = + - @ is run as a formula by spreadsheets: keep product names inert. A
  // negative amount ("-10.00", a credit note in a report) is only a number and stays one.
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text) && !/^-\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: a UTF-8 BOM (so Excel reads Thai), CR LF line ends. */
export function toCsv(rows: readonly (readonly (string | number)[])[]): string {
  return byteOrderMark + rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}
