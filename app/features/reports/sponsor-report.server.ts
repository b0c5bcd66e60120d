import { z } from "zod";
import { bangkokDayOf, dayRangeMs, sumByPeriod } from "~/domain/report-period";
import { salesStatusIds } from "~/features/backoffice/backoffice.server";
import { sponsoredOrdersSql } from "~/features/orders/orders-admin.server";
import { sponsoredKinds } from "~/features/orders/sponsored-list";
import { rowsReadOf, type ReportResult, type ReportSource } from "./report-page.server";

/**
 * The sponsor report (spec §2 /backend/reports/sponsor; issue 18): the orders of /backend/orders/sponsored
 * — sponsor orders and distributor orders — that are sales (paid and every later step; the dashboard's
 * rule, `salesStatusIds`), counted on the Bangkok day they were paid (the day placed for orders from
 * before paid_at was kept). One row per sponsor or distributor with orders, items and value; the chart
 * is the value per period. Filters: kind and one sponsor.
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

export const sponsorReport: ReportSource<ReportResult<SponsorReportRow, SponsorReportTotals> & { sponsors: SponsorOption[] }, SponsorReportFilters> = {
  period: "range",
  filters: sponsorReportFilters,
  async load(d1, filters) {
    const { startMs, endMs } = dayRangeMs(filters.from, filters.to);
    const conditions = [`status_id IN (${salesStatusIds.join(", ")})`, "coalesce(paid_at, created_at) >= ?", "coalesce(paid_at, created_at) < ?"];
    const binds: (string | number)[] = [startMs, endMs];
    if (filters.kind) {
      conditions.push("kind = ?");
      binds.push(filters.kind);
    }
    if (filters.sponsor !== null) {
      conditions.push("kind = 'sponsor' AND partner_id = ?");
      binds.push(filters.sponsor);
    }
    const sold = `WITH listed AS (${sponsoredOrdersSql}),
      sold AS (
        SELECT kind, id, partner_id, partner_en, partner_th, total_satang, coalesce(paid_at, created_at) AS sold_at,
               (SELECT coalesce(sum(quantity), 0) FROM order_lines WHERE order_id = listed.id) AS quantity
          FROM listed WHERE ${conditions.join(" AND ")}
      )`;
    type PartnerRow = {
      kind: SponsorReportRow["kind"];
      partner_id: number;
      partner_en: string;
      partner_th: string;
      orders: number;
      quantity: number;
      value: number;
    };
    type MomentRow = { sold_at: number; value: number };
    type SponsorRow = { id: number; name_en: string; name_th: string };
    const [partners, moments, sponsors] = await d1.batch<PartnerRow | MomentRow | SponsorRow>([
      d1
        .prepare(
          `${sold} SELECT kind, partner_id, min(partner_en) AS partner_en, min(partner_th) AS partner_th, count(*) AS orders, sum(quantity) AS quantity, sum(total_satang) AS value
             FROM sold GROUP BY kind, partner_id ORDER BY value DESC, orders DESC, partner_en`,
        )
        .bind(...binds),
      // One row per order (sold time and value): the periods are summed here, so a week or a month is
      // the same Bangkok days the table counts.
      d1.prepare(`${sold} SELECT sold_at, total_satang AS value FROM sold`).bind(...binds),
      d1.prepare("SELECT id, name_en, name_th FROM sponsors ORDER BY sort_order, id"),
    ]);
    const rows = (partners!.results as PartnerRow[]).map((row) => ({
      kind: row.kind,
      partnerId: row.partner_id,
      partnerEn: row.partner_en,
      partnerTh: row.partner_th,
      orders: row.orders,
      quantity: row.quantity,
      valueSatang: row.value,
    }));
    const perPeriod = sumByPeriod(
      moments!.results as MomentRow[],
      (row) => bangkokDayOf(row.sold_at),
      (row) => ({ value: row.value }),
      filters,
      ["value"],
    );
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
        series: [{ id: "value", label: "sponsor.columns.value", kind: "bar" as const, values: perPeriod.map((one) => one.values.value) }],
        unit: "satang" as const,
      },
      rowsRead: rowsReadOf([partners!, moments!, sponsors!]),
      sponsors: (sponsors!.results as SponsorRow[]).map((row) => ({ id: row.id, nameEn: row.name_en, nameTh: row.name_th })),
    };
  },
};
