import { Search } from "lucide-react";
import { useTranslation } from "~/i18n/translation";
import { data, Form, Link, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { clsx } from "clsx";
import { getCloudflare } from "~/cloudflare";
import { getCategory, listProducts, type ProductList } from "~/features/catalog/catalog.server";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { CurrencyNote } from "~/ui/price";
import { ProductGrid } from "~/ui/product-card";
import { categoryName, categoryPath } from "~/ui/storefront-menu";
import type { Route } from "./+types/shop";
import type { loader as layoutLoader } from "./layout";

export const shopPageSize = 12;
const maxSearchLength = 100;

/**
 * Spec §2: /shop takes `category` (a category id), `search` and `page`. Anything malformed falls
 * back to its default (all categories, no search, page 1) instead of failing.
 * Only the loader uses it (not exported), so zod stays out of the browser bundle.
 */
const shopQuerySchema = z.object({
  category: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional().catch(undefined),
  search: z
    .string()
    .transform((value) => value.trim().slice(0, maxSearchLength))
    .optional()
    .catch(undefined)
    .transform((value) => value || undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

type ShopQuery = z.infer<typeof shopQuerySchema>;

function parseShopQuery(searchParams: URLSearchParams): ShopQuery {
  return shopQuerySchema.parse({
    category: searchParams.get("category") ?? undefined,
    search: searchParams.get("search") ?? undefined,
    page: searchParams.get("page") ?? undefined,
  });
}

/** A bare /shop URL for a query (page 1 is left out). */
export function shopHref(query: { category?: number; search?: string; page?: number }): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", String(query.category));
  if (query.search) params.set("search", query.search);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/shop?${search}` : "/shop";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const query = parseShopQuery(new URL(request.url).searchParams);
  const list = (q: ShopQuery): Promise<ProductList> =>
    listProducts(env.DB, { categoryId: q.category, search: q.search, page: q.page, pageSize: shopPageSize, sort: "newest" });

  const [category, firstTry] = await Promise.all([
    query.category ? getCategory(env.DB, query.category) : Promise.resolve(null),
    list(query),
  ]);
  let effective = query;
  let result = firstTry;
  // An unknown category or a page past the end falls back to the default (rare, so a second query is fine).
  if ((query.category && !category) || (result.items.length === 0 && result.total > 0 && query.page > 1)) {
    effective = { ...query, category: category ? query.category : undefined, page: 1 };
    result = await list(effective);
  }

  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "catalog");
  const categoryTitle = category ? categoryName(category, locale) : null;
  const title = effective.search
    ? t("meta.searchTitle", { query: effective.search })
    : (categoryTitle ?? t("meta.shopTitle"));
  const description = category
    ? (locale === "th" ? category.descriptionTh : category.descriptionEn) || t("meta.shopDescription")
    : t("meta.shopDescription");

  return data({
    query: { category: category ? effective.category : undefined, search: effective.search, page: result.page },
    categoryName: categoryTitle,
    products: result.items,
    total: result.total,
    pageCount: result.pageCount,
    meta: { title, description },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = {
  breadcrumb: ({ data, t }) => {
    const shop = { text: t("menu.shop"), to: "/shop" };
    const loaded = data as { query: { category?: number }; categoryName: string | null } | undefined;
    if (loaded?.categoryName && loaded.query.category) {
      return [shop, { text: loaded.categoryName, to: categoryPath(loaded.query.category) }];
    }
    return [shop];
  },
} satisfies BreadcrumbHandle;

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { query, products, total, pageCount, categoryName: currentCategoryName } = loaderData;
  const { t, i18n } = useTranslation("catalog");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const chrome = useRouteLoaderData<typeof layoutLoader>(`${locale}/storefront`);
  const categories = chrome?.categories ?? [];
  const to = (path: string) => localizePath(locale, path);
  const heading = query.search ? t("shop.searchResults", { query: query.search }) : (currentCategoryName ?? t("shop.heading"));

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold md:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-ink-muted" aria-live="polite">
            {t("shop.resultCount", { count: total })}
          </p>
        </div>
        <Form method="get" action={to("/shop")} role="search" className="flex w-full gap-2 md:w-96">
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          <label htmlFor="shop-search" className="sr-only">
            {t("shop.searchWithin")}
          </label>
          <input
            id="shop-search"
            type="search"
            name="search"
            key={query.search ?? ""}
            defaultValue={query.search ?? ""}
            maxLength={100}
            placeholder={t("shop.searchWithin")}
            className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
          />
          <button type="submit" className="btn-primary px-3">
            <Search className="size-5" aria-hidden />
            <span className="sr-only">{t("actions.search", { ns: "common" })}</span>
          </button>
        </Form>
      </div>

      {categories.length ? (
        <nav aria-label={t("shop.categories")} className="-mx-4 mt-4 overflow-x-auto px-4" data-testid="category-filter">
          <ul className="flex gap-2 pb-2">
            <li>
              <FilterChip to={to(shopHref({ search: query.search }))} active={!query.category}>
                {t("shop.allProducts")}
              </FilterChip>
            </li>
            {categories.map((category) => (
              <li key={category.id}>
                <FilterChip to={to(shopHref({ category: category.id, search: query.search }))} active={query.category === category.id}>
                  {categoryName(category, locale)}
                </FilterChip>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <CurrencyNote className="mt-3" />

      <div className="mt-6">
        {products.length ? (
          <ProductGrid products={products} locale={locale} priorityCount={2} />
        ) : (
          <div className="rounded-xl border border-dashed border-line px-6 py-16 text-center" data-testid="empty-state">
            <p className="text-lg font-semibold">{t("shop.empty")}</p>
            <p className="mt-1 text-ink-muted">{t("shop.emptyHint")}</p>
            <Link to={to("/shop")} className="btn-primary mt-6">
              {t("shop.showAll")}
            </Link>
          </div>
        )}
      </div>

      <Pagination
        page={query.page}
        pageCount={pageCount}
        href={(page) => to(shopHref({ category: query.category, search: query.search, page }))}
      />
    </div>
  );
}

function FilterChip({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? "page" : undefined}
      className={clsx(
        "inline-flex rounded-full border px-4 py-1.5 text-sm whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary",
        active ? "border-primary-dark bg-primary-dark font-semibold text-white" : "border-line hover:bg-surface-muted",
      )}
    >
      {children}
    </Link>
  );
}
