import type { SalePriceLoss } from "./promotions";

/**
 * Cart rules (spec §4 Cart, §5 "cart quantity: never above max"; DESIGN §5). The max of a line
 * comes from domain/pricing (stock, or what is left of a flash sale's cap). Decides only; the cart
 * feature applies the decision in one batch.
 */

/** The largest quantity a form may ask for; more is a typing mistake or a probe, refused with 400. */
export const maxRequestQuantity = 999;

export type CartDecision =
  { kind: "set"; quantity: number; capped: boolean } | { kind: "remove" } | { kind: "refused"; reason: "out-of-stock" | "unavailable" };

function ceiling(max: number): number {
  return Number.isFinite(max) ? Math.max(0, Math.floor(max)) : 0;
}

/** Adding: the same variant sums with the line already there, capped at the line's max. */
export function decideAdd(input: { existingQuantity: number; requested: number; max: number; available: boolean }): CartDecision {
  if (!input.available) return { kind: "refused", reason: "unavailable" };
  const max = ceiling(input.max);
  if (max === 0) return { kind: "refused", reason: "out-of-stock" };
  const wanted = Math.max(0, Math.floor(input.existingQuantity)) + Math.max(1, Math.floor(input.requested));
  return { kind: "set", quantity: Math.min(wanted, max), capped: wanted > max };
}

/** Updating replaces the quantity (never above max); 0 or less removes the line. */
export function decideUpdate(input: { requested: number; max: number; available: boolean }): CartDecision {
  const requested = Math.floor(input.requested);
  if (requested <= 0) return { kind: "remove" };
  if (!input.available) return { kind: "refused", reason: "unavailable" };
  const max = ceiling(input.max);
  if (max === 0) return { kind: "refused", reason: "out-of-stock" };
  return { kind: "set", quantity: Math.min(requested, max), capped: requested > max };
}

export type CartLineStatus = "ok" | "reduced" | "out-of-stock" | "unavailable";

/**
 * How a stored line stands now: fine; more than can be bought (lowered to the max); sold out; or no
 * longer sold (variant inactive, product unpublished). Only "ok" and "reduced" lines are bought.
 */
export function reviewCartLine(line: { quantity: number; max: number; available: boolean }): { status: CartLineStatus; quantity: number } {
  if (!line.available) return { status: "unavailable", quantity: line.quantity };
  const max = ceiling(line.max);
  if (max === 0) return { status: "out-of-stock", quantity: line.quantity };
  if (line.quantity > max) return { status: "reduced", quantity: max };
  return { status: "ok", quantity: line.quantity };
}

export function isPurchasable(status: CartLineStatus): boolean {
  return status === "ok" || status === "reduced";
}

export interface PriceChange {
  direction: "up" | "down";
  /** The unit price the shopper last saw for the line (satang). */
  seenPriceSatang: number;
  /** The unit price that applies now (domain/pricing: a running flash sale's price included). */
  currentPriceSatang: number;
  /** Why it went up, when a flash sale that gave the seen price no longer applies (domain/promotions salePriceLoss). */
  reason?: SalePriceLoss | null;
}

/**
 * Whether a line's unit price moved since the shopper last saw it (ADR 0011). Not known (a line
 * older than the seen price, or a value that is not a whole amount) is never flagged; neither is a
 * line that cannot be bought now (sold out or withdrawn says more than its price).
 */
export function reviewLinePrice(line: { seenPriceSatang: number | null; currentPriceSatang: number; status: CartLineStatus }): PriceChange | null {
  const { seenPriceSatang: seen, currentPriceSatang: current } = line;
  if (seen === null || !Number.isSafeInteger(seen) || seen < 0 || !isPurchasable(line.status)) return null;
  if (seen === current) return null;
  return { direction: current > seen ? "up" : "down", seenPriceSatang: seen, currentPriceSatang: current };
}

/**
 * A price increase the shopper has not accepted keeps the checkout closed: showing the cart is not
 * acceptance; changing the line's quantity or pressing OK is. A decrease is only news.
 */
export function needsPriceAcceptance(lines: readonly { priceChange: PriceChange | null }[]): boolean {
  return lines.some((line) => line.priceChange?.direction === "up");
}

/**
 * Accepting shown prices (the OK button posts each line with the price it showed): accepted only
 * when every posted price is still the price now, so a price that moved again while the shopper
 * looked (or a made-up price) is never recorded as seen. Unknown lines refuse the whole request.
 */
export function decidePriceAcceptance(
  posted: readonly { lineId: number; priceSatang: number }[],
  current: ReadonlyMap<number, number>,
): { kind: "accept"; lines: { lineId: number; priceSatang: number }[] } | { kind: "refused"; reason: "unknown-line" | "price-changed" } {
  if (posted.length === 0) return { kind: "refused", reason: "unknown-line" };
  const lines = new Map<number, number>();
  for (const { lineId, priceSatang } of posted) {
    const now = current.get(lineId);
    if (now === undefined) return { kind: "refused", reason: "unknown-line" };
    if (now !== priceSatang) return { kind: "refused", reason: "price-changed" };
    lines.set(lineId, now);
  }
  return { kind: "accept", lines: [...lines].map(([lineId, priceSatang]) => ({ lineId, priceSatang })) };
}
