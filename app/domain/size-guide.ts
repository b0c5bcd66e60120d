import { z } from "zod";

/**
 * The measurement table stored in size_guides.table_json (app/db/schema/content.ts):
 * `{ unit: "cm", columns: [{ key, en, th }], rows: [{ size, values: number[] }] }`. Staff edit it,
 * so a page parses it and skips a malformed guide rather than failing.
 */
export const sizeGuideTableSchema = z
  .object({
    unit: z.string().trim().min(1).max(10),
    columns: z
      .array(z.object({ key: z.string().min(1).max(40), en: z.string().min(1).max(60), th: z.string().min(1).max(60) }))
      .min(1)
      .max(20),
    rows: z
      .array(z.object({ size: z.string().trim().min(1).max(20), values: z.array(z.number().finite()) }))
      .min(1)
      .max(50),
  })
  .refine((table) => table.rows.every((row) => row.values.length === table.columns.length), { message: "row-width" });

export type SizeGuideTable = z.infer<typeof sizeGuideTableSchema>;

/** The table, or null when the JSON is unreadable or has the wrong shape. */
export function parseSizeGuideTable(json: string): SizeGuideTable | null {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return null;
  }
  const parsed = sizeGuideTableSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
