import { clsx } from "clsx";

import { formatDay } from "~/domain/dates";
import type { Locale } from "~/i18n/config";

/**
 * The day a date input holds, written out in the page's language — under the date inputs of the Thai
 * pages, where Chromium still draws `<input type="date">` in the browser's language and calendar
 * (11/26/2026 in an English browser; neither `lang` on the page nor on the input changes that). The
 * server renders the day the page was given, so without JavaScript it confirms the applied value; with
 * it the hint follows the input. Empty until a day is chosen; polite, so a screen reader hears the
 * Buddhist-era date once it changes.
 */
export function DayHint({ id, day, locale, className }: { id: string; day: string; locale: Locale; className?: string }) {
  return (
    <span id={id} className={clsx("min-h-4 text-xs text-ink-muted", className)} aria-live="polite" data-testid={id}>
      {formatDay(day, locale, { dateStyle: "long" })}
    </span>
  );
}
