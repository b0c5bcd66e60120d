import type { CustomDesign } from "./custom-design";
import { type GarmentSize, garmentSizes } from "./design-options";

/**
 * A custom design's way through review (docs/decisions/0015-custom-designs.md, DESIGN §5): the
 * shopper sends it, staff confirm it (the order waits for payment), ask for changes (the shopper
 * edits and sends it again; the order stays in review) or reject it (the order is cancelled).
 * The order's own statuses stay in app/domain/order-status.ts; this table says what the design
 * does and which order change goes with it.
 */
export type DesignStatus = "draft" | "submitted" | "changes_requested" | "confirmed" | "rejected";
export type ReviewAction = "confirm" | "request-changes" | "reject";

/** What a garment weighs for the shipping table (the rates are by weight or by quantity). */
export const customGarmentWeightGrams = 250;

/** Longest staff message to the shopper (change request, rejection, confirmation note). */
export const reviewMessageMaxLength = 1000;

export function isEditableDesign(status: DesignStatus): boolean {
  return status === "draft" || status === "changes_requested";
}

/** Sending a draft makes a new order; sending a design staff asked to change updates its order. */
export type SendKind = "submit" | "resubmit";

export function sendKindOf(status: DesignStatus): SendKind | null {
  if (status === "draft") return "submit";
  if (status === "changes_requested") return "resubmit";
  return null;
}

export interface ReviewDecision {
  ok: true;
  designStatus: DesignStatus;
  /** The order's change that goes with it, or null when the order stays in review. */
  orderChange: "waiting_payment" | "cancelled" | null;
  /** A message to the shopper is required (what to change, why it was turned down). */
  messageRequired: boolean;
}

const reviewTable: Record<
  ReviewAction,
  { from: readonly DesignStatus[]; to: DesignStatus; orderChange: ReviewDecision["orderChange"]; messageRequired: boolean }
> = {
  confirm: { from: ["submitted"], to: "confirmed", orderChange: "waiting_payment", messageRequired: false },
  "request-changes": { from: ["submitted"], to: "changes_requested", orderChange: null, messageRequired: true },
  // A design waiting for the shopper's changes can still be turned down (the shopper went quiet).
  reject: { from: ["submitted", "changes_requested"], to: "rejected", orderChange: "cancelled", messageRequired: true },
};

export function decideReview(status: DesignStatus, action: ReviewAction): ReviewDecision | { ok: false; reason: "not-allowed" } {
  const row = reviewTable[action];
  if (!row.from.includes(status)) return { ok: false, reason: "not-allowed" };
  return { ok: true, designStatus: row.to, orderChange: row.orderChange, messageRequired: row.messageRequired };
}

export function reviewActionsFor(status: DesignStatus): ReviewAction[] {
  return (Object.keys(reviewTable) as ReviewAction[]).filter((action) => reviewTable[action].from.includes(status));
}

export interface DesignOrderLine {
  size: GarmentSize;
  quantity: number;
  unitPriceSatang: number;
}

/** One order line per size ordered (S, M, L, XL in that order), at the garment's price. */
export function designOrderLines(quantities: CustomDesign["quantities"], unitPriceSatang: number): DesignOrderLine[] {
  return garmentSizes.filter((size) => quantities[size] > 0).map((size) => ({ size, quantity: quantities[size], unitPriceSatang }));
}
