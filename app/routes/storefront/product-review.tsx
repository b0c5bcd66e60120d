import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { productStatusIds } from "~/domain/catalog";
import { reviewPhotoMaxBytes, reviewPhotoMaxMegabytes } from "~/domain/reviews";
import { requireCustomer } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { ReviewForm } from "~/features/reviews/review-form";
import { reviewConstraint, reviewSchema } from "~/features/reviews/review-schemas";
import { reviewableProduct, reviewStanding, saveReview, type SaveReviewProblem } from "~/features/reviews/reviews.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { type BreadcrumbHandle, productPageTrail } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/product-review";

/**
 * /shop/{slug}/review (issue 20): the review form of one product on a page of its own — where "Write a
 * review" on a completed purchase leads, and where a send the server refused lands without
 * JavaScript — and the POST every review form sends (the product page's too). Customers only; only
 * one whose order of the product is completed may write (app/domain/reviews.ts), once per product:
 * sending again rewrites their review, which waits for staff again.
 */
const notFound = () => data(null, { status: 404 });

async function publishedProduct(d1: D1Database, slug: string | undefined) {
  const product = slug && slug.length <= 200 ? await reviewableProduct(d1, slug) : null;
  if (!product || product.statusId !== productStatusIds.published) throw notFound();
  return product;
}

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const t = getInstance(args.context).getFixedT(locale, "reviews");
  const product = await publishedProduct(env.DB, args.params.slug);
  const standing = await reviewStanding(env.DB, viewer.customerId, product.id);
  const name = localized(product, "name", locale);
  return data(
    {
      product: { slug: product.slug, nameEn: product.nameEn, nameTh: product.nameTh },
      ...standing,
      constraint: reviewConstraint(),
      meta: { title: t("meta.title", { name }), description: t("meta.description", { name }) },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** A refusal that is about who is asking, not about what they typed. */
const refusedStatus: Record<SaveReviewProblem, 400 | 403> = {
  "sign-in": 403,
  "not-bought": 403,
  "not-completed": 403,
  "photo-too-large": 400,
  "photo-not-image": 400,
};

export async function action(args: Route.ActionArgs) {
  // Refused with 403 (thrown: the error page, not this page, whose loader would send a guest to sign in): a review is never written by a guest or staff.
  if (getViewer(args.context).kind !== "customer") throw data(null, { status: 403 });
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const product = await publishedProduct(env.DB, args.params.slug);
  // A body far above the photo limit is refused before it is read.
  if (Number(args.request.headers.get("content-length") ?? 0) > reviewPhotoMaxBytes + 64 * 1024) {
    return data(
      { result: { status: "error", error: { photo: [`photo-too-large:${reviewPhotoMaxMegabytes}`] } } as SubmissionResult<string[]> },
      { status: 400 },
    );
  }
  // The Worker's door (workers/form-body.ts) has already answered 4xx to a body that is not a readable form.
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: reviewSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const { rating, body, photo, removePhoto } = submission.value;
  const saved = await saveReview(env, viewer.customerId, product.id, { rating: Number(rating), body, photo: photo ?? null, removePhoto });
  if (!saved.ok) {
    const message = saved.problem === "photo-too-large" ? `${saved.problem}:${reviewPhotoMaxMegabytes}` : saved.problem;
    const reply = saved.problem.startsWith("photo-") ? submission.reply({ fieldErrors: { photo: [message] } }) : submission.reply({ formErrors: [message] });
    return data({ result: reply }, { status: refusedStatus[saved.problem] });
  }
  return redirectWithToast(args.request, `${localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`)}#reviews`, { key: "reviews:flash.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

export const handle = {
  breadcrumb: (args) => productPageTrail(args, args.data?.product, "", args.t(args.data?.own ? "reviews:form.editHeading" : "reviews:form.writeHeading")),
} satisfies BreadcrumbHandle<LoaderData>;

export default function ProductReviewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("reviews");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { product, eligibility, own, constraint } = loaderData;
  const productPath = localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-6" data-testid="product-review-page">
      <h1 className="text-2xl font-bold">{localized(product, "name", locale)}</h1>
      {eligibility.allowed ? (
        <ReviewForm slug={product.slug} locale={locale} own={own} constraint={constraint} lastResult={actionData?.result} />
      ) : (
        <Alert tone="warning" testId="review-not-allowed">
          {t(`cannot.${eligibility.reason}`)}
        </Alert>
      )}
      <Link to={productPath} className="text-sm text-primary-dark underline">
        {t("form.back")}
      </Link>
    </div>
  );
}
