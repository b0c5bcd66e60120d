/**
 * Which shipping rate applies (issue 5 item 12; spec §9 "standard and express delivery are both
 * stated as 7-14 days"). Rates are rows of the shipping_rates table: a method, a zone (domestic =
 * Thailand, international = elsewhere), optionally one country, and a bracket of total weight
 * (grams) or item quantity with min ≤ x < max (max null = no upper bound).
 *
 * Choice, when several active rows fit: a row for the destination country beats a zone-wide row;
 * then the cheaper; then the lower id (deterministic). No fitting row: the method is not offered.
 */
export const shippingMethodNames = ["standard", "express"] as const;
export type ShippingMethodName = (typeof shippingMethodNames)[number];

/** What the shop states for every method (spec §9), whatever the carrier's own estimate. */
export const statedDeliveryDays = { min: 7, max: 14 } as const;

export const domesticCountry = "TH";

export interface ShippingRateRecord {
  id: number;
  method: ShippingMethodName;
  zone: "domestic" | "international";
  countryCode: string | null;
  basis: "weight" | "quantity";
  minValue: number;
  maxValue: number | null;
  priceSatang: number;
  isActive: boolean;
  /** Who carries parcels at this rate, when staff said (names in both languages). */
  carrier?: { en: string; th: string } | null;
}

export interface Parcel {
  /** ISO 3166-1 alpha-2 of the destination. */
  country: string;
  totalWeightGrams: number;
  totalQuantity: number;
}

export function zoneOf(country: string): "domestic" | "international" {
  return country.trim().toUpperCase() === domesticCountry ? "domestic" : "international";
}

export function rateFits(rate: ShippingRateRecord, method: ShippingMethodName, parcel: Parcel): boolean {
  const country = parcel.country.trim().toUpperCase();
  if (!rate.isActive || rate.method !== method || rate.zone !== zoneOf(country)) return false;
  if (rate.countryCode !== null && rate.countryCode.toUpperCase() !== country) return false;
  const measure = rate.basis === "weight" ? parcel.totalWeightGrams : parcel.totalQuantity;
  return rate.minValue <= measure && (rate.maxValue === null || measure < rate.maxValue);
}

export function chooseShippingRate(rates: readonly ShippingRateRecord[], method: ShippingMethodName, parcel: Parcel): ShippingRateRecord | null {
  let best: ShippingRateRecord | null = null;
  for (const rate of rates) {
    if (!rateFits(rate, method, parcel)) continue;
    if (!best) {
      best = rate;
      continue;
    }
    const specific = rate.countryCode !== null;
    const bestSpecific = best.countryCode !== null;
    if (specific !== bestSpecific) {
      if (specific) best = rate;
      continue;
    }
    if (rate.priceSatang < best.priceSatang || (rate.priceSatang === best.priceSatang && rate.id < best.id)) best = rate;
  }
  return best;
}

export interface ShippingOption {
  method: ShippingMethodName;
  rateId: number;
  priceSatang: number;
  deliveryDays: typeof statedDeliveryDays;
  carrier: { en: string; th: string } | null;
}

/** The methods offered for a parcel, standard first; a method without a fitting rate is left out. */
export function shippingOptions(rates: readonly ShippingRateRecord[], parcel: Parcel): ShippingOption[] {
  const options: ShippingOption[] = [];
  for (const method of shippingMethodNames) {
    const rate = chooseShippingRate(rates, method, parcel);
    if (rate) options.push({ method, rateId: rate.id, priceSatang: rate.priceSatang, deliveryDays: statedDeliveryDays, carrier: rate.carrier ?? null });
  }
  return options;
}

/** Countries the shop ships to: Thailand when a domestic rate exists, every listed country when an international one does. */
export function shipsAbroad(rates: readonly ShippingRateRecord[]): boolean {
  return rates.some((rate) => rate.isActive && rate.zone === "international");
}
