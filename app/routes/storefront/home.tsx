import { ArrowRight, ChevronLeft, ChevronRight, Zap } from "lucide-react";
import { useRef } from "react";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { stripUnsafeHtml } from "~/domain/html-text";
import { sharedRead } from "~/features/cache/shared-reads.server";
import { ActivityCard, RichText, staffLink } from "~/features/content/content-ui";
import { type FeaturedCollection, type HeroSlide, loadHomePage } from "~/features/content/home.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { MediaImage } from "~/ui/media-image";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { CurrencyNote } from "~/ui/price";
import { ProductGrid } from "~/ui/product-card";
import { SaleCountdown } from "~/ui/sale-countdown";
import { useHydrated } from "~/ui/use-hydrated";

import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, ["catalog", "common"]);
  const home = await sharedRead(context, "home", () => loadHomePage(env.DB));
  return data({
    heroSlides: home.heroSlides,
    flashSale: home.flashSale,
    newProducts: home.newProducts,
    bestSellers: home.bestSellers,
    featuredCollections: home.featuredCollections,
    latestActivities: home.latestActivities,
    // Staff rich text in the page's language only, cleaned on the server like activities and the policy.
    contentAreas: home.contentAreas.map((area) => ({
      areaKey: area.areaKey,
      title: localized(area, "title", locale),
      bodyHtml: stripUnsafeHtml(localized(area, "body", locale)),
      imageKey: area.imageKey,
      linkPath: area.linkPath,
    })),
    meta: { title: t("common:tagline"), description: t("catalog:meta.homeDescription") },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  storefrontMeta(loaderData?.meta, matches, location.pathname, { titleFirst: false });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("catalog");
  const { t: tCommon } = useTranslation();
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { t: tContent } = useTranslation("content");
  const { heroSlides, flashSale, newProducts, bestSellers, featuredCollections, latestActivities, contentAreas } = loaderData;
  return (
    <div className="pb-6">
      <h1 className="sr-only">{tCommon("tagline")}</h1>
      {heroSlides.length ? <Hero slides={heroSlides} locale={locale} /> : null}

      {flashSale ? (
        <section className="mx-auto max-w-7xl px-4 pt-10" aria-labelledby="home-flash-sale" data-testid="home-flash-sale">
          <div className="rounded-xl border border-red-200 bg-red-50/60 p-4 md:p-6">
            <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1">
              <h2 id="home-flash-sale" className="flex items-center gap-2 text-xl font-bold text-red-700 md:text-2xl">
                <Zap className="size-6" aria-hidden />
                {t("home.flashSale")}
              </h2>
              <SaleCountdown endsAt={flashSale.endsAt} locale={locale} className="w-full text-sm text-red-700 sm:w-auto" testId="home-flash-sale-ends" />
            </div>
            <p className="mb-4 text-sm text-ink-muted">{t("home.flashSaleNote")}</p>
            <ProductGrid products={flashSale.products} locale={locale} />
          </div>
        </section>
      ) : null}

      <section className="mx-auto max-w-7xl px-4 pt-10" aria-labelledby="home-new">
        <SectionHeading id="home-new" title={t("home.newProducts")} link={{ to: localizePath(locale, "/shop"), text: t("home.viewAll") }} />
        <CurrencyNote className="mb-4" />
        <ProductGrid products={newProducts} locale={locale} />
      </section>

      {bestSellers.length ? (
        <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="home-best-sellers" data-testid="best-sellers">
          <SectionHeading id="home-best-sellers" title={tContent("home.bestSellers")} link={{ to: localizePath(locale, "/shop"), text: t("home.viewAll") }} />
          <ProductGrid products={bestSellers} locale={locale} />
        </section>
      ) : null}

      {contentAreas.length ? <ContentAreas areas={contentAreas} locale={locale} /> : null}

      {featuredCollections.length ? (
        <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="home-collections">
          <SectionHeading
            id="home-collections"
            title={t("home.featuredCollections")}
            link={{ to: localizePath(locale, "/collection"), text: t("home.viewAll") }}
          />
          <div className="space-y-10">
            {featuredCollections.map((collection) => (
              <Collection key={collection.id} collection={collection} locale={locale} />
            ))}
          </div>
        </section>
      ) : null}

      {latestActivities.length ? (
        <section className="mx-auto max-w-7xl px-4 pt-12" aria-labelledby="home-activities">
          <SectionHeading id="home-activities" title={t("home.latestActivities")} link={{ to: localizePath(locale, "/activities"), text: t("home.viewAll") }} />
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {latestActivities.map((activity) => (
              <li key={activity.id}>
                <ActivityCard activity={activity} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function SectionHeading({ id, title, link }: { id: string; title: string; link: { to: string; text: string } }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4">
      <h2 id={id} className="text-xl font-bold md:text-2xl">
        {title}
      </h2>
      <Link
        to={link.to}
        className="flex items-center gap-1 rounded text-sm font-semibold text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        {link.text}
        <ArrowRight className="size-4" aria-hidden />
      </Link>
    </div>
  );
}

/**
 * Hero slides as a CSS scroll-snap strip (swipe on phones, no JavaScript). The box has a fixed
 * aspect ratio, so nothing moves when pictures arrive; only the first picture loads eagerly.
 */
function Hero({ slides, locale }: { slides: HeroSlide[]; locale: Locale }) {
  const { t } = useTranslation("catalog");
  const strip = useRef<HTMLUListElement>(null);
  // Previous/next buttons only once JavaScript runs (they scroll the strip); before that, swipe or scroll.
  const hydrated = useHydrated();
  const move = (direction: 1 | -1) => {
    const list = strip.current;
    if (!list) return;
    const atEnd = list.scrollLeft + list.clientWidth >= list.scrollWidth - 4;
    const atStart = list.scrollLeft <= 4;
    if (direction === 1 && atEnd) list.scrollTo({ left: 0 });
    else if (direction === -1 && atStart) list.scrollTo({ left: list.scrollWidth });
    else list.scrollBy({ left: direction * list.clientWidth });
  };
  const arrow =
    "absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-white/85 p-2 text-ink shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-white";
  return (
    <section aria-roledescription="carousel" aria-label={t("home.heroLabel")} className="relative mx-auto max-w-7xl md:px-4 md:pt-4">
      {hydrated && slides.length > 1 ? (
        <>
          <button type="button" onClick={() => move(-1)} className={`${arrow} left-2 md:left-6`}>
            <ChevronLeft className="size-5" aria-hidden />
            <span className="sr-only">{t("pagination.previous")}</span>
          </button>
          <button type="button" onClick={() => move(1)} className={`${arrow} right-2 md:right-6`}>
            <ChevronRight className="size-5" aria-hidden />
            <span className="sr-only">{t("pagination.next")}</span>
          </button>
        </>
      ) : null}
      <ul ref={strip} className="flex snap-x snap-mandatory overflow-x-auto scroll-smooth md:rounded-xl [scrollbar-width:none]" data-testid="hero">
        {slides.map((slide, index) => {
          const title = localized(slide, "title", locale);
          const subtitle = localized(slide, "subtitle", locale);
          const cta = localized(slide, "ctaLabel", locale) || t("home.shopNow");
          return (
            <li
              key={slide.id}
              className="relative aspect-[4/3] w-full shrink-0 snap-start overflow-hidden bg-ink sm:aspect-[2/1] lg:aspect-[5/2]"
              aria-roledescription="slide"
              aria-label={t("home.slide", { index: index + 1, count: slides.length })}
            >
              <img
                src={mediaUrl(slide.imageKey)}
                alt=""
                width={1600}
                height={640}
                loading={index === 0 ? "eager" : "lazy"}
                fetchPriority={index === 0 ? "high" : "low"}
                decoding={index === 0 ? "sync" : "async"}
                className="absolute inset-0 size-full object-cover"
              />
              <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/20 to-transparent" aria-hidden />
              <div className="absolute inset-x-0 bottom-0 p-5 text-white md:p-10">
                <p className="max-w-xl text-2xl font-bold md:text-4xl">{title}</p>
                {subtitle ? <p className="mt-2 max-w-xl text-sm md:text-lg">{subtitle}</p> : null}
                {slide.linkPath ? (
                  <Link to={localizePath(locale, slide.linkPath)} className="btn-primary mt-4" tabIndex={0}>
                    {cta}
                  </Link>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Collection({ collection, locale }: { collection: FeaturedCollection; locale: Locale }) {
  const name = localized(collection, "name", locale);
  const description = localized(collection, "description", locale);
  return (
    <article aria-label={name} id={`collection-${collection.slug}`}>
      <div className="mb-4 flex items-center gap-4 rounded-xl bg-surface-muted p-4">
        {collection.imageKey ? (
          <MediaImage imageKey={collection.imageKey} width={96} height={96} className="size-16 shrink-0 rounded-lg object-cover md:size-24" />
        ) : null}
        <div className="min-w-0">
          <h3 className="text-lg font-semibold">
            <Link
              to={`${localizePath(locale, "/collection")}#${collection.slug}`}
              className="rounded hover:text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary"
              data-testid="collection-link"
            >
              {name}
            </Link>
          </h3>
          {description ? <p className="line-clamp-2 text-sm text-ink-muted">{description}</p> : null}
        </div>
      </div>
      {collection.products.length ? <ProductGrid products={collection.products} locale={locale} /> : null}
    </article>
  );
}

interface ContentAreaView {
  areaKey: string;
  title: string;
  bodyHtml: string;
  imageKey: string | null;
  linkPath: string | null;
}

/** The home content areas staff edit (Home → content-area): a band of cards, text first, in the staff's order. */
function ContentAreas({ areas, locale }: { areas: ContentAreaView[]; locale: Locale }) {
  const { t } = useTranslation("content");
  return (
    <section className="mx-auto max-w-7xl px-4 pt-12" aria-label={t("home.highlights")} data-testid="content-areas">
      <ul className="grid gap-4 md:grid-cols-3 md:gap-6">
        {areas.map((area) => {
          const link = staffLink(locale, area.linkPath);
          const headingId = `area-${area.areaKey}`;
          return (
            <li key={area.areaKey}>
              <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-xl bg-surface-muted" data-testid="content-area">
                {area.imageKey ? <MediaImage imageKey={area.imageKey} width={640} height={360} className="aspect-video w-full object-cover" /> : null}
                <div className="flex flex-1 flex-col p-5">
                  <h2 id={headingId} className="text-lg font-bold">
                    {area.title}
                  </h2>
                  <RichText html={area.bodyHtml} className="mt-2 text-sm [&_p]:my-2" testId="content-area-body" />
                  {link ? (
                    <p className="mt-auto pt-4">
                      {link.external ? (
                        <a href={link.to} target="_blank" rel="noopener noreferrer" className={areaLinkClass}>
                          {t("home.learnMore")}
                          <ArrowRight className="size-4" aria-hidden />
                          <span className="sr-only">: {area.title}</span>
                        </a>
                      ) : (
                        <Link to={link.to} className={areaLinkClass}>
                          {t("home.learnMore")}
                          <ArrowRight className="size-4" aria-hidden />
                          <span className="sr-only">: {area.title}</span>
                        </Link>
                      )}
                    </p>
                  ) : null}
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

const areaLinkClass =
  "inline-flex items-center gap-1 rounded text-sm font-semibold text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary";
