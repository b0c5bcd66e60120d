/** Spec §4/§9: five or fewer items left is "Lower Stock". */
export const lowStockThreshold = 5;

export type StockLabel = "in-stock" | "low-stock" | "out-of-stock";
export type StockTone = "success" | "warning" | "error";

/**
 * The label a product or variant shows for its stock: more than 5 → in stock (success colour),
 * 1 to 5 → low stock (warning), 0 or less → out of stock (error). Anything that is not a number
 * of at least one item (NaN, 0.5) counts as out of stock, so we never promise what we cannot ship.
 */
export function stockLabel(stock: number): { label: StockLabel; tone: StockTone } {
  if (stock > lowStockThreshold) return { label: "in-stock", tone: "success" };
  if (stock >= 1) return { label: "low-stock", tone: "warning" };
  return { label: "out-of-stock", tone: "error" };
}

/**
 * The levels of `variant_stock_counts` (kept by triggers on variants, migration 0026): the labels above as numbers, in
 * the order of the stock, so "low or out" is `level <= stockCountLevel.low`.
 */
export const stockCountLevel = { out: 0, low: 1, in: 2 } as const;
