/**
 * The calendar of the back-office reports (issue 18): a report covers whole days in Asia/Bangkok
 * ("YYYY-MM-DD", Gregorian, as URLs and the summary tables key them) and groups them by day, ISO week
 * (Monday first) or month. Bangkok is UTC+7 all year (no daylight saving), so a day starts at 17:00
 * UTC the day before and every day is 24 hours. Pure: the server turns days into epoch ranges with
 * these, the page labels periods with the shop's date formatter.
 */
export const reportGroups = ["day", "week", "month"] as const;
export type ReportGroup = (typeof reportGroups)[number];

const bangkokOffsetMs = 7 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/** The longest range one report shows: two years and a day, so "last year against this year" fits. */
export const maxReportDays = 732;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2025-02-29" is not a day; years outside 2000–2200 are not the shop's either. */
export function isReportDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  if (year < 2000 || year > 2200) return false;
  return new Date(Date.UTC(year, Number(match[2]) - 1, Number(match[3]))).toISOString().slice(0, 10) === value;
}

/** The Bangkok calendar day of a moment. */
export function bangkokDayOf(epochMs: number): string {
  return new Date(epochMs + bangkokOffsetMs).toISOString().slice(0, 10);
}

/** The moment a Bangkok day starts (epoch ms). */
export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - bangkokOffsetMs;
}

