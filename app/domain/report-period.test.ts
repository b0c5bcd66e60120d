import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { chartScale, scalePercent } from "./chart-scale";
import {
  addDays,
  bangkokDayOf,
  dayRangeMs,
  daysBetween,
  dayStartMs,
  defaultGroupFor,
  isReportDay,
  monthDays,
  parseReportMonth,
  partsCost,
  periodOf,
  periodsBetween,
  presetRanges,
  type RangeGrains,
  rangeParts,
  rollingWindowOf,
  sumByPeriod,
  thisMonthSoFar,
} from "./report-period";

describe("report days (Asia/Bangkok)", () => {
  it("a Bangkok day starts at 17:00 UTC the day before", () => {
    expect(dayStartMs("2026-03-01")).toBe(Date.parse("2026-02-28T17:00:00Z"));
    expect(bangkokDayOf(Date.parse("2026-02-28T16:59:59Z"))).toBe("2026-02-28");
    expect(bangkokDayOf(Date.parse("2026-02-28T17:00:00Z"))).toBe("2026-03-01");
    expect(dayRangeMs("2026-03-01", "2026-03-01")).toEqual({ startMs: Date.parse("2026-02-28T17:00:00Z"), endMs: Date.parse("2026-03-01T17:00:00Z") });
  });

  it("knows real days and months", () => {
    expect(isReportDay("2024-02-29")).toBe(true);
    expect(isReportDay("2025-02-29")).toBe(false);
    expect(isReportDay("1999-12-31")).toBe(false);
    expect(isReportDay("2026-1-01")).toBe(false);
    expect(parseReportMonth("2026-02")).toBe("2026-02");
    expect(parseReportMonth("2026-13")).toBeNull();
    expect(monthDays("2024-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" });
    expect(monthDays("2025-12")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
  });

  it("counts and moves days", () => {
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(daysBetween("2026-03-01", "2026-03-31")).toBe(31);
    expect(thisMonthSoFar(Date.parse("2026-03-31T18:00:00Z"))).toEqual({ from: "2026-04-01", to: "2026-04-01" });
  });

  it("groups days into periods named by their first day (weeks from Monday)", () => {
    expect(periodOf("2026-03-15", "day")).toBe("2026-03-15");
    expect(periodOf("2026-03-15", "week")).toBe("2026-03-09"); // a Sunday → its Monday
    expect(periodOf("2026-03-16", "week")).toBe("2026-03-16");
    expect(periodOf("2026-03-15", "month")).toBe("2026-03-01");
    expect(periodsBetween("2026-01-30", "2026-03-02", "month")).toEqual(["2026-01-01", "2026-02-01", "2026-03-01"]);
    expect(periodsBetween("2026-03-01", "2026-03-16", "week")).toEqual(["2026-02-23", "2026-03-02", "2026-03-09", "2026-03-16"]);
    expect(periodsBetween("2026-03-01", "2026-03-03", "day")).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(defaultGroupFor("2026-03-01", "2026-03-31")).toBe("day");
    expect(defaultGroupFor("2026-01-01", "2026-05-31")).toBe("week");
    expect(defaultGroupFor("2025-01-01", "2025-12-31")).toBe("month");
  });

  it("sums rows into every period of the range, zero where empty", () => {
    const rows = [
      { day: "2026-03-01", sales: 100, orders: 1 },
      { day: "2026-03-03", sales: 50, orders: 2 },
      { day: "2026-03-03", sales: 25, orders: 1 },
      { day: "2026-04-01", sales: 999, orders: 9 },
    ];
    const sums = sumByPeriod(
      rows,
      (row) => row.day,
      (row) => ({ sales: row.sales, orders: row.orders }),
      { from: "2026-03-01", to: "2026-03-03", group: "day" },
      ["sales", "orders"],
    );
    expect(sums).toEqual([
      { period: "2026-03-01", values: { sales: 100, orders: 1 } },
      { period: "2026-03-02", values: { sales: 0, orders: 0 } },
      { period: "2026-03-03", values: { sales: 75, orders: 3 } },
    ]);
  });
});

describe("chart scale", () => {
  it("rounds the top up to 1, 2 or 5 steps of a power of ten", () => {
    expect(chartScale([0])).toEqual({ max: 1, ticks: [0, 1] });
    expect(chartScale([87])).toEqual({ max: 100, ticks: [0, 50, 100] });
    expect(chartScale([1234, 400]).ticks).toEqual([0, 500, 1000, 1500]);
    expect(chartScale([0.3]).ticks).toEqual([0, 0.1, 0.2, 0.3]);
    expect(scalePercent(50, chartScale([100]))).toBe(50);
    expect(scalePercent(-5, chartScale([100]))).toBe(0);
  });
});

/** Each day of the range once: the parts' days, with months spelt out and signs applied. */
function coverage(from: string, to: string, grains: RangeGrains = {}): Map<string, number> {
  const counts = new Map<string, number>();
  for (const part of rangeParts(from, to, grains)) {
    const [first, last] =
      part.grain === "day"
        ? [part.from, part.to]
        : part.grain === "month"
          ? [monthDays(part.from).from, monthDays(part.to).to]
          : [`${part.from}-01-01`, `${part.to}-12-31`];
    for (let day = first; day <= last; day = addDays(day, 1)) counts.set(day, (counts.get(day) ?? 0) + part.sign);
  }
  return new Map([...counts].filter(([, count]) => count !== 0));
}

describe("rangeParts", () => {
  it("given a year to date, should read the whole months, the first part-month as days and this month less the days to come", () => {
    expect(rangeParts("2025-11-28", "2026-11-26")).toEqual([
      { grain: "day", from: "2025-11-28", to: "2025-11-30", sign: 1 },
      { grain: "month", from: "2025-12", to: "2026-10", sign: 1 },
      { grain: "month", from: "2026-11", to: "2026-11", sign: 1 },
      { grain: "day", from: "2026-11-27", to: "2026-11-30", sign: -1 },
    ]);
  });

  it("given whole months, should need no days", () => {
    expect(rangeParts("2026-01-01", "2026-12-31")).toEqual([
      { grain: "month", from: "2026-01", to: "2026-01", sign: 1 },
      { grain: "month", from: "2026-02", to: "2026-11", sign: 1 },
      { grain: "month", from: "2026-12", to: "2026-12", sign: 1 },
    ]);
    expect(rangeParts("2024-02-01", "2024-02-29")).toEqual([{ grain: "month", from: "2024-02", to: "2024-02", sign: 1 }]);
  });

  it("given a few days, should read them as days", () => {
    expect(rangeParts("2026-03-02", "2026-03-08")).toEqual([{ grain: "day", from: "2026-03-02", to: "2026-03-08", sign: 1 }]);
  });

  it("given any range, should count each of its days exactly once and no other day", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 800 }), (offset, length) => {
        const from = addDays("2025-01-01", offset);
        const to = addDays(from, length);
        const counts = coverage(from, to);
        expect(counts.size).toBe(length + 1);
        for (const [day, count] of counts) {
          expect(count).toBe(1);
          expect(day >= from && day <= to).toBe(true);
        }
      }),
    );
  });
});

