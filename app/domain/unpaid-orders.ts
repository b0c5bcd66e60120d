/**
 * Unpaid orders hold their stock (it is taken when the order is placed), so an order nobody pays
 * must not hold it for ever: after this many hours in "waiting payment" the order is cancelled by
 * the system and its goods go back on sale. The clock restarts whenever the order enters waiting
 * payment again (a rejected slip, a custom design staff have just confirmed).
 */
export const defaultUnpaidOrderHours = 48;
export const maxUnpaidOrderHours = 24 * 30;

/** The stored setting as hours; the default when missing or malformed. */
export function parseUnpaidOrderHours(stored: string | null | undefined): number {
  if (stored === null || stored === undefined || stored.trim() === "") return defaultUnpaidOrderHours;
  const value = Number(stored);
  return Number.isInteger(value) && value >= 1 && value <= maxUnpaidOrderHours ? value : defaultUnpaidOrderHours;
}

/** Orders that entered waiting payment before this moment have waited too long. */
export function unpaidOrderCutoff(now: number, hours: number): number {
  return now - hours * 3_600_000;
}
