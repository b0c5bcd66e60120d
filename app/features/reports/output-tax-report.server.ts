import { bangkokDayOf, dayRangeMs, sumByPeriod } from "~/domain/report-period";
import type { InvoiceKind } from "~/domain/tax-documents";
import { loadSeller } from "~/features/billing/billing.server";
import type { SellerSettings } from "~/features/billing/seller-settings";

import { type ReportResult, type ReportSource, rowsReadOf } from "./report-page.server";

/**
 * The output tax report (รายงานภาษีขาย; issue 18) of one month (`?month=YYYY-MM`, Bangkok days): every
 * tax document issued in the month — full and abbreviated tax invoices, tax invoice/receipts and credit
 * notes (the `invoices` table; receipts are not tax documents) — in number order within each day, in
 * the Revenue Department's column order: date, document number, buyer, buyer's tax id, branch, value
 * before VAT, VAT.
 *
 * - A credit note lowers the month's output tax: its value and VAT are negative rows.
 * - A voided document stays in the report as a row marked void with zero value and VAT: the Revenue
 *   Department's practice for a cancelled tax invoice is to keep it (stamped "cancelled") and to note
 *   the cancellation in that month's output tax report, so every number of the series is accounted
 *   for; dropping the row would leave a gap an auditor asks about. Its replacement is its own row.
 */
export interface OutputTaxRow {
  id: number;
  kind: InvoiceKind;
  issuedAt: number;
  number: string;
  buyerName: string;
  buyerTaxId: string | null;
  buyerBranch: string | null;
  /** Before VAT; negative for a credit note; 0 when void. */
  valueSatang: number;
  vatSatang: number;
  void: boolean;
}

export interface OutputTaxTotals {
  valueSatang: number;
  vatSatang: number;
  /** Documents in the report (voided ones included). */
  documents: number;
  voided: number;
}

export type OutputTaxResult = ReportResult<OutputTaxRow, OutputTaxTotals> & { seller: SellerSettings };

export const outputTaxReport: ReportSource<OutputTaxResult> = {
  period: "month",
  async load(d1, filters) {
    const { startMs, endMs } = dayRangeMs(filters.from, filters.to);
    type Row = {
      id: number;
      kind: InvoiceKind;
      issued_at: number;
      number: string;
      billing_name: string;
      billing_tax_id: string | null;
      billing_branch: string | null;
      subtotal_satang: number;
      vat_satang: number;
      voided_at: number | null;
    };
    const statement = d1
      .prepare(
        `SELECT id, kind, issued_at, number, billing_name, billing_tax_id, billing_branch, subtotal_satang, vat_satang, voided_at
           FROM invoices WHERE issued_at >= ?1 AND issued_at < ?2 ORDER BY issued_at, sequence_number, id`,
      )
      .bind(startMs, endMs);
    const [result, { seller }] = await Promise.all([statement.all<Row>(), loadSeller(d1)]);
    const rows: OutputTaxRow[] = result.results.map((row) => {
      const sign = row.kind === "credit_note" ? -1 : 1;
      const live = row.voided_at === null;
      return {
        id: row.id,
        kind: row.kind,
        issuedAt: row.issued_at,
        number: row.number,
        buyerName: row.billing_name,
        buyerTaxId: row.billing_tax_id,
        buyerBranch: row.billing_branch,
        valueSatang: live ? sign * row.subtotal_satang : 0,
        vatSatang: live ? sign * row.vat_satang : 0,
        void: !live,
      };
    });
    const perDay = sumByPeriod(
      rows,
      (row) => bangkokDayOf(row.issuedAt),
      (row) => ({ value: row.valueSatang, vat: row.vatSatang }),
      filters,
      ["value", "vat"],
    );
    return {
      rows,
      totals: {
        valueSatang: rows.reduce((sum, row) => sum + row.valueSatang, 0),
        vatSatang: rows.reduce((sum, row) => sum + row.vatSatang, 0),
        documents: rows.length,
        voided: rows.filter((row) => row.void).length,
      },
      chart: {
        group: "day",
        periods: perDay.map((one) => one.period),
        series: [
          { id: "value", label: "outputTax.columns.value", kind: "bar", values: perDay.map((one) => one.values.value) },
          { id: "vat", label: "outputTax.columns.vat", kind: "line", values: perDay.map((one) => one.values.vat) },
        ],
        unit: "satang",
      },
      // The seller's settings are one config row (loadSeller).
      rowsRead: rowsReadOf([result]) + 1,
      seller,
    };
  },
};
