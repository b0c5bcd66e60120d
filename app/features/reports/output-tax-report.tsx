import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { formatThaiTaxId, headOfficeBranch } from "~/domain/tax-documents";
import { documentPagePath } from "~/features/billing/document-list";
import type { SellerSettings } from "~/features/billing/seller-settings";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { csvBaht, type Translate } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { formatFigure } from "~/ui/backend/report-format";
import type { ReportColumn, ReportSpec } from "~/ui/backend/report-page";

import type { OutputTaxRow, OutputTaxTotals } from "./output-tax-report.server";

/** Gregorian day for the file (spreadsheets sort it); the page shows the day in its language. */
const csvDay = (epochMs: number) => new Date(epochMs + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);

function branchText(branch: string | null, t: Translate): string {
  if (branch === null) return "";
  return branch === headOfficeBranch ? t("outputTax.headOffice") : t("outputTax.branch", { number: branch });
}

/**
 * The output tax report's columns in the Revenue Department's order (ลำดับ, date, number, buyer,
 * buyer's tax id, head office or branch, value, VAT), for the page, the print view and the CSV.
 */
export const outputTaxColumns: readonly ReportColumn<OutputTaxRow, OutputTaxTotals>[] = [
  {
    id: "date",
    label: "outputTax.columns.date",
    className: "whitespace-nowrap",
    cell: (row, { locale }) => formatDate(row.issuedAt, locale, { day: "2-digit", month: "2-digit", year: "numeric" }),
    csv: (row) => csvDay(row.issuedAt),
  },
  {
    id: "number",
    label: "outputTax.columns.number",
    className: "whitespace-nowrap",
    cell: (row, { locale, t }) => (
      <>
        <Link
          to={localizePath(locale, documentPagePath({ table: "invoice", id: row.id }))}
          className="font-mono text-primary-dark underline print:text-ink print:no-underline"
          data-testid="document-number"
        >
          {row.number}
        </Link>
        {row.kind === "credit_note" ? <span className="ml-1 text-xs text-ink-muted">({t("outputTax.creditNote")})</span> : null}
        {row.void ? (
          <span className="ml-1" data-testid="void">
            <Badge tone="error">{t("outputTax.void")}</Badge>
          </span>
        ) : null}
      </>
    ),
    csv: (row) => row.number,
  },
  {
    id: "buyer",
    label: "outputTax.columns.buyer",
    cell: (row, { t }) => row.buyerName || t("outputTax.retailBuyer"),
    csv: (row, { t }) => row.buyerName || t("outputTax.retailBuyer"),
  },
  {
    id: "taxId",
    label: "outputTax.columns.taxId",
    className: "hidden whitespace-nowrap md:table-cell",
    cell: (row) => (row.buyerTaxId ? formatThaiTaxId(row.buyerTaxId) : ""),
    // Digits only in the file, kept as text by the quoting spreadsheets see (a leading 0 survives).
    csv: (row) => row.buyerTaxId ?? "",
  },
  {
    id: "branch",
    label: "outputTax.columns.branch",
    className: "hidden md:table-cell",
    cell: (row, { t }) => branchText(row.buyerBranch, t),
    csv: (row, { t }) => branchText(row.buyerBranch, t),
  },
  {
    id: "state",
    label: "outputTax.columns.state",
    csv: (row, { t }) => (row.void ? t("outputTax.void") : row.kind === "credit_note" ? t("outputTax.creditNote") : ""),
  },
  {
    id: "value",
    label: "outputTax.columns.value",
    numeric: true,
    cell: (row, { locale }) => formatFigure(row.valueSatang, "satang", locale),
    csv: (row) => csvBaht(row.valueSatang),
    total: (totals, { locale }) => formatFigure(totals.valueSatang, "satang", locale),
    totalCsv: (totals) => csvBaht(totals.valueSatang),
  },
  {
    id: "vat",
    label: "outputTax.columns.vat",
    numeric: true,
    cell: (row, { locale }) => formatFigure(row.vatSatang, "satang", locale),
    csv: (row) => csvBaht(row.vatSatang),
    total: (totals, { locale }) => formatFigure(totals.vatSatang, "satang", locale),
    totalCsv: (totals) => csvBaht(totals.vatSatang),
  },
];

/** The output tax report page (/backend/reports/output-tax): one row per tax document. */
export const outputTaxReportSpec: ReportSpec<OutputTaxRow, OutputTaxTotals> = {
  path: "/backend/reports/output-tax",
  namespace: "reports",
  text: { heading: "outputTax.heading", intro: "outputTax.intro", chart: "outputTax.chart", empty: "outputTax.empty" },
  columns: outputTaxColumns,
  rowKey: (row) => row.id,
  testIds: { report: "output-tax", row: "output-tax-row" },
};

/** The head of the printed report, as the Revenue Department's form has it: the seller, its tax id and branch. */
export function OutputTaxSeller({ seller, locale }: { seller: SellerSettings; locale: Locale }) {
  const { t } = useTranslation("reports");
  const name = localized(seller, "name", locale);
  return (
    <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm" data-testid="output-tax-seller">
      <dt className="font-semibold">{t("outputTax.seller")}</dt>
      <dd>{name || "—"}</dd>
      <dt className="font-semibold">{t("outputTax.sellerTaxId")}</dt>
      <dd className="font-mono">{seller.taxId ? formatThaiTaxId(seller.taxId) : "—"}</dd>
      <dt className="font-semibold">{t("outputTax.sellerBranch")}</dt>
      <dd>{branchText(seller.branch, t as unknown as Translate)}</dd>
    </dl>
  );
}
