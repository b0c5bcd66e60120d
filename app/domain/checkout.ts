import { decideDiscount, type DiscountCodeRecord, type DiscountDecision } from "./discount-code";
import { lineAmountSatang, linesSubtotalSatang } from "./line-amounts";
import { prorate, type Satang, satang, subtractSatang, sumSatang, vatIncluded } from "./money";
import { lineEligible } from "./promotions";
import { chooseShippingRate, type ShippingMethodName, type ShippingOption, shippingOptions, type ShippingRateRecord } from "./shipping";

/**
 * The checkout's money (docs/decisions/0012-checkout.md). One pure function, {@link quoteCheckout},
 * turns the lines at today's price, a discount code, a points request, the destination and method
 * and the VAT rate into every amount the page shows and the order stores. The loader, the "update
 * totals" round trip and the order placement all call it, so what the shopper sees is what is
 * charged.
 *
 * Order of the sums, all in integer satang, all VAT-inclusive:
 *   subtotal   = Σ unit price × quantity              (flash-sale price while the sale runs)
 *   − discount = the code's amount                     (the lines the code covers: its scope, and
 *                                                      flash-sale lines only if it combines with them)
 *   − points   = whole points × value per point        (at most what the goods still cost)
 *   + shipping = the rate for the destination, method and weight/quantity (0 with a free-shipping code)
 *   = total;  VAT shown = the VAT inside the total (total × rate / (100 + rate))
 * The code discount and the points are each spread over the lines with largest-remainder proration
 * (weights: the lines' totals), so every line knows its share and the shares add up exactly.
 */
export interface CheckoutLine {
  variantId: number;
  unitPriceSatang: number;
  quantity: number;
  weightGrams: number;
  /** Bought at a flash-sale price: a discount code does not stack on it (unless the code combines with flash sales). */
  onFlashSale: boolean;
  /** What a scoped code matches on (issue 16); without them only a whole-order code applies to the line. */
  productId?: number;
  categoryId?: number | null;
  collectionIds?: readonly number[];
}

/** Points are whole numbers; by default one point is worth one Baht. */
export const defaultSatangPerPoint = 100;

/** The value of a point from config (satang per point); unreadable, zero or negative → 1 Baht. */
export function parseSatangPerPoint(configValue: string | undefined): number {
  const value = Number(configValue?.trim());
  return Number.isSafeInteger(value) && value > 0 && value <= 1_000_000 ? value : defaultSatangPerPoint;
}

export type PointsDecision = { ok: true; points: number; valueSatang: Satang; capped: boolean } | { ok: false; reason: "guest" | "invalid" };

/**
 * The most points this order can take, and what they are worth: whole points, at most the balance
 * and at most what the goods cost after the code (points never pay shipping). The checkout shows
 * it before the shopper submits; {@link decidePoints} caps a request at it.
 */
export function redeemablePoints(input: { balance: number; satangPerPoint: number; payableSatang: number }): { points: number; valueSatang: Satang } {
  const perPoint = Math.max(1, Math.floor(input.satangPerPoint));
  const affordable = Math.floor(Math.max(0, input.payableSatang) / perPoint);
  const points = Math.max(0, Math.min(Math.max(0, Math.floor(input.balance)), affordable));
  return { points, valueSatang: satang(points * perPoint) };
}

/**
 * Points the shopper asked to redeem: whole, non-negative, only for a customer, at most the balance
 * and at most what the goods cost after the code (they never pay shipping, never make a total
 * negative). Asking for more is not an error: it is lowered and marked `capped`.
 */
export function decidePoints(input: {
  requested: number;
  balance: number;
  satangPerPoint: number;
  payableSatang: number;
  isCustomer: boolean;
}): PointsDecision {
  if (input.requested === 0) return { ok: true, points: 0, valueSatang: satang(0), capped: false };
  if (!input.isCustomer) return { ok: false, reason: "guest" };
  if (!Number.isSafeInteger(input.requested) || input.requested < 0) return { ok: false, reason: "invalid" };
  const perPoint = Math.max(1, Math.floor(input.satangPerPoint));
  const points = Math.min(input.requested, redeemablePoints(input).points);
  return { ok: true, points, valueSatang: satang(points * perPoint), capped: points < input.requested };
}

export interface QuoteInput {
  lines: readonly CheckoutLine[];
  /** The code row looked up for what the shopper typed (null: not found); undefined: no code typed. */
  code?: { record: DiscountCodeRecord | null; customerRedemptions: number; customerOrders?: number };
  pointsRequested: number;
  pointsBalance: number;
  satangPerPoint: number;
  customerId: number | null;
  country: string;
  method: ShippingMethodName;
  rates: readonly ShippingRateRecord[];
  vatPercent: number;
  now: number;
}

