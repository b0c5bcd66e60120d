/** Pure helpers of `npm run bench` (scripts/bench.ts): the summary table and its figures. */

/** A Markdown table, padded so it also reads as plain text in a terminal; pastes into docs/performance.md as is. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) => `| ${widths.map((width, column) => (cells[column] ?? "").padEnd(width)).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

const usable = (value: number | null | undefined): value is number => typeof value === "number" && Number.isFinite(value);

/** `value` as a multiple of `base` ("0.53×"); "n/a" when either is missing or the base is not positive. */
export function ratio(value: number | null | undefined, base: number | null | undefined): string {
  return usable(value) && usable(base) && base > 0 ? `${(value / base).toFixed(2)}×` : "n/a";
}

/** `value` as a whole percentage of `base` ("42 %"). */
export function share(value: number | null | undefined, base: number | null | undefined): string {
  return usable(value) && usable(base) && base > 0 ? `${Math.round((value / base) * 100)} %` : "n/a";
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The span of some figures ("141.4–144.7 KiB", or one figure when they agree); "n/a" for none. */
export function span(values: readonly (number | null)[], format: (value: number) => string, unit = ""): string {
  const known = values.filter(usable);
  if (known.length === 0) return "n/a";
  const low = format(Math.min(...known));
  const high = format(Math.max(...known));
  return `${low === high ? low : `${low}–${high}`}${unit}`;
}
