import { clsx } from "clsx";
import { Download, Printer } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";

import { formatDate } from "~/domain/dates";
import { dayStartMs, type PeriodPreset, type ReportGroup, reportGroups } from "~/domain/report-period";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { type Namespace, useTranslation } from "~/i18n/translation";
import { useHydrated } from "~/ui/use-hydrated";

import type { ListColumn, ListContext, Translate } from "./list-columns";
import { dayHintRoom, FilterDate, FilterSelect } from "./list-page";
import { PageHeading } from "./page-parts";
import { TimeChart } from "./report-chart";
import { formatFigure, formatTick, periodLabel } from "./report-format";

/**
 * The back office's report page (issue 18; app/ui/backend/README.md "Report pages"), the page half of
 * app/features/reports/report-page.server.ts: a GET filter form (period + the report's own filters,
 * so every state is an address and works without JavaScript), a chart of the figures over time, the
 * table with its totals row (the chart's text alternative), the CSV link and a print view
 * (`?print=1`: no frame, no form; `landscape` prints on A4 landscape). Dates show in the page's
 * language — Buddhist-era years on Thai pages — through the shop's one date formatter.
 */
export interface ReportColumn<Row, Totals> extends ListColumn<Row> {
  /** The column's cell in the totals row (the first column says "Total" when it has none). */
  total?: (totals: Totals, context: ListContext) => ReactNode;
  /** The same in the CSV's last row. */
  totalCsv?: (totals: Totals, context: ListContext) => string | number | null;
}

/** A chart's figures per period; labels of series are keys in the report's namespace. */
export interface ReportChartData {
  group: ReportGroup;
  /** First day of each period ("YYYY-MM-DD"), in order. */
  periods: string[];
  series: { id: string; label: string; kind: "bar" | "line"; values: number[] }[];
  /** Amounts in satang (shown as Baht) or counts. */
  unit: "satang" | "count";
}

export interface ReportPageData<Row, Totals, Filters> {
  rows: Row[];
  totals: Totals;
  chart: ReportChartData | null;
  rowsRead: number;
  filters: Filters;
  /** The query string of these filters (CSV and print links). */
  search: string;
  print: boolean;
  /** The period picker's quick choices (range reports): whole months and calendar years, from the server's clock. */
  presets: { id: PeriodPreset; from: string; to: string }[];
}

interface BaseFilters {
  from: string;
  to: string;
  group: ReportGroup;
  month: string | null;
}

/**
 * A report page declared as data (as `RecordListSpec` declares a list): where it lives, its texts,
 * columns and test ids. Next to the report's columns (`app/features/reports/<name>-report.tsx`).
 */
export interface ReportSpec<Row, Totals> {
  /** The report's path in English (`/backend/reports/sponsor`); its CSV is `<path>/export.csv`. */
  path: string;
  /** The namespace of the texts, column labels and chart series. */
  namespace: Namespace;
  /** Keys in `namespace`: the heading, the intro, the chart's caption and the sentence for a period without rows. */
  text: { heading: string; intro: string; chart: string; empty: string };
  /** The columns, unless they depend on the report's filters: then the route passes `columns`. */
  columns?: readonly ReportColumn<Row, Totals>[];
  rowKey: (row: Row) => string | number;
  testIds: { report: string; row: string };
}

