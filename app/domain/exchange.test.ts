import { describe, expect, it } from "vitest";

import {
  decideExchangeRequest,
  decideOrderEligibility,
  decideStaffStep,
  exchangeableQuantity,
  type ExchangeRequestInput,
  exchangeWindowStart,
  nextStaffSteps,
  parseExchangeWindowDays,
} from "./exchange";
import { orderStatusId, orderStatusIds } from "./order-status";

const day = 24 * 60 * 60 * 1000;
const delivered = Date.UTC(2026, 0, 10);

const base: ExchangeRequestInput = {
  orderStatusId: orderStatusId.completed,
  windowStart: delivered,
  windowDays: 14,
  now: delivered + 3 * day,
  line: { variantId: 11, productId: 5, quantity: 3 },
  alreadyRequested: 0,
  quantity: 1,
  wanted: { variantId: 12, productId: 5, isActive: true },
  reason: "wrong_size",
  hasPhoto: false,
};

describe("parseExchangeWindowDays", () => {
  it.each([
    [undefined, 14],
    [null, 14],
    ["", 14],
    ["  ", 14],
    ["7", 7],
    ["0", 0],
    ["365", 365],
    ["366", 14],
    ["-1", 14],
    ["1.5", 14],
    ["abc", 14],
  ])("given %j, should answer %d", (stored, expected) => {
    expect(parseExchangeWindowDays(stored)).toBe(expected);
  });
});

describe("exchangeWindowStart", () => {
  it.each([
    [{ deliveredAt: 1, completedAt: 2, fulfilledAt: 3 }, 1],
    [{ deliveredAt: null, completedAt: 2, fulfilledAt: 3 }, 2],
    [{ deliveredAt: null, completedAt: null, fulfilledAt: 3 }, 3],
    [{ deliveredAt: null, completedAt: null, fulfilledAt: null }, null],
  ])("given %j, should start at %j", (times, expected) => {
    expect(exchangeWindowStart(times)).toBe(expected);
  });
});

describe("decideOrderEligibility", () => {
  const eligible = new Set<number>([orderStatusId.fulfilment_done, orderStatusId.completed]);
  it.each(orderStatusIds.map((id) => [id, eligible.has(id)] as const))("given order status %d, should be eligible: %s", (statusId, ok) => {
    const result = decideOrderEligibility({ orderStatusId: statusId, windowStart: delivered, windowDays: 14, now: delivered + day });
    expect(result.ok).toBe(ok);
    if (!ok) expect(result).toEqual({ ok: false, reason: "order-not-delivered" });
  });

  it.each([
    ["on the last moment of the window", delivered + 14 * day, true],
    ["one millisecond after the window", delivered + 14 * day + 1, false],
    ["on delivery day", delivered, true],
  ])("given a request %s, should decide %s", (_, now, ok) => {
    expect(decideOrderEligibility({ orderStatusId: orderStatusId.completed, windowStart: delivered, windowDays: 14, now }).ok).toBe(ok);
  });

  it("given exchanges turned off (0 days) or no known delivery, should say the window is closed", () => {
    expect(decideOrderEligibility({ orderStatusId: orderStatusId.completed, windowStart: delivered, windowDays: 0, now: delivered })).toEqual({
      ok: false,
      reason: "window-closed",
    });
    expect(decideOrderEligibility({ orderStatusId: orderStatusId.completed, windowStart: null, windowDays: 14, now: delivered })).toEqual({
      ok: false,
      reason: "window-closed",
    });
  });
});

describe("exchangeableQuantity", () => {
  it.each([
    [3, 0, 3],
    [3, 2, 1],
    [3, 3, 0],
    [3, 5, 0],
    [3, -1, 3],
  ])("given %d bought and %d already requested, should leave %d", (bought, requested, open) => {
    expect(exchangeableQuantity(bought, requested)).toBe(open);
  });
});

