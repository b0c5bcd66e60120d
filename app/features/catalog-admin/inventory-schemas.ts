import { z } from "zod";

import { adjustmentModes, manualAdjustmentReasons, maxStockQuantity } from "~/domain/inventory";
import { choice, optionalText } from "~/ui/form/schema-fields";

/**
 * The forms of /backend/products/inventory (issue 4 item 9), on the form kit (issue 15): messages
 * are keys (`inventory:validation.<key>`, else the kit's `forms:validation.<key>`).
 */
export const noteMaxLength = 200;

export const stockAdjustmentSchema = z.object({
  mode: choice(adjustmentModes),
  // "1,000" is a thousand: a count may be typed with separators.
  quantity: z
    .string()
    .trim()
    .max(15, "quantityRange")
    .regex(/^[\d,]+$/, "wholeNumber")
    .transform((value) => Number(value.replace(/,/g, "")))
    .refine((value) => value <= maxStockQuantity, "quantityRange"),
  reason: choice(manualAdjustmentReasons),
  note: optionalText(noteMaxLength),
});

export const stockImportModes = ["set", "delta"] as const;
export const stockImportModeSchema = z.enum(stockImportModes).catch("set");

/** The import's first step: the file and how to read a file without a header row (new counts unless said). */
export const stockImportSchema = z.object({
  file: z.file({ error: (issue) => (issue.input === undefined ? "fileRequired" : "invalid") }),
  mode: choice(stockImportModes).optional(),
});
