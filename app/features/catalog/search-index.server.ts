import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

import { type Database, database } from "~/db/client";
import { attributeOptions, categories, products, variantOptions, variants } from "~/db/schema/catalog";
import { productStatusIds } from "~/domain/catalog";
import { segmentForIndex } from "~/domain/search-text";

/**
 * Writes the full-text index `product_search` (migrations/0005: FTS5, rowid = products.id,
 * columns name_en, name_th, skus, body). Only published products are in it. Texts go through
 * `segmentForIndex` (Thai cut into words, Thai marks kept; see app/domain/search-text.ts), so the
 * index must be rewritten whenever a product's names, descriptions, category, variants or status
 * change: call `reindexProduct(d1, productId)` after saving, or put `searchIndexStatements` in the
 * same batch as the change.
 */

/**
 * The FTS5 table as Drizzle sees it, for writing only (queries use SQL: MATCH, bm25). Deliberately
 * not in app/db/schema: drizzle-kit cannot model a virtual table and would try to create a plain one.
 */
const productSearch = sqliteTable("product_search", {
  rowid: integer("rowid").notNull(),
  nameEn: text("name_en").notNull(),
  nameTh: text("name_th").notNull(),
  skus: text("skus").notNull(),
  body: text("body").notNull(),
});

/** What is indexed for one product (plain text; segmentation happens here). */
export interface SearchDocument {
  productId: number;
  nameEn: string;
  nameTh: string;
  /** The product's SKU and its active variants' SKUs. */
  skus: string[];
  /** Descriptions, category names, variant option names (colours, sizes) in both languages. */
  body: string[];
}

/** Products read and written per batch; keeps every IN list and insert under D1's 100 parameters. */
const productsPerChunk = 80;
/** 5 parameters per row (rowid + 4 columns) → 100 per statement at most. */
const rowsPerInsert = 20;

/** Drop the products' rows and insert fresh ones for those given documents, for one db.batch. */
export function searchIndexStatements(db: Database, productIds: number[], documents: SearchDocument[]): BatchItem<"sqlite">[] {
  const statements: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < productIds.length; start += productsPerChunk) {
    statements.push(db.delete(productSearch).where(inArray(productSearch.rowid, productIds.slice(start, start + productsPerChunk))));
  }
  for (let start = 0; start < documents.length; start += rowsPerInsert) {
    const rows = documents.slice(start, start + rowsPerInsert).map((document) => ({
      rowid: document.productId,
      nameEn: segmentForIndex(document.nameEn),
      nameTh: segmentForIndex(document.nameTh),
      skus: document.skus.join(" "),
      body: segmentForIndex(document.body.join("\n")),
    }));
    statements.push(db.insert(productSearch).values(rows));
  }
  return statements;
}

/**
 * Documents for those of the products that are published (the others are left out of the index),
 * or with `anyStatus` for all of them (a bulk "publish" writes the index in the same batch as the status).
 */
export async function readSearchDocuments(db: Database, productIds: number[], options: { anyStatus?: boolean } = {}): Promise<SearchDocument[]> {
  if (productIds.length === 0) return [];
  const [productRows, variantRows, optionRows] = await db.batch([
    db
      .select({
        id: products.id,
        sku: products.sku,
        nameEn: products.nameEn,
        nameTh: products.nameTh,
        descriptionEn: products.descriptionEn,
        descriptionTh: products.descriptionTh,
        // Aliased: in a D1 batch, rows come back keyed by column name, and categories' name_en
        // would overwrite the product's.
        categoryEn: sql<string>`${categories.nameEn}`.as("category_name_en"),
        categoryTh: sql<string>`${categories.nameTh}`.as("category_name_th"),
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(and(inArray(products.id, productIds), options.anyStatus ? undefined : eq(products.statusId, productStatusIds.published))),
    db
      .select({ productId: variants.productId, sku: variants.sku })
      .from(variants)
      .where(and(inArray(variants.productId, productIds), eq(variants.isActive, true)))
      .orderBy(asc(variants.productId), asc(variants.sortOrder), asc(variants.id)),
    db
      .selectDistinct({ productId: variants.productId, nameEn: attributeOptions.nameEn, nameTh: attributeOptions.nameTh })
      .from(variants)
      .innerJoin(variantOptions, eq(variantOptions.variantId, variants.id))
      .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
      .where(and(inArray(variants.productId, productIds), eq(variants.isActive, true))),
  ]);

  const skusByProduct = new Map<number, string[]>();
  for (const row of variantRows) skusByProduct.set(row.productId, [...(skusByProduct.get(row.productId) ?? []), row.sku]);
  const optionsByProduct = new Map<number, string[]>();
  for (const row of optionRows) optionsByProduct.set(row.productId, [...(optionsByProduct.get(row.productId) ?? []), row.nameEn, row.nameTh]);

  return productRows.map((row) => ({
    productId: row.id,
    nameEn: row.nameEn,
    nameTh: row.nameTh,
    skus: [...new Set([row.sku, ...(skusByProduct.get(row.id) ?? [])])],
    body: [row.descriptionEn, row.descriptionTh, row.categoryEn, row.categoryTh, ...new Set(optionsByProduct.get(row.id) ?? [])],
  }));
}

/**
 * Rewrites one product's index row from D1, in one batch (delete + insert). A product that is not
 * published, or no longer exists, is removed from the index. The back office calls this after
 * saving a product.
 */
export async function reindexProduct(d1: D1Database, productId: number): Promise<void> {
  if (!Number.isSafeInteger(productId) || productId < 1) return;
  await reindexProducts(d1, [productId]);
}

/** reindexProduct for several products (e.g. every product of a renamed category). */
export async function reindexProducts(d1: D1Database, productIds: number[]): Promise<void> {
  const db = database(d1);
  const ids = [...new Set(productIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
  for (let start = 0; start < ids.length; start += productsPerChunk) {
    const chunk = ids.slice(start, start + productsPerChunk);
    const statements = searchIndexStatements(db, chunk, await readSearchDocuments(db, chunk));
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  }
}

/**
 * Rebuilds the whole index: every product, chunk by chunk (each chunk one batch, so searches keep
 * working meanwhile), then drops rows of products that no longer exist.
 */
export async function reindexAllProducts(d1: D1Database): Promise<{ indexed: number }> {
  const db = database(d1);
  let indexed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db.select({ id: products.id }).from(products).where(gt(products.id, afterId)).orderBy(asc(products.id)).limit(productsPerChunk);
    if (rows.length === 0) break;
    const ids = rows.map((row) => row.id);
    const documents = await readSearchDocuments(db, ids);
    await db.batch(searchIndexStatements(db, ids, documents) as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    indexed += documents.length;
    afterId = ids[ids.length - 1]!;
  }
  await db.delete(productSearch).where(sql`${productSearch.rowid} NOT IN (SELECT ${products.id} FROM ${products})`);
  return { indexed };
}

/**
 * For local databases seeded before the index existed: rebuild it when it is empty while there are
 * products. Returns whether it did.
 */
export async function reindexIfEmpty(d1: D1Database): Promise<boolean> {
  const row = await d1
    .prepare("SELECT (SELECT count(*) FROM product_search) AS indexed, (SELECT count(*) FROM products) AS products")
    .first<{ indexed: number; products: number }>();
  if (!row || row.indexed > 0 || row.products === 0) return false;
  await reindexAllProducts(d1);
  return true;
}
