import { clsx } from "clsx";
import { Ruler, Zap } from "lucide-react";
import type { ComponentProps } from "react";
import { data, Form, Link, useNavigate } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { attributeDisplayTypeIds } from "~/domain/display-types";
import { showsUnitsLeft } from "~/domain/promotions";
import { reviewJsonLd } from "~/domain/reviews";
import { stockLabel } from "~/domain/stock-label";
import { optionChoices, pickVariant } from "~/domain/variant-choice";
import { viewerOf } from "~/features/accounts/viewer.server";
import { sharedRead } from "~/features/cache/shared-reads.server";
import { addToCartSchema } from "~/features/cart/cart-schemas";
import { backInStockConstraint } from "~/features/catalog/back-in-stock-schemas";
import { getProductDetail } from "~/features/catalog/product-detail.server";
import { ProductReviews } from "~/features/reviews/product-reviews";
import { reviewConstraint } from "~/features/reviews/review-schemas";
import { productReviewPage, productReviewStanding, reviewsPerStep, reviewStepsParam } from "~/features/reviews/reviews.server";
import { readSessionId } from "~/features/sessions/session-cookie.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { keptPart } from "~/ui/deferred-part";
import { closeDialog, commandButtonProps, openDialog } from "~/ui/dialog-commands";
import { constraintsOf } from "~/ui/form/constraints";
import { MediaImage } from "~/ui/media-image";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { useNonce } from "~/ui/nonce";
import { useOverlay } from "~/ui/overlay";
import { CurrencyNote, Price, useFormatPrice } from "~/ui/price";
import { ProductGrid, stockToneClass } from "~/ui/product-card";
import { SaleCountdown } from "~/ui/sale-countdown";
import { SizeGuideTable } from "~/ui/size-guide-table";
import { categoryPath } from "~/ui/storefront-menu";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/product";

/**
 * Spec §2 /shop/{slug}: gallery with zoom, variant choice by attribute (links to `?variant=<id>`,
 * so it works without JavaScript and the server picks the price, stock label and max), flash-sale
 * price, size guide, description, related products, and add to cart (a form POSTing to /cart).
 */
const sizeGuideDialogId = "size-guide-dialog";
// The forms keep their server HTML until the shopper reaches for them: the form kit and Conform load
// then (issue 19). Not keyed by variant here: another variant's form replaces the kept one in place, so
// a send held while it loads still goes (their modules start afresh for each variant).
const AddToCartForm = keptPart(() => import("~/features/cart/add-to-cart-form").then((module) => module.AddToCartForm), "add-to-cart", { untilUsed: true });
const BackInStockForm = keptPart(
  () =>
    import("~/features/catalog/back-in-stock-form").then(({ BackInStockForm: Form }) =>
      Object.assign((props: ComponentProps<typeof Form>) => <Form key={props.variantId} {...props} />, { displayName: "BackInStockForVariant" }),
    ),
  "back-in-stock",
  { untilUsed: true },
);
const descriptionLength = 160;

