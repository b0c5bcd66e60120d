import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import type { ReviewEligibility } from "~/domain/reviews";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { keptPart } from "~/ui/deferred-part";
import type { FormConstraint } from "~/ui/form/use-deferred-schema-form";

import { reviewPhotoPath } from "./review-paths";
import type { OwnReview, ProductReviews as ProductReviewsData } from "./reviews.server";
import { Stars } from "./stars";

// The form keeps its server HTML until the customer reaches for it: the form kit and Conform load then (issue 19).
const KeptReviewForm = keptPart(() => import("./review-form").then((module) => module.ReviewForm), "review-form", { untilUsed: true });

/**
 * The product page's reviews (issue 20): the approved reviews' average and count, the newest of them
 * ("more" adds a step through `?reviews=`, so it works without JavaScript), and the review form for a
 * customer whose order of the product is completed — or what they need to do first.
 */
export function ProductReviews({
  data,
  eligibility,
  own,
  slug,
  steps,
  locale,
  constraint,
}: {
  data: ProductReviewsData;
  eligibility: ReviewEligibility | null;
  own: OwnReview | null;
  slug: string;
  steps: number;
  locale: Locale;
  /** `reviewConstraint()` from the loader when the form is offered. */
  constraint: FormConstraint | null;
}) {
  const { t } = useTranslation("reviews");
  const productPath = localizePath(locale, `/shop/${encodeURIComponent(slug)}`);
  return (
    <section className="mt-12" aria-labelledby="product-reviews" id="reviews" data-testid="product-reviews">
      <h2 id="product-reviews" className="mb-2 text-xl font-bold">
        {t("heading")}
      </h2>
      {data.count > 0 && data.average !== null ? (
        <p className="mb-4 flex flex-wrap items-center gap-2" data-testid="review-summary" data-average={data.average} data-count={data.count}>
          <Stars rating={data.average} label={t("average", { average: data.average })} size="size-5" />
          <span className="font-semibold">{t("average", { average: data.average })}</span>
          <span className="text-ink-muted">· {t("count", { count: data.count })}</span>
        </p>
      ) : (
        <p className="mb-4 text-ink-muted" data-testid="reviews-empty">
          {t("none")}
        </p>
      )}
      {data.reviews.length > 0 ? (
        <ul className="flex flex-col divide-y divide-line" data-testid="review-list">
          {data.reviews.map((review) => (
            <li key={review.id} className="flex flex-col gap-1 py-4" data-testid="review" data-review-id={review.id} data-rating={review.rating}>
              <Stars rating={review.rating} label={t("stars", { count: review.rating })} />
              <p className="text-sm text-ink-muted">{t("by", { name: review.authorName, date: formatDate(review.publishedAt, locale) })}</p>
              <p className="whitespace-pre-line break-words">{review.body}</p>
              {review.hasPhoto ? (
                <a href={reviewPhotoPath(locale, slug, review.id)} className="mt-1 block w-fit">
                  <img
                    src={reviewPhotoPath(locale, slug, review.id)}
                    alt={t("photo", { name: review.authorName })}
                    width={96}
                    height={96}
                    loading="lazy"
                    className="size-24 rounded-md object-cover"
                    data-testid="review-photo"
                  />
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      {data.more ? (
        <Link to={`${productPath}?reviews=${steps + 1}#reviews`} preventScrollReset className="btn-ghost mt-2 border border-line" data-testid="reviews-more">
          {t("more")}
        </Link>
      ) : null}
      <ReviewStandingPanel eligibility={eligibility} own={own} slug={slug} locale={locale} constraint={constraint} />
    </section>
  );
}

function ReviewStandingPanel({
  eligibility,
  own,
  slug,
  locale,
  constraint,
}: {
  eligibility: ReviewEligibility | null;
  own: OwnReview | null;
  slug: string;
  locale: Locale;
  constraint: FormConstraint | null;
}) {
  const { t } = useTranslation("reviews");
  if (!eligibility) return null;
  if (!eligibility.allowed || !constraint) {
    if (eligibility.allowed) return null;
    if (eligibility.reason === "sign-in") {
      const back = `${localizePath(locale, `/shop/${encodeURIComponent(slug)}`)}#reviews`;
      return (
        <p className="mt-4 text-sm text-ink-muted" data-testid="review-sign-in">
          {t("cannot.sign-in")}{" "}
          <Link to={`${localizePath(locale, "/login")}?redirectTo=${encodeURIComponent(back)}`} className="text-primary-dark underline">
            {t("cannot.signInLink")}
          </Link>
        </p>
      );
    }
    // Someone who never bought it is not told about reviewing; a buyer is told when they may.
    return eligibility.reason === "not-completed" ? (
      <p className="mt-4 text-sm text-ink-muted" data-testid="review-not-yet">
        {t("cannot.not-completed")}
      </p>
    ) : null;
  }
  return (
    <div className="mt-6 max-w-xl rounded-lg border border-line p-4" data-testid="review-form-panel">
      <KeptReviewForm slug={slug} locale={locale} own={own} constraint={constraint} />
    </div>
  );
}
