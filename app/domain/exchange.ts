/**
 * Exchanges (spec §1 "exchange items", issue 5 item 9): which order lines a customer may ask to
 * exchange, for how many units and for which variant, and which staff step may follow which.
 * Pure rules: the server layer loads the facts, asks these functions, then applies the answer in
 * one db.batch (the wanted variant is reserved — its stock decremented — in that same batch).
 *
 * Statuses (the exchanges table's CHECK): requested → approved → completed (replacement shipped),
 * or requested → rejected (the reservation is released). Restocking the returned item is a separate
 * step staff take once the parcel is back, on an approved or completed exchange, at most once.
 */
import { orderStatusId } from "./order-status";

export const exchangeReasons = ["wrong_size", "wrong_colour", "defective", "wrong_item", "other"] as const;
export type ExchangeReason = (typeof exchangeReasons)[number];

/** A defect needs a picture of it. */
export const photoRequiredReasons: readonly ExchangeReason[] = ["defective"];

export const exchangeStatuses = ["requested", "approved", "rejected", "completed"] as const;
export type ExchangeStatus = (typeof exchangeStatuses)[number];

export const defaultExchangeWindowDays = 14;
/** A window above a year is surely a typo in the settings. */
export const maxExchangeWindowDays = 365;
export const exchangeNoteMaxLength = 500;

const dayMs = 24 * 60 * 60 * 1000;

/** Orders whose goods have reached the shopper: the only ones an exchange may be asked for. */
export const exchangeableOrderStatusIds: readonly number[] = [orderStatusId.fulfilment_done, orderStatusId.completed];

export function isExchangeReason(value: unknown): value is ExchangeReason {
  return typeof value === "string" && (exchangeReasons as readonly string[]).includes(value);
}

/** The stored setting as whole days: the default when missing or malformed; 0 turns exchanges off. */
export function parseExchangeWindowDays(stored: string | null | undefined): number {
  if (stored === null || stored === undefined || stored.trim() === "") return defaultExchangeWindowDays;
  const value = Number(stored);
  if (!Number.isInteger(value) || value < 0 || value > maxExchangeWindowDays) return defaultExchangeWindowDays;
  return value;
}

/**
 * When the exchange window opens: the carrier's delivery time when known, else the moment the order
 * was completed (receipt confirmed), else the moment it was handed to the carrier.
 */
export function exchangeWindowStart(times: { deliveredAt: number | null; completedAt: number | null; fulfilledAt: number | null }): number | null {
  return times.deliveredAt ?? times.completedAt ?? times.fulfilledAt ?? null;
}

/** The last moment (epoch ms) an exchange may be asked for, or null when the window has no start. */
export function exchangeWindowEnd(windowStart: number | null, windowDays: number): number | null {
  if (windowStart === null) return null;
  return windowStart + windowDays * dayMs;
}

export interface OrderEligibilityInput {
  orderStatusId: number;
  windowStart: number | null;
  windowDays: number;
  now: number;
}

export type OrderEligibility = { ok: true; until: number } | { ok: false; reason: "order-not-delivered" | "window-closed" };

/** May an exchange be asked for on this order now? */
export function decideOrderEligibility(input: OrderEligibilityInput): OrderEligibility {
  if (!exchangeableOrderStatusIds.includes(input.orderStatusId)) return { ok: false, reason: "order-not-delivered" };
  const until = exchangeWindowEnd(input.windowStart, input.windowDays);
  if (until === null || input.windowDays <= 0 || input.now > until) return { ok: false, reason: "window-closed" };
  return { ok: true, until };
}

export interface ExchangeRequestInput extends OrderEligibilityInput {
  line: {
    /** Null when the product was deleted or the line is a custom design: nothing to exchange it for. */
    variantId: number | null;
    productId: number | null;
    quantity: number;
  };
  /** Units of this line in earlier requests that were not rejected. */
  alreadyRequested: number;
  quantity: number;
  /** The variant wanted instead; null = the same variant again (a defect). */
  wanted: { variantId: number; productId: number; isActive: boolean } | null;
  reason: string;
  hasPhoto: boolean;
}

