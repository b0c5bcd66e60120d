import { z } from "zod";

import { bangkokDayOf, periodsBetween, rangeParts, sumByPeriod } from "~/domain/report-period";
import { sponsoredKinds } from "~/features/orders/sponsored-list";

import { type ReportResult, type ReportSource, rowsReadOf } from "./report-page.server";

/**
 * The sponsor report (spec §2 /backend/reports/sponsor; issue 18): the orders of /backend/orders/sponsored
 * — sponsor orders and distributor orders (by the affiliate the order snapshots at placing) — that are
 * sales (paid and every later step), counted on the Bangkok day they were paid (the day placed for
 * orders from before paid_at was kept). One row per sponsor or distributor with orders, items and
 * value; the chart is the value per period. Filters: kind and one sponsor.
 *
 * Read from the summary (report_daily_sponsors, report_monthly_sponsors; rules in
 * app/domain/report-summary.ts): whole months from the monthly table and the part-months at the
 * range's ends as days (rangeParts), so a year reads about 13 rows per partner. A chart by month
 * comes from the same rows; by day or week it reads one totals row a day (report_daily_sponsor_totals),
 * or one sponsor's daily rows through the partner index when a sponsor is chosen.
 */
export interface SponsorReportRow {
  kind: (typeof sponsoredKinds)[number];
  partnerId: number;
  partnerEn: string;
  partnerTh: string;
  orders: number;
  quantity: number;
  valueSatang: number;
}

export interface SponsorReportTotals {
  orders: number;
  quantity: number;
  valueSatang: number;
}

export const sponsorReportFilters = z.object({
  kind: z.enum(sponsoredKinds).nullable().catch(null),
  sponsor: z.coerce.number().int().positive().max(2_147_483_647).nullable().catch(null),
});
export type SponsorReportFilters = z.infer<typeof sponsorReportFilters>;

export interface SponsorOption {
  id: number;
  nameEn: string;
  nameTh: string;
}

/** The day's value of one kind of partner, or of both (the kinds are the schema's, never the request's text). */
function dayTotalSql(kind: SponsorReportFilters["kind"]): string {
  return kind === null ? "sponsor_value_satang + distributor_value_satang" : `${kind === "sponsor" ? "sponsor" : "distributor"}_value_satang`;
}

