import { percentOf, type Satang, satang } from "./money";
import type { DiscountScope, DiscountType } from "./promotions";

/**
 * Discount codes at checkout (spec §5 "discount code messages": cannot be used, not found, expired,
 * cannot apply to this order, minimum purchase of {amount} Baht required). Decides only: the server
 * reads the code row and the shopper's earlier redemptions, and the order batch enforces the usage
 * limits again with CHECKs (DESIGN §5), so two shoppers racing for the last use cannot both win.
 *
 * Rules (docs/decisions/0012-checkout.md):
 * - codes are matched case-insensitively (stored upper-cased), surrounding spaces ignored;
 * - a code applies to the lines at their regular price: flash-sale lines are already discounted and
 *   do not stack with a code. A cart of flash-sale lines only "cannot apply to this order";
 * - the minimum purchase compares the goods subtotal (all lines at today's price, before any
 *   discount, without shipping);
 * - percent codes take value% of the eligible lines, capped at max_discount_satang; fixed codes take
 *   their value; neither ever more than the eligible lines are worth;
 * - a per-customer limit needs a signed-in customer (a guest cannot be counted);
 * - a scoped code (issue 16) discounts only the lines of its categories / products / collections,
 *   and flash-sale lines only when it says it combines with them (domain/promotions lineEligible):
 *   the caller passes the eligible part of the subtotal;
 * - a free-shipping code takes the shipping off instead (the caller zeroes it): it applies whenever
 *   the other rules pass, whatever the lines;
 * - "first order only" needs a signed-in customer without an earlier order; one with an order
 *   already "cannot apply to this order".
 */
export interface DiscountCodeRecord {
  id: number;
  code: string;
  type: DiscountType;
  /** Whole percent for "percent", satang for "fixed", 0 for "free_shipping". */
  value: number;
  maxDiscountSatang: number | null;
  minPurchaseSatang: number;
  usageLimit: number | null;
  usedCount: number;
  perCustomerLimit: number | null;
  isActive: boolean;
  startsAt: number | null;
  endsAt: number | null;
  scope: DiscountScope;
  /** The categories / products / collections of a scoped code. */
  targetIds: readonly number[];
  firstOrderOnly: boolean;
  combinesWithFlashSale: boolean;
}

export interface DiscountContext {
  /** Goods at today's price, before discounts (satang). */
  subtotalSatang: number;
  /** The part of the subtotal a code may discount (lines not on a flash sale). */
  eligibleSubtotalSatang: number;
  now: number;
  /** Null for a guest. */
  customerId: number | null;
  /** How many orders this customer already redeemed the code on. */
  customerRedemptions: number;
  /** How many orders (not cancelled) this customer placed before; only read for a first-order code. */
  customerOrders?: number;
}

export type DiscountRefusal =
  "not-found" | "cannot-use" | "not-started" | "expired" | "usage-limit" | "per-customer-limit" | "sign-in-required" | "not-applicable" | "minimum-purchase";

export type DiscountDecision =
  | { ok: true; codeId: number; code: string; discountSatang: Satang; freeShipping?: true }
  | { ok: false; reason: Exclude<DiscountRefusal, "minimum-purchase"> }
  | { ok: false; reason: "minimum-purchase"; minPurchaseSatang: number };

/** The longest code a form may send; longer is refused as "not found" without a lookup. */
export const maxDiscountCodeLength = 40;

/** How a typed code is looked up: trimmed, upper-cased; "" when nothing usable was typed. */
export function normalizeDiscountCode(typed: string): string {
  const code = typed.trim().toUpperCase();
  return code.length > maxDiscountCodeLength || !/^[A-Z0-9_-]+$/.test(code) ? "" : code;
}

export function decideDiscount(record: DiscountCodeRecord | null, context: DiscountContext): DiscountDecision {
  if (!record) return { ok: false, reason: "not-found" };
  // Switched off, or a limit of 0 (spec §5: staff confirm such a limit): the code exists but is not for use.
  if (!record.isActive || record.usageLimit === 0) return { ok: false, reason: "cannot-use" };
  if (record.startsAt !== null && context.now < record.startsAt) return { ok: false, reason: "not-started" };
  if (record.endsAt !== null && context.now >= record.endsAt) return { ok: false, reason: "expired" };
  if (record.usageLimit !== null && record.usedCount >= record.usageLimit) return { ok: false, reason: "usage-limit" };
  if (record.perCustomerLimit !== null) {
    if (context.customerId === null) return { ok: false, reason: "sign-in-required" };
    if (context.customerRedemptions >= record.perCustomerLimit) return { ok: false, reason: "per-customer-limit" };
  }
  if (record.firstOrderOnly) {
    if (context.customerId === null) return { ok: false, reason: "sign-in-required" };
    if ((context.customerOrders ?? 0) > 0) return { ok: false, reason: "not-applicable" };
  }
  if (context.subtotalSatang < record.minPurchaseSatang) return { ok: false, reason: "minimum-purchase", minPurchaseSatang: record.minPurchaseSatang };
  if (record.type === "free_shipping") return { ok: true, codeId: record.id, code: record.code, discountSatang: satang(0), freeShipping: true };
  const eligible = Math.max(0, Math.floor(context.eligibleSubtotalSatang));
  if (eligible === 0) return { ok: false, reason: "not-applicable" };

  let amount = record.type === "percent" ? percentOf(satang(eligible), record.value) : record.value;
  if (record.type === "percent" && record.maxDiscountSatang !== null) amount = Math.min(amount, record.maxDiscountSatang);
  amount = Math.max(0, Math.min(amount, eligible));
  if (amount === 0) return { ok: false, reason: "not-applicable" };
  return { ok: true, codeId: record.id, code: record.code, discountSatang: satang(amount) };
}
