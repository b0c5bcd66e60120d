import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { linkOrigin } from "~/features/accounts/accounts.server";
import { clientAddress } from "~/features/accounts/throttle.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { requestBackInStock } from "~/features/catalog/back-in-stock.server";
import { type BackInStockActionData, BackInStockForm } from "~/features/catalog/back-in-stock-form";
import { backInStockConstraint, backInStockCustomerSchema, backInStockGuestSchema } from "~/features/catalog/back-in-stock-schemas";
import { getProductDetail } from "~/features/catalog/product-detail.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { type BreadcrumbHandle, productPageTrail } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";

import type { Route } from "./+types/back-in-stock";

/**
 * /shop/{slug}/notify (issue 20): the action behind the product page's "E-mail me when it is back"
 * form, and the page that form lands on without JavaScript: the thank-you, or the form again with
 * its messages. GET ?variant= shows the form for that sold-out variant; an in-stock or unknown one
 * goes back to the product page. The answer is the same for a new, repeated or known address.
 */
function variantIdFrom(url: URL): number | null {
  const value = url.searchParams.get("variant");
  return value && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const product = await getProductDetail(env.DB, params.slug ?? "");
  if (!product) throw data(null, { status: 404 });
  const productPath = localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`);
  const variantId = variantIdFrom(new URL(request.url));
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant || variant.stock > 0)
    throw new Response(null, { status: 302, headers: { location: variant ? `${productPath}?variant=${variant.id}` : productPath } });
  const viewer = getViewer(context);
  const t = getInstance(context).getFixedT(locale, "shop");
  return data({
    product: { slug: product.slug, nameEn: product.nameEn, nameTh: product.nameTh },
    variantId: variant.id,
    customerEmail: viewer.kind === "customer" ? viewer.email : null,
    constraint: backInStockConstraint(viewer.kind === "customer"),
    meta: { title: t("backInStock.pageTitle"), description: "" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const viewer = getViewer(context);
  const formData = await request.formData();
  const customer = viewer.kind === "customer" ? viewer : null;
  const answer = (body: BackInStockActionData, status = 200) => data(body, { status });
  // A customer's own address (their form sends none); a guest's as typed, lower-cased by the schema.
  const submission = customer
    ? parseWithZod(formData, { schema: backInStockCustomerSchema.transform((value) => ({ ...value, email: customer.email })) })
    : parseWithZod(formData, { schema: backInStockGuestSchema });
  if (submission.status !== "success") return answer({ ok: false, result: submission.reply() }, 400);

  const result = await requestBackInStock(env.DB, {
    variantId: submission.value.variantId,
    email: submission.value.email,
    customerId: customer?.customerId ?? null,
    locale,
    linkOrigin: linkOrigin(env.PUBLIC_ORIGIN, request),
    clientAddress: clientAddress(request),
  });
  if (!result.ok) {
    const refusal = { throttled: ["throttled", 429], "in-stock": ["inStock", 409], "not-found": ["unknownVariant", 404] } as const;
    const [key, status] = refusal[result.reason];
    return answer({ ok: false, result: submission.reply({ formErrors: [key] }) }, status);
  }
  return answer({ ok: true });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname, { noindex: true });

type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

export const handle = {
  breadcrumb: (args) => productPageTrail(args, args.data?.product, `?variant=${args.data?.variantId}`),
} satisfies BreadcrumbHandle<LoaderData>;

export default function BackInStockPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("shop");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { product, variantId, customerEmail, constraint } = loaderData;
  const productPath = `${localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`)}?variant=${variantId}`;
  return (
    <div className="mx-auto max-w-2xl px-4 py-6 md:py-10" data-testid="back-in-stock-page">
      <PageTitle title={t("backInStock.pageTitle")} intro={localized(product, "name", locale)} />
      <div className="mt-6">
        {actionData?.ok ? (
          <p role="status" className="rounded-md border border-line bg-surface-muted px-4 py-3" data-testid="back-in-stock-done">
            {t("backInStock.done")}
          </p>
        ) : (
          <BackInStockForm
            slug={product.slug}
            variantId={variantId}
            locale={locale}
            customerEmail={customerEmail}
            constraint={constraint}
            lastResult={actionData && !actionData.ok ? actionData.result : undefined}
          />
        )}
      </div>
      <Link to={productPath} className="mt-6 inline-flex items-center gap-1 text-sm font-semibold text-primary-dark underline" data-testid="back-to-product">
        <ArrowLeft className="size-4" aria-hidden />
        {t("backInStock.backToProduct")}
      </Link>
    </div>
  );
}