export function ReportView<Row, Totals, Filters extends BaseFilters>({
  spec,
  report,
  columns = spec.columns ?? [],
  filters,
  printHeader,
  landscape = false,
  tableNote,
  tableFooter,
}: {
  spec: ReportSpec<Row, Totals>;
  report: ReportPageData<Row, Totals, Filters>;
  columns?: readonly ReportColumn<Row, Totals>[];
  /** The report's own filter controls, named as its filters (FilterSelect, FilterSelects). */
  filters?: ReactNode;
  /** Above the table in the print view (the seller on the output tax report). */
  printHeader?: ReactNode;
  landscape?: boolean;
  /** Above the table, in the page and the print view: what slice of the rows the table shows (the top products, a page of them). */
  tableNote?: ReactNode;
  /** Below the table, on screen only (a pager). */
  tableFooter?: ReactNode;
}) {
  const { t: translate } = useTranslation(spec.namespace);
  const { t } = useTranslation("reports");
  const { t: tl } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const { text, rowKey, testIds } = spec;
  const testId = testIds.report;
  const context: ListContext = { t: translate as unknown as Translate, locale };
  const title = context.t(text.heading);
  const hydrated = useHydrated();
  const base = localizePath(locale, spec.path);
  const tableId = `${testId}-table`;
  const { filters: current } = report;
  const periodText = current.month
    ? formatDate(dayStartMs(current.from), locale, { month: "long", year: "numeric" })
    : t("period.range", { from: periodLabel(current.from, "day", locale), to: periodLabel(current.to, "day", locale) });

  const chart = report.chart ? (
    <TimeChart
      labels={report.chart.periods.map((period) => periodLabel(period, report.chart!.group, locale, true))}
      series={report.chart.series.map((one) => ({ ...one, label: context.t(one.label) }))}
      formatValue={(value) => formatFigure(value, report.chart!.unit, locale)}
      formatTick={(value) => formatTick(value, report.chart!.unit, locale)}
      caption={context.t(text.chart)}
      tableId={tableId}
      testId={`${testId}-chart`}
    />
  ) : null;

  const table =
    report.rows.length === 0 ? (
      <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid={`${testId}-empty`}>
        {context.t(text.empty)}
      </p>
    ) : (
      <ReportTable
        report={report}
        columns={columns}
        context={context}
        rowKey={rowKey}
        rowTestId={testIds.row}
        tableId={tableId}
        title={title}
        testId={testId}
      />
    );

  if (report.print) {
    return (
      <div className={clsx(landscape && "report-landscape")} data-testid={`${testId}-print`}>
        <div className="mb-4 flex flex-wrap gap-2 print:hidden">
          {hydrated ? (
            <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
              <Printer className="size-4" aria-hidden />
              {tl("print")}
            </button>
          ) : null}
          <Link to={`${base}?${report.search}`} className="btn-ghost border border-line" data-testid="print-back">
            {t("backToReport")}
          </Link>
        </div>
        <h1 className="text-xl font-bold">{title}</h1>
        <p className="mb-3 text-sm" data-testid="report-period">
          {periodText}
        </p>
        {printHeader}
        {tableNote}
        {table}
      </div>
    );
  }

  return (
    <div className="space-y-4" data-testid={`${testId}-page`}>
      <PageHeading title={title} intro={context.t(text.intro)} />
      <Form
        method="get"
        action={base}
        className={clsx("flex flex-wrap items-end gap-3 rounded-lg border border-line bg-surface p-3", dayHintRoom)}
        data-testid="report-filters"
      >
        {current.month ? (
          <label className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1 text-sm font-semibold">
            {t("filters.month")}
            <input
              type="month"
              name="month"
              defaultValue={current.month}
              pattern="\d{4}-\d{2}"
              placeholder="YYYY-MM"
              className="rounded-md border border-line px-3 py-2 font-normal"
              data-testid="filter-month"
            />
          </label>
        ) : (
          <>
            <FilterDate name="from" label={t("filters.from")} value={current.from} />
            <FilterDate name="to" label={t("filters.to")} value={current.to} />
            <FilterSelect
              name="group"
              label={t("filters.group")}
              value={current.group}
              allLabel={t("groups.auto")}
              options={reportGroups.map((group) => ({ value: group, label: t(`groups.${group}`) }))}
            />
          </>
        )}
        {filters}
        <button type="submit" className="btn-primary" data-testid="report-apply">
          {tl("apply")}
        </button>
      </Form>
      {report.presets.length > 0 ? (
        <nav aria-label={t("presets.label")} className="flex flex-wrap gap-2" data-testid="report-presets">
          {report.presets.map((preset) => {
            const current = report.filters.from === preset.from && report.filters.to === preset.to;
            return (
              <Link
                key={preset.id}
                to={`${base}?${presetSearch(report.search, preset)}`}
                aria-current={current ? "true" : undefined}
                className={clsx(
                  "rounded-full border px-3 py-1 text-sm",
                  current ? "border-primary bg-primary text-white" : "border-line bg-surface hover:border-primary",
                )}
                data-testid={`report-preset-${preset.id}`}
              >
                {t(`presets.${preset.id}`)}
              </Link>
            );
          })}
        </nav>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted" data-testid="report-period">
          {periodText}
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={`${base}/export.csv?${report.search}`} reloadDocument className="btn-ghost border border-line text-sm" data-testid="report-export">
            <Download className="size-4" aria-hidden />
            {tl("exportCsv")}
          </Link>
          <Link to={`${base}?${report.search}&print=1`} className="btn-ghost border border-line text-sm" data-testid="report-print">
            <Printer className="size-4" aria-hidden />
            {tl("printView")}
          </Link>
        </div>
      </div>
      {chart}
      {tableNote}
      {table}
      {tableFooter}
      <p className="text-xs text-ink-muted" data-testid="report-rows-read">
        {t("rowsRead", { count: report.rowsRead })}
      </p>
    </div>
  );
}

/** The report's query string for a preset period: its own filters kept, the period and grouping (and any page, and a page's ranking keys) as the preset's. */
function presetSearch(search: string, preset: { from: string; to: string }): string {
  const params = new URLSearchParams(search);
  for (const name of ["from", "to", "group", "page", "after", "before"]) params.delete(name);
  return new URLSearchParams([["from", preset.from], ["to", preset.to], ...params]).toString();
}

function ReportTable<Row, Totals, Filters>({
  report,
  columns,
  context,
  rowKey,
  rowTestId,
  tableId,
  title,
  testId,
}: {
  report: ReportPageData<Row, Totals, Filters>;
  columns: readonly ReportColumn<Row, Totals>[];
  context: ListContext;
  rowKey: (row: Row) => string | number;
  rowTestId: string;
  tableId: string;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation("reports");
  const shown = columns.filter((column) => column.cell && !(report.print && column.screenOnly));
  const cellClass = (column: ReportColumn<Row, Totals>) =>
    clsx(
      "px-2 py-2 align-top sm:px-3 print:px-1.5 print:py-1",
      column.numeric && "text-right tabular-nums whitespace-nowrap",
      !report.print && column.className,
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface print:overflow-visible print:border-0">
      <table id={tableId} className="w-full text-sm print:text-[9pt]" data-testid={testId}>
        <caption className="sr-only">{title}</caption>
        <thead className="bg-surface-muted text-left text-ink-muted print:table-header-group">
          <tr>
            {shown.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={clsx("px-2 py-2 font-semibold sm:px-3 print:px-1.5", column.numeric && "text-right", !report.print && column.className)}
                data-testid={`column-${column.id}`}
              >
                {context.t(column.label)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {report.rows.map((row) => (
            <tr key={rowKey(row)} className="break-inside-avoid" data-testid={rowTestId}>
              {shown.map((column) => (
                <td key={column.id} className={cellClass(column)}>
                  {column.cell!(row, context)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-ink/40 font-semibold">
          <tr data-testid={`${testId}-totals`}>
            {shown.map((column, index) =>
              index === 0 && !column.total ? (
                <th key={column.id} scope="row" className={clsx(cellClass(column), "text-left")}>
                  {t("total")}
                </th>
              ) : (
                <td key={column.id} className={cellClass(column)} data-testid={`total-${column.id}`}>
                  {column.total?.(report.totals, context)}
                </td>
              ),
            )}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
