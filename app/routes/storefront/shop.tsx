import { clsx } from "clsx";
import { Search, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useRouteLoaderData } from "react-router";
import { z } from "zod";

import { getCloudflare } from "~/cloudflare";
import { type FacetFilters, facetSearchParams, hasFacetFilters, knownFilters, noFacetFilters, parseFacetFilters, satangToBahtText } from "~/domain/facets";
import { isPastLastPage, parsePageNumber } from "~/domain/page-number";
import { maxSearchTextLength as maxSearchLength, shouldRunSearch } from "~/domain/search-text";
import { sharedRead } from "~/features/cache/shared-reads.server";
import { getCategory, listProducts } from "~/features/catalog/catalog.server";
import type { FacetCountRows } from "~/features/catalog/facets.server";
import { type ProductSort, productSorts } from "~/features/catalog/product-sort";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { Options } from "~/ui/form/options";
import { storefrontMeta } from "~/ui/meta";
import { Pagination } from "~/ui/pagination";
import { CurrencyNote } from "~/ui/price";
import { ProductGrid } from "~/ui/product-card";
import { chosenFilterCount, FilterChips, type FilterChipView, FilterDrawer, FilterForm, type ShopFacetsView } from "~/ui/shop-filters";
import { categoryName, categoryPath } from "~/ui/storefront-menu";

import type { Route } from "./+types/shop";
import type { loader as layoutLoader } from "./layout";

export const shopPageSize = 12;

/**
 * Spec §2: /shop takes `category` (a category id), `search` and `page`. A category that is not one
 * of ours (unknown id or not an id) and a page past the last are 404 pages in the page's language; a
 * malformed page number is page 1 (app/domain/page-number.ts); a malformed search or sort is dropped.
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
  page: z.string().nullish().transform(parsePageNumber),
  sort: z.enum(productSorts).optional().catch(undefined),
});

type ShopQuery = z.infer<typeof shopQuerySchema>;

function parseShopQuery(searchParams: URLSearchParams): ShopQuery {
  return shopQuerySchema.parse({
    category: searchParams.get("category") ?? undefined,
    search: searchParams.get("search") ?? undefined,
    page: searchParams.get("page") ?? undefined,
    sort: searchParams.get("sort") ?? undefined,
  });
}

/** Without a choice: best match first for a search, newest first otherwise. */
function defaultSort(search: string | undefined): ProductSort {
  return search ? "relevance" : "newest";
}

/** The order actually used: relevance needs a search; an explicit default is dropped from URLs. */
function effectiveSort(query: { search?: string; sort?: ProductSort }): ProductSort {
  const sort = query.sort ?? defaultSort(query.search);
  return sort === "relevance" && !query.search ? "newest" : sort;
}

interface ShopHrefQuery {
  category?: number;
  search?: string;
  page?: number;
  sort?: ProductSort;
  filters?: FacetFilters;
}

/** A bare /shop URL for a query (page 1 and the default order are left out). */
export function shopHref(query: ShopHrefQuery): string {
  const params = new URLSearchParams();
  if (query.category) params.set("category", String(query.category));
  if (query.search) params.set("search", query.search);
  for (const [name, value] of facetSearchParams(query.filters ?? noFacetFilters)) params.append(name, value);
  if (query.sort && query.sort !== defaultSort(query.search)) params.set("sort", query.sort);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const search = params.toString();
  return search ? `/shop?${search}` : "/shop";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const searchParams = new URL(request.url).searchParams;
  const query = parseShopQuery(searchParams);
  const sort = effectiveSort(query);
  const asked = parseFacetFilters(searchParams);
  // Started together: the category, the page, its total and the filter counts go to D1 in one round
  // trip; the same listing for another shopper comes from the shared reads.
  const [category, result] = await sharedRead(context, `shop|${JSON.stringify([query, sort, asked])}`, () =>
    Promise.all([
      query.category ? getCategory(env.DB, query.category) : Promise.resolve(null),
      listProducts(env.DB, {
        categoryId: query.category,
        search: query.search,
        page: query.page,
        pageSize: shopPageSize,
        sort,
        filters: asked,
        withFacets: true,
      }),
    ]),
  );
  const categoryText = searchParams.get("category");
  if ((categoryText && !category) || isPastLastPage(query.page, result.pageCount)) {
    throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  }
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "catalog");
  const categoryTitle = category ? categoryName(category, locale) : null;
  const title = query.search ? t("meta.searchTitle", { query: query.search }) : (categoryTitle ?? t("meta.shopTitle"));
  const description = category ? localized(category, "description", locale) || t("meta.shopDescription") : t("meta.shopDescription");

  const facetRows = result.facets ?? { options: [], inStock: 0, priceRange: null };
  // Chips and links carry only the choices the catalogue knows (the counts' rows name every chosen known option).
  const filters = knownFilters(asked, {
    size: new Set(facetRows.options.filter((option) => option.facet === "size").map((option) => option.code)),
    colour: new Set(facetRows.options.filter((option) => option.facet === "colour").map((option) => option.code)),
  });

  return data({
    query: { category: category ? query.category : undefined, search: query.search, page: result.page, sort, filters },
    facets: facetsView(facetRows, locale),
    categoryName: categoryTitle,
    products: result.items,
    total: result.total,
    pageCount: result.pageCount,
    meta: { title, description },
  });
}

