/**
 * The rules of promotions (issue 16) as pure functions: what state a discount code or a flash sale
 * is in, which cart lines a code may discount (its scope and whether it combines with flash-sale
 * prices), what a used code may no longer change, and when two flash sales clash. The back office,
 * the checkout and the storefront all ask here; the server layer only reads and writes rows.
 */
export const discountTypes = ["percent", "fixed", "free_shipping"] as const;
export type DiscountType = (typeof discountTypes)[number];

export const discountScopes = ["order", "categories", "products", "collections"] as const;
export type DiscountScope = (typeof discountScopes)[number];

// ----- discount codes ---------------------------------------------------------------------------

export const discountCodeStates = ["scheduled", "active", "expired", "used-up", "inactive"] as const;
export type DiscountCodeState = (typeof discountCodeStates)[number];

export interface CodeStateInput {
  isActive: boolean;
  startsAt: number | null;
  endsAt: number | null;
  usageLimit: number | null;
  usedCount: number;
}

/**
 * One state per code, in the order staff ask about it: switched off first (whatever its dates),
 * then ended, then every use taken, then not started yet. A limit of 0 reads "used up" — the code
 * exists but nobody can use it.
 */
export function discountCodeState(code: CodeStateInput, now: number): DiscountCodeState {
  if (!code.isActive) return "inactive";
  if (code.endsAt !== null && now >= code.endsAt) return "expired";
  if (code.usageLimit !== null && code.usedCount >= code.usageLimit) return "used-up";
  if (code.startsAt !== null && now < code.startsAt) return "scheduled";
  return "active";
}

/** What a line brings to the scope test: its product, the product's category and collections. */
export interface ScopedLine {
  productId: number;
  categoryId: number | null;
  collectionIds: readonly number[];
  onFlashSale: boolean;
}

export interface CodeScope {
  scope: DiscountScope;
  /** The ids of the scope's kind (categories, products or collections); ignored for "order". */
  targetIds: readonly number[];
  combinesWithFlashSale: boolean;
}

/** Whether the code's scope covers this line (before the flash-sale rule). */
export function lineInScope(code: Pick<CodeScope, "scope" | "targetIds">, line: Omit<ScopedLine, "onFlashSale">): boolean {
  switch (code.scope) {
    case "order":
      return true;
    case "categories":
      return line.categoryId !== null && code.targetIds.includes(line.categoryId);
    case "products":
      return code.targetIds.includes(line.productId);
    case "collections":
      return line.collectionIds.some((id) => code.targetIds.includes(id));
  }
}

/**
 * Whether the code discounts this line: in scope, and not bought at a flash-sale price unless the
 * code says it combines with flash sales (a sale price is already a discount).
 */
export function lineEligible(code: CodeScope, line: ScopedLine): boolean {
  return lineInScope(code, line) && (code.combinesWithFlashSale || !line.onFlashSale);
}

/**
 * The fields of a code that are locked once it has been used: its kind of discount and its value.
 * Past redemptions keep the amount they gave (stored on each redemption); changing what the code
 * means would make the history lie, so staff deactivate it and make a new one.
 */
export const lockedWhenUsed = ["type", "value"] as const;

export function lockedCodeFields(code: { usedCount: number }): readonly (typeof lockedWhenUsed)[number][] {
  return code.usedCount > 0 ? lockedWhenUsed : [];
}

/** A change to a used code that touches a locked field; null when the change is allowed. */
export function lockedFieldChanged(
  stored: { usedCount: number; type: DiscountType; value: number },
  next: { type: DiscountType; value: number },
): (typeof lockedWhenUsed)[number] | null {
  if (stored.usedCount === 0) return null;
  if (stored.type !== next.type) return "type";
  if (stored.value !== next.value) return "value";
  return null;
}

/** A new usage limit below what is already used would break the CHECK: it may not go under the count (deactivate instead). */
export function usageLimitBelowUsed(usageLimit: number | null, usedCount: number): boolean {
  return usageLimit !== null && usageLimit < usedCount;
}

// ----- flash sales ------------------------------------------------------------------------------

export const flashSaleStates = ["scheduled", "live", "ended", "inactive"] as const;
export type FlashSaleState = (typeof flashSaleStates)[number];

export function flashSaleState(sale: { isActive: boolean; startsAt: number; endsAt: number }, now: number): FlashSaleState {
  if (!sale.isActive) return "inactive";
  if (now >= sale.endsAt) return "ended";
  if (now < sale.startsAt) return "scheduled";
  return "live";
}

/** Half-open periods [start, end): one ending when the other starts does not overlap. */
export function periodsOverlap(a: { startsAt: number; endsAt: number }, b: { startsAt: number; endsAt: number }): boolean {
  return a.startsAt < b.endsAt && b.startsAt < a.endsAt;
}

export interface SaleItemPeriod {
  flashSaleId: number;
  variantId: number;
  startsAt: number;
  endsAt: number;
  isActive: boolean;
}

/**
 * The variants of a sale being saved that already sit in another switched-on sale overlapping its
 * period (a variant has one sale price at a time), with that other sale's id.
 */
export function overlappingSaleItems(
  sale: { id: number | null; startsAt: number; endsAt: number; isActive: boolean },
  variantIds: readonly number[],
  others: readonly SaleItemPeriod[],
): { variantId: number; flashSaleId: number }[] {
  if (!sale.isActive) return [];
  const clashes: { variantId: number; flashSaleId: number }[] = [];
  for (const variantId of variantIds) {
    const other = others.find((item) => item.variantId === variantId && item.flashSaleId !== sale.id && item.isActive && periodsOverlap(sale, item));
    if (other) clashes.push({ variantId, flashSaleId: other.flashSaleId });
  }
  return clashes;
}

/** "N left at this price" shows when the units left under the cap are this few or fewer. */
export const flashSaleNearCap = 10;

export function showsUnitsLeft(remaining: number): boolean {
  return remaining > 0 && remaining <= flashSaleNearCap;
}

/** Where "end now" moves a sale's end: now, unless it has already ended (then it stays). */
export function endEarly(sale: { startsAt: number; endsAt: number }, now: number): { startsAt: number; endsAt: number } {
  if (now >= sale.endsAt) return sale;
  // The period must stay non-empty (CHECK ends_at > starts_at): a sale not started yet ends as it would start.
  return now <= sale.startsAt ? { startsAt: now - 1, endsAt: now } : { startsAt: sale.startsAt, endsAt: now };
}
