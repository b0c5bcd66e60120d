import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { database, type Database } from "~/db/client";
import { categories, productImages, products, productStatusIds, variants } from "~/db/schema/catalog";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";

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

export type ProductSort = "newest" | "price-asc" | "price-desc";

export interface ProductListQuery {
  categoryId?: number;
  search?: string;
  page: number;
  pageSize: number;
  sort: ProductSort;
}

export interface ProductList {
  items: ProductCard[];
  total: number;
  page: number;
  pageCount: number;
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
 * and cheaper than the variant's price.
 */
function liveFlashSalePrice(now: number) {
  return sql<number | null>`(select min(${flashSaleItems.salePriceSatang}) from ${flashSaleItems}
    inner join ${flashSales} on ${flashSales.id} = ${flashSaleItems.flashSaleId}
    inner join ${variants} sale_variant on sale_variant.id = ${flashSaleItems.variantId}
    where sale_variant.product_id = ${products.id} and sale_variant.is_active = 1
      and ${flashSales.isActive} = 1 and ${flashSales.startsAt} <= ${now} and ${flashSales.endsAt} > ${now}
      and ${flashSaleItems.soldCount} < ${flashSaleItems.quantityCap}
      and ${flashSaleItems.salePriceSatang} < sale_variant.price_satang)`;
}

/**
 * The select every product listing shares (one row per published product that has an active
 * variant). Callers add where / order / limit; use it inside a db.batch with the page's other queries.
 */
export function selectProductCards(db: Database, where?: SQL, now = Date.now()) {
  return db
    .select({
      id: products.id,
      slug: products.slug,
      nameEn: products.nameEn,
      nameTh: products.nameTh,
      categoryId: products.categoryId,
      priceSatang: minPrice.mapWith(Number),
      maxPriceSatang: maxPrice.mapWith(Number),
      stock: sql<number>`coalesce(sum(${variants.stock}), 0)`.mapWith(Number),
      imageKey: sql<string | null>`(select ${productImages.imageKey} from ${productImages} where ${productImages.productId} = ${products.id} order by ${productImages.sortOrder}, ${productImages.id} limit 1)`,
      flashSalePriceSatang: liveFlashSalePrice(now),
    })
    .from(products)
    .innerJoin(variants, and(eq(variants.productId, products.id), eq(variants.isActive, true)))
    .where(and(eq(products.statusId, productStatusIds.published), where))
    .groupBy(products.id)
    .$dynamic();
}

/** Longest search text we look for (longer input is cut, not rejected). */
export const maxSearchLength = 100;

function listingFilter(query: Pick<ProductListQuery, "categoryId" | "search">): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.categoryId !== undefined) conditions.push(eq(products.categoryId, query.categoryId));
  const search = query.search?.trim().slice(0, maxSearchLength).toLowerCase();
  if (search) {
    // Substring match for now; Thai word segmentation + FTS5 replaces this later (DESIGN §5).
    // instr() rather than LIKE: D1 rejects LIKE patterns over 50 bytes (16 Thai characters) and
    // instr needs no wildcard escaping. lower() folds ASCII only, which is all Thai needs.
    const contains = (column: SQLWrapper) => sql`instr(lower(${column}), ${search}) > 0`;
    conditions.push(
      sql`(${contains(products.nameEn)} OR ${contains(products.nameTh)} OR ${contains(products.sku)}
        OR EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id} AND ${contains(variants.sku)}))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

function clampInteger(value: number, min: number, max: number): number {
  return Number.isFinite(value) ? Math.min(max, Math.max(min, Math.floor(value))) : min;
}

/** Published products for the shop page: filter by category and/or text, sort, paginate. */
export async function listProducts(d1: D1Database, query: ProductListQuery): Promise<ProductList> {
  const db = database(d1);
  const pageSize = clampInteger(query.pageSize, 1, maxPageSize);
  const page = clampInteger(query.page, 1, Number.MAX_SAFE_INTEGER);
  const filter = listingFilter(query);

  const order =
    query.sort === "price-asc"
      ? [asc(minPrice), desc(products.createdAt), desc(products.id)]
      : query.sort === "price-desc"
        ? [desc(minPrice), desc(products.createdAt), desc(products.id)]
        : [desc(products.createdAt), desc(products.id)];

  const itemsQuery = selectProductCards(db, filter)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const totalQuery = db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(products)
    .where(
      and(
        eq(products.statusId, productStatusIds.published),
        sql`EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${products.id} AND ${variants.isActive} = 1)`,
        filter,
      ),
    );

  const [items, totalRows] = await db.batch([itemsQuery, totalQuery]);
  const total = totalRows[0]?.total ?? 0;
  return { items, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)) };
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
