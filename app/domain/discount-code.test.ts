import { describe, expect, it } from "vitest";

import { decideDiscount, type DiscountCodeRecord, type DiscountContext, normalizeDiscountCode } from "./discount-code";

const now = 1_800_000_000_000;
const code = (overrides: Partial<DiscountCodeRecord> = {}): DiscountCodeRecord => ({
  id: 7,
  code: "SAVE10",
  type: "percent",
  value: 10,
  maxDiscountSatang: null,
  minPurchaseSatang: 0,
  usageLimit: null,
  usedCount: 0,
  perCustomerLimit: null,
  isActive: true,
  startsAt: null,
  endsAt: null,
  scope: "order",
  targetIds: [],
  firstOrderOnly: false,
  combinesWithFlashSale: false,
  ...overrides,
});
const context = (overrides: Partial<DiscountContext> = {}): DiscountContext => ({
  subtotalSatang: 100_000,
  eligibleSubtotalSatang: 100_000,
  now,
  customerId: 3,
  customerRedemptions: 0,
  ...overrides,
});

describe("decideDiscount", () => {
  it.each([
    ["no code row (not found)", null, context(), { ok: false, reason: "not-found" }],
    ["a switched-off code (cannot be used)", code({ isActive: false }), context(), { ok: false, reason: "cannot-use" }],
    ["a usage limit of 0 (cannot be used)", code({ usageLimit: 0 }), context(), { ok: false, reason: "cannot-use" }],
    ["a code starting later", code({ startsAt: now + 1 }), context(), { ok: false, reason: "not-started" }],
    ["a code starting exactly now", code({ startsAt: now }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 }],
    ["a code ending exactly now (expired)", code({ endsAt: now }), context(), { ok: false, reason: "expired" }],
    ["an ended code (expired)", code({ endsAt: now - 1 }), context(), { ok: false, reason: "expired" }],
    ["every use taken", code({ usageLimit: 5, usedCount: 5 }), context(), { ok: false, reason: "usage-limit" }],
    ["the last use left", code({ usageLimit: 5, usedCount: 4 }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 }],
    ["a per-customer limit for a guest", code({ perCustomerLimit: 1 }), context({ customerId: null }), { ok: false, reason: "sign-in-required" }],
    ["a per-customer limit already used", code({ perCustomerLimit: 1 }), context({ customerRedemptions: 1 }), { ok: false, reason: "per-customer-limit" }],
    [
      "a per-customer limit not used yet",
      code({ perCustomerLimit: 2 }),
      context({ customerRedemptions: 1 }),
      { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 },
    ],
    ["a subtotal under the minimum", code({ minPurchaseSatang: 150_000 }), context(), { ok: false, reason: "minimum-purchase", minPurchaseSatang: 150_000 }],
    ["a subtotal exactly at the minimum", code({ minPurchaseSatang: 100_000 }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 }],
    ["only flash-sale lines (cannot apply to this order)", code(), context({ eligibleSubtotalSatang: 0 }), { ok: false, reason: "not-applicable" }],
    [
      "a percent code on part of the order",
      code(),
      context({ eligibleSubtotalSatang: 40_005 }),
      { ok: true, codeId: 7, code: "SAVE10", discountSatang: 4_001 },
    ],
    ["a percent code above its cap", code({ maxDiscountSatang: 5_000 }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 5_000 }],
    ["a fixed code", code({ type: "fixed", value: 10_000 }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 }],
    [
      "a fixed code worth more than the eligible lines",
      code({ type: "fixed", value: 10_000 }),
      context({ eligibleSubtotalSatang: 3_000 }),
      { ok: true, codeId: 7, code: "SAVE10", discountSatang: 3_000 },
    ],
    ["a 100% code", code({ value: 100 }), context(), { ok: true, codeId: 7, code: "SAVE10", discountSatang: 100_000 }],
    ["a percent so small it rounds to nothing", code({ value: 1 }), context({ eligibleSubtotalSatang: 40 }), { ok: false, reason: "not-applicable" }],
    ["the inactive check before the period", code({ isActive: false, endsAt: now - 1 }), context(), { ok: false, reason: "cannot-use" }],
    ["expiry before the usage limit", code({ endsAt: now - 1, usageLimit: 1, usedCount: 1 }), context(), { ok: false, reason: "expired" }],
    ["a first-order code for a guest", code({ firstOrderOnly: true }), context({ customerId: null }), { ok: false, reason: "sign-in-required" }],
    [
      "a first-order code for a customer with an order",
      code({ firstOrderOnly: true }),
      context({ customerOrders: 1 }),
      { ok: false, reason: "not-applicable" },
    ],
    [
      "a first-order code for a customer without orders",
      code({ firstOrderOnly: true }),
      context({ customerOrders: 0 }),
      { ok: true, codeId: 7, code: "SAVE10", discountSatang: 10_000 },
    ],
    [
      "a free-shipping code (no goods discount, whatever the lines)",
      code({ type: "free_shipping", value: 0 }),
      context({ eligibleSubtotalSatang: 0 }),
      { ok: true, codeId: 7, code: "SAVE10", discountSatang: 0, freeShipping: true },
    ],
    [
      "a free-shipping code under its minimum",
      code({ type: "free_shipping", value: 0, minPurchaseSatang: 200_000 }),
      context(),
      { ok: false, reason: "minimum-purchase", minPurchaseSatang: 200_000 },
    ],
  ])("given %s, should decide accordingly", (_case, record, ctx, expected) => {
    expect(decideDiscount(record, ctx)).toEqual(expected);
  });
});

describe("normalizeDiscountCode", () => {
  it.each([
    ["  welcome10 ", "WELCOME10"],
    ["PRYDE-100", "PRYDE-100"],
    ["", ""],
    ["' OR 1=1 --", ""],
    ["โค้ด", ""],
    ["A".repeat(41), ""],
    ["A".repeat(40), "A".repeat(40)],
  ])("given %j, should look up %j", (typed, expected) => {
    expect(normalizeDiscountCode(typed)).toBe(expected);
  });
});

/** The spec's five code messages (§5), each reachable from a code row and a cart. */
describe("decideDiscount: the spec's five messages", () => {
  it.each([
    ["cannot be used", code({ isActive: false }), context(), "cannot-use"],
    ["not found", null, context(), "not-found"],
    ["expired", code({ endsAt: now - 1 }), context(), "expired"],
    ["cannot apply to this order", code({ scope: "products", targetIds: [9] }), context({ eligibleSubtotalSatang: 0 }), "not-applicable"],
    ["minimum purchase of {amount} Baht required", code({ minPurchaseSatang: 500_000 }), context(), "minimum-purchase"],
  ] as const)("given a code that %s, should refuse with that reason", (_message, record, ctx, reason) => {
    expect(decideDiscount(record, ctx)).toMatchObject({ ok: false, reason });
  });
});