export interface QuotedLine extends CheckoutLine {
  /** unit × quantity before discounts. */
  grossSatang: Satang;
  /** This line's share of the code discount and of the points (largest remainder). */
  discountSatang: Satang;
  lineTotalSatang: Satang;
}

export interface CheckoutQuote {
  lines: QuotedLine[];
  subtotalSatang: Satang;
  discount: DiscountDecision | null;
  discountSatang: Satang;
  points: PointsDecision;
  pointsSatang: Satang;
  /** The most points this order can take (0 for a guest) and their worth: said before submit. */
  pointsUsable: { points: number; valueSatang: Satang };
  shippingOptions: ShippingOption[];
  /** The chosen method's rate, or null when the destination has none for it. */
  shipping: ShippingOption | null;
  shippingSatang: Satang;
  /** The shipping a free-shipping code took off (the rate's price; shippingSatang is then 0). */
  shippingDiscountSatang: Satang;
  /** What the code gave in all (goods discount + shipping taken off): the redemption's amount. */
  codeSavingSatang: Satang;
  totalSatang: Satang;
  vatPercent: number;
  vatSatang: Satang;
  totalWeightGrams: number;
  totalQuantity: number;
}

export function quoteCheckout(input: QuoteInput): CheckoutQuote {
  const gross = input.lines.map(lineAmountSatang);
  const subtotal = linesSubtotalSatang(input.lines);
  const record = input.code?.record ?? null;
  const covered = input.lines.map((line) =>
    record
      ? lineEligible(record, {
          productId: line.productId ?? -1,
          categoryId: line.categoryId ?? null,
          collectionIds: line.collectionIds ?? [],
          onFlashSale: line.onFlashSale,
        })
      : !line.onFlashSale,
  );
  const eligible = sumSatang(gross.filter((_, index) => covered[index]));

  const discount = input.code
    ? decideDiscount(input.code.record, {
        subtotalSatang: subtotal,
        eligibleSubtotalSatang: eligible,
        now: input.now,
        customerId: input.customerId,
        customerRedemptions: input.code.customerRedemptions,
        customerOrders: input.code.customerOrders ?? 0,
      })
    : null;
  const discountSatang = discount?.ok ? discount.discountSatang : satang(0);
  const discountShares = input.lines.length
    ? prorate(
        discountSatang,
        gross.map((amount, index) => (covered[index] ? amount : 0)),
      )
    : [];

  const afterDiscount = gross.map((amount, index) => subtractSatang(amount, discountShares[index]!));
  const payable = sumSatang(afterDiscount);
  const points = decidePoints({
    requested: input.pointsRequested,
    balance: input.pointsBalance,
    satangPerPoint: input.satangPerPoint,
    payableSatang: payable,
    isCustomer: input.customerId !== null,
  });
  const pointsSatang = points.ok ? points.valueSatang : satang(0);
  const pointShares = input.lines.length ? prorate(pointsSatang, afterDiscount) : [];

  const totalWeightGrams = input.lines.reduce((sum, line) => sum + Math.max(0, line.weightGrams) * line.quantity, 0);
  const totalQuantity = input.lines.reduce((sum, line) => sum + line.quantity, 0);
  const parcel = { country: input.country, totalWeightGrams, totalQuantity };
  const options = shippingOptions(input.rates, parcel);
  const rate = chooseShippingRate(input.rates, input.method, parcel);
  const shipping = rate ? (options.find((option) => option.rateId === rate.id) ?? null) : null;
  const ratePrice = satang(shipping?.priceSatang ?? 0);
  const shippingDiscountSatang = discount?.ok && discount.freeShipping ? ratePrice : satang(0);
  const shippingSatang = subtractSatang(ratePrice, shippingDiscountSatang);

  const lines = input.lines.map((line, index) => {
    const share = satang(discountShares[index]! + pointShares[index]!);
    return { ...line, grossSatang: gross[index]!, discountSatang: share, lineTotalSatang: subtractSatang(gross[index]!, share) };
  });
  const totalSatang = satang(payable - pointsSatang + shippingSatang);
  return {
    lines,
    subtotalSatang: subtotal,
    discount,
    discountSatang,
    points,
    pointsSatang,
    pointsUsable:
      input.customerId === null
        ? { points: 0, valueSatang: satang(0) }
        : redeemablePoints({ balance: input.pointsBalance, satangPerPoint: input.satangPerPoint, payableSatang: payable }),
    shippingOptions: options,
    shipping,
    shippingSatang,
    shippingDiscountSatang,
    codeSavingSatang: satang(discountSatang + shippingDiscountSatang),
    totalSatang,
    vatPercent: input.vatPercent,
    vatSatang: vatIncluded(totalSatang, input.vatPercent),
    totalWeightGrams,
    totalQuantity,
  };
}
