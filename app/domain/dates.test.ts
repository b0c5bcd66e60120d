import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { intlLocale } from "../i18n/config";
import { ageInYears, type DateFormatOptions, formatDate, formatDay, shopTimeZone } from "./dates";

// 31 Jan 2024 18:30 UTC is already 1 Feb 2024 01:30 in Bangkok (UTC+7).
const lateEvening = Date.UTC(2024, 0, 31, 18, 30);
const newYearsEveUtc = Date.UTC(2023, 11, 31, 17, 0); // 1 Jan 2024 00:00 in Bangkok

describe("formatDate", () => {
  it.each([
    ["en", undefined, lateEvening, "1 Feb 2024"],
    ["th", undefined, lateEvening, "1 ก.พ. 2567"],
    ["en", { dateStyle: "long" }, lateEvening, "1 February 2024"],
    ["th", { dateStyle: "long" }, lateEvening, "1 กุมภาพันธ์ 2567"],
    ["en", { dateStyle: "medium", timeStyle: "short" }, lateEvening, "1 Feb 2024, 01:30"],
    ["th", { dateStyle: "medium", timeStyle: "short" }, lateEvening, "1 ก.พ. 2567 01:30"],
    ["en", { year: "numeric" }, newYearsEveUtc, "2024"],
    ["th", { year: "numeric" }, newYearsEveUtc, "พ.ศ. 2567"],
  ] as const)("given locale %s, options %j and time %s, should show %j", (locale, options, moment, expected) => {
    expect(formatDate(moment, locale, options)).toBe(expected);
  });

  it("should ignore the machine's time zone and always use Bangkok's", () => {
    expect(formatDate(lateEvening, "en", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" })).toBe("01:30");
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, 9e15])("given an unreadable time %s, should show nothing", (moment) => {
    expect(formatDate(moment, "en")).toBe("");
  });

  const styles: DateFormatOptions[] = [
    { dateStyle: "medium" },
    { dateStyle: "long" },
    { dateStyle: "medium", timeStyle: "short" },
    { dateStyle: "medium", timeStyle: "medium" },
    { day: "numeric", month: "short" },
    { day: "numeric", month: "short", year: "numeric" },
    { day: "numeric", month: "long", year: "numeric" },
    { day: "numeric", month: "short", year: "2-digit" },
    { month: "short", year: "numeric" },
    { month: "short", year: "2-digit" },
    { month: "long", year: "numeric" },
    { month: "long" },
    { year: "numeric" },
    { day: "2-digit", month: "2-digit", year: "numeric" },
  ];
  it("should write any moment from 1900 to 2200 in each style as Intl does in Bangkok time (the last two go to Intl)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("en" as const, "th" as const),
        fc.constantFrom(...styles),
        fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2200, 0, 1) }),
        (locale, options, moment) => {
          const intl = new Intl.DateTimeFormat(intlLocale(locale), { ...options, timeZone: shopTimeZone }).format(moment);
          expect(formatDate(moment, locale, options)).toBe(intl);
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe("formatDay", () => {
  it.each([
    ["en", "2026-11-26", "26 Nov 2026"],
    ["th", "2026-11-26", "26 พ.ย. 2569"],
    ["th", "2024-01-01", "1 ม.ค. 2567"],
    ["th", "2024-12-31", "31 ธ.ค. 2567"],
  ] as const)("given locale %s and day %s, should show %j (the same day in Bangkok, Buddhist era in Thai)", (locale, day, expected) => {
    expect(formatDay(day, locale)).toBe(expected);
  });

  it.each(["", "2026-02-30", "26/11/2026", "2026-1-5"])("given %j, not a day, should show nothing", (day) => {
    expect(formatDay(day, "th")).toBe("");
  });
});

describe("ageInYears", () => {
  const at = (iso: string) => new Date(iso);

  it.each([
    ["the day before the birthday", "1990-05-20", "2024-05-19T12:00:00Z", 33],
    ["on the birthday", "1990-05-20", "2024-05-20T12:00:00Z", 34],
    ["after the birthday", "1990-05-20", "2024-12-01T00:00:00Z", 34],
    ["a later month, earlier day", "1990-05-20", "2024-06-01T00:00:00Z", 34],
    ["born today", "2024-05-20", "2024-05-20T00:00:00Z", 0],
    ["the birthday already began in Bangkok (UTC evening)", "1990-05-20", "2024-05-19T17:30:00Z", 34],
    ["the birthday not yet begun in Bangkok", "1990-05-20", "2024-05-19T16:59:00Z", 33],
    ["29 February, on 28 February of a common year", "2000-02-29", "2023-02-28T12:00:00Z", 22],
    ["29 February, on 1 March of a common year", "2000-02-29", "2023-03-01T12:00:00Z", 23],
    ["29 February, on 29 February", "2000-02-29", "2024-02-29T12:00:00Z", 24],
  ])("given %s (%s, today %s), should give %s", (_, birthday, today, years) => {
    expect(ageInYears(birthday, at(today))).toEqual({ ok: true, years });
  });

  it.each([
    ["not a date", "yesterday", "2024-01-01T00:00:00Z"],
    ["Thai day-month-year", "20/05/2533", "2024-01-01T00:00:00Z"],
    ["no leading zeros", "1990-5-20", "2024-01-01T00:00:00Z"],
    ["month 13", "1990-13-01", "2024-01-01T00:00:00Z"],
    ["31 April", "1990-04-31", "2024-01-01T00:00:00Z"],
    ["29 February in a common year", "2023-02-29", "2024-01-01T00:00:00Z"],
    ["an invalid today", "1990-05-20", "not a date"],
  ])("given %s, should refuse it as invalid-date", (_, birthday, today) => {
    expect(ageInYears(birthday, at(today))).toEqual({ ok: false, reason: "invalid-date" });
  });

  it.each([
    ["tomorrow", "2024-05-21", "2024-05-20T12:00:00Z"],
    ["next year", "2025-01-01", "2024-05-20T12:00:00Z"],
  ])("given a birthday %s, should refuse it as in-future", (_, birthday, today) => {
    expect(ageInYears(birthday, at(today))).toEqual({ ok: false, reason: "in-future" });
  });
});