export const sponsorReport: ReportSource<ReportResult<SponsorReportRow, SponsorReportTotals> & { sponsors: SponsorOption[] }, SponsorReportFilters> = {
  period: "range",
  filters: sponsorReportFilters,
  async load(d1, filters) {
    const conditions: string[] = [];
    const filterBinds: (string | number)[] = [];
    if (filters.kind) {
      // Unary plus: the kind alone must not pick the partner index (every day of the kind) over the period's key range.
      conditions.push("+kind = ?");
      filterBinds.push(filters.kind);
    }
    if (filters.sponsor !== null) {
      conditions.push("kind = 'sponsor' AND partner_id = ?");
      filterBinds.push(filters.sponsor);
    }
    const filtered = conditions.map((condition) => ` AND ${condition}`).join("");
    const parts = rangeParts(filters.from, filters.to, { noRowsAfter: bangkokDayOf(Date.now()) });
    const sold = parts
      .map(({ grain, sign }) => {
        const signed = (column: string) => (sign === 1 ? column : `-${column}`);
        const [table, month] = grain === "day" ? ["report_daily_sponsors", "substr(day, 1, 7)"] : ["report_monthly_sponsors", "month"];
        return `SELECT kind, partner_id, ${month} AS month, ${signed("orders")} AS orders, ${signed("quantity")} AS quantity, ${signed("value_satang")} AS value
          FROM ${table} WHERE ${grain} BETWEEN ? AND ?${filtered}`;
      })
      .join(" UNION ALL ");
    // One row per partner with its value per month (the chart by month), a distributor named from its
    // application (sponsors are named from the list the filter reads anyway).
    const partnersSql = `WITH sold AS (${sold}),
      months AS (SELECT kind, partner_id, month, sum(orders) AS orders, sum(quantity) AS quantity, sum(value) AS value FROM sold GROUP BY 1, 2, 3)
      SELECT kind, partner_id, sum(orders) AS orders, sum(quantity) AS quantity, sum(value) AS value, json_group_object(month, value) AS months,
        CASE WHEN kind = 'distributor' THEN (SELECT first_name || ' ' || last_name FROM affiliates WHERE id = partner_id) END AS distributor_name
      FROM months GROUP BY kind, partner_id HAVING sum(orders) <> 0`;
    type PartnerRow = {
      kind: SponsorReportRow["kind"];
      partner_id: number;
      orders: number;
      quantity: number;
      value: number;
      months: string;
      distributor_name: string | null;
    };
    type DayRow = { day: string; value: number };
    type SponsorRow = { id: number; name_en: string; name_th: string };
    const byDay =
      filters.group === "month"
        ? null
        : filters.sponsor !== null
          ? d1
              .prepare(
                "SELECT day, sum(value_satang) AS value FROM report_daily_sponsors WHERE kind = 'sponsor' AND partner_id = ? AND day BETWEEN ? AND ? GROUP BY day",
              )
              .bind(filters.sponsor, filters.from, filters.to)
          : // Every partner: the day's totals row (report_daily_sponsor_totals), one a day instead of one per day and partner.
            d1
              .prepare(`SELECT day, ${dayTotalSql(filters.kind)} AS value FROM report_daily_sponsor_totals WHERE day BETWEEN ? AND ?`)
              .bind(filters.from, filters.to);
    const statements = [
      d1.prepare(partnersSql).bind(...parts.flatMap((part) => [part.from, part.to, ...filterBinds])),
      d1.prepare("SELECT id, name_en, name_th FROM sponsors ORDER BY sort_order, id"),
      ...(byDay ? [byDay] : []),
    ];
    const results = await d1.batch<PartnerRow | SponsorRow | DayRow>(statements);
    const sponsors = (results[1]!.results as SponsorRow[]).map((row) => ({ id: row.id, nameEn: row.name_en, nameTh: row.name_th }));
    const sponsorById = new Map(sponsors.map((sponsor) => [sponsor.id, sponsor]));
    const partners = results[0]!.results as PartnerRow[];
    const rows = partners
      .map((row): SponsorReportRow => {
        const sponsor = row.kind === "sponsor" ? sponsorById.get(row.partner_id) : undefined;
        const name = row.distributor_name ?? `#${row.partner_id}`;
        return {
          kind: row.kind,
          partnerId: row.partner_id,
          partnerEn: sponsor?.nameEn ?? name,
          partnerTh: sponsor?.nameTh ?? name,
          orders: row.orders,
          quantity: row.quantity,
          valueSatang: row.value,
        };
      })
      .sort((a, b) => b.valueSatang - a.valueSatang || b.orders - a.orders || (a.partnerEn < b.partnerEn ? -1 : a.partnerEn > b.partnerEn ? 1 : 0));

    let perPeriod: { period: string; value: number }[];
    if (byDay) {
      perPeriod = sumByPeriod(
        results[2]!.results as DayRow[],
        (row) => row.day,
        (row) => ({ value: row.value }),
        filters,
        ["value"],
      ).map((one) => ({
        period: one.period,
        value: one.values.value,
      }));
    } else {
      const byMonth = new Map(periodsBetween(filters.from, filters.to, "month").map((period) => [period, 0]));
      for (const row of partners)
        for (const [month, value] of Object.entries(JSON.parse(row.months) as Record<string, number>)) {
          const period = `${month}-01`;
          if (byMonth.has(period)) byMonth.set(period, byMonth.get(period)! + value);
        }
      perPeriod = [...byMonth].map(([period, value]) => ({ period, value }));
    }
    return {
      rows,
      totals: {
        orders: rows.reduce((sum, row) => sum + row.orders, 0),
        quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
        valueSatang: rows.reduce((sum, row) => sum + row.valueSatang, 0),
      },
      chart: {
        group: filters.group,
        periods: perPeriod.map((one) => one.period),
        series: [{ id: "value", label: "sponsor.columns.value", kind: "bar" as const, values: perPeriod.map((one) => one.value) }],
        unit: "satang" as const,
      },
      rowsRead: rowsReadOf(results),
      sponsors,
    };
  },
};
