import { currencies } from "~/domain/currency";
import { formatDate } from "~/domain/dates";
import { formatBaht } from "~/domain/money";
import { formatDecimal } from "~/domain/number-format";
import { dayStartMs, type ReportGroup } from "~/domain/report-period";
import { intlLocale, type Locale } from "~/i18n/config";

/**
 * How reports and the dashboard write periods and figures (issue 18), apart from the report page so a
 * page with only a chart (the dashboard) does not load the report page's form controls. Dates go
 * through the shop's one date formatter: Buddhist-era years on Thai pages.
 */

/** A period's name on the page: "3 Mar 2026" / "3 มี.ค. 2569"; weeks by their Monday; months "Mar 2026" / "มี.ค. 2569". */
export function periodLabel(period: string, group: ReportGroup, locale: Locale, short = false): string {
  const at = dayStartMs(period);
  if (group === "month") return formatDate(at, locale, { month: "short", year: short ? "2-digit" : "numeric" });
  return formatDate(at, locale, short ? { day: "numeric", month: "short" } : { day: "numeric", month: "short", year: "numeric" });
}

/** The figure of a chart or a cell: Baht from satang, or a count, in the page's language. */
export function formatFigure(value: number, unit: "satang" | "count", locale: Locale): string {
  return unit === "satang" ? formatBaht(value, intlLocale(locale)) : formatDecimal(value, intlLocale(locale), 3);
}

/** An axis label: whole Baht ("฿6,000") or a count. */
export function formatTick(value: number, unit: "satang" | "count", locale: Locale): string {
  if (unit === "count") return formatDecimal(value, intlLocale(locale), 3);
  return `${value < 0 ? "-" : ""}${currencies.THB.symbol}${formatDecimal(Math.abs(value) / 100, intlLocale(locale))}`;
}
