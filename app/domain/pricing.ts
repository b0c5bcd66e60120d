/**
 * Which price applies to a variant right now and how many of it one cart line may hold (spec §3
 * cart line "max" and "statusFlashSale"). A flash-sale item applies while its sale is switched on,
 * has started, has not ended and still has units under its cap; the line's max is then the stock or
 * what is left under the cap, whichever is smaller. Decides only: callers read the rows from D1.
 */
export interface FlashSaleCandidate {
  flashSaleId: number;
  salePriceSatang: number;
  quantityCap: number;
  soldCount: number;
  isActive: boolean;
  startsAt: number;
  endsAt: number;
}

export interface VariantPricingInput {
  priceSatang: number;
  compareAtPriceSatang: number | null;
  stock: number;
  flashSales?: readonly FlashSaleCandidate[];
}

export interface AppliedFlashSale {
  flashSaleId: number;
  priceSatang: number;
  endsAt: number;
  /** Units still sold at the sale price. */
  remaining: number;
}

export interface VariantOffer {
  /** What one unit costs now (VAT included). */
  unitPriceSatang: number;
  /** The struck-through "was" price, or null when there is none (never below the unit price). */
  wasPriceSatang: number | null;
  /** The most a cart line of this variant may hold now (0: cannot be bought). */
  max: number;
  flashSale: AppliedFlashSale | null;
}

function wholeNonNegative(value: number): number {
  return Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
}

export function isFlashSaleLive(item: FlashSaleCandidate, now: number): boolean {
  return item.isActive && item.startsAt <= now && now < item.endsAt && item.soldCount < item.quantityCap;
}

/** With several live sales for one variant, the shopper gets the lowest price (then the one ending first). */
export function pickFlashSale(items: readonly FlashSaleCandidate[], now: number): FlashSaleCandidate | null {
  let best: FlashSaleCandidate | null = null;
  for (const item of items) {
    if (!isFlashSaleLive(item, now)) continue;
    if (!best || item.salePriceSatang < best.salePriceSatang || (item.salePriceSatang === best.salePriceSatang && item.endsAt < best.endsAt)) best = item;
  }
  return best;
}

export function variantOffer(input: VariantPricingInput, now: number): VariantOffer {
  const stock = wholeNonNegative(input.stock);
  const sale = pickFlashSale(input.flashSales ?? [], now);
  // A "sale" that is not cheaper is ignored: the regular price and stock apply.
  if (sale && sale.salePriceSatang < input.priceSatang) {
    const remaining = wholeNonNegative(sale.quantityCap - sale.soldCount);
    const wasPrice = Math.max(input.priceSatang, input.compareAtPriceSatang ?? 0);
    return {
      unitPriceSatang: sale.salePriceSatang,
      wasPriceSatang: wasPrice,
      max: Math.min(stock, remaining),
      flashSale: { flashSaleId: sale.flashSaleId, priceSatang: sale.salePriceSatang, endsAt: sale.endsAt, remaining },
    };
  }
  const compareAt = input.compareAtPriceSatang;
  return {
    unitPriceSatang: input.priceSatang,
    wasPriceSatang: compareAt !== null && compareAt > input.priceSatang ? compareAt : null,
    max: stock,
    flashSale: null,
  };
}
