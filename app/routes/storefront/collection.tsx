import { ArrowUp } from "lucide-react";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { type CollectionWithProducts, listCollectionsWithProducts } from "~/features/content/content-pages.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { MediaImage } from "~/ui/media-image";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { CurrencyNote } from "~/ui/price";
import { ProductGrid } from "~/ui/product-card";

import type { Route } from "./+types/collection";

/**
 * Spec §2 /collection: every published collection with its products, one section each. A section's
 * id is the collection's slug, so `/collection#<slug>` (the home page's links) lands on it; a row
 * of links at the top jumps between them without JavaScript.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const collections = await listCollectionsWithProducts(env.DB);
  const firstImage = collections.find((collection) => collection.imageKey)?.imageKey;
  return data({
    collections,
    meta: { title: t("meta.collectionTitle"), description: t("meta.collectionDescription"), image: firstImage ? mediaUrl(firstImage) : null },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.collection") }] } satisfies BreadcrumbHandle;

/** A collection's section id: its slug as it is, the address the home page links to. */
const collectionAnchor = (slug: string) => slug;

export default function CollectionPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { collections } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="collection-page">
      <header id="collections-top" className="max-w-3xl">
        <PageTitle title={t("collection.heading")} intro={t("collection.intro")} />
      </header>

      {collections.length === 0 ? (
        <div className="mt-8 rounded-xl border border-dashed border-line px-6 py-16 text-center" data-testid="empty-state">
          <p>{t("collection.empty")}</p>
          <Link to={localizePath(locale, "/shop")} className="btn-primary mt-6">
            {t("menu.shop", { ns: "common" })}
          </Link>
        </div>
      ) : (
        <>
          <nav aria-label={t("collection.jumpTo")} className="-mx-4 mt-5 overflow-x-auto px-4">
            <ul className="flex gap-2 pb-2">
              {collections.map((collection) => (
                <li key={collection.id}>
                  <a
                    href={`#${collectionAnchor(collection.slug)}`}
                    className="inline-flex rounded-full border border-line px-4 py-1.5 text-sm whitespace-nowrap hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
                  >
                    {localized(collection, "name", locale)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <CurrencyNote className="mt-3" />
          <div className="mt-6 space-y-12">
            {collections.map((collection, index) => (
              <CollectionSection key={collection.id} collection={collection} locale={locale} priority={index === 0} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}

function CollectionSection({ collection, locale, priority }: { collection: CollectionWithProducts; locale: Locale; priority: boolean }) {
  const { t } = useTranslation("content");
  const name = localized(collection, "name", locale);
  const description = localized(collection, "description", locale);
  const headingId = `${collectionAnchor(collection.slug)}-heading`;
  return (
    <section id={collectionAnchor(collection.slug)} aria-labelledby={headingId} className="scroll-mt-24" data-testid="collection-section">
      <div className="mb-5 flex flex-col gap-4 overflow-hidden rounded-xl bg-surface-muted sm:flex-row sm:items-center">
        {collection.imageKey ? (
          <MediaImage
            imageKey={collection.imageKey}
            width={640}
            height={360}
            priority={priority}
            className="aspect-video w-full object-cover sm:w-64 md:w-80"
          />
        ) : null}
        <div className="min-w-0 px-4 pb-4 sm:py-4 sm:pl-0">
          <h2 id={headingId} className="text-xl font-bold md:text-2xl">
            {name}
          </h2>
          {description ? <p className="mt-1 text-ink-muted">{description}</p> : null}
          <p className="mt-2 text-sm text-ink-muted">{t("collection.productCount", { count: collection.products.length })}</p>
        </div>
      </div>
      {collection.products.length ? (
        <ProductGrid products={collection.products} locale={locale} priorityCount={priority ? 2 : 0} />
      ) : (
        <p className="rounded-lg border border-dashed border-line px-4 py-8 text-center text-ink-muted">{t("collection.noProducts")}</p>
      )}
      <p className="mt-4 text-right">
        <a
          href="#collections-top"
          className="inline-flex items-center gap-1 rounded text-sm text-primary-dark hover:underline focus-visible:outline-2 focus-visible:outline-primary"
        >
          <ArrowUp className="size-4" aria-hidden />
          {t("collection.backToTop")}
        </a>
      </p>
    </section>
  );
}
