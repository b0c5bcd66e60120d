/**
 * Merging a guest cart into a customer's stored cart at sign-in (spec §4, DESIGN §5): a variant in
 * both carts sums its quantities, capped at the line's max (stock or flash-sale cap); a variant
 * only in the guest cart is appended. Decides only; the cart feature applies the plan in one batch.
 * The price the shopper last saw (ADR 0011) goes with the line; for a variant in both carts the
 * lower one is kept, so a price that rose since either cart saw it is still flagged.
 */
export interface MergeLine {
  variantId: number;
  quantity: number;
  /** The most this line may hold (stock ceiling); a line never exceeds it. */
  max: number;
  /** The unit price the shopper last saw (satang); null: not known. */
  seenPriceSatang: number | null;
}

export interface CartMergePlan {
  /** The customer's cart after the merge: its lines in their order, then the appended ones. */
  lines: MergeLine[];
  /** Guest lines to add to the customer's cart. */
  insert: MergeLine[];
  /** Customer lines whose quantity changes. */
  update: { variantId: number; quantity: number; seenPriceSatang: number | null }[];
  /** Lines held to less than the shopper put in (only this many left): the cart says so after sign-in. */
  capped: { variantId: number; quantity: number }[];
}

function clamp(quantity: number, max: number): number {
  const ceiling = Math.max(0, Math.floor(max));
  return Math.min(Math.max(0, Math.floor(quantity)), ceiling);
}

/** The lower of two seen prices; a known price wins over an unknown one. */
export function lowerSeenPrice(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.min(a, b);
}

export function mergeCarts(guestLines: readonly MergeLine[], customerLines: readonly MergeLine[]): CartMergePlan {
  const lines = customerLines.map((line) => ({ ...line }));
  const byVariant = new Map(lines.map((line) => [line.variantId, line]));
  const insert: MergeLine[] = [];
  const updated = new Set<number>();
  const capped = new Map<number, number>();

  for (const guest of guestLines) {
    const existing = byVariant.get(guest.variantId);
    if (existing) {
      // The newer max (the guest's line was priced later) wins, then the sum is capped by it.
      existing.max = guest.max;
      const quantity = clamp(existing.quantity + guest.quantity, existing.max);
      if (quantity > 0 && quantity < existing.quantity + guest.quantity) capped.set(existing.variantId, quantity);
      const seenPriceSatang = lowerSeenPrice(existing.seenPriceSatang, guest.seenPriceSatang);
      if (quantity !== existing.quantity || seenPriceSatang !== existing.seenPriceSatang) updated.add(existing.variantId);
      existing.quantity = quantity;
      existing.seenPriceSatang = seenPriceSatang;
      continue;
    }
    const quantity = clamp(guest.quantity, guest.max);
    if (quantity <= 0) continue;
    if (quantity < guest.quantity) capped.set(guest.variantId, quantity);
    const line = { ...guest, quantity };
    lines.push(line);
    byVariant.set(line.variantId, line);
    insert.push(line);
  }

  return {
    lines: lines.filter((line) => line.quantity > 0),
    insert,
    update: [...updated].map((variantId) => {
      const line = byVariant.get(variantId)!;
      return { variantId, quantity: line.quantity, seenPriceSatang: line.seenPriceSatang };
    }),
    capped: [...capped].map(([variantId, quantity]) => ({ variantId, quantity })),
  };
}
