/**
 * Loyalty points earned on completed orders (spec §1 "earn and see loyalty points"). The rate is a
 * shop setting: satang of goods paid per point. Points are whole numbers; the order process awards
 * them when an order completes and takes them back on refund (app/features/orders/order-status.server.ts).
 */
export const defaultSatangPerPointEarned = 10_000;

/**
 * The notes the shop itself writes on the points ledger, stored as keys (translations
 * `purchases:points.notes.*`) so the ledger reads in the page's language; what a staff member types
 * is stored as text.
 */
export const pointsNoteKeys = ["welcomeBonus", "birthdayGift"] as const;
export type PointsNoteKey = (typeof pointsNoteKeys)[number];
/** Above ฿100,000 per point the setting is surely a typo. */
export const maxSatangPerPointEarned = 10_000_000;

/** The stored setting as satang per point: the default when missing or malformed, 0 when earning is off. */
export function parsePointsEarnRate(stored: string | null | undefined): number {
  if (stored === null || stored === undefined || stored.trim() === "") return defaultSatangPerPointEarned;
  const value = Number(stored);
  if (!Number.isInteger(value) || value < 0 || value > maxSatangPerPointEarned) return defaultSatangPerPointEarned;
  return value;
}

/** Points an order earns: one per full `satangPerPoint` of goods paid (total less shipping). */
export function pointsEarnedFor(totalSatang: number, shippingSatang: number, satangPerPoint: number): number {
  if (satangPerPoint <= 0) return 0;
  return Math.max(0, Math.floor((totalSatang - shippingSatang) / satangPerPoint));
}
