/**
 * The value axis of the back-office charts (docs/decisions/0018-charts.md): from 0 to a "nice" top
 * (1, 2 or 5 × a power of ten per step) with about `count` steps, so gridlines fall on round
 * amounts. Charts start at zero — a bar that starts elsewhere lies about its size.
 */
export interface ChartScale {
  /** The axis top: at least the largest value. */
  max: number;
  /** Gridline values from 0 to max, ascending. */
  ticks: number[];
}

export function chartScale(values: readonly number[], count = 4): ChartScale {
  const largest = Math.max(0, ...values.filter(Number.isFinite));
  if (largest === 0) return { max: 1, ticks: [0, 1] };
  const rough = largest / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(rough));
  const fraction = rough / power;
  const step = (fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10) * power;
  const steps = Math.ceil(largest / step - 1e-9);
  // Rounded through the step's decimals so 0.1 + 0.2 never shows as 0.30000000000000004.
  const decimals = Math.max(0, -Math.floor(Math.log10(step)));
  const ticks = Array.from({ length: steps + 1 }, (_, index) => Number((index * step).toFixed(decimals)));
  return { max: ticks[ticks.length - 1]!, ticks };
}

/** Where a value sits on the axis, 0–100 (percent of the plot's height or width). */
export function scalePercent(value: number, scale: ChartScale): number {
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(100, (value / scale.max) * 100);
}