describe("decideExchangeRequest", () => {
  it("given another size of the same product, should reserve that variant", () => {
    expect(decideExchangeRequest(base)).toEqual({ ok: true, reserveVariantId: 12, quantity: 1, requestedVariantId: 12 });
  });

  it("given no wanted variant (a defect with a photo), should reserve the same variant", () => {
    expect(decideExchangeRequest({ ...base, wanted: null, reason: "defective", hasPhoto: true })).toEqual({
      ok: true,
      reserveVariantId: 11,
      quantity: 1,
      requestedVariantId: null,
    });
  });

  it("given the bought variant asked for by id, should read as the same variant", () => {
    expect(decideExchangeRequest({ ...base, wanted: { variantId: 11, productId: 5, isActive: true } })).toMatchObject({
      ok: true,
      reserveVariantId: 11,
      requestedVariantId: null,
    });
  });

  it.each<[string, Partial<ExchangeRequestInput>, { problem: string; maxQuantity?: number }]>([
    ["an unpaid order", { orderStatusId: orderStatusId.waiting_payment }, { problem: "order-not-delivered" }],
    ["a refunded order", { orderStatusId: orderStatusId.refunded }, { problem: "order-not-delivered" }],
    ["an expired window", { now: delivered + 15 * day }, { problem: "window-closed" }],
    ["a line whose product is gone", { line: { variantId: null, productId: null, quantity: 3 } }, { problem: "line-not-exchangeable" }],
    ["zero units", { quantity: 0 }, { problem: "quantity-invalid", maxQuantity: 3 }],
    ["a fraction of a unit", { quantity: 1.5 }, { problem: "quantity-invalid", maxQuantity: 3 }],
    ["more units than bought", { quantity: 4 }, { problem: "quantity-too-many", maxQuantity: 3 }],
    ["more units than left after earlier requests", { alreadyRequested: 2, quantity: 2 }, { problem: "quantity-too-many", maxQuantity: 1 }],
    ["a line already fully requested", { alreadyRequested: 3, quantity: 1 }, { problem: "quantity-too-many", maxQuantity: 0 }],
    ["a variant of another product", { wanted: { variantId: 99, productId: 6, isActive: true } }, { problem: "variant-other-product" }],
    ["a withdrawn variant", { wanted: { variantId: 12, productId: 5, isActive: false } }, { problem: "variant-unavailable" }],
    ["an unknown reason", { reason: "bored" }, { problem: "reason-invalid" }],
    ["a defect without a photo", { reason: "defective", hasPhoto: false }, { problem: "photo-required" }],
  ])("given %s, should refuse", (_, override, expected) => {
    expect(decideExchangeRequest({ ...base, ...override })).toEqual({ ok: false, ...expected });
  });
});

describe("decideStaffStep", () => {
  it.each([
    ["requested", "approve", { ok: true, to: "approved", releaseReservation: false, restockReturned: false }],
    ["requested", "reject", { ok: true, to: "rejected", releaseReservation: true, restockReturned: false }],
    ["approved", "ship", { ok: true, to: "completed", releaseReservation: false, restockReturned: false }],
    ["approved", "restock", { ok: true, to: "approved", releaseReservation: false, restockReturned: true }],
    ["completed", "restock", { ok: true, to: "completed", releaseReservation: false, restockReturned: true }],
    ["requested", "ship", { ok: false, reason: "not-allowed" }],
    ["requested", "restock", { ok: false, reason: "not-allowed" }],
    ["approved", "approve", { ok: false, reason: "not-allowed" }],
    ["approved", "reject", { ok: false, reason: "not-allowed" }],
    ["rejected", "approve", { ok: false, reason: "not-allowed" }],
    ["rejected", "restock", { ok: false, reason: "not-allowed" }],
    ["completed", "ship", { ok: false, reason: "not-allowed" }],
    ["completed", "reject", { ok: false, reason: "not-allowed" }],
    ["unknown", "approve", { ok: false, reason: "not-allowed" }],
  ] as const)("given %s, %s should answer %j", (status, step, expected) => {
    expect(decideStaffStep(status, step, false)).toEqual(expected);
  });

  it("given the returned item already restocked, should refuse a second restock", () => {
    expect(decideStaffStep("completed", "restock", true)).toEqual({ ok: false, reason: "already-restocked" });
  });

  it.each([
    ["requested", false, ["approve", "reject"]],
    ["approved", false, ["ship", "restock"]],
    ["approved", true, ["ship"]],
    ["completed", false, ["restock"]],
    ["completed", true, []],
    ["rejected", false, []],
  ] as const)("given %s (restocked: %s), should offer %j", (status, restocked, steps) => {
    expect(nextStaffSteps(status, restocked)).toEqual(steps);
  });
});