function parseVariantParam(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  return Number(value);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const now = Date.now();
  const url = new URL(request.url);
  const reviewSteps = reviewStepsParam(url.searchParams.get("reviews"));
  // The reviews are read by slug and session cookie alongside the product (the same round trip, or
  // the only one when another shopper's visit left the product in the shared reads).
  const [product, reviewPage] = await Promise.all([
    sharedRead(context, `product|${params.slug ?? ""}`, () => getProductDetail(env.DB, params.slug ?? "", now)),
    productReviewPage(env.DB, params.slug ?? "", readSessionId(request), reviewSteps * reviewsPerStep, now),
  ]);
  if (!product) throw data(null, { status: 404 });
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");

  const choiceVariants = product.variants.map((variant) => ({ ...variant, max: variant.offer.max }));
  const selected = pickVariant(choiceVariants, parseVariantParam(url.searchParams.get("variant")))!;
  const attributes = product.attributes.map((attribute) => ({
    ...attribute,
    choices: optionChoices(
      choiceVariants,
      selected,
      attribute.options.map((option) => option.id),
    ),
  }));
  // The selected colour's picture first.
  const images = [...product.images].sort(
    (a, b) => Number(selected.optionIds.includes(b.optionId ?? -1)) - Number(selected.optionIds.includes(a.optionId ?? -1)),
  );

  const name = localized(product, "name", locale);
  const description = localized(product, "description", locale);
  const origin = env.PUBLIC_ORIGIN || url.origin;
  const productUrl = `${origin}${localizePath(locale, `/shop/${encodeURIComponent(product.slug)}`)}`;
  const imageUrls = images.map((image) => `${origin}${mediaUrl(image.imageKey)}`);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name,
    description,
    sku: product.sku,
    url: productUrl,
    image: imageUrls,
    category: localized(product.category, "name", locale),
    brand: { "@type": "Brand", name: "Pryde" },
    offers: product.variants.map((variant) => ({
      "@type": "Offer",
      sku: variant.sku,
      price: (variant.offer.unitPriceSatang / 100).toFixed(2),
      priceCurrency: "THB",
      availability: variant.offer.max > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      url: `${productUrl}?variant=${variant.id}`,
      ...(variant.offer.flashSale ? { priceValidUntil: new Date(variant.offer.flashSale.endsAt).toISOString().slice(0, 10) } : {}),
    })),
    ...reviewJsonLd(reviewPage.reviews, reviewPage.reviews.reviews),
  };
  const viewer = await viewerOf(context);
  const standing = viewer.kind === "staff" ? null : productReviewStanding(reviewPage, product.id, viewer.kind === "customer");

  return data({
    meta: {
      title: name,
      description:
        description.length > descriptionLength ? `${description.slice(0, descriptionLength - 1)}…` : description || t("meta.productDescription", { name }),
      image: imageUrls[0] ?? null,
    },
    product: {
      id: product.id,
      slug: product.slug,
      nameEn: product.nameEn,
      nameTh: product.nameTh,
      descriptionEn: product.descriptionEn,
      descriptionTh: product.descriptionTh,
      category: product.category,
      sizeGuide: product.sizeGuide,
    },
    images,
    attributes,
    selected: { id: selected.id, sku: selected.sku, stock: selected.stock, offer: selected.offer },
    related: product.related,
    staff: viewer.kind === "staff",
    // "E-mail me when it is back" uses a customer's own address.
    customerEmail: viewer.kind === "customer" ? viewer.email : null,
    reviews: {
      ...reviewPage.reviews,
      steps: reviewSteps,
      // Staff write no reviews: nothing to offer them.
      standing,
    },
    // The forms' HTML constraints: the browser loads their schemas (and Zod) only when a form is used.
    constraints: {
      addToCart: constraintsOf(addToCartSchema(selected.offer.max)),
      backInStock: backInStockConstraint(viewer.kind === "customer"),
      review: standing?.eligibility.allowed ? reviewConstraint() : null,
    },
    jsonLd: JSON.stringify(jsonLd).replace(/</g, "\\u003c"),
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  storefrontMeta(loaderData?.meta, matches, location.pathname, loaderData ? { type: "product" } : {});

type LoaderData = Awaited<ReturnType<typeof loader>>["data"];

export const handle = {
  breadcrumb: ({ data: loaded, t, locale }) => {
    const shop = { text: t("menu.shop"), to: "/shop" };
    if (!loaded) return [shop];
    const { product } = loaded;
    return [shop, { text: localized(product.category, "name", locale), to: categoryPath(product.category.id) }, { text: localized(product, "name", locale) }];
  },
} satisfies BreadcrumbHandle<LoaderData>;

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { t, i18n } = useTranslation("shop");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { product, images, attributes, selected, related, staff, customerEmail, jsonLd, reviews, constraints } = loaderData;
  const name = localized(product, "name", locale);
  const description = localized(product, "description", locale);
  const { offer } = selected;
  const stock = stockLabel(selected.stock);
  const soldOut = offer.max <= 0;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="product-page">
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLd }} />
      <div className="grid gap-8 md:grid-cols-2">
        <Gallery images={images} name={name} locale={locale} />
        <div className="flex flex-col gap-5">
          <div>
            <h1 className="text-2xl font-bold md:text-3xl">{name}</h1>
            <p className="mt-1 text-sm text-ink-muted" data-testid="variant-sku">
              {t("product.sku", { sku: selected.sku })}
            </p>
          </div>

          <div className="flex flex-col gap-1" data-testid="product-price-block">
            {offer.flashSale ? (
              <p className="flex w-fit items-center gap-1 rounded-full bg-red-600 px-3 py-1 text-sm font-semibold text-white" data-testid="flash-sale-badge">
                <Zap className="size-4" aria-hidden />
                {t("catalog:product.flashSale")}
              </p>
            ) : null}
            <p className="flex flex-wrap items-baseline gap-3">
              <Price satang={offer.unitPriceSatang} className={clsx("text-2xl font-bold", offer.flashSale ? "text-red-700" : "text-primary-dark")} />
              {offer.wasPriceSatang ? <WasPrice satang={offer.wasPriceSatang} /> : null}
            </p>
            {offer.flashSale ? (
              <>
                <SaleCountdown endsAt={offer.flashSale.endsAt} locale={locale} className="text-sm text-red-700" testId="flash-sale-ends" />
                {showsUnitsLeft(offer.flashSale.remaining) ? (
                  <p className="text-sm font-semibold text-red-700" data-testid="flash-sale-left" data-remaining={offer.flashSale.remaining}>
                    {t("product.flashSaleLeft", { count: offer.flashSale.remaining })}
                  </p>
                ) : null}
              </>
            ) : null}
            <CurrencyNote />
          </div>

          {attributes.map((attribute) => (
            <AttributePicker key={attribute.id} attribute={attribute} locale={locale} slug={product.slug} />
          ))}

          <p
            className={clsx("w-fit rounded-full px-3 py-1 text-sm font-semibold", stockToneClass[stock.tone])}
            data-testid="stock-label"
            data-stock={stock.label}
            data-tone={stock.tone}
          >
            {t(
              stock.label === "in-stock" ? "catalog:product.inStock" : stock.label === "low-stock" ? "catalog:product.lowStock" : "catalog:product.outOfStock",
            )}
          </p>

          {staff ? (
            <p className="rounded-md border border-line px-4 py-3 text-sm" data-testid="staff-no-cart">
              {t("product.staffNoCart")}
            </p>
          ) : (
            <AddToCartForm variantId={selected.id} max={offer.max} soldOut={soldOut} locale={locale} constraint={constraints.addToCart} />
          )}
          {selected.stock <= 0 && !staff ? (
            <BackInStockForm slug={product.slug} variantId={selected.id} locale={locale} customerEmail={customerEmail} constraint={constraints.backInStock} />
          ) : null}

          {product.sizeGuide ? <SizeGuideLink guide={product.sizeGuide} locale={locale} /> : null}

          {description ? (
            <section aria-labelledby="product-description">
              <h2 id="product-description" className="text-lg font-semibold">
                {t("product.description")}
              </h2>
              <p className="mt-2 whitespace-pre-line text-ink-muted">{description}</p>
            </section>
          ) : null}
        </div>
      </div>

      <ProductReviews
        data={reviews}
        eligibility={reviews.standing?.eligibility ?? null}
        own={reviews.standing?.own ?? null}
        slug={product.slug}
        steps={reviews.steps}
        locale={locale}
        constraint={constraints.review}
      />

      {related.length ? (
        <section className="mt-12" aria-labelledby="related-products">
          <h2 id="related-products" className="mb-4 text-xl font-bold">
            {t("product.related")}
          </h2>
          <ProductGrid products={related} locale={locale} />
        </section>
      ) : null}
    </div>
  );
}

