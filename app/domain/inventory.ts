import { lowStockThreshold } from "./stock-label";

/**
 * Manual stock adjustments in the back office (/backend/products/inventory). Staff either add or
 * remove a number of items ("add 12", "remove 3") or set the count they found ("set to 40", after a
 * stocktake). The decision is made here; the server applies it in one db.batch with its
 * stock_movements row, and the CHECK (stock >= 0) on variants stays the last word when two people
 * act at once.
 */
export const adjustmentModes = ["add", "remove", "set"] as const;
export type AdjustmentMode = (typeof adjustmentModes)[number];

/** Reasons staff may pick; "import", "order"… are written by other paths. */
export const manualAdjustmentReasons = ["restock", "correction", "damaged", "returned"] as const;
export type ManualAdjustmentReason = (typeof manualAdjustmentReasons)[number];

/** No single change and no stock level above this (a typo guard: 1,000,000 shirts is not a stocktake). */
export const maxStockQuantity = 1_000_000;

/** How the server must write the change: relative (race-safe) or an absolute count. */
export type StockChange = { kind: "delta"; delta: number } | { kind: "set"; stock: number };

export type AdjustmentDecision =
  { ok: true; change: StockChange; expectedStockAfter: number } | { ok: false; reason: "zero-quantity" | "too-large" | "below-zero" | "no-change" };

/**
 * What an adjustment means for a variant that has `currentStock` now. `quantity` is a whole number
 * ≥ 0 (the form has parsed it). Removing more than there is, is refused here for a clear message;
 * the database refuses it again if the stock dropped meanwhile.
 */
export function decideAdjustment(input: { mode: AdjustmentMode; quantity: number; currentStock: number }): AdjustmentDecision {
  const { mode, quantity, currentStock } = input;
  if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`quantity must be a whole number ≥ 0, got ${quantity}`);
  if (quantity > maxStockQuantity) return { ok: false, reason: "too-large" };
  switch (mode) {
    case "add":
    case "remove": {
      if (quantity === 0) return { ok: false, reason: "zero-quantity" };
      const delta = mode === "add" ? quantity : -quantity;
      const after = currentStock + delta;
      if (after < 0) return { ok: false, reason: "below-zero" };
      if (after > maxStockQuantity) return { ok: false, reason: "too-large" };
      return { ok: true, change: { kind: "delta", delta }, expectedStockAfter: after };
    }
    case "set":
      if (quantity === currentStock) return { ok: false, reason: "no-change" };
      return { ok: true, change: { kind: "set", stock: quantity }, expectedStockAfter: quantity };
  }
}

/** Inventory list filter: everything, low stock (1–5, spec §9) or out of stock (0). */
export const stockFilters = ["all", "low", "out"] as const;
export type StockFilter = (typeof stockFilters)[number];

/** The highest stock a filter lets through (null = no limit). */
export function stockCeilingFor(filter: StockFilter): number | null {
  switch (filter) {
    case "all":
      return null;
    case "low":
      return lowStockThreshold;
    case "out":
      return 0;
  }
}