function facetsView(rows: FacetCountRows, locale: Locale): ShopFacetsView {
  const view = (facet: "size" | "colour") =>
    rows.options
      .filter((option) => option.facet === facet)
      .map((option) => ({ code: option.code, name: localized(option, "name", locale), colorHex: option.colorHex, count: option.count }));
  const hint = (satang: number) => satangToBahtText(satang);
  return {
    size: view("size"),
    colour: view("colour"),
    inStock: rows.inStock,
    priceHint: rows.priceRange ? { min: hint(rows.priceRange.minSatang), max: hint(rows.priceRange.maxSatang) } : null,
  };
}

/**
 * A filtered listing is a view of /shop, not a page of its own: search engines follow its links but do
 * not index it (every combination of sizes, colours and prices would otherwise be a URL to crawl).
 */
export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => [
  ...storefrontMeta(loaderData?.meta, matches, location.pathname),
  ...(loaderData && hasFacetFilters(loaderData.query.filters) ? [{ name: "robots", content: "noindex, follow" }] : []),
];

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
  const { query, facets, products, total, pageCount, categoryName: currentCategoryName } = loaderData;
  const { t, i18n } = useTranslation("catalog");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const chrome = useRouteLoaderData<typeof layoutLoader>(`${locale}/storefront`);
  const categories = chrome?.categories ?? [];
  const to = (path: string) => localizePath(locale, path);
  const heading = query.search ? t("shop.searchResults", { query: query.search }) : (currentCategoryName ?? t("shop.heading"));
  const { filters } = query;
  const kept = { category: query.category, search: query.search, sort: query.sort };
  const chips = filterChips(facets, filters, (next) => to(shopHref({ ...kept, filters: next })), t);
  const filterForm = (idPrefix: string) => (
    <FilterForm
      action={to("/shop")}
      idPrefix={idPrefix}
      facets={facets}
      filters={filters}
      kept={{ ...kept, sort: query.sort !== effectiveSort({ search: query.search }) ? query.sort : undefined }}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-2xl font-bold break-words md:text-3xl">{heading}</h1>
          <p className="mt-1 text-sm text-ink-muted" aria-live="polite" data-testid="result-count">
            {t("shop.resultCount", { count: total })}
          </p>
        </div>
        <ShopSearchForm locale={locale} category={query.category} currentSearch={query.search} filters={filters} />
      </div>

      {categories.length ? (
        <nav aria-label={t("shop.categories")} className="-mx-4 mt-4 overflow-x-auto px-4" data-testid="category-filter">
          <ul className="flex gap-2 pb-2">
            <li>
              <FilterChip to={to(shopHref({ search: query.search, sort: query.sort, filters }))} active={!query.category}>
                {t("shop.allProducts")}
              </FilterChip>
            </li>
            <CategoryChips
              categories={categories}
              locale={locale}
              href={(id) => to(shopHref({ category: id, search: query.search, sort: query.sort, filters }))}
              activeId={query.category}
            />
          </ul>
        </nav>
      ) : null}

      <FilterDrawer chosenCount={chosenFilterCount(filters)}>{filterForm("drawer")}</FilterDrawer>
      <FilterChips chips={chips} clearHref={to(shopHref(kept))} />

      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <CurrencyNote />
        {products.length > 1 || query.page > 1 ? (
          <SortForm action={to("/shop")} category={query.category} search={query.search} sort={query.sort} filters={filters} />
        ) : null}
      </div>

      <div className="mt-6 lg:grid lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-8">
        <aside className="hidden lg:block" aria-labelledby="shop-filters" data-testid="filters-sidebar">
          <h2 id="shop-filters" className="mb-3 text-lg font-semibold">
            {t("filters.heading")}
          </h2>
          {filterForm("sidebar")}
        </aside>
        <section aria-labelledby="shop-products">
          {/* Headings go h1 → h2 → h3 (the cards' names): axe heading-order. */}
          <h2 id="shop-products" className="sr-only">
            {t("shop.productsHeading")}
          </h2>
          {products.length ? (
            <ProductGrid products={products} locale={locale} priorityCount={2} />
          ) : (
            <EmptyResults
              search={query.search}
              categoryId={query.category}
              categoryName={currentCategoryName}
              categories={categories.filter((category) => category.id !== query.category)}
              locale={locale}
              clearFiltersHref={chips.length ? to(shopHref(kept)) : undefined}
            />
          )}
          <Pagination page={query.page} pageCount={pageCount} href={(page) => to(shopHref({ ...kept, filters, page }))} />
        </section>
      </div>
    </div>
  );
}