function WasPrice({ satang }: { satang: number }) {
  const { t } = useTranslation("shop");
  const format = useFormatPrice();
  return (
    <s className="text-ink-muted" data-testid="was-price">
      <span className="sr-only">{t("product.wasPrice", { price: "" })}</span>
      {format(satang)}
    </s>
  );
}

function Gallery({ images, name, locale }: { images: LoaderData["images"]; name: string; locale: Locale }) {
  const { t } = useTranslation("shop");
  const overlay = useOverlay();
  const hydrated = useHydrated();
  if (images.length === 0) return <div className="aspect-square rounded-xl bg-surface-muted" />;
  const zoom = (event: React.MouseEvent<HTMLAnchorElement>, src: string, alt: string) => {
    if (!hydrated || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    overlay.showImage(src, alt);
  };
  const [first, ...rest] = images;
  const altOf = (image: (typeof images)[number]) => localized(image, "alt", locale) || name;
  return (
    <section aria-label={t("product.gallery")} className="flex flex-col gap-3" data-testid="gallery">
      <a
        href={mediaUrl(first!.imageKey)}
        onClick={(event) => zoom(event, mediaUrl(first!.imageKey), altOf(first!))}
        className="block overflow-hidden rounded-xl bg-surface-muted"
        data-testid="zoom-link"
      >
        <MediaImage
          imageKey={first!.imageKey}
          alt={altOf(first!)}
          width={first!.width ?? 600}
          height={first!.height ?? 600}
          sizes="(min-width: 768px) 50vw, 100vw"
          priority
          className="aspect-square w-full object-cover"
        />
        <span className="sr-only">{t("product.zoom", { index: 1 })}</span>
      </a>
      {rest.length ? (
        <ul className="grid grid-cols-4 gap-2">
          {rest.map((image, index) => (
            <li key={image.id}>
              <a
                href={mediaUrl(image.imageKey)}
                onClick={(event) => zoom(event, mediaUrl(image.imageKey), altOf(image))}
                className="block overflow-hidden rounded-lg bg-surface-muted"
              >
                <MediaImage
                  imageKey={image.imageKey}
                  alt={altOf(image)}
                  width={image.width ?? 600}
                  height={image.height ?? 600}
                  sizes="(min-width: 768px) 12vw, 25vw"
                  className="aspect-square w-full object-cover"
                />
                <span className="sr-only">{t("product.zoom", { index: index + 2 })}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function AttributePicker({ attribute, locale, slug }: { attribute: LoaderData["attributes"][number]; locale: Locale; slug: string }) {
  const { t } = useTranslation("shop");
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const attributeName = localized(attribute, "name", locale);
  const optionName = (option: (typeof attribute.options)[number]) => localized(option, "name", locale);
  const path = localizePath(locale, `/shop/${encodeURIComponent(slug)}`);
  const current = attribute.options.find((option) => attribute.choices.find((choice) => choice.optionId === option.id)?.selected);
  const choiceOf = (optionId: number) => attribute.choices.find((choice) => choice.optionId === optionId)!;
  const headingId = `attribute-${attribute.id}`;

  if (attribute.displayTypeId === attributeDisplayTypeIds.dropdown) {
    return (
      <Form method="get" action={path} preventScrollReset className="flex flex-col gap-1" data-testid="attribute-dropdown">
        <label htmlFor={headingId} className="text-sm font-semibold">
          {t("product.chooseOption", { attribute: attributeName })}
        </label>
        <div className="flex gap-2">
          <select
            id={headingId}
            name="variant"
            defaultValue={current ? String(choiceOf(current.id).targetVariantId) : undefined}
            className="min-w-40 rounded-md border border-line px-3 py-2"
            onChange={(event) => navigate(`${path}?variant=${event.currentTarget.value}`, { replace: true, preventScrollReset: true })}
          >
            {attribute.options.map((option) => {
              const choice = choiceOf(option.id);
              if (choice.targetVariantId === null) return null;
              return (
                <option key={option.id} value={choice.targetVariantId} disabled={choice.soldOut && !choice.selected}>
                  {choice.soldOut ? t("product.soldOutOption", { option: optionName(option) }) : optionName(option)}
                </option>
              );
            })}
          </select>
          <button type="submit" className={clsx("btn-ghost border border-line", hydrated && "sr-only")}>
            {t("product.update")}
          </button>
        </div>
      </Form>
    );
  }

  const swatches = attribute.displayTypeId === attributeDisplayTypeIds.colourOrImage;
  return (
    <fieldset className="flex flex-col gap-2" data-testid="attribute-picker">
      <legend className="text-sm font-semibold">
        {current ? t("product.selected", { attribute: attributeName, option: optionName(current) }) : t("product.chooseOption", { attribute: attributeName })}
      </legend>
      <ul className="flex flex-wrap gap-2">
        {attribute.options.map((option) => {
          const choice = choiceOf(option.id);
          const label = choice.soldOut ? t("product.soldOutOption", { option: optionName(option) }) : optionName(option);
          const base = swatches
            ? "relative inline-flex size-10 items-center justify-center rounded-full border-2"
            : "inline-flex min-w-12 items-center justify-center rounded-md border px-3 py-2 text-sm font-medium";
          const look = clsx(
            base,
            choice.selected ? "border-primary-dark ring-2 ring-primary-dark ring-offset-1" : "border-line",
            choice.soldOut && "opacity-40 line-through",
          );
          const inner = swatches ? (
            <>
              <span className="size-7 rounded-full border border-black/10" style={{ backgroundColor: option.colorHex ?? undefined }} aria-hidden />
              <span className="sr-only">{label}</span>
            </>
          ) : (
            <span>
              {optionName(option)}
              {choice.soldOut ? <span className="sr-only"> {label}</span> : null}
            </span>
          );
          return (
            <li key={option.id}>
              {choice.soldOut || choice.targetVariantId === null || choice.selected ? (
                <span
                  className={look}
                  aria-disabled={choice.soldOut || undefined}
                  aria-current={choice.selected || undefined}
                  title={label}
                  data-testid="option"
                  data-option={option.code}
                  data-selected={choice.selected}
                  data-sold-out={choice.soldOut}
                >
                  {inner}
                </span>
              ) : (
                <Link
                  to={`${path}?variant=${choice.targetVariantId}`}
                  replace
                  preventScrollReset
                  className={clsx(look, "hover:border-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary")}
                  title={label}
                  data-testid="option"
                  data-option={option.code}
                  data-selected={false}
                  data-sold-out={false}
                >
                  {inner}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function SizeGuideLink({ guide, locale }: { guide: NonNullable<LoaderData["product"]["sizeGuide"]>; locale: Locale }) {
  const { t } = useTranslation("shop");
  const hydrated = useHydrated();
  const name = localized(guide, "name", locale);
  const note = localized(guide, "note", locale);
  return (
    <>
      {/* Without JavaScript the link opens the size-guides page at this guide. */}
      <a
        href={`${localizePath(locale, "/size-guides")}#${guide.slug}`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          openDialog(sizeGuideDialogId);
        }}
        className="flex w-fit items-center gap-2 text-sm font-semibold text-primary-dark underline"
        data-testid="size-guide-link"
      >
        <Ruler className="size-4" aria-hidden />
        {t("product.sizeGuide")}
      </a>
      <dialog
        id={sizeGuideDialogId}
        closedby="any"
        aria-labelledby="size-guide-title"
        className="m-auto w-[calc(100%-2rem)] max-w-[800px] rounded-xl p-0 backdrop:bg-black/50"
        data-testid="size-guide-dialog"
      >
        <div className="flex items-center justify-between border-b border-line px-4 py-3">
          <h2 id="size-guide-title" className="text-lg font-semibold">
            {name}
          </h2>
          <button
            {...commandButtonProps(sizeGuideDialogId, "close")}
            onClick={() => closeDialog(sizeGuideDialogId)}
            className="rounded px-2 py-1 hover:bg-surface-muted"
          >
            {t("product.closeZoom")}
          </button>
        </div>
        <div className="max-h-[70vh] overflow-y-auto p-4">
          {note ? <p className="mb-3 text-sm text-ink-muted">{note}</p> : null}
          <SizeGuideTable table={guide.table} caption={name} locale={locale} />
        </div>
      </dialog>
    </>
  );
}