/** The half-open moment range [start, end) of the days from `from` to `to`, both included. */
export function dayRangeMs(from: string, to: string): { startMs: number; endMs: number } {
  return { startMs: dayStartMs(from), endMs: dayStartMs(to) + dayMs };
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * dayMs).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included (1 for one day; 0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** The first and last day of a month "YYYY-MM". */
export function monthDays(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [year, monthNumber] = month.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return { from, to: `${month}-${String(last).padStart(2, "0")}` };
}

/** "2026-03" when it is a month of a report year, else null. */
export function parseReportMonth(value: string): string | null {
  return /^\d{4}-\d{2}$/.test(value) && isReportDay(`${value}-01`) ? value : null;
}

/** The default range: this month so far, in Bangkok. */
export function thisMonthSoFar(nowMs: number): { from: string; to: string } {
  const today = bangkokDayOf(nowMs);
  return { from: `${today.slice(0, 7)}-01`, to: today };
}

/**
 * The rolling windows the summary keeps a product ranking for (`report_window_products`): the last N
 * Bangkok days, today included. Each is also a quick choice of the period picker.
 */
export const rollingWindowDays = [7, 30, 90, 365] as const;
export type RollingWindowDays = (typeof rollingWindowDays)[number];

/** The first day of the last `days` days up to `today` (both included). */
export function windowFrom(today: string, days: number): string {
  return addDays(today, -(days - 1));
}

/** The rolling window a range is, given today: it starts `days − 1` days before today and reaches today (or beyond: no rows are dated later). */
export function rollingWindowOf(from: string, to: string, today: string): RollingWindowDays | null {
  if (to < today) return null;
  return rollingWindowDays.find((days) => windowFrom(today, days) === from) ?? null;
}

export const periodPresets = ["last7", "last30", "last90", "last365", "thisMonth", "lastMonth", "thisYear", "lastYear"] as const;
export type PeriodPreset = (typeof periodPresets)[number];

/**
 * The period picker's quick choices on Bangkok's calendar: the last 7, 30, 90 and 365 days (today
 * included: each has a kept ranking), whole months and whole calendar years (days still to come
 * included: they have no rows). Each is read from one summary grain.
 */
export function presetRanges(nowMs: number): { id: PeriodPreset; from: string; to: string }[] {
  const today = bangkokDayOf(nowMs);
  const [year, month] = [Number(today.slice(0, 4)), today.slice(0, 7)];
  const lastMonth = addDays(`${month}-01`, -1).slice(0, 7);
  return [
    ...rollingWindowDays.map((days) => ({ id: `last${days}` as const, from: windowFrom(today, days), to: today })),
    { id: "thisMonth", ...monthDays(month) },
    { id: "lastMonth", ...monthDays(lastMonth) },
    { id: "thisYear", from: `${year}-01-01`, to: `${year}-12-31` },
    { id: "lastYear", from: `${year - 1}-01-01`, to: `${year - 1}-12-31` },
  ];
}

/**
 * The period a day belongs to, named by its first day: the day itself, the Monday of its ISO week,
 * or the 1st of its month. A week that starts before the report's range is still named by its
 * Monday (the chart's first bar then holds fewer days, as a calendar would show it).
 */
export function periodOf(day: string, group: ReportGroup): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 7)}-01`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every period from the one holding `from` to the one holding `to`, in order (empty periods included, so a chart shows gaps as zero). */
export function periodsBetween(from: string, to: string, group: ReportGroup): string[] {
  const periods: string[] = [];
  for (let period = periodOf(from, group); period <= to; period = nextPeriod(period, group)) periods.push(period);
  return periods;
}

function nextPeriod(period: string, group: ReportGroup): string {
  if (group === "day") return addDays(period, 1);
  if (group === "week") return addDays(period, 7);
  const [year, month] = period.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

/** The group a range gets when the URL does not say: days for up to two months, weeks up to half a year, then months. */
export function defaultGroupFor(from: string, to: string): ReportGroup {
  const days = daysBetween(from, to);
  if (days <= 62) return "day";
  if (days <= 183) return "week";
  return "month";
}

/**
 * Sums rows keyed by day into the periods of a range: `values` picks the figures of a row. Rows
 * outside the range are ignored. Every period of the range is there, in order, zero when empty.
 */
export function sumByPeriod<Row, Key extends string>(
  rows: readonly Row[],
  dayOfRow: (row: Row) => string,
  values: (row: Row) => Record<Key, number>,
  range: { from: string; to: string; group: ReportGroup },
  keys: readonly Key[],
): { period: string; values: Record<Key, number> }[] {
  const zero = () => Object.fromEntries(keys.map((key) => [key, 0])) as Record<Key, number>;
  const byPeriod = new Map(periodsBetween(range.from, range.to, range.group).map((period) => [period, zero()]));
  for (const row of rows) {
    const day = dayOfRow(row);
    if (day < range.from || day > range.to) continue;
    const sums = byPeriod.get(periodOf(day, range.group));
    if (!sums) continue;
    const figures = values(row);
    for (const key of keys) sums[key] += figures[key] ?? 0;
  }
  return [...byPeriod].map(([period, sums]) => ({ period, values: sums }));
}

/** A piece of a range as the summary reads it: days, whole months ("YYYY-MM") or whole years ("YYYY"), added (1) or taken away (−1). */
export interface RangePart {
  grain: "day" | "month" | "year";
  from: string;
  to: string;
  sign: 1 | -1;
}

/** Which grains a summary has beyond days and months, and what the reader knows about the days to come. */
export interface RangeGrains {
  /** The summary has a calendar-year grain (the product tables). */
  years?: boolean;
  /** The last day that can have rows (today): a range reaching it may be read as if it ran on to its month's or year's end. */
  noRowsAfter?: string;
}

/**
 * A range as the fewest summary rows per key: whole years (when the summary has them) and whole
 * months inside it, and each part at its ends either as its days or months, or as its month or year
 * less the days or months outside the range — whichever reads fewer rows (a year's row costs about
 * a month's, a month's about a day's). Days after `noRowsAfter` have no rows, so a range that ends
 * today may be read to the end of its month or year: this month so far is one monthly row per
 * product and a year to date one yearly row.
 */
export function rangeParts(from: string, to: string, grains: RangeGrains = {}): RangePart[] {
  const ends = [to];
  if (grains.noRowsAfter !== undefined && to >= grains.noRowsAfter) {
    ends.push(monthDays(to.slice(0, 7)).to);
    if (grains.years) ends.push(`${to.slice(0, 4)}-12-31`);
  }
  return ends
    .map((end) => (grains.years ? yearParts(from, end) : monthParts(from, end)))
    .reduce((best, parts) => (partsCost(parts) < partsCost(best) ? parts : best));
}

/** How many summary rows per key the parts read (a day, a month or a year each). */
export function partsCost(parts: readonly RangePart[]): number {
  const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7));
  return parts.reduce(
    (sum, part) =>
      sum +
      (part.grain === "day"
        ? daysBetween(part.from, part.to)
        : part.grain === "month"
          ? monthIndex(part.to) - monthIndex(part.from) + 1
          : Number(part.to) - Number(part.from) + 1),
    0,
  );
}

/** Each calendar year of the range as a whole year, or as its months and days, or as its year less the rest. */
function yearParts(from: string, to: string): RangePart[] {
  const parts: RangePart[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    const [start, end] = [`${year}-01-01`, `${year}-12-31`];
    const segment = yearSegment(from > start ? from : start, to < end ? to : end);
    const last = parts.at(-1);
    const whole = segment.length === 1 && segment[0]!.grain === "year";
    if (whole && last?.grain === "year" && last.sign === 1 && Number(last.to) === year - 1) parts[parts.length - 1] = { ...last, to: String(year) };
    else parts.push(...segment);
  }
  return parts;
}

function yearSegment(from: string, to: string): RangePart[] {
  const year = from.slice(0, 4);
  const [start, end] = [`${year}-01-01`, `${year}-12-31`];
  if (from === start && to === end) return [{ grain: "year", from: year, to: year, sign: 1 }];
  const byMonths = monthParts(from, to);
  const negate = (parts: RangePart[]) => parts.map((part) => ({ ...part, sign: part.sign === 1 ? (-1 as const) : (1 as const) }));
  const byYear: RangePart[] = [
    { grain: "year", from: year, to: year, sign: 1 },
    ...(from > start ? negate(monthParts(start, addDays(from, -1))) : []),
    ...(to < end ? negate(monthParts(addDays(to, 1), end)) : []),
  ];
  return partsCost(byYear) < partsCost(byMonths) ? byYear : byMonths;
}

/** Whole months and the part-months at the ends (the grains of days and months only). */
function monthParts(from: string, to: string): RangePart[] {
  const [fromMonth, toMonth] = [from.slice(0, 7), to.slice(0, 7)];
  if (fromMonth === toMonth) return monthSegment(from, to);
  const parts = monthSegment(from, monthDays(fromMonth).to);
  const [firstMiddle, lastMiddle] = [nextPeriod(`${fromMonth}-01`, "month").slice(0, 7), addDays(`${toMonth}-01`, -1).slice(0, 7)];
  if (firstMiddle <= lastMiddle) parts.push({ grain: "month", from: firstMiddle, to: lastMiddle, sign: 1 });
  return [...parts, ...monthSegment(`${toMonth}-01`, to)];
}

/** Days `from`…`to` of one month. */
function monthSegment(from: string, to: string): RangePart[] {
  const month = from.slice(0, 7);
  const { from: start, to: end } = monthDays(month);
  const inside = daysBetween(from, to);
  const outside = daysBetween(start, end) - inside;
  if (outside === 0) return [{ grain: "month", from: month, to: month, sign: 1 }];
  // The month's row costs about one day's rows.
  if (inside <= outside + 1) return [{ grain: "day", from, to, sign: 1 }];
  const parts: RangePart[] = [{ grain: "month", from: month, to: month, sign: 1 }];
  if (from > start) parts.push({ grain: "day", from: start, to: addDays(from, -1), sign: -1 });
  if (to < end) parts.push({ grain: "day", from: addDays(to, 1), to: end, sign: -1 });
  return parts;
}
