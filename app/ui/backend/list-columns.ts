import type { ReactNode } from "react";

import { shopTimeZone } from "~/domain/dates";
import type { Locale } from "~/i18n/config";

/**
 * A column of a back-office list, declared once for the page, the print view and the CSV export
 * (app/ui/backend/list-page.tsx, app/features/backoffice/list-page.server.ts).
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface ListContext {
  /** The list's namespace in the page's language (in the browser or on the server). */
  t: Translate;
  locale: Locale;
}

export interface ListColumn<Row> {
  /** Stable name: the header's `data-testid="column-<id>"`. */
  id: string;
  /** Key of the header's text in the list's namespace (the page and the CSV header). */
  label: string;
  /** The list's sort key this column's header sorts by (a link with aria-sort). */
  sort?: string;
  numeric?: boolean;
  /** E.g. "hidden md:table-cell" for columns a phone leaves out (the print view shows them all). */
  className?: string;
  /** Left out of the print view (a column of links). */
  screenOnly?: boolean;
  /** The cell on the page and in the print view; a column without one is only exported. */
  cell?: (row: Row, context: ListContext) => ReactNode;
  /** The cell in the CSV file; a column without one is not exported. */
  csv?: (row: Row, context: ListContext) => string | number | null;
}

// Built on first use, not when a list page loads: the first Intl formatter of a page starts ICU (~15 ms).
let spreadsheetTime: Intl.DateTimeFormat | undefined;

/** A time as spreadsheets read it, in Bangkok: "2025-01-31 14:05" (Gregorian in both languages, so a column sorts). */
export function csvDateTime(epochMs: number | null): string {
  if (epochMs === null) return "";
  spreadsheetTime ??= new Intl.DateTimeFormat("en-CA", {
    timeZone: shopTimeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  const parts = Object.fromEntries(spreadsheetTime.formatToParts(epochMs).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** Satang as a plain Baht amount with two decimals ("1290.50"), no separators or sign. */
export function csvBaht(satang: number): string {
  return (satang / 100).toFixed(2);
}
