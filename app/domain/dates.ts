import { intlLocale, type Locale } from "../i18n/config";

/**
 * Dates are stored in UTC (epoch ms or ISO) and shown in Bangkok time (DESIGN §4.8). Thai pages get
 * Buddhist-era years from the th-TH calendar itself; the original app's "subtract 7 hours" is not
 * copied — the time zone does that job, correctly.
 */
export const shopTimeZone = "Asia/Bangkok";

export type DateFormatOptions = Omit<Intl.DateTimeFormatOptions, "timeZone">;

const defaultOptions: DateFormatOptions = { dateStyle: "medium" };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: Locale, options: DateFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formatters.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: shopTimeZone });
    formatters.set(key, cached);
  }
  return cached;
}

/**
 * A moment shown in the shop's time zone: `formatDate(ms, "th")` → "1 ก.พ. 2567". Display only: an
 * unreadable time (NaN, out of range) gives "" rather than breaking the page.
 */
export function formatDate(epochMs: number, locale: Locale, options: DateFormatOptions = defaultOptions): string {
  if (!Number.isFinite(epochMs) || Math.abs(epochMs) > 8.64e15) return "";
  return styledWithoutIntl(epochMs, locale, options) ?? formatter(locale, options).format(epochMs);
}

/** Bangkok has kept UTC+7, with no summer time, since 1 April 1920. */
const bangkokOffsetMs = 7 * 60 * 60 * 1000;
const fixedOffsetSince = Date.UTC(1920, 3, 1);

const monthNames: Record<Locale, Record<"short" | "long", readonly string[]>> = {
  en: {
    short: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
    long: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  },
  th: {
    short: ["ม.ค.", "ก.พ.", "มี.ค.", "เม.ย.", "พ.ค.", "มิ.ย.", "ก.ค.", "ส.ค.", "ก.ย.", "ต.ค.", "พ.ย.", "ธ.ค."],
    long: ["มกราคม", "กุมภาพันธ์", "มีนาคม", "เมษายน", "พฤษภาคม", "มิถุนายน", "กรกฎาคม", "สิงหาคม", "กันยายน", "ตุลาคม", "พฤศจิกายน", "ธันวาคม"],
  },
};

const twoDigits = (value: number) => String(value).padStart(2, "0");

/**
 * The shop's common styles — a medium or long date, a medium date with a short or medium time, a
 * month with its day and/or year — as Intl writes them in en-GB and th-TH (Buddhist era), without
 * building an Intl.DateTimeFormat: the first one of a page starts ICU, ~12–18 ms of the browser's
 * main thread (the home page's flash sale shows its end; docs/performance.md, "CI time, sixth
 * pass"). dates.test.ts checks random moments against Intl. Anything else (other options, a moment
 * before 1920) is Intl's: null.
 */
function styledWithoutIntl(epochMs: number, locale: Locale, options: DateFormatOptions): string | null {
  if (epochMs < fixedOffsetSince) return null;
  const local = new Date(epochMs + bangkokOffsetMs);
  const year = local.getUTCFullYear();
  if (year > 9999) return null;
  const era = locale === "th" ? year + 543 : year;
  if (options.dateStyle === undefined) return partsWithoutIntl(local, era, locale, options);
  const { dateStyle, timeStyle } = options;
  if (Object.keys(options).some((key) => key !== "dateStyle" && key !== "timeStyle")) return null;
  if (dateStyle !== "medium" && dateStyle !== "long") return null;
  if (timeStyle !== undefined && (dateStyle !== "medium" || (timeStyle !== "short" && timeStyle !== "medium"))) return null;
  const month = monthNames[locale][dateStyle === "long" ? "long" : "short"][local.getUTCMonth()];
  const date = `${local.getUTCDate()} ${month} ${era}`;
  if (timeStyle === undefined) return date;
  const seconds = timeStyle === "medium" ? `:${twoDigits(local.getUTCSeconds())}` : "";
  const time = `${twoDigits(local.getUTCHours())}:${twoDigits(local.getUTCMinutes())}${seconds}`;
  return locale === "th" ? `${date} ${time}` : `${date}, ${time}`;
}

/** A month with its day, its year or both, as the reports' and dashboard's labels ask: "5 Sept", "ก.ย. 69", "5 Sept 2026". */
function partsWithoutIntl(local: Date, era: number, locale: Locale, options: DateFormatOptions): string | null {
  const { day, month, year } = options;
  if (Object.keys(options).some((key) => key !== "day" && key !== "month" && key !== "year")) return null;
  if ((month !== "short" && month !== "long") || (day !== undefined && day !== "numeric")) return null;
  if (year !== undefined && year !== "numeric" && year !== "2-digit") return null;
  const parts = [monthNames[locale][month][local.getUTCMonth()]];
  if (day) parts.unshift(String(local.getUTCDate()));
  if (year) parts.push(year === "2-digit" ? twoDigits(era % 100) : String(era));
  return parts.join(" ");
}

/**
 * A calendar day as a date input holds it ("YYYY-MM-DD", Gregorian) in the page's language: "26 พ.ย.
 * 2569" on Thai pages. The browser draws `<input type="date">` in its own language and calendar
 * whatever the page's `lang` says, so the Thai pages print the chosen day under it. Not a day: "".
 */
export function formatDay(day: string, locale: Locale, options: DateFormatOptions = defaultOptions): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return "";
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Midday UTC is the same day in Bangkok (UTC+7); a date that does not exist (31 February) rolls over.
  const moment = Date.UTC(year, month - 1, date, 12);
  const check = new Date(moment);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return "";
  return formatDate(moment, locale, options);
}

/** Today's calendar date in Bangkok as [year, month, day]. */
function bangkokDate(moment: Date): [number, number, number] {
  const parts = formatter("en", { year: "numeric", month: "numeric", day: "numeric", calendar: "gregory" }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return [part("year"), part("month"), part("day")];
}

export type AgeResult = { ok: true; years: number } | { ok: false; reason: "invalid-date" | "in-future" };

/**
 * Whole years from a birthday ("YYYY-MM-DD", Gregorian) to today's date in Bangkok. Someone born on
 * 29 February turns a year older on 1 March in years without one.
 */
export function ageInYears(birthday: string, today: Date): AgeResult {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthday);
  if (!match || Number.isNaN(today.getTime())) return { ok: false, reason: "invalid-date" };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return { ok: false, reason: "invalid-date" };
  }
  const [thisYear, thisMonth, thisDay] = bangkokDate(today);
  const hadBirthday = thisMonth > month || (thisMonth === month && thisDay >= day);
  const years = thisYear - year - (hadBirthday ? 0 : 1);
  return years < 0 ? { ok: false, reason: "in-future" } : { ok: true, years };
}
