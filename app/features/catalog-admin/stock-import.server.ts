import { type CsvFileProblem, type CsvImportMode, type CsvLineProblem, parseStockCsv, planStockImport, type StockImportChange } from "~/domain/inventory-csv";

import { applyStockImport, variantsBySku } from "./inventory.server";

/**
 * The CSV import's two steps: `previewStockImport` reads the file and says what would change (and
 * what is wrong, line by line); `confirmStockImport` reads the same text again — the stock may have
 * moved since the preview — and applies it all in one batch, or nothing when anything is wrong.
 */
export type StockImportOutcome =
  | { ok: false; fileProblem: CsvFileProblem; line?: number }
  | { ok: true; mode: CsvImportMode; changes: StockImportChange[]; unchanged: number; problems: CsvLineProblem[] };

export async function previewStockImport(d1: D1Database, text: string, defaultMode: CsvImportMode): Promise<StockImportOutcome> {
  const parsed = parseStockCsv(text, defaultMode);
  if (!parsed.ok) return { ok: false, fileProblem: parsed.problem, line: parsed.line };
  const variants = await variantsBySku(
    d1,
    parsed.rows.map((row) => row.sku),
  );
  return { ok: true, mode: parsed.mode, ...planStockImport(parsed, variants) };
}

export async function confirmStockImport(
  d1: D1Database,
  input: { text: string; defaultMode: CsvImportMode; fileName: string; staffUserId: number },
): Promise<{ outcome: StockImportOutcome; applied: number | null; raced: boolean }> {
  const outcome = await previewStockImport(d1, input.text, input.defaultMode);
  if (!outcome.ok || outcome.problems.length > 0) return { outcome, applied: null, raced: false };
  const result = await applyStockImport(d1, { mode: outcome.mode, changes: outcome.changes, fileName: input.fileName, staffUserId: input.staffUserId });
  return result.ok ? { outcome, applied: result.applied, raced: false } : { outcome, applied: null, raced: true };
}

/** An uploaded file as UTF-8 text, or null when it is not UTF-8 (Excel's "CSV (Windows-874)" for instance). */
export function decodeUtf8(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
