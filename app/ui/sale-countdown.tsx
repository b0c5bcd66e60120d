import { clsx } from "clsx";
import { useEffect, useState } from "react";

import { formatDate } from "~/domain/dates";
import { saleTimeLeft, type TimeLeft } from "~/domain/promotions";
import type { Locale } from "~/i18n/config";
import { type TFunction, useTranslation } from "~/i18n/translation";

import { useHydrated } from "./use-hydrated";

const two = (value: number) => String(value).padStart(2, "0");

/**
 * A flash sale's end: the server renders the end time (all a page without JavaScript needs, and
 * what a cached page still says truthfully); once hydrated, a countdown ticks beside it. The ticking
 * part is a `timer` with live announcements off, so a screen reader reads it when the shopper gets
 * there instead of every second; the end time stays as the text that is always true.
 */
export function SaleCountdown({
  endsAt,
  locale,
  className,
  testId = "sale-countdown",
}: {
  endsAt: number;
  locale: Locale;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("catalog");
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const left = hydrated ? saleTimeLeft(endsAt, now) : null;
  const running = left !== null;
  useEffect(() => {
    if (!hydrated || !running) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [hydrated, running]);

  return (
    <p className={clsx("flex flex-wrap items-baseline gap-x-2", className)} data-testid={testId} data-ends-at={endsAt}>
      <time dateTime={new Date(endsAt).toISOString()}>
        {t("product.flashSaleEnds", { date: formatDate(endsAt, locale, { dateStyle: "medium", timeStyle: "short" }) })}
      </time>
      {/* On a phone the countdown takes a line of its own, held (an invisible space) until it starts, so
          nothing below it moves when it appears (Lighthouse counted it as layout shift on /th). */}
      {hydrated ? (
        <span role="timer" aria-live="off" aria-atomic="true" className="basis-full font-semibold tabular-nums sm:basis-auto" data-testid={`${testId}-timer`}>
          {left ? t("countdown.left", { time: timeText(left, t) }) : t("countdown.ended")}
        </span>
      ) : (
        <span className="invisible basis-full sm:basis-auto" aria-hidden>
          {"\u00a0"}
        </span>
      )}
    </p>
  );
}

function timeText(left: TimeLeft, t: TFunction<"catalog">): string {
  const clock = `${left.hours}:${two(left.minutes)}:${two(left.seconds)}`;
  return left.days > 0 ? t("countdown.daysAndClock", { count: left.days, clock }) : clock;
}