/**
 * The shop's own search box: a GET form (works without JavaScript). With JavaScript, spec §5: it
 * only runs when the text is non-empty and differs from the search already shown.
 */
function ShopSearchForm({ locale, category, currentSearch, filters }: { locale: Locale; category?: number; currentSearch?: string; filters: FacetFilters }) {
  const { t } = useTranslation("search");
  return (
    <div className="flex w-full flex-col gap-1 md:w-96">
      <Form
        method="get"
        action={localizePath(locale, "/shop")}
        role="search"
        className="flex gap-2"
        data-testid="shop-search-form"
        onSubmit={(event) => {
          const text = new FormData(event.currentTarget).get("search");
          if (!shouldRunSearch(typeof text === "string" ? text : "", currentSearch)) event.preventDefault();
        }}
      >
        {category ? <input type="hidden" name="category" value={category} /> : null}
        <FilterInputs filters={filters} />
        <label htmlFor="shop-search" className="sr-only">
          {t("catalog:shop.searchWithin")}
        </label>
        <input
          id="shop-search"
          type="search"
          name="search"
          key={currentSearch ?? ""}
          defaultValue={currentSearch ?? ""}
          maxLength={maxSearchLength}
          enterKeyHint="search"
          placeholder={t("catalog:shop.searchWithin")}
          className="min-w-0 flex-1 rounded-md border border-line px-3 py-2 focus-visible:outline-2 focus-visible:outline-primary"
        />
        <button type="submit" className="btn-primary px-3">
          <Search className="size-5" aria-hidden />
          <span className="sr-only">{t("actions.search")}</span>
        </button>
      </Form>
      {currentSearch ? (
        <Link
          to={localizePath(locale, shopHref({ category, filters }))}
          className="inline-flex items-center gap-1 self-start text-sm text-primary-dark underline-offset-2 hover:underline"
          data-testid="clear-search"
        >
          <X className="size-4" aria-hidden />
          {t("catalog:shop.clearSearch")}
        </Link>
      ) : null}
    </div>
  );
}

const sortLabels = {
  relevance: "sort.relevance",
  newest: "sort.newest",
  "price-asc": "sort.priceAsc",
  "price-desc": "sort.priceDesc",
  "best-selling": "sort.bestSelling",
} as const satisfies Record<ProductSort, string>;

/**
 * Sort order as a GET form keeping the category and search (a new order starts at page 1): the
 * shopper presses the button without JavaScript; with it, choosing submits at once.
 */
function SortForm({
  action,
  category,
  search,
  sort,
  filters,
}: {
  action: string;
  category?: number;
  search?: string;
  sort: ProductSort;
  filters: FacetFilters;
}) {
  const { t } = useTranslation("search");
  const select = useRef<HTMLSelectElement>(null);
  // A choice made before the page finished loading had no handler to submit it: do it now.
  useEffect(() => {
    if (select.current && select.current.value !== sort) select.current.form?.requestSubmit();
  }, [sort]);
  const choices = productSorts.filter((choice) => choice !== "relevance" || search);
  return (
    <Form method="get" action={action} className="flex items-center gap-2 self-end sm:ml-auto sm:self-auto" data-testid="sort-form">
      {category ? <input type="hidden" name="category" value={category} /> : null}
      {search ? <input type="hidden" name="search" value={search} /> : null}
      <FilterInputs filters={filters} />
      <label htmlFor="shop-sort" className="text-sm text-ink-muted">
        {t("sort.label")}
      </label>
      <select
        ref={select}
        id="shop-sort"
        name="sort"
        autoComplete="off"
        key={sort}
        defaultValue={sort}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-line bg-surface py-1.5 pr-7 pl-2 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Options of={choices} label={(choice) => t(sortLabels[choice])} />
      </select>
      <noscript>
        <button type="submit" className="btn-ghost border border-line px-2 py-1 text-sm">
          {t("sort.apply")}
        </button>
      </noscript>
    </Form>
  );
}

