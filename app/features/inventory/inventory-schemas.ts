import { z } from "zod";
import { adjustmentModes, manualAdjustmentReasons, maxStockQuantity, stockFilters, type StockFilter } from "~/domain/inventory";

/**
 * The forms of /backend/products/inventory (issue 4 item 9). Messages are keys of
 * `inventory:validation` (app/features/backoffice/form-errors.ts).
 */
export const inventoryValidationKeys = ["required", "maxLength", "wholeNumber", "quantityRange", "choose", "invalid"] as const;
export const searchMaxLength = 100;
export const noteMaxLength = 200;

/** List query in the URL (`?q=&category=&stock=low|out&page=`). Anything odd becomes the defaults. */
export function parseInventoryQuery(url: URL): { search: string; categoryId: number | null; filter: StockFilter; page: number } {
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, searchMaxLength);
  const categoryText = url.searchParams.get("category") ?? "";
  const categoryId = /^[1-9]\d{0,8}$/.test(categoryText) ? Number(categoryText) : null;
  const filterText = url.searchParams.get("stock") ?? "all";
  const filter = (stockFilters as readonly string[]).includes(filterText) ? (filterText as StockFilter) : "all";
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { search, categoryId, filter, page };
}

export const stockAdjustmentSchema = z.object({
  mode: z.enum(adjustmentModes, { message: "choose" }),
  quantity: z
    .string()
    .trim()
    .transform((value) => value.replace(/,/g, ""))
    .refine((value) => value !== "", "required")
    .refine((value) => value === "" || /^\d{1,9}$/.test(value), "wholeNumber")
    .transform(Number)
    .refine((value) => Number.isNaN(value) || value <= maxStockQuantity, "quantityRange"),
  reason: z.enum(manualAdjustmentReasons, { message: "choose" }),
  note: z.string().trim().max(noteMaxLength, `maxLength:${noteMaxLength}`),
});

export const stockImportModes = ["set", "delta"] as const;
export const stockImportModeSchema = z.enum(stockImportModes).catch("set");
