import { Star } from "lucide-react";
import { Link } from "react-router";

import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";

import { reviewFormPath } from "./review-paths";

/** "Write a review" (or "Edit your review") of a completed purchase's product: to its review form. */
export function WriteReviewLink({ link, locale }: { link: { slug: string; reviewed: boolean } | undefined; locale: Locale }) {
  const { t } = useTranslation("reviews");
  if (!link) return null;
  return (
    <Link
      to={reviewFormPath(locale, link.slug)}
      className="mt-1 inline-flex items-center gap-1 text-sm text-primary-dark underline"
      data-testid="write-review"
      data-reviewed={link.reviewed || undefined}
    >
      <Star className="size-4" aria-hidden />
      {t(link.reviewed ? "purchase.edit" : "purchase.write")}
    </Link>
  );
}