/** The chosen filters as hidden inputs: the search and sort forms keep them. */
function FilterInputs({ filters }: { filters: FacetFilters }) {
  return facetSearchParams(filters).map(([name, value]) => <input key={`${name}=${value}`} type="hidden" name={name} value={value} />);
}

/** One chip per chosen filter (a price range is one chip), each leading to the shop without it. */
function filterChips(
  facets: ShopFacetsView,
  filters: FacetFilters,
  href: (filters: FacetFilters) => string,
  t: ReturnType<typeof useTranslation<"catalog">>["t"],
): FilterChipView[] {
  const chips: FilterChipView[] = [];
  for (const attribute of ["size", "colour"] as const) {
    for (const code of filters[attribute]) {
      const name = facets[attribute].find((option) => option.code === code)?.name ?? code;
      chips.push({ id: `${attribute}-${code}`, label: name, href: href({ ...filters, [attribute]: filters[attribute].filter((chosen) => chosen !== code) }) });
    }
  }
  const { minSatang, maxSatang } = filters;
  if (minSatang !== undefined || maxSatang !== undefined) {
    const min = minSatang === undefined ? "" : satangToBahtText(minSatang);
    const max = maxSatang === undefined ? "" : satangToBahtText(maxSatang);
    const label = min && max ? t("filters.priceBetween", { min, max }) : min ? t("filters.priceFrom", { min }) : t("filters.priceUpTo", { max });
    chips.push({ id: "price", label, href: href({ ...filters, minSatang: undefined, maxSatang: undefined }) });
  }
  if (filters.inStock) chips.push({ id: "in-stock", label: t("filters.inStockOnly"), href: href({ ...filters, inStock: false }) });
  return chips;
}

/** One chip a category (in the page's language), leading where `href` says; `activeId`'s chip is marked as chosen. */
function CategoryChips({
  categories,
  locale,
  href,
  activeId,
}: {
  categories: readonly { id: number; nameEn: string; nameTh: string }[];
  locale: Locale;
  href: (categoryId: number) => string;
  activeId?: number;
}) {
  return categories.map((category) => (
    <li key={category.id}>
      <FilterChip to={href(category.id)} active={activeId === category.id}>
        {categoryName(category, locale)}
      </FilterChip>
    </li>
  ));
}

/** No products to show: say why (search, category, empty shop) and offer ways on. */
function EmptyResults({
  search,
  categoryId,
  categoryName: currentCategoryName,
  categories,
  locale,
  clearFiltersHref,
}: {
  search?: string;
  categoryId?: number;
  categoryName: string | null;
  categories: { id: number; nameEn: string; nameTh: string }[];
  locale: Locale;
  /** With filters chosen: where "clear all" leads. */
  clearFiltersHref?: string;
}) {
  const { t } = useTranslation("search");
  const to = (path: string) => localizePath(locale, path);
  const [title, hint] = clearFiltersHref
    ? [t("catalog:filters.noMatch"), t("catalog:filters.noMatchHint")]
    : search
      ? [
          currentCategoryName ? t("results.noResultsInCategory", { query: search, category: currentCategoryName }) : t("results.noResults", { query: search }),
          t("results.noResultsHint"),
        ]
      : categoryId
        ? [t("results.emptyCategory"), t("results.emptyCategoryHint")]
        : [t("results.emptyCatalogue"), t("results.emptyCatalogueHint")];
  const emptyShop = !search && !categoryId && !clearFiltersHref;
  return (
    <div className="rounded-xl border border-dashed border-line px-6 py-12 text-center md:py-16" data-testid="empty-state">
      <p className="text-lg font-semibold break-words">{title}</p>
      <p className="mx-auto mt-1 max-w-prose text-ink-muted">{hint}</p>
      {emptyShop ? null : (
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {clearFiltersHref ? (
            <Link to={clearFiltersHref} className="btn-primary" data-testid="empty-clear-filters">
              {t("catalog:filters.clearAll")}
            </Link>
          ) : null}
          {search && categoryId && !clearFiltersHref ? (
            <Link to={to(shopHref({ search }))} className="btn-primary">
              {t("results.searchAllCategories")}
            </Link>
          ) : null}
          <Link to={to("/shop")} className={(search && categoryId) || clearFiltersHref ? "btn-ghost border border-line" : "btn-primary"}>
            {t("catalog:shop.showAll")}
          </Link>
        </div>
      )}
      {!emptyShop && categories.length ? (
        <nav aria-label={t("results.browseCategories")} className="mt-8">
          <p className="text-sm font-semibold">{t("results.browseCategories")}</p>
          <ul className="mt-3 flex flex-wrap justify-center gap-2">
            <CategoryChips categories={categories} locale={locale} href={(id) => to(categoryPath(id))} />
          </ul>
        </nav>
      ) : null}
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
