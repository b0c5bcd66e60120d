import { clsx } from "clsx";
import { Star } from "lucide-react";

import { reviewRatingMax } from "~/domain/reviews";

/** A rating as five stars (filled to the rating, halves rounded), with its words for screen readers. */
export function Stars({ rating, label, size = "size-4", testId }: { rating: number; label: string; size?: string; testId?: string }) {
  const filled = Math.round(rating);
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label} data-testid={testId} data-rating={rating}>
      {Array.from({ length: reviewRatingMax }, (_, index) => (
        <Star key={index} aria-hidden className={clsx(size, index < filled ? "fill-amber-400 text-amber-500" : "text-ink-muted/40")} />
      ))}
    </span>
  );
}