describe("presetRanges", () => {
  it("should give whole Bangkok months and calendar years, last month across a new year", () => {
    expect(presetRanges(Date.parse("2026-01-14T20:00:00Z"))).toEqual([
      { id: "last7", from: "2026-01-09", to: "2026-01-15" },
      { id: "last30", from: "2025-12-17", to: "2026-01-15" },
      { id: "last90", from: "2025-10-18", to: "2026-01-15" },
      { id: "last365", from: "2025-01-16", to: "2026-01-15" },
      { id: "thisMonth", from: "2026-01-01", to: "2026-01-31" },
      { id: "lastMonth", from: "2025-12-01", to: "2025-12-31" },
      { id: "thisYear", from: "2026-01-01", to: "2026-12-31" },
      { id: "lastYear", from: "2025-01-01", to: "2025-12-31" },
    ]);
    // 31 December 17:30 UTC is already 1 January in Bangkok.
    expect(presetRanges(Date.parse("2025-12-31T17:30:00Z"))[6]).toEqual({ id: "thisYear", from: "2026-01-01", to: "2026-12-31" });
  });
});

describe("rollingWindowOf", () => {
  it("should name the kept window a range is, given today, and nothing else", () => {
    expect(rollingWindowOf("2025-01-16", "2026-01-15", "2026-01-15")).toBe(365);
    expect(rollingWindowOf("2026-01-09", "2026-01-15", "2026-01-15")).toBe(7);
    // Beyond today there are no rows: still the window.
    expect(rollingWindowOf("2025-12-17", "2026-01-31", "2026-01-15")).toBe(30);
    // Ending before today, or starting on another day: summed.
    expect(rollingWindowOf("2026-01-09", "2026-01-14", "2026-01-15")).toBeNull();
    expect(rollingWindowOf("2026-01-08", "2026-01-15", "2026-01-15")).toBeNull();
  });
});

