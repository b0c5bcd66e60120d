import { describe, expect, it } from "vitest";

import { type CheckoutLine, decidePoints, parseSatangPerPoint, quoteCheckout, type QuoteInput, redeemablePoints } from "./checkout";
import type { DiscountCodeRecord } from "./discount-code";
import type { ShippingRateRecord } from "./shipping";

const now = 1_800_000_000_000;
const line = (overrides: Partial<CheckoutLine> = {}): CheckoutLine => ({
  variantId: 1,
  unitPriceSatang: 39_000,
  quantity: 1,
  weightGrams: 200,
  onFlashSale: false,
  ...overrides,
});
const rates: ShippingRateRecord[] = [
  { id: 1, method: "standard", zone: "domestic", countryCode: "TH", basis: "quantity", minValue: 1, maxValue: 3, priceSatang: 5_000, isActive: true },
  { id: 2, method: "standard", zone: "domestic", countryCode: "TH", basis: "quantity", minValue: 3, maxValue: null, priceSatang: 0, isActive: true },
  { id: 3, method: "express", zone: "domestic", countryCode: "TH", basis: "quantity", minValue: 1, maxValue: null, priceSatang: 10_000, isActive: true },
  { id: 4, method: "standard", zone: "international", countryCode: null, basis: "weight", minValue: 0, maxValue: 1000, priceSatang: 65_000, isActive: true },
];
const code = (overrides: Partial<DiscountCodeRecord> = {}): DiscountCodeRecord => ({
  id: 1,
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
const input = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({
  lines: [line()],
  pointsRequested: 0,
  pointsBalance: 0,
  satangPerPoint: 100,
  customerId: 5,
  country: "TH",
  method: "standard",
  rates,
  vatPercent: 7,
  now,
  ...overrides,
});

describe("quoteCheckout: totals", () => {
  it.each([
    ["one line, standard in Thailand", input(), { subtotal: 39_000, discount: 0, points: 0, shipping: 5_000, total: 44_000, vat: 2_879 }],
    [
      "three items: free standard shipping",
      input({ lines: [line({ quantity: 3 })] }),
      { subtotal: 117_000, discount: 0, points: 0, shipping: 0, total: 117_000, vat: 7_654 },
    ],
    ["express", input({ method: "express" }), { subtotal: 39_000, discount: 0, points: 0, shipping: 10_000, total: 49_000, vat: 3_206 }],
    ["abroad by weight", input({ country: "JP" }), { subtotal: 39_000, discount: 0, points: 0, shipping: 65_000, total: 104_000, vat: 6_804 }],
    [
      "no rate for the method abroad: shipping 0, no option chosen",
      input({ country: "JP", method: "express" }),
      { subtotal: 39_000, discount: 0, points: 0, shipping: 0, total: 39_000, vat: 2_551 },
    ],
    [
      "a 10% code",
      input({ code: { record: code(), customerRedemptions: 0 } }),
      { subtotal: 39_000, discount: 3_900, points: 0, shipping: 5_000, total: 40_100, vat: 2_623 },
    ],
    [
      "a refused code changes nothing",
      input({ code: { record: code({ endsAt: now }), customerRedemptions: 0 } }),
      { subtotal: 39_000, discount: 0, points: 0, shipping: 5_000, total: 44_000, vat: 2_879 },
    ],
    [
      "points after the code",
      input({ code: { record: code(), customerRedemptions: 0 }, pointsRequested: 100, pointsBalance: 250 }),
      { subtotal: 39_000, discount: 3_900, points: 10_000, shipping: 5_000, total: 30_100, vat: 1_969 },
    ],
    [
      "points capped at the goods (shipping still paid)",
      input({ pointsRequested: 1_000, pointsBalance: 1_000 }),
      { subtotal: 39_000, discount: 0, points: 39_000, shipping: 5_000, total: 5_000, vat: 327 },
    ],
    ["VAT 0%", input({ vatPercent: 0 }), { subtotal: 39_000, discount: 0, points: 0, shipping: 5_000, total: 44_000, vat: 0 }],
  ])("given %s, should total accordingly", (_case, quoteInput, expected) => {
    const quote = quoteCheckout(quoteInput);
    expect({
      subtotal: quote.subtotalSatang,
      discount: quote.discountSatang,
      points: quote.pointsSatang,
      shipping: quote.shippingSatang,
      total: quote.totalSatang,
      vat: quote.vatSatang,
    }).toEqual(expected);
    expect(quote.totalSatang).toBe(quote.subtotalSatang - quote.discountSatang - quote.pointsSatang + quote.shippingSatang);
    expect(quote.lines.reduce((sum, quoted) => sum + quoted.lineTotalSatang, 0)).toBe(quote.subtotalSatang - quote.discountSatang - quote.pointsSatang);
  });

  it("given an empty cart, should quote zero everywhere without throwing", () => {
    const quote = quoteCheckout(input({ lines: [] }));
    expect([quote.subtotalSatang, quote.totalSatang, quote.lines.length]).toEqual([0, 0, 0]);
  });
});

describe("quoteCheckout: proration over lines", () => {
  it("given a fixed ฿100 code over three lines of 1, 1 and 1 satang-odd totals, should split by largest remainder and add up exactly", () => {
    const lines = [
      line({ variantId: 1, unitPriceSatang: 10_001 }),
      line({ variantId: 2, unitPriceSatang: 10_001 }),
      line({ variantId: 3, unitPriceSatang: 10_001 }),
    ];
    const quote = quoteCheckout(input({ lines, code: { record: code({ type: "fixed", value: 10_000 }), customerRedemptions: 0 } }));
    expect(quote.lines.map((quoted) => quoted.discountSatang)).toEqual([3_334, 3_333, 3_333]);
    expect(quote.lines.map((quoted) => quoted.lineTotalSatang)).toEqual([6_667, 6_668, 6_668]);
  });

  it("given a flash-sale line and a regular line, should discount only the regular line and spread points over both", () => {
    const lines = [line({ variantId: 1, unitPriceSatang: 49_000, onFlashSale: true }), line({ variantId: 2, unitPriceSatang: 39_000 })];
    const quote = quoteCheckout(input({ lines, code: { record: code(), customerRedemptions: 0 }, pointsRequested: 100, pointsBalance: 100 }));
    expect(quote.discountSatang).toBe(3_900);
    // Code: all on line 2. Points (10,000) by what is left: 49,000 : 35,100.
    expect(quote.lines.map((quoted) => quoted.discountSatang)).toEqual([5_826 + 0, 3_900 + 4_174]);
    expect(quote.lines.map((quoted) => quoted.lineTotalSatang)).toEqual([43_174, 30_926]);
  });

  it("given only flash-sale lines, should refuse the code as not applicable", () => {
    const quote = quoteCheckout(input({ lines: [line({ onFlashSale: true })], code: { record: code(), customerRedemptions: 0 } }));
    expect(quote.discount).toEqual({ ok: false, reason: "not-applicable" });
    expect(quote.discountSatang).toBe(0);
  });

  it("given the minimum purchase, should count flash-sale lines in the subtotal it compares", () => {
    const lines = [line({ unitPriceSatang: 40_000, onFlashSale: true }), line({ variantId: 2, unitPriceSatang: 20_000 })];
    const quote = quoteCheckout(input({ lines, code: { record: code({ minPurchaseSatang: 50_000 }), customerRedemptions: 0 } }));
    expect(quote.discount).toMatchObject({ ok: true, discountSatang: 2_000 });
  });
});

describe("decidePoints", () => {
  it.each([
    ["nothing asked", { requested: 0, balance: 0, isCustomer: false }, { ok: true, points: 0, valueSatang: 0, capped: false }],
    ["a guest asking", { requested: 10, balance: 0, isCustomer: false }, { ok: false, reason: "guest" }],
    ["a fraction", { requested: 1.5, balance: 10, isCustomer: true }, { ok: false, reason: "invalid" }],
    ["a negative number", { requested: -5, balance: 10, isCustomer: true }, { ok: false, reason: "invalid" }],
    ["within the balance", { requested: 30, balance: 50, isCustomer: true }, { ok: true, points: 30, valueSatang: 3_000, capped: false }],
    ["more than the balance: lowered", { requested: 80, balance: 50, isCustomer: true }, { ok: true, points: 50, valueSatang: 5_000, capped: true }],
    [
      "more than the goods cost: lowered to whole points",
      { requested: 500, balance: 900, isCustomer: true, payableSatang: 12_345 },
      { ok: true, points: 123, valueSatang: 12_300, capped: true },
    ],
    [
      "a value of 50 satang per point",
      { requested: 10, balance: 10, isCustomer: true, satangPerPoint: 50 },
      { ok: true, points: 10, valueSatang: 500, capped: false },
    ],
  ])("given %s, should decide accordingly", (_case, partial, expected) => {
    expect(decidePoints({ satangPerPoint: 100, payableSatang: 100_000, ...partial })).toEqual(expected);
  });
});

describe("parseSatangPerPoint", () => {
  it.each([
    [undefined, 100],
    ["", 100],
    ["100", 100],
    [" 25 ", 25],
    ["0", 100],
    ["-3", 100],
    ["1.5", 100],
    ["abc", 100],
    ["99999999", 100],
  ])("given %j, should read %s satang per point", (value, expected) => {
    expect(parseSatangPerPoint(value)).toBe(expected);
  });
});

describe("redeemablePoints (said on the checkout before submit)", () => {
  it.each([
    ["the balance when the goods cost more", { balance: 250, satangPerPoint: 100, payableSatang: 39_000 }, { points: 250, valueSatang: 25_000 }],
    ["what the goods cost when the balance is larger", { balance: 1_000, satangPerPoint: 100, payableSatang: 39_050 }, { points: 390, valueSatang: 39_000 }],
    ["nothing without a balance", { balance: 0, satangPerPoint: 100, payableSatang: 39_000 }, { points: 0, valueSatang: 0 }],
    ["nothing for free goods", { balance: 50, satangPerPoint: 100, payableSatang: 0 }, { points: 0, valueSatang: 0 }],
    ["whole points at another value", { balance: 10, satangPerPoint: 250, payableSatang: 1_000 }, { points: 4, valueSatang: 1_000 }],
  ])("should give %s", (_, input, expected) => {
    expect(redeemablePoints(input)).toEqual(expected);
  });

  it("should be what a larger request is lowered to, and what the quote says before submit (0 for a guest)", () => {
    const quote = quoteCheckout(input({ code: { record: code(), customerRedemptions: 0 }, pointsRequested: 0, pointsBalance: 100_000 }));
    expect(quote.pointsUsable).toEqual({ points: 351, valueSatang: 35_100 });
    const asked = quoteCheckout(input({ code: { record: code(), customerRedemptions: 0 }, pointsRequested: 100_000, pointsBalance: 100_000 }));
    expect(asked.points).toMatchObject({ ok: true, points: 351, capped: true });
    expect(quoteCheckout(input({ customerId: null, pointsBalance: 100 })).pointsUsable.points).toBe(0);
  });
});

describe("quoteCheckout: scoped, combining and free-shipping codes (issue 16)", () => {
  const lines = [
    line({ variantId: 1, productId: 10, categoryId: 1, collectionIds: [5], unitPriceSatang: 40_000 }),
    line({ variantId: 2, productId: 11, categoryId: 2, collectionIds: [], unitPriceSatang: 20_000 }),
    line({ variantId: 3, productId: 12, categoryId: 1, collectionIds: [], unitPriceSatang: 10_000, onFlashSale: true }),
  ];
  it.each([
    ["a whole-order code", code(), [4_000, 2_000, 0]],
    ["a whole-order code that combines with flash sales", code({ combinesWithFlashSale: true }), [4_000, 2_000, 1_000]],
    ["a category code", code({ scope: "categories", targetIds: [1] }), [4_000, 0, 0]],
    ["a category code that combines with flash sales", code({ scope: "categories", targetIds: [1], combinesWithFlashSale: true }), [4_000, 0, 1_000]],
    ["a product code", code({ scope: "products", targetIds: [11] }), [0, 2_000, 0]],
    ["a collection code", code({ scope: "collections", targetIds: [5] }), [4_000, 0, 0]],
    ["a fixed code on one category", code({ type: "fixed", value: 50_000, scope: "categories", targetIds: [2] }), [0, 20_000, 0]],
  ] as const)("given %s, should discount only the lines it covers", (_case, record, shares) => {
    const quote = quoteCheckout(input({ lines, code: { record, customerRedemptions: 0 } }));
    expect(quote.lines.map((quoted) => quoted.discountSatang)).toEqual(shares);
    expect(quote.discountSatang).toBe(shares.reduce((sum: number, share) => sum + share, 0));
  });

  it("given a scoped code none of whose lines are in the cart, should refuse it as not applicable", () => {
    const quote = quoteCheckout(input({ lines, code: { record: code({ scope: "products", targetIds: [99] }), customerRedemptions: 0 } }));
    expect(quote.discount).toEqual({ ok: false, reason: "not-applicable" });
  });

  it("given a free-shipping code, should take the shipping off and count it as the code's saving", () => {
    const without = quoteCheckout(input({ lines: [line()] }));
    const quote = quoteCheckout(input({ lines: [line()], code: { record: code({ type: "free_shipping", value: 0 }), customerRedemptions: 0 } }));
    expect(without.shippingSatang).toBe(5_000);
    expect([quote.shippingSatang, quote.shippingDiscountSatang, quote.codeSavingSatang, quote.discountSatang]).toEqual([0, 5_000, 5_000, 0]);
    expect(quote.totalSatang).toBe(without.totalSatang - 5_000);
  });
});
