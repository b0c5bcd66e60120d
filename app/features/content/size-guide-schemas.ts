import { z } from "zod";

/**
 * The size-guide form of /backend/home/size-guide (issue 4 item 11). The measurement table is
 * stored in size_guides.table_json as `{ unit, columns: [{ key, en, th }], rows: [{ size, values }] }`
 * (app/db/schema/content.ts): every row has one number per column, numbers are ≥ 0. The form sends
 * it as cells (`column-<c>-key|en|th`, `row-<r>-size`, `cell-<r>-<c>`); blank columns and rows are
 * left out, so the page can offer empty ones to fill without JavaScript.
 *
 * Messages are keys of `contentAdmin:validation`.
 */
export const sizeGuideUnits = ["cm", "in"] as const;
export const maxSizeGuideColumns = 10;
export const maxSizeGuideRows = 20;
export const maxMeasurement = 1000;
/** Empty columns and rows the form offers beyond the filled ones, so the table grows without JavaScript. */
export const spareSizeGuideColumns = 1;
export const spareSizeGuideRows = 2;

export const sizeGuideTableSchema = z
  .object({
    unit: z.enum(sizeGuideUnits, { message: "unit" }),
    columns: z
      .array(
        z.object({
          key: z.string().regex(/^[a-z][a-z0-9-]{0,29}$/, "columnKey"),
          en: z.string().trim().min(1, "columnName").max(40, "columnName"),
          th: z.string().trim().min(1, "columnName").max(40, "columnName"),
        }),
      )
      .min(1, "tableColumns")
      .max(maxSizeGuideColumns, "tableColumns"),
    rows: z
      .array(
        z.object({
          size: z.string().trim().min(1, "rowSize").max(20, "rowSize"),
          values: z.array(z.number({ message: "cellNumber" }).min(0, "cellNumber").max(maxMeasurement, "cellNumber")),
        }),
      )
      .min(1, "tableRows")
      .max(maxSizeGuideRows, "tableRows"),
  })
  .superRefine((table, context) => {
    const keys = table.columns.map((column) => column.key);
    if (new Set(keys).size !== keys.length) context.addIssue({ code: "custom", path: ["columns"], message: "columnKeyDuplicate" });
    const sizes = table.rows.map((row) => row.size.toLowerCase());
    if (new Set(sizes).size !== sizes.length) context.addIssue({ code: "custom", path: ["rows"], message: "rowSizeDuplicate" });
    for (const [index, row] of table.rows.entries()) {
      if (row.values.length !== table.columns.length) context.addIssue({ code: "custom", path: ["rows", index, "values"], message: "cellNumber" });
    }
  });

export type SizeGuideTable = z.infer<typeof sizeGuideTableSchema>;

/** A column key from its English name when staff left the key empty ("Chest width" → "chest-width"). */
export function columnKeyFrom(name: string): string {
  const key = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^[^a-z]+|-+$/g, "")
    .slice(0, 30)
    .replace(/-+$/, "");
  return key;
}

/** A measurement typed in a cell: "92", "92.5", "1,000" → number; anything else → NaN (a field message). */
function measurement(text: string): number {
  const cleaned = text.trim().replace(/,/g, "");
  return /^\d{1,4}(?:\.\d{1,2})?$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/**
 * The table as typed in the form (cells by name), before validation. `columnSlots`/`rowSlots` are
 * how many the page offered; the server reads no more than the limits allow.
 */
export function sizeGuideTableFromCells(read: (name: string) => string, columnSlots: number, rowSlots: number): unknown {
  const columnIndexes: number[] = [];
  const columns: { key: string; en: string; th: string }[] = [];
  for (let c = 0; c < Math.min(columnSlots, maxSizeGuideColumns + 5); c += 1) {
    const en = read(`column-${c}-en`).trim();
    const th = read(`column-${c}-th`).trim();
    const typedKey = read(`column-${c}-key`).trim().toLowerCase();
    if (!en && !th && !typedKey) continue;
    columnIndexes.push(c);
    columns.push({ key: typedKey || columnKeyFrom(en), en, th });
  }
  const rows: { size: string; values: number[] }[] = [];
  for (let r = 0; r < Math.min(rowSlots, maxSizeGuideRows + 5); r += 1) {
    const size = read(`row-${r}-size`).trim();
    const cells = columnIndexes.map((c) => read(`cell-${r}-${c}`));
    if (!size && cells.every((cell) => cell.trim() === "")) continue;
    rows.push({ size, values: cells.map(measurement) });
  }
  return { unit: read("unit").trim(), columns, rows };
}

/** The table's first problem as one key (the cells are many; one clear sentence helps more than one per cell). */
const tableMessages = ["unit", "columnKey", "columnKeyDuplicate", "columnName", "rowSize", "rowSizeDuplicate", "cellNumber", "tableColumns", "tableRows"];

/**
 * The table of a posted size-guide form (its cells by name, as Conform hands them over), checked:
 * the slot counts come from hidden fields and are bounded; a cell is read as at most 100 characters.
 */
export function sizeGuideTableFromValues(values: Record<string, unknown>): { success: true; data: SizeGuideTable } | { success: false; message: string } {
  const read = (name: string) => {
    const value = values[name];
    return typeof value === "string" ? value.slice(0, 100) : "";
  };
  const slots = (name: string, limit: number) => (/^\d{1,2}$/.test(read(name)) ? Math.min(Number(read(name)), limit) : 0);
  const parsed = sizeGuideTableSchema.safeParse(
    sizeGuideTableFromCells(read, slots("columnSlots", maxSizeGuideColumns + spareSizeGuideColumns), slots("rowSlots", maxSizeGuideRows + spareSizeGuideRows)),
  );
  if (parsed.success) return { success: true, data: parsed.data };
  return { success: false, message: parsed.error.issues.find((issue) => tableMessages.includes(issue.message))?.message ?? "invalid" };
}

/** A stored table (seed or earlier save), read leniently for the form: unreadable → an empty table. */
export function parseStoredSizeGuideTable(json: string): SizeGuideTable {
  try {
    const parsed = sizeGuideTableSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  return { unit: "cm", columns: [], rows: [] };
}
