import { clsx } from "clsx";
import { type ReactNode, useId } from "react";

import { chartScale, scalePercent } from "~/domain/chart-scale";
import { useTranslation } from "~/i18n/translation";

/**
 * The back office's charts (issue 18; docs/decisions/0018-charts.md): drawn on the server as HTML
 * boxes and one SVG line, so they show without JavaScript, print, and add no chart library to any
 * browser chunk. Every chart is decorative for assistive technology (`aria-hidden`) and names the
 * table that holds the same figures (`tableId`), which is its text alternative. Hovering a bar shows
 * its figure (a native tooltip).
 */
export interface ChartSeries {
  /** Stable name: `data-series`. */
  id: string;
  label: string;
  values: readonly number[];
  /** Bars (the first series) or a line over them (a comparison). */
  kind: "bar" | "line";
}

const seriesColours = ["bg-primary", "bg-warning", "bg-success"] as const;
const lineColours = ["text-ink-muted", "text-warning", "text-success"] as const;
const lineBorders = ["border-ink-muted", "border-warning", "border-success"] as const;

/**
 * Figures over time: one bar per period, optional lines over them (the previous period, a second
 * figure). `labels` name the periods; a phone shows every n-th label so they never overlap.
 */
export function TimeChart({
  labels,
  series,
  formatValue,
  formatTick = formatValue,
  caption,
  tableId,
  testId,
  height = "h-56",
}: {
  labels: readonly string[];
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  /** The axis labels (round figures: whole Baht). */
  formatTick?: (value: number) => string;
  /** What the chart shows, in words; the figcaption (visible). */
  caption: ReactNode;
  /** The id of the table with the same figures. */
  tableId: string;
  testId: string;
  height?: string;
}) {
  const scale = chartScale(series.flatMap((one) => one.values));
  const count = labels.length;
  // Labels that fit: about 8 on a wide screen, 4 on a phone.
  const every = Math.max(1, Math.ceil(count / 8));
  const phoneEvery = Math.max(1, Math.ceil(count / 4));
  const bars = series.filter((one) => one.kind === "bar");
  const lines = series.filter((one) => one.kind === "line");
  const captionId = useId();
  const { t } = useTranslation("reports");
  return (
    <figure className="break-inside-avoid rounded-lg border border-line bg-surface p-3 sm:p-4" aria-labelledby={captionId} data-testid={testId}>
      <figcaption id={captionId} className="mb-3 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold">{caption}</span>
        <a href={`#${tableId}`} className="text-xs text-primary-dark underline print:hidden">
          {t("chart.tableNote")}
        </a>
      </figcaption>
      {series.length > 1 ? <Legend series={series} /> : null}
      <div className="flex gap-2" aria-hidden>
        <div className={clsx("relative w-14 shrink-0 text-right text-[11px] text-ink-muted tabular-nums", height)}>
          {scale.ticks.map((tick) => (
            <span key={tick} className="absolute right-0 translate-y-1/2 whitespace-nowrap" style={{ bottom: `${scalePercent(tick, scale)}%` }}>
              {formatTick(tick)}
            </span>
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <div className={clsx("relative border-b border-l border-line", height)}>
            {scale.ticks.slice(1).map((tick) => (
              <div key={tick} className="absolute inset-x-0 border-t border-dashed border-line" style={{ bottom: `${scalePercent(tick, scale)}%` }} />
            ))}
            <div className="absolute inset-0 flex items-end gap-px">
              {labels.map((label, index) => (
                <div key={`${label}-${index}`} className="flex h-full flex-1 items-end justify-center gap-px">
                  {bars.map((one, barIndex) => (
                    <div
                      key={one.id}
                      className={clsx("w-full max-w-10 rounded-t-sm print:border print:border-ink", seriesColours[barIndex % seriesColours.length])}
                      style={{ height: `${scalePercent(one.values[index] ?? 0, scale)}%` }}
                      title={`${label} · ${one.label}: ${formatValue(one.values[index] ?? 0)}`}
                      data-series={one.id}
                    />
                  ))}
                </div>
              ))}
            </div>
            {lines.map((one, lineIndex) => (
              <svg
                key={one.id}
                className={clsx("pointer-events-none absolute inset-0 h-full w-full overflow-visible", lineColours[lineIndex % lineColours.length])}
                viewBox={`0 0 ${Math.max(1, count)} 100`}
                preserveAspectRatio="none"
                data-series={one.id}
              >
                <polyline
                  fill="none"
                  stroke="currentColor"
                  strokeWidth={2}
                  strokeDasharray="4 3"
                  vectorEffect="non-scaling-stroke"
                  points={one.values.map((value, index) => `${index + 0.5},${100 - scalePercent(value, scale)}`).join(" ")}
                />
              </svg>
            ))}
          </div>
          <div className="mt-1 flex gap-px text-[11px] text-ink-muted">
            {labels.map((label, index) => (
              <span key={`${label}-${index}`} className="min-w-0 flex-1 overflow-visible text-center whitespace-nowrap">
                <span className={labelClass(index % phoneEvery === 0, index % every === 0)}>{label}</span>
              </span>
            ))}
          </div>
        </div>
      </div>
    </figure>
  );
}

/** A period label shown on a phone, on a wide screen, on both or on neither. */
function labelClass(onPhone: boolean, onWide: boolean): string | undefined {
  if (onPhone && onWide) return undefined;
  if (onPhone) return "sm:hidden";
  return onWide ? "hidden sm:inline" : "hidden";
}

function Legend({ series }: { series: readonly ChartSeries[] }) {
  let bar = 0;
  let line = 0;
  return (
    <ul className="mb-2 flex flex-wrap gap-4 text-xs text-ink-muted" aria-hidden>
      {series.map((one) => (
        <li key={one.id} className="flex items-center gap-1.5">
          {one.kind === "bar" ? (
            <span className={clsx("inline-block size-3 rounded-sm", seriesColours[bar++ % seriesColours.length])} />
          ) : (
            <span className={clsx("inline-block w-5 border-t-2 border-dashed", lineBorders[line++ % lineBorders.length])} />
          )}
          {one.label}
        </li>
      ))}
    </ul>
  );
}

/**
 * A ranking as a table whose figure cells carry a bar (orders by status, top products): the table is
 * the figures, the bars only draw them (`aria-hidden`).
 */
export function BarTable<Row>({
  rows,
  rowKey,
  label,
  value,
  formatValue,
  caption,
  headers,
  rowTestId,
  testId,
  footer,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  label: (row: Row) => ReactNode;
  value: (row: Row) => number;
  formatValue: (value: number) => string;
  caption: string;
  headers: { label: string; value: string };
  rowTestId?: (row: Row) => string;
  testId: string;
  footer?: ReactNode;
}) {
  const scale = chartScale(rows.map(value), 1);
  return (
    <table className="w-full text-sm" data-testid={testId}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{headers.label}</th>
          <th scope="col">{headers.value}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-line" data-testid={rowTestId?.(row)}>
            <th scope="row" className="w-2/5 py-2 pr-2 text-left font-normal">
              {label(row)}
            </th>
            <td className="py-2 text-right">
              <span className="flex items-center justify-end gap-2">
                <span className="hidden h-3 flex-1 rounded-sm bg-surface-muted sm:block" aria-hidden>
                  <span className="block h-3 rounded-sm bg-primary" style={{ width: `${scalePercent(value(row), scale)}%` }} />
                </span>
                <span className="min-w-16 font-semibold tabular-nums" data-testid="count">
                  {formatValue(value(row))}
                </span>
              </span>
            </td>
          </tr>
        ))}
      </tbody>
      {footer ? <tfoot>{footer}</tfoot> : null}
    </table>
  );
}
