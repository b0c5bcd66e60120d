/**
 * Saving a product's variants from the back-office form: which rows to insert, update or delete,
 * and which stock changes to record (inventory history, reason "correction"). Pure: the caller
 * applies the plan in one db.batch.
 *
 * Stock is compared with what the form showed (`stockShown`), not with the stock at save time: an
 * order placed while staff had the form open lowers the stock, and saving the form for a price
 * change must not put those units back. Only a stock field staff actually changed is written.
 */
export interface ExistingVariant {
  id: number;
  /** The variant appears in an order line: deleting it would cut that line loose. */
  ordered: boolean;
}

export interface SubmittedVariant {
  /** Null for a row added in the form. */
  id: number | null;
  stock: number;
  /** The stock the form showed when it was opened; null for a new row. */
  stockShown: number | null;
}

export interface VariantChangePlan {
  /** Positions of submitted rows to insert (with their stock as the opening stock). */
  insert: number[];
  /** Submitted rows to update; `stockTo` is set when staff changed the stock. */
  update: { index: number; id: number; stockTo: number | null }[];
  delete: number[];
}

export type VariantChangeDecision =
  | { ok: true; plan: VariantChangePlan }
  /** `ordered`: variants removed from the form that were ordered; `unknown`: row positions whose id is not this product's. */
  | { ok: false; ordered: number[]; unknown: number[] };

export function planVariantChanges(existing: readonly ExistingVariant[], submitted: readonly SubmittedVariant[]): VariantChangeDecision {
  const existingById = new Map(existing.map((variant) => [variant.id, variant]));
  const kept = new Set<number>();
  const unknown: number[] = [];
  const plan: VariantChangePlan = { insert: [], update: [], delete: [] };

  submitted.forEach((row, index) => {
    if (row.id === null) {
      plan.insert.push(index);
      return;
    }
    if (!existingById.has(row.id) || kept.has(row.id)) {
      unknown.push(index);
      return;
    }
    kept.add(row.id);
    const changed = row.stockShown === null || row.stockShown !== row.stock;
    plan.update.push({ index, id: row.id, stockTo: changed ? row.stock : null });
  });

  const removed = existing.filter((variant) => !kept.has(variant.id));
  const ordered = removed.filter((variant) => variant.ordered).map((variant) => variant.id);
  if (unknown.length > 0 || ordered.length > 0) return { ok: false, ordered, unknown };
  plan.delete = removed.map((variant) => variant.id);
  return { ok: true, plan };
}
