import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";

import { imageAccept } from "~/domain/image-type";
import { reviewBodyMaxLength, reviewBodyMinLength, reviewPhotoMaxMegabytes, reviewRatingChoices } from "~/domain/reviews";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { CheckboxField, FileField, FormErrors, FormMessages, RadioGroupField, SubmitButton, TextareaField } from "~/ui/form/fields";
import { type FormConstraint, useDeferredSchemaForm } from "~/ui/form/use-deferred-schema-form";

import { reviewFormPath, reviewPhotoPath } from "./review-paths";
import type { OwnReview } from "./reviews.server";

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
