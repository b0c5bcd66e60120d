import { shopTimeZone } from "~/domain/dates";

/**
 * `<input type="datetime-local">` values ("2026-11-23T09:30") are wall-clock times in the shop's
 * zone (Asia/Bangkok). The offset is asked from Intl for that moment, never hard-coded.
 */
const partsFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: shopTimeZone,
  calendar: "gregory",
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function wallClock(epochMs: number): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts = partsFormatter.formatToParts(epochMs);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part("year"), month: part("month"), day: part("day"), hour: part("hour"), minute: part("minute"), second: part("second") };
}

/** Epoch ms of a shop-local "YYYY-MM-DDTHH:mm"; null when it is not a real moment. */
export function shopLocalToEpoch(value: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (year < 2000 || year > 2200 || month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const seen = wallClock(asUtc);
  const offset = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute, seen.second) - asUtc;
  return asUtc - offset;
}

/** The datetime-local value showing this moment in the shop's zone ("" for null). */
export function epochToShopLocal(epochMs: number | null): string {
  if (epochMs === null || !Number.isFinite(epochMs)) return "";
  const { year, month, day, hour, minute } = wallClock(epochMs);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}