export type ExchangeRequestProblem =
  | "order-not-delivered"
  | "window-closed"
  | "line-not-exchangeable"
  | "quantity-invalid"
  | "quantity-too-many"
  | "variant-other-product"
  | "variant-unavailable"
  | "reason-invalid"
  | "photo-required";

export type ExchangeRequestDecision =
  | { ok: true; reserveVariantId: number; quantity: number; requestedVariantId: number | null }
  | { ok: false; problem: ExchangeRequestProblem; maxQuantity?: number };

/** Units of a line still open to an exchange request. */
export function exchangeableQuantity(bought: number, alreadyRequested: number): number {
  return Math.max(0, bought - Math.max(0, alreadyRequested));
}

/**
 * Decides a customer's exchange request. The answer names the variant to reserve (its stock is
 * decremented at request; the database refuses when there is not enough).
 */
export function decideExchangeRequest(input: ExchangeRequestInput): ExchangeRequestDecision {
  const eligibility = decideOrderEligibility(input);
  if (!eligibility.ok) return { ok: false, problem: eligibility.reason };
  const { line } = input;
  if (line.variantId === null || line.productId === null) return { ok: false, problem: "line-not-exchangeable" };
  const open = exchangeableQuantity(line.quantity, input.alreadyRequested);
  if (open === 0) return { ok: false, problem: "quantity-too-many", maxQuantity: 0 };
  if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) return { ok: false, problem: "quantity-invalid", maxQuantity: open };
  if (input.quantity > open) return { ok: false, problem: "quantity-too-many", maxQuantity: open };
  if (input.wanted) {
    if (input.wanted.productId !== line.productId) return { ok: false, problem: "variant-other-product" };
    if (!input.wanted.isActive) return { ok: false, problem: "variant-unavailable" };
  }
  if (!isExchangeReason(input.reason)) return { ok: false, problem: "reason-invalid" };
  if (photoRequiredReasons.includes(input.reason) && !input.hasPhoto) return { ok: false, problem: "photo-required" };
  const wantedVariantId = input.wanted?.variantId ?? line.variantId;
  return {
    ok: true,
    reserveVariantId: wantedVariantId,
    quantity: input.quantity,
    // The same variant asked for by id reads as "same variant" too.
    requestedVariantId: wantedVariantId === line.variantId ? null : wantedVariantId,
  };
}

export type StaffExchangeStep = "approve" | "reject" | "ship" | "restock";

export type StaffStepDecision =
  { ok: true; to: ExchangeStatus; releaseReservation: boolean; restockReturned: boolean } | { ok: false; reason: "not-allowed" | "already-restocked" };

/**
 * The staff steps, as a table: from which status each may be taken and where it leads.
 * `restock` does not change the status; it records that the returned item is back on the shelf.
 */
const staffSteps: Record<StaffExchangeStep, { from: readonly ExchangeStatus[]; to: ExchangeStatus | null; releaseReservation: boolean }> = {
  approve: { from: ["requested"], to: "approved", releaseReservation: false },
  reject: { from: ["requested"], to: "rejected", releaseReservation: true },
  ship: { from: ["approved"], to: "completed", releaseReservation: false },
  restock: { from: ["approved", "completed"], to: null, releaseReservation: false },
};

export function decideStaffStep(status: string, step: StaffExchangeStep, returnedRestocked: boolean): StaffStepDecision {
  const rule = staffSteps[step];
  if (!(rule.from as readonly string[]).includes(status)) return { ok: false, reason: "not-allowed" };
  if (step === "restock" && returnedRestocked) return { ok: false, reason: "already-restocked" };
  return { ok: true, to: rule.to ?? (status as ExchangeStatus), releaseReservation: rule.releaseReservation, restockReturned: step === "restock" };
}

/** The staff steps open for an exchange now (the buttons a back-office screen offers). */
export function nextStaffSteps(status: string, returnedRestocked: boolean): StaffExchangeStep[] {
  return (Object.keys(staffSteps) as StaffExchangeStep[]).filter((step) => decideStaffStep(status, step, returnedRestocked).ok);
}