describe("rangeParts with a year grain", () => {
  const yearly = { years: true };

  it("given a whole calendar year or month, should read that one row per key", () => {
    expect(rangeParts("2025-01-01", "2025-12-31", yearly)).toEqual([{ grain: "year", from: "2025", to: "2025", sign: 1 }]);
    expect(rangeParts("2025-03-01", "2025-03-31", yearly)).toEqual([{ grain: "month", from: "2025-03", to: "2025-03", sign: 1 }]);
    expect(rangeParts("2024-01-01", "2025-12-31", yearly)).toEqual([{ grain: "year", from: "2024", to: "2025", sign: 1 }]);
  });

  it("given most of a year, should read the year less the months and days outside the range", () => {
    expect(rangeParts("2025-01-01", "2025-11-26", yearly)).toEqual([
      { grain: "year", from: "2025", to: "2025", sign: 1 },
      { grain: "day", from: "2025-11-27", to: "2025-11-30", sign: -1 },
      { grain: "month", from: "2025-12", to: "2025-12", sign: -1 },
    ]);
    // A few months: months, as without years.
    expect(rangeParts("2025-02-01", "2025-04-30", yearly)).toEqual(rangeParts("2025-02-01", "2025-04-30"));
  });

  it("given a range that reaches today, should read it on to its month's or year's end (nothing is there yet)", () => {
    expect(rangeParts("2026-11-01", "2026-11-26", { noRowsAfter: "2026-11-26" })).toEqual([{ grain: "month", from: "2026-11", to: "2026-11", sign: 1 }]);
    expect(rangeParts("2026-01-01", "2026-11-26", { years: true, noRowsAfter: "2026-11-26" })).toEqual([{ grain: "year", from: "2026", to: "2026", sign: 1 }]);
    // The last 365 days: last year's part-month as days, its December, and this year as its row.
    expect(rangeParts("2025-11-27", "2026-11-26", { years: true, noRowsAfter: "2026-11-26" })).toEqual([
      { grain: "day", from: "2025-11-27", to: "2025-11-30", sign: 1 },
      { grain: "month", from: "2025-12", to: "2025-12", sign: 1 },
      { grain: "year", from: "2026", to: "2026", sign: 1 },
    ]);
    // A range that ends before today is read as it is.
    expect(rangeParts("2026-11-01", "2026-11-20", { noRowsAfter: "2026-11-26" })).toEqual(rangeParts("2026-11-01", "2026-11-20"));
  });

  it("given any range, should count each of its days exactly once (and at most days to come besides)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 900 }), fc.integer({ min: 0, max: 800 }), fc.boolean(), (offset, length, reachesToday) => {
        const from = addDays("2025-01-01", offset);
        const to = addDays(from, length);
        const grains = { years: true, ...(reachesToday ? { noRowsAfter: to } : {}) };
        const counts = coverage(from, to, grains);
        for (let day = from; day <= to; day = addDays(day, 1)) expect(counts.get(day), day).toBe(1);
        for (const [day, count] of counts) {
          expect(count).toBe(1);
          expect(day >= from && (day <= to || reachesToday)).toBe(true);
        }
        expect(partsCost(rangeParts(from, to, grains))).toBeLessThanOrEqual(partsCost(rangeParts(from, to)));
      }),
    );
  });
});
