/**
 * Rounds to the nearest whole number, halves away from zero (2.5 → 3, -2.5 → -3).
 *
 * Binary floating point cannot hold most decimal fractions (1.005 × 100 is 100.49999…), so the
 * value is first cut to 15 significant digits — the precision a double keeps for decimals — which
 * turns such near-halves back into the halves a person would write. Never returns -0.
 */
export function roundHalfAwayFromZero(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(magnitude + 0.5);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
