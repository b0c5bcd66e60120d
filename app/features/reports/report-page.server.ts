import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { getCloudflare } from "~/cloudflare";
import { toCsv } from "~/domain/inventory-csv";
import {
  addDays,
  daysBetween,
  defaultGroupFor,
  isReportDay,
  maxReportDays,
  monthDays,
  parseReportMonth,
  presetRanges,
  type ReportGroup,
  reportGroups,
  thisMonthSoFar,
} from "~/domain/report-period";
import { csvFileResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { localeFromPathname } from "~/i18n/config";
import { getInstance } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/translation";
import type { ListContext, Translate } from "~/ui/backend/list-columns";
import type { ReportChartData, ReportColumn, ReportPageData } from "~/ui/backend/report-page";

/**
 * The server half of the back-office report kit (issue 18; app/ui/backend/README.md "Report pages").
 * A report declares a `ReportSource` — how its period is chosen, its own filters (a Zod object whose
 * fields read `null` when absent or odd) and `load`, which reads the rows, totals and chart for the
 * parsed filters — and hands it to `loadReportPage` (the page) and `reportCsvResponse` (its
 * `export.csv` child route). Both parse the one URL, so the file is exactly what the page shows.
 *
 * A URL is not a form: an odd `from`, `to`, `group` or `month` falls back to the default (this month
 * so far, in Bangkok), a reversed range is turned round and a range longer than `maxReportDays` is cut
 * to its last `maxReportDays` days — never a 400.
 */
export interface ReportPeriod {
  /** First and last Bangkok day, both included ("YYYY-MM-DD"). */
  from: string;
  to: string;
  group: ReportGroup;
  /** "YYYY-MM" for a monthly report (output tax), else null. */
  month: string | null;
}

export interface ReportResult<Row, Totals> {
  rows: Row[];
  totals: Totals;
  chart: ReportChartData | null;
  /** Rows D1 read for this report (D1's `meta.rows_read`, summed over the statements): the page's footnote. */
  rowsRead: number;
}

/** A report: how its period is chosen, its own filters and how it reads its figures (plus anything its page needs, e.g. filter choices). */
export interface ReportSource<Result extends ReportResult<unknown, unknown>, Extra extends Record<string, unknown> = Record<string, never>> {
  /** A range with grouping (`from`, `to`, `group`), or one month (`month=YYYY-MM`, grouped by day). */
  period: "range" | "month";
  /** The report's own filters, read from the same URL; each field should `.catch(null)`. */
  filters?: z.ZodType<Extra>;
  load(d1: D1Database, filters: ReportPeriod & Extra): Promise<Result>;
}

interface LoaderArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

const rangeSchema = z.object({
  from: z.string().refine(isReportDay).nullable().catch(null),
  to: z.string().refine(isReportDay).nullable().catch(null),
  group: z.enum(reportGroups).nullable().catch(null),
  month: z
    .string()
    .refine((value) => parseReportMonth(value) !== null)
    .nullable()
    .catch(null),
});

/** The URL's parameters as one object (a repeated name: its first value, as a GET form sends a select once). */
function paramsOf(searchParams: URLSearchParams): Record<string, string | null> {
  const params: Record<string, string | null> = {};
  for (const [name, value] of searchParams) if (!(name in params)) params[name] = value.trim() === "" ? null : value.trim();
  return params;
}

/** The period of a report's URL (see the module comment for what odd values become). */
export function parseReportPeriod(searchParams: URLSearchParams, kind: "range" | "month", nowMs: number): ReportPeriod {
  const raw = rangeSchema.parse(paramsOf(searchParams));
  if (kind === "month") {
    const month = raw.month ?? thisMonthSoFar(nowMs).from.slice(0, 7);
    return { ...monthDays(month), group: "day", month };
  }
  const fallback = thisMonthSoFar(nowMs);
  let from = raw.from ?? (raw.to ? `${raw.to.slice(0, 7)}-01` : fallback.from);
  let to = raw.to ?? (raw.from && raw.from > fallback.to ? raw.from : fallback.to);
  if (to < from) [from, to] = [to, from];
  if (daysBetween(from, to) > maxReportDays) from = addDays(to, -(maxReportDays - 1));
  return { from, to, group: raw.group ?? defaultGroupFor(from, to), month: null };
}

function parseFilters<Extra extends Record<string, unknown>>(url: URL, source: ReportSource<ReportResult<unknown, unknown>, Extra>): ReportPeriod & Extra {
  const period = parseReportPeriod(url.searchParams, source.period, Date.now());
  const extra = source.filters ? source.filters.parse(paramsOf(url.searchParams)) : ({} as Extra);
  return { ...period, ...extra };
}

/** The query string that shows these filters again (the CSV and print links): defaults left out, so each state has one address. */
export function reportSearch(filters: ReportPeriod & Record<string, unknown>): string {
  const params = new URLSearchParams();
  if (filters.month) params.set("month", filters.month);
  else {
    params.set("from", filters.from);
    params.set("to", filters.to);
    if (filters.group !== defaultGroupFor(filters.from, filters.to)) params.set("group", filters.group);
  }
  for (const [name, value] of Object.entries(filters)) {
    if (["from", "to", "group", "month"].includes(name) || value === null || value === undefined || value === "") continue;
    params.set(name, String(value));
  }
  return params.toString();
}

/** Rows read by D1 statements (their `meta.rows_read`), for `ReportResult.rowsRead`. */
export function rowsReadOf(results: readonly { meta?: { rows_read?: number } }[]): number {
  return results.reduce((sum, result) => sum + (result.meta?.rows_read ?? 0), 0);
}

/**
 * The report page's data (`?print=1`: the print view) and its headers (no caching), which reach the
 * page's response through `export const headers = reportHeaders` in the route.
 */
export async function loadReportPage<Result extends ReportResult<unknown, unknown>, Extra extends Record<string, unknown>>(
  args: LoaderArgs,
  source: ReportSource<Result, Extra>,
) {
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const filters = parseFilters(url, source);
  const result = await source.load(env.DB, filters);
  const report: Result & Omit<ReportPageData<unknown, unknown, ReportPeriod & Extra>, keyof ReportResult<unknown, unknown>> = {
    ...result,
    filters,
    search: reportSearch(filters),
    print: url.searchParams.get("print") === "1",
    presets: source.period === "range" ? presetRanges(Date.now()) : [],
  };
  // Its D1 work reaches `Server-Timing` through the request's meter (app/db/d1-meter.ts), as on every page.
  return { report, headers: { "Cache-Control": "private, no-store" } };
}

/**
 * The loader of a report route (`{ report, meta }`, not cached): the staff guard first — `staffRoute`,
 * the matched route's permission, before anything is read — then the report (loadReportPage) and the
 * page title "<report> | Back office" (`titleKey` in "reports").
 */
export async function staffReportLoader<Result extends ReportResult<unknown, unknown>, Extra extends Record<string, unknown>>(
  args: LoaderArgs & Parameters<typeof staffRoute>[0],
  source: ReportSource<Result, Extra>,
  titleKey: string,
) {
  const { t, title } = staffRoute(args, "reports");
  const { report, headers } = await loadReportPage(args, source);
  return data({ report, meta: { title: title(t(titleKey)) } }, { headers });
}

/** The route's `headers` export for a report page: the loader's no caching. */
export function reportHeaders({ loaderHeaders }: { loaderHeaders: Headers }): Headers {
  return loaderHeaders;
}

/**
 * The report as CSV: the columns that have a `csv` value, the rows, then the totals row. Headers in
 * the page's language; UTF-8 with a BOM, quoted and formula-safe (toCsv, as the lists' files). Named
 * after the report and its period.
 */
export async function reportCsvResponse<Row, Totals, Extra extends Record<string, unknown>>(
  args: LoaderArgs,
  source: ReportSource<ReportResult<Row, Totals>, Extra>,
  options: { namespace: Namespace; columns: readonly ReportColumn<Row, Totals>[]; filename: string },
): Promise<Response> {
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const locale = localeFromPathname(url.pathname);
  const filters = parseFilters(url, source);
  const { rows, totals } = await source.load(env.DB, filters);
  const context: ListContext = { t: getInstance(args.context).getFixedT(locale, options.namespace) as unknown as Translate, locale };
  const columns = options.columns.filter((column) => column.csv);
  const totalsLabel = getInstance(args.context).getFixedT(locale, "reports")("total");
  const totalsRow = columns.map((column, index) => column.totalCsv?.(totals, context) ?? (index === 0 ? totalsLabel : ""));
  const csv = toCsv([
    columns.map((column) => context.t(column.label)),
    ...rows.map((row) => columns.map((column) => column.csv!(row, context) ?? "")),
    totalsRow,
  ]);
  const period = filters.month ?? `${filters.from}_${filters.to}`;
  return csvFileResponse(csv, `${options.filename}-${period}.csv`);
}
