import { and, asc, desc, eq, gt, inArray, isNotNull, lte, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";

import { type Database, database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { categories, productImages, products, variants } from "~/db/schema/catalog";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { productStatusIds } from "~/domain/catalog";
import { type FacetFilters, noFacetFilters } from "~/domain/facets";
import { buildMatchQuery, maxSearchTextLength, skuSearchText } from "~/domain/search-text";
import { localized } from "~/i18n/localized";

import {
  countedFacetKey,
  type FacetCountRows,
  facetCountsFrom,
  facetFilterCondition,
  liveSaleProductIds,
  selectCountedFacets,
  selectCountedTotal,
  selectFacetCounts,
} from "./facets.server";
import type { ProductSort } from "./product-sort";

/** A product as a tile in a listing: lowest price, total stock and the first picture. */
export interface ProductCard {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  categoryId: number;
  /** Lowest active variant price ("from ฿…"). */
  priceSatang: number;
  maxPriceSatang: number;
  /** Sum over active variants; drives the stock label (> 5 in stock, 1–5 low, 0 out). */
  stock: number;
  /** R2 key of the first gallery image, served under /media/. */
  imageKey: string | null;
  /** Lowest flash-sale price of an active variant on a live sale (domain/pricing's rule, in SQL), or null. */
  flashSalePriceSatang: number | null;
}

export interface ProductListQuery {
  categoryId?: number;
  search?: string;
  page: number;
  pageSize: number;
  sort: ProductSort;
  /** Size, colour, price and stock filters (app/domain/facets.ts); none when absent. */
  filters?: FacetFilters;
  /** Count each filter option too (the shop page; one more statement in the same batch). */
  withFacets?: boolean;
}

export interface ProductList {
  items: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
  /** With `withFacets`: each option's count. */
  facets?: FacetCountRows;
}

export interface Category {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  imageKey: string | null;
}

export const maxPageSize = 100;

const minPrice = sql<number>`min(${variants.priceSatang})`;
const maxPrice = sql<number>`max(${variants.priceSatang})`;

/**
 * The same rule as isFlashSaleLive (app/domain/pricing.ts) for a listing, where deciding row by row
 * in TypeScript would cost a query per product: switched on, started, not ended, under its cap,
 * and cheaper than the variant's price. `value` is what to take over the product's live sale items.
 */
function overLiveFlashSaleItems<T>(value: SQL, now: number) {
  return sql<T | null>`(select ${value} from ${flashSaleItems}
    inner join ${flashSales} on ${flashSales.id} = ${flashSaleItems.flashSaleId}
    inner join ${variants} sale_variant on sale_variant.id = ${flashSaleItems.variantId}
    where sale_variant.product_id = ${outerColumn(products.id)} and sale_variant.is_active = 1
      and ${flashSales.isActive} = 1 and ${flashSales.startsAt} <= ${now} and ${flashSales.endsAt} > ${now}
      and ${flashSaleItems.soldCount} < ${flashSaleItems.quantityCap}
      and ${flashSaleItems.salePriceSatang} < sale_variant.price_satang)`;
}

const liveFlashSalePrice = (now: number) => overLiveFlashSaleItems<number>(sql`min(${flashSaleItems.salePriceSatang})`, now);
/** When the first of the product's live sale prices ends. */
const liveFlashSaleEnd = (now: number) => overLiveFlashSaleItems<number>(sql`min(${flashSales.endsAt})`, now);

function productCardColumns(now: number) {
  return {
    id: products.id,
    slug: products.slug,
    nameEn: products.nameEn,
    nameTh: products.nameTh,
    categoryId: products.categoryId,
    priceSatang: minPrice.mapWith(Number),
    maxPriceSatang: maxPrice.mapWith(Number),
    stock: sql<number>`coalesce(sum(${variants.stock}), 0)`.mapWith(Number),
    imageKey: sql<
      string | null
    >`(select ${productImages.imageKey} from ${productImages} where ${productImages.productId} = ${outerColumn(products.id)} order by ${productImages.sortOrder}, ${productImages.id} limit 1)`,
    flashSalePriceSatang: liveFlashSalePrice(now),
  };
}

/**
 * The select every product listing shares (one row per published product that has an active
 * variant). Callers add where / order / limit; use it inside a db.batch with the page's other queries.
 */
export function selectProductCards(db: Database, where?: SQL, now = Date.now()) {
  return db
    .select(productCardColumns(now))
    .from(products)
    .innerJoin(variants, and(eq(variants.productId, products.id), eq(variants.isActive, true)))
    .where(and(eq(products.statusId, productStatusIds.published), where))
    .groupBy(products.id)
    .$dynamic();
}

/** The product has a variant on sale: with the published status, what puts a product in a listing. */
const hasActiveVariant = sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${outerColumn(products.id)} AND ${variants.isActive} = 1)`;

/**
 * The ids of a listing's first `limit` products in `order`, for `selectProductCards(db, inArray(products.id, …))`:
 * the cards' columns (prices, stock, picture, live sale price) are then computed for those rows alone,
 * not for every published product before the sort and limit (issue 19: flat cost as the catalogue grows).
 */
export function firstListedProductIds(db: Database, order: SQL[], limit: number, where?: SQL) {
  return db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.statusId, productStatusIds.published), hasActiveVariant, where))
    .orderBy(...order)
    .limit(limit);
}

/** A product card on a live flash sale, with when its first sale price ends. */
export interface FlashSaleCard extends ProductCard {
  flashSaleEndsAt: number;
}

/**
 * The cards of the products on a live flash sale (the same rule as their "Sale" badge), the sale
 * ending soonest first: one query, for the home page's batch.
 */
export function selectFlashSaleCards(db: Database, limit: number, now = Date.now()) {
  const endsAt = liveFlashSaleEnd(now);
  // The candidates come from the live sales' items, so the cost follows what is on sale, not the catalogue.
  const onLiveSale = db
    .selectDistinct({ id: variants.productId })
    .from(flashSales)
    .innerJoin(flashSaleItems, eq(flashSaleItems.flashSaleId, flashSales.id))
    .innerJoin(variants, eq(variants.id, flashSaleItems.variantId))
    .where(and(eq(flashSales.isActive, true), lte(flashSales.startsAt, now), gt(flashSales.endsAt, now)));
  return db
    .select({ ...productCardColumns(now), flashSaleEndsAt: endsAt.mapWith(Number) })
    .from(products)
    .innerJoin(variants, and(eq(variants.productId, products.id), eq(variants.isActive, true)))
    .where(and(eq(products.statusId, productStatusIds.published), inArray(products.id, onLiveSale), sql`${endsAt} is not null`))
    .groupBy(products.id)
    .orderBy(asc(endsAt), desc(products.createdAt), desc(products.id))
    .limit(limit);
}

/** Longest search text we look for (longer input is cut, not rejected). */
export const maxSearchLength = maxSearchTextLength;

/**
 * Units sold of the product in the row (`products.id`): order lines of orders that were not
 * cancelled or refunded, through their variant (a line whose variant was deleted no longer counts).
 * A counter the database keeps (products.sold_quantity, triggers in migrations/0024), so ordering by
 * it reads an index instead of every order line. Use it in a select or order by over `products`.
 */
export const soldQuantity = products.soldQuantity;

/**
 * bm25 with column weights for product_search (name_en, name_th, skus, body): names count most.
 * Given through FTS5's `rank` column: calling bm25() directly fails once SQLite flattens the
 * subquery into the outer select ("unable to use function bm25 in the requested context").
 */
const searchRanking = "bm25(10.0, 10.0, 5.0, 1.0)";
/** Scores below any bm25 value (bm25 is negative, lower is better): SKU hits come first. */
const exactSkuScore = -1e9;
const skuPrefixScore = -1e8;

/**
 * A derived table `search_match(product_id, score)` of the products a search text finds, lower
 * score = better: full-text matches (FTS5 over product_search, ranked by bm25 with names above
 * descriptions) and products or active variants whose SKU equals or starts with the text. Null
 * when the text has nothing to search for (only punctuation, marks…): then nothing matches.
 */
function searchMatch(search: string): SQL | null {
  const match = buildMatchQuery(search);
  const sku = skuSearchText(search);
  const parts: SQL[] = [];
  if (match) {
    parts.push(sql`SELECT rowid AS product_id, rank AS score FROM product_search WHERE product_search MATCH ${match} AND rank MATCH ${searchRanking}`);
  }
  if (sku) {
    // A range rather than LIKE or substr(): no wildcard escaping, no 50-byte pattern limit (D1), and it reads
    // the upper(sku) indexes (migrations/0024). Every text starting with the SKU sorts between it and the SKU
    // with its last character raised by one (skuSearchText allows ASCII letters, digits, ".", "_", "-" only).
    const skuEnd = sku.slice(0, -1) + String.fromCharCode(sku.charCodeAt(sku.length - 1) + 1);
    const skuScore = (column: SQLWrapper) => sql`CASE WHEN upper(${column}) = ${sku} THEN ${exactSkuScore} ELSE ${skuPrefixScore} END`;
    const startsWithSku = (column: SQLWrapper) => sql`upper(${column}) >= ${sku} AND upper(${column}) < ${skuEnd}`;
    parts.push(
      sql`SELECT ${products.id} AS product_id, ${skuScore(products.sku)} AS score FROM ${products} WHERE ${startsWithSku(products.sku)}`,
      sql`SELECT ${variants.productId} AS product_id, ${skuScore(variants.sku)} AS score FROM ${variants} WHERE ${variants.isActive} = 1 AND ${startsWithSku(variants.sku)}`,
    );
  }
  if (parts.length === 0) return null;
  return sql`(SELECT product_id, min(score) AS score FROM (${sql.join(parts, sql` UNION ALL `)}) GROUP BY product_id) AS search_match`;
}

const searchMatchJoin = sql`search_match.product_id = ${products.id}`;
const searchScore = sql`search_match.score`;

function normalizedSearch(search: string | undefined): string | undefined {
  return search?.trim().slice(0, maxSearchLength) || undefined;
}

function listingFilter(query: Pick<ProductListQuery, "categoryId">): SQL | undefined {
  return query.categoryId !== undefined ? eq(products.categoryId, query.categoryId) : undefined;
}

function clampInteger(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

/**
 * Published products for the shop page: filter by category and/or search text (full-text index,
 * see searchMatch), sort, paginate. Two queries in one batch (page + total).
 */
export async function listProducts(d1: D1Database, query: ProductListQuery): Promise<ProductList> {
  const listing = productListQueries(database(d1), query, Date.now());
  if (!listing) return { items: [], total: 0, page: 1, pageCount: 1, ...(query.withFacets ? { facets: facetCountsFrom([]) } : {}) };
  const { page, pageSize, itemsQuery, totalQuery, facetQuery } = listing;
  const pageCount = (total: number) => Math.max(1, Math.ceil(total / pageSize));
  if (facetQuery) {
    const [items, totalRows, facetRows] = await database(d1).batch([itemsQuery, totalQuery, facetQuery]);
    const total = totalRows[0]?.total ?? 0;
    return { items, total, page, pageCount: pageCount(total), facets: facetCountsFrom(facetRows) };
  }
  const [items, totalRows] = await database(d1).batch([itemsQuery, totalQuery]);
  const total = totalRows[0]?.total ?? 0;
  return { items, total, page, pageCount: pageCount(total) };
}

/** The statements listProducts sends, as SQL (tests read their query plans). */
export function productListStatements(d1: D1Database, query: ProductListQuery, now = Date.now()): { sql: string; params: unknown[] }[] {
  const listing = productListQueries(database(d1), query, now);
  if (!listing) return [];
  return [listing.itemsQuery.toSQL(), listing.totalQuery.toSQL(), ...(listing.facetQuery ? [listing.facetQuery.toSQL()] : [])];
}

/**
 * A page of a price sort's ids without ranking every listed product: the shown price is the stored lowest
 * list price (products.min_price_satang, kept by triggers) except on a live flash sale, which a stored
 * price cannot follow (a sale starts and ends with the clock, not with a write). So the products on no
 * live sale come in index order, as many as the page needs; the few on a live sale are priced now (the
 * card's rule) and merged in. `where` is the listing's condition on `products`.
 */
function pricedPageIds(db: Database, ascending: boolean, where: SQL | undefined, offset: number, pageSize: number, now: number) {
  const live = liveSaleProductIds(now);
  const direction = ascending ? asc : desc;
  const columns = (key: SQL<number>) => ({ id: products.id, key: key.as("price_key"), createdAt: products.createdAt });
  const listed = and(where, isNotNull(products.minPriceSatang));
  const offSale = db
    .select(columns(sql<number>`${products.minPriceSatang}`))
    .from(products)
    .where(and(listed, sql`${products.id} NOT IN (${live})`))
    .orderBy(direction(products.minPriceSatang), desc(products.createdAt), desc(products.id))
    .limit(offset + pageSize);
  const lowest = sql`${products.minPriceSatang}`;
  // From the live sales' products (CROSS JOIN keeps that order), never from the listing.
  const onSale = db
    .select(columns(sql<number>`min(${lowest}, coalesce(${liveFlashSalePrice(now)}, ${lowest}))`))
    .from(sql`(${live}) AS on_sale`)
    .crossJoin(products)
    .where(and(sql`${products.id} = on_sale.product_id`, listed));
  const priced = sql`(SELECT * FROM (${offSale}) UNION ALL SELECT * FROM (${onSale})) AS priced`;
  return db
    .select({ id: sql<number>`priced.id`.as("listed_id"), score: sql<number>`0`.as("listed_score") })
    .from(priced)
    .orderBy(direction(sql`priced.price_key`), desc(sql`priced.created_at`), desc(sql`priced.id`))
    .limit(pageSize)
    .offset(offset)
    .as("listed_page");
}

/** The page, its total and (withFacets) the filter counts; null when the search text has nothing to search for. */
function productListQueries(db: Database, query: ProductListQuery, now: number) {
  const pageSize = clampInteger(query.pageSize, 1, maxPageSize);
  const page = clampInteger(query.page, 1, Number.MAX_SAFE_INTEGER);
  const search = normalizedSearch(query.search);
  const match = search ? searchMatch(search) : null;
  if (search && !match) return null;

  const filters = query.filters ?? noFacetFilters;
  const filter = and(listingFilter(query), facetFilterCondition(filters, now));
  const newest = [desc(products.createdAt), desc(products.id)];
  // The price the card shows: the lowest variant price, or a live flash-sale price below it. `lowest` is
  // that lowest price as an aggregate over the card's variants, or read per product (an index's first entry).
  const orderBy = (lowest: SQL): SQL[] => {
    const shownPrice = sql`min(${lowest}, coalesce(${liveFlashSalePrice(now)}, ${lowest}))`;
    return query.sort === "price-asc"
      ? [asc(shownPrice), ...newest]
      : query.sort === "price-desc"
        ? [desc(shownPrice), ...newest]
        : query.sort === "best-selling"
          ? [desc(soldQuantity), ...newest]
          : query.sort === "relevance" && match
            ? [asc(searchScore), ...newest]
            : newest;
  };
  const byPrice = query.sort === "price-asc" || query.sort === "price-desc";
  const order = orderBy(sql`0`);

  // The page's ids first (the sort over an index, or over the search's matches), then the cards of those
  // rows alone: the cards' columns are not computed for every listed product before the limit.
  // A search starts from its matches (CROSS JOIN keeps SQLite from walking every published product and
  // probing the matches instead): its cost follows the matches, not the catalogue.
  const listed = and(eq(products.statusId, productStatusIds.published), hasActiveVariant, filter);
  const fromListed = <T extends SQLiteSelect>(select: T, where = listed) =>
    match ? select.crossJoin(products).where(and(searchMatchJoin, where)) : select.where(where);
  const ids = db
    .select({ id: sql<number>`${products.id}`.as("listed_id"), score: (match ? sql<number>`${searchScore}` : sql<number>`0`).as("listed_score") })
    .from(match ?? products)
    .$dynamic();
  const offset = (page - 1) * pageSize;
  const pageIds = byPrice
    ? match
      ? // A search's matches are few: each one's shown price from its stored lowest price and its live sale price.
        fromListed(ids)
          .orderBy(...orderBy(sql`${products.minPriceSatang}`))
          .limit(pageSize)
          .offset(offset)
          .as("listed_page")
      : pricedPageIds(db, query.sort === "price-asc", and(eq(products.statusId, productStatusIds.published), filter), offset, pageSize, now)
    : fromListed(ids)
        .orderBy(...order)
        .limit(pageSize)
        .offset(offset)
        .as("listed_page");
  const itemsQuery = db
    .select(productCardColumns(now))
    .from(pageIds)
    .crossJoin(products)
    .innerJoin(variants, and(eq(variants.productId, products.id), eq(variants.isActive, true)))
    .where(eq(products.id, pageIds.id))
    .groupBy(products.id)
    .orderBy(...(query.sort === "relevance" && match ? [asc(pageIds.score), ...newest] : orderBy(minPrice)));
  // Without a search and with at most one size, one colour and "in stock", the total and the counts are
  // read from facet_counts (kept by triggers): their cost does not follow the catalogue. Otherwise counted.
  const counted = match ? null : countedFacetKey(filters, query.categoryId);
  const totalQuery = counted
    ? selectCountedTotal(db, counted).$dynamic()
    : fromListed(
        db
          .select({ total: sql<number>`count(*)`.mapWith(Number) })
          .from(match ?? products)
          .$dynamic(),
      );
  const listedFrom = match ? sql`${match} CROSS JOIN ${products} ON ${searchMatchJoin}` : sql`${products}`;
  const facetQuery = !query.withFacets
    ? null
    : counted
      ? selectCountedFacets(db, counted, filters, now)
      : selectFacetCounts(db, { categoryId: query.categoryId, from: listedFrom }, filters, now);
  return { page, pageSize, itemsQuery, totalQuery, facetQuery };
}

/** A typeahead suggestion: enough to show a product in the search dialog and link to it. */
export interface SearchSuggestion {
  slug: string;
  name: string;
  priceSatang: number;
  imageKey: string | null;
}

export const maxSuggestions = 6;

/** The suggestions' query: the search's matches joined to their cards, best first. Null when there is nothing to search for. */
function suggestionsQuery(db: Database, search: string, limit: number) {
  const text = normalizedSearch(search);
  const match = text ? searchMatch(text) : null;
  if (!match) return null;
  return selectProductCards(db)
    .innerJoin(match, searchMatchJoin)
    .orderBy(asc(searchScore), desc(products.createdAt), desc(products.id))
    .limit(clampInteger(limit, 1, maxSuggestions));
}

/** The best few published products for a search text, names in the page's language (one query). */
export async function searchSuggestions(d1: D1Database, search: string, locale: "en" | "th", limit = maxSuggestions): Promise<SearchSuggestion[]> {
  const query = suggestionsQuery(database(d1), search, limit);
  if (!query) return [];
  const rows = await query;
  return rows.map((row) => ({
    slug: row.slug,
    name: localized(row, "name", locale),
    priceSatang: row.priceSatang,
    imageKey: row.imageKey,
  }));
}

/** The statement searchSuggestions sends, as SQL (tests read its query plan); null when it sends none. */
export function searchSuggestionsStatement(d1: D1Database, search: string): { sql: string; params: unknown[] } | null {
  return suggestionsQuery(database(d1), search, maxSuggestions)?.toSQL() ?? null;
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  nameEn: categories.nameEn,
  nameTh: categories.nameTh,
  descriptionEn: categories.descriptionEn,
  descriptionTh: categories.descriptionTh,
  imageKey: categories.imageKey,
};

export async function listCategories(d1: D1Database): Promise<Category[]> {
  return database(d1).select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.id));
}

/** Null when there is no such category (the route answers 404). */
export async function getCategory(d1: D1Database, id: number): Promise<Category | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const rows = await database(d1).select(categoryColumns).from(categories).where(eq(categories.id, id)).limit(1);
  return rows[0] ?? null;
}
