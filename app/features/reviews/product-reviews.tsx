import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { imageAccept } from "~/domain/image-type";
import { reviewBodyMaxLength, reviewBodyMinLength, type ReviewEligibility, reviewPhotoMaxMegabytes, reviewRatingChoices } from "~/domain/reviews";
import { type Locale, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { CheckboxField, FileField, FormErrors, FormMessages, RadioGroupField, SubmitButton, TextareaField } from "~/ui/form/fields";
import { type FormConstraint, useDeferredSchemaForm } from "~/ui/form/use-deferred-schema-form";

import { reviewFormPath, reviewPhotoPath } from "./review-paths";
import type { OwnReview, ProductReviews as ProductReviewsData } from "./reviews.server";
import { Stars } from "./stars";

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
      <ReviewForm slug={slug} locale={locale} own={own} constraint={constraint} />
    </div>
  );
}

/** The review form, on the product page and on /shop/{slug}/review (where a refused send lands without JavaScript). */
export function ReviewForm({
  slug,
  locale,
  own,
  constraint,
  lastResult,
  refusal,
}: {
  slug: string;
  locale: Locale;
  own: OwnReview | null;
  /** `reviewConstraint()` from the page's loader. */
  constraint: FormConstraint;
  lastResult?: SubmissionResult<string[]> | null;
  refusal?: string | null;
}) {
  const { t } = useTranslation("reviews");
  const action = reviewFormPath(locale, slug);
  const [form, fields, validation] = useDeferredSchemaForm(() => import("./review-schemas").then((schemas) => schemas.reviewSchema), {
    id: `review-${slug}`,
    constraint,
    lastResult,
    defaultValue: { rating: own ? String(own.rating) : undefined, body: own?.body ?? "" },
  });
  return (
    <FormMessages namespace="reviews">
      <h3 className="text-lg font-semibold">{t(own ? "form.editHeading" : "form.writeHeading")}</h3>
      <p className="mb-3 text-sm text-ink-muted">{t("form.intro")}</p>
      {own ? (
        <Alert tone={own.status === "approved" ? "success" : "warning"} testId="own-review-status">
          {t(`own.${own.status}`)} {t("form.editNote")}
        </Alert>
      ) : null}
      <FormErrors form={form} refusal={refusal ?? null} />
      <Form
        method="post"
        action={action}
        encType="multipart/form-data"
        className="mt-3 flex flex-col gap-4"
        data-testid="review-form"
        {...getFormProps(form)}
        {...validation}
      >
        <RadioGroupField
          meta={fields.rating}
          label={t("form.rating")}
          options={[...reviewRatingChoices].reverse().map((value) => ({ value, label: t("form.ratingOption", { count: Number(value) }) }))}
        />
        <TextareaField meta={fields.body} label={t("form.body")} rows={5} hint={t("form.bodyHint", { min: reviewBodyMinLength, max: reviewBodyMaxLength })} />
        <FileField meta={fields.photo} label={t("form.photo")} accept={imageAccept} hint={t("form.photoHint", { max: `${reviewPhotoMaxMegabytes} MB` })} />
        {own?.hasPhoto ? (
          <div className="flex flex-col gap-2">
            <img src={reviewPhotoPath(locale, slug, own.id)} alt={t("form.currentPhoto")} width={96} height={96} className="size-24 rounded-md object-cover" />
            <CheckboxField meta={fields.removePhoto} label={t("form.removePhoto")} />
          </div>
        ) : null}
        <SubmitButton name="intent" value="review" action={action} pendingText={t("form.submitting")} className="w-full sm:w-auto" testId="review-submit">
          {t(own ? "form.update" : "form.submit")}
        </SubmitButton>
      </Form>
    </FormMessages>
  );
}
