import { and, asc, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { outerColumn } from "~/db/outer-column";
import {
  attributeOptions,
  attributes,
  categories,
  galleryImages,
  productImages,
  products,
  productTypeAttributes,
  productTypes,
  stockMovements,
  variantOptions,
  variants,
} from "~/db/schema/catalog";
import { sizeGuides } from "~/db/schema/content";
import { orderLines } from "~/db/schema/orders";
import { type ProductStatusId, productStatusIds } from "~/domain/catalog";
import { planVariantChanges } from "~/domain/variant-changes";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { backInStockSql } from "~/features/catalog/back-in-stock.server";
import { readSearchDocuments, reindexProduct, type SearchDocument, searchIndexStatements } from "~/features/catalog/search-index.server";
import { integerSql, productCategoryMoveSql, reportStockSql } from "~/features/reports/report-summary.server";

import type { ProductDraft, ProductInput } from "./catalog-admin-schemas";
import { formatBahtInput, uniqueViolation } from "./catalog-admin-shared.server";
import type { ProductListQuery } from "./catalog-lists";
import { loadWithImagePicker } from "./gallery.server";

/**
 * Products in the back office (/backend/products/all-product, issue 4 item 8): the list, the
 * create/edit form's reference data and draft, saving (product, variants, variant options, images
 * and stock corrections in ONE db.batch) and deleting (refused once the product was ordered).
 */
function listFilter(query: ProductListQuery, ids: number[] | undefined): SQL | undefined {
  const { category, status, kind } = query.filters;
  const conditions: SQL[] = [];
  if (category !== null) conditions.push(eq(products.categoryId, category));
  if (status !== null) conditions.push(eq(products.statusId, status));
  if (kind !== null) conditions.push(eq(products.kind, kind));
  if (ids) conditions.push(inArray(products.id, ids.length ? ids : [0]));
  if (query.q) {
    conditions.push(
      sql`(${contains(products.nameEn, query.q)} OR ${contains(products.nameTh, query.q)} OR ${contains(products.sku, query.q)}
        OR EXISTS (SELECT 1 FROM ${variants} WHERE ${variants.productId} = ${outerColumn(products.id)} AND ${contains(variants.sku, query.q)}))`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** An aggregate over the variants of the outer query's `product` (its id column). */
const ofVariants = (product: AnySQLiteColumn, aggregate: SQL) =>
  sql`(SELECT ${aggregate} FROM ${variants} WHERE ${variants.productId} = ${outerColumn(product)})`;
const minPrice = (product: AnySQLiteColumn) => sql<number | null>`${ofVariants(product, sql`min(${variants.priceSatang})`)}`;
const totalStock = (product: AnySQLiteColumn) => sql<number>`${ofVariants(product, sql`coalesce(sum(${variants.stock}), 0)`)}`;
const productSorts = {
  created: products.createdAt,
  name: sql`lower(${products.nameEn})`,
  sku: products.sku,
  price: minPrice(products.id),
  stock: totalStock(products.id),
} satisfies Record<ProductListQuery["sort"], unknown>;

/**
 * The product list under its query (app/features/catalog-admin/catalog-lists.tsx): one page, every
 * row (export, print) or only `ids`, with price range, total stock and first picture, the count and
 * the category filter's choices — one batch. Ties keep the newest first.
 */
export async function listAdminProducts(d1: D1Database, query: ProductListQuery, scope: ListScope) {
  const db = database(d1);
  const where = listFilter(query, scope.ids);
  const direction = query.dir === "asc" ? asc : desc;
  // The page is cut first and its rows worked out after (category names, prices, stock, first picture): SQLite works out
  // a selected subquery for every row that matches before it sorts and cuts (issue 19, flat cost as the catalogue grows).
  const page = db
    .select({
      id: products.id,
      slug: products.slug,
      sku: products.sku,
      nameEn: products.nameEn,
      nameTh: products.nameTh,
      kind: products.kind,
      statusId: products.statusId,
      categoryId: products.categoryId,
      createdAt: products.createdAt,
      sortKey: sql`${productSorts[query.sort]}`.as("sort_key"),
    })
    .from(products)
    .where(where)
    .orderBy(direction(productSorts[query.sort]), desc(products.createdAt), desc(products.id))
    .limit(scope.limit)
    .offset(scope.offset)
    .as("page");
  const [totalRows, rows, categoryRows] = await db.batch([
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
    db
      .select({
        id: page.id,
        slug: page.slug,
        sku: page.sku,
        nameEn: page.nameEn,
        nameTh: page.nameTh,
        kind: page.kind,
        statusId: page.statusId,
        // Subqueries, not a join: D1 batch results are keyed by column name, so two name_en would collide.
        categoryNameEn: sql<string>`(SELECT ${categories.nameEn} FROM ${categories} WHERE ${categories.id} = ${outerColumn(page.categoryId)})`.as(
          "category_name_en",
        ),
        categoryNameTh: sql<string>`(SELECT ${categories.nameTh} FROM ${categories} WHERE ${categories.id} = ${outerColumn(page.categoryId)})`.as(
          "category_name_th",
        ),
        minPriceSatang: minPrice(page.id).as("min_price"),
        maxPriceSatang: sql<number | null>`${ofVariants(page.id, sql`max(${variants.priceSatang})`)}`.as("max_price"),
        stock: totalStock(page.id).mapWith(Number).as("total_stock"),
        variantCount: sql<number>`${ofVariants(page.id, sql`count(*)`)}`.mapWith(Number).as("variant_count"),
        imageKey: sql<
          string | null
        >`(SELECT ${productImages.imageKey} FROM ${productImages} WHERE ${productImages.productId} = ${outerColumn(page.id)} ORDER BY ${productImages.sortOrder}, ${productImages.id} LIMIT 1)`.as(
          "image_key",
        ),
      })
      .from(page)
      .orderBy(direction(page.sortKey), desc(page.createdAt), desc(page.id)),
    db
      .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0, categories: categoryRows };
}

/** Products updated per statement: keeps each IN list under D1's 100 bound parameters. */
const productsPerStatement = 80;

/**
 * The list's bulk "publish" / "unpublish" (hide): every ticked product's status and its search
 * index rows in ONE batch, so the shop never lists a product the index does not (or the reverse).
 * Returns how many products there were.
 */
export async function setProductsStatus(d1: D1Database, productIds: number[], statusId: ProductStatusId, now = Date.now()): Promise<number> {
  const db = database(d1);
  const ids = [...new Set(productIds)];
  const found: number[] = [];
  const documents: SearchDocument[] = [];
  for (let start = 0; start < ids.length; start += productsPerStatement) {
    const chunk = ids.slice(start, start + productsPerStatement);
    found.push(...(await db.select({ id: products.id }).from(products).where(inArray(products.id, chunk))).map((row) => row.id));
    // The documents as the products will be once published (their status is not what is indexed).
    if (statusId === productStatusIds.published) documents.push(...(await readSearchDocuments(db, chunk, { anyStatus: true })));
  }
  if (found.length === 0) return 0;
  const updates: BatchItem<"sqlite">[] = [];
  for (let start = 0; start < found.length; start += productsPerStatement) {
    updates.push(
      db
        .update(products)
        .set({ statusId, updatedAt: now })
        .where(inArray(products.id, found.slice(start, start + productsPerStatement))),
    );
  }
  await db.batch([...updates, ...searchIndexStatements(db, found, documents)] as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  return found.length;
}

/** Everything the product form offers to choose from (pictures come from the picker), in one batch. */
export async function loadProductFormReference(d1: D1Database) {
  const db = database(d1);
  const [categoryRows, typeRows, typeAttributeRows, optionRows, sizeGuideRows] = await db.batch([
    db
      .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select({ id: productTypes.id, nameEn: productTypes.nameEn, nameTh: productTypes.nameTh }).from(productTypes).orderBy(asc(productTypes.id)),
    db
      .select({
        productTypeId: productTypeAttributes.productTypeId,
        attributeId: attributes.id,
        code: attributes.code,
        nameEn: attributes.nameEn,
        nameTh: attributes.nameTh,
      })
      .from(productTypeAttributes)
      .innerJoin(attributes, eq(attributes.id, productTypeAttributes.attributeId))
      .orderBy(asc(productTypeAttributes.productTypeId), asc(productTypeAttributes.sortOrder), asc(attributes.id)),
    db
      .select({
        id: attributeOptions.id,
        attributeId: attributeOptions.attributeId,
        code: attributeOptions.code,
        nameEn: attributeOptions.nameEn,
        nameTh: attributeOptions.nameTh,
      })
      .from(attributeOptions)
      .orderBy(asc(attributeOptions.attributeId), asc(attributeOptions.sortOrder), asc(attributeOptions.id)),
    db.select({ id: sizeGuides.id, nameEn: sizeGuides.nameEn, nameTh: sizeGuides.nameTh }).from(sizeGuides).orderBy(asc(sizeGuides.id)),
  ]);
  const types = typeRows.map((type) => ({
    ...type,
    attributes: typeAttributeRows
      .filter((row) => row.productTypeId === type.id)
      .map((row) => ({
        id: row.attributeId,
        code: row.code,
        nameEn: row.nameEn,
        nameTh: row.nameTh,
        options: optionRows.filter((option) => option.attributeId === row.attributeId),
      })),
  }));
  return { categories: categoryRows, types, sizeGuides: sizeGuideRows };
}

export type ProductFormReferenceData = Awaited<ReturnType<typeof loadProductFormReference>>;

/** The saved product as the form's draft (strings, like a submitted form); null when there is none. */
export async function loadProductDraft(d1: D1Database, productId: number): Promise<{ draft: ProductDraft; slug: string; statusId: number } | null> {
  const db = database(d1);
  const [productRows, variantRows, optionRows, imageRows] = await db.batch([
    db.select().from(products).where(eq(products.id, productId)),
    db.select().from(variants).where(eq(variants.productId, productId)).orderBy(asc(variants.sortOrder), asc(variants.id)),
    db
      .select({ variantId: variantOptions.variantId, optionId: variantOptions.optionId, attributeId: attributeOptions.attributeId })
      .from(variantOptions)
      .innerJoin(variants, eq(variants.id, variantOptions.variantId))
      .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
      .where(eq(variants.productId, productId)),
    db
      .select({ key: productImages.imageKey })
      .from(productImages)
      .where(eq(productImages.productId, productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id)),
  ]);
  const product = productRows[0];
  if (!product) return null;
  return {
    slug: product.slug,
    statusId: product.statusId,
    draft: {
      nameEn: product.nameEn,
      nameTh: product.nameTh,
      descriptionEn: product.descriptionEn,
      descriptionTh: product.descriptionTh,
      slug: product.slug,
      sku: product.sku,
      categoryId: String(product.categoryId),
      productTypeId: product.productTypeId === null ? "" : String(product.productTypeId),
      kind: product.kind,
      statusId: String(product.statusId),
      weightGrams: String(product.weightGrams),
      sizeGuideId: product.sizeGuideId === null ? "" : String(product.sizeGuideId),
      images: imageRows.map((image, index) => ({ key: image.key, chosen: true, order: String(index + 1) })),
      variants: variantRows.map((variant) => ({
        id: String(variant.id),
        sku: variant.sku,
        price: formatBahtInput(variant.priceSatang),
        compareAtPrice: variant.compareAtPriceSatang === null ? "" : formatBahtInput(variant.compareAtPriceSatang),
        stock: String(variant.stock),
        stockShown: String(variant.stock),
        active: variant.isActive,
        options: Object.fromEntries(optionRows.filter((row) => row.variantId === variant.id).map((row) => [String(row.attributeId), String(row.optionId)])),
      })),
    },
  };
}

/**
 * The product form's reads in one round trip (issue 19): what it offers to choose from, the saved product (null for a new
 * one, or when there is none) and its pictures' picker.
 */
export async function loadProductForm(d1: D1Database, productId: number | null) {
  const [reference, { entry, picker }] = await Promise.all([
    loadProductFormReference(d1),
    loadWithImagePicker(d1, productId, {
      find: (id) => loadProductDraft(d1, id),
      idColumn: productImages.productId,
      imageColumn: productImages.imageKey,
      imageKeys: (saved) => saved.draft.images.map((image) => image.key),
    }),
  ]);
  return { reference, saved: entry, picker };
}

export type SaveProductResult =
  | { ok: true; productId: number }
  | { ok: false; reason: "not-found" }
  /** Field name of the form (`variants[2].sku`, "" for the form) → message key (`catalogAdmin:validation`, with an optional ":count"). */
  | { ok: false; reason: "invalid"; errors: Record<string, string[]> };

interface SaveProductCommand {
  /** Null to create. */
  productId: number | null;
  input: ProductInput;
  staffUserId: number;
  now?: number;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/** JSON array parameter: one bound value however many SKUs (D1 allows 100 per statement). */
const jsonList = (values: readonly (string | number)[]) => sql`(SELECT value FROM json_each(${JSON.stringify(values)}))`;

/**
 * Creates or updates a product with its variants, variant options and images in ONE db.batch;
 * on edit, each stock figure staff changed also writes a stock movement ("correction"). SKUs and
 * the slug are checked first (field errors); the unique indexes catch a concurrent save.
 */
export async function saveProduct(d1: D1Database, command: SaveProductCommand): Promise<SaveProductResult> {
  const db = database(d1);
  const { input, productId, staffUserId } = command;
  const now = command.now ?? Date.now();
  const variantSkus = input.variants.map((variant) => variant.sku);
  const imageKeys = input.images.map((image) => image.key);

  const [slugTaken, skuTaken, variantSkusTaken, productRows, existingVariants, existingImages, galleryRows] = await db.batch([
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, input.slug), productId === null ? undefined : ne(products.id, productId)))
      .limit(1),
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.sku, input.sku), productId === null ? undefined : ne(products.id, productId)))
      .limit(1),
    db
      .select({ sku: variants.sku })
      .from(variants)
      .where(and(sql`${variants.sku} IN ${jsonList(variantSkus)}`, productId === null ? undefined : ne(variants.productId, productId))),
    db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, productId ?? 0)),
    db
      .select({
        id: variants.id,
        ordered: sql<number>`EXISTS (SELECT 1 FROM ${orderLines} WHERE ${orderLines.variantId} = ${outerColumn(variants.id)})`.mapWith(Boolean),
      })
      .from(variants)
      .where(eq(variants.productId, productId ?? 0)),
    db
      .select()
      .from(productImages)
      .where(eq(productImages.productId, productId ?? 0)),
    db
      .select({ key: galleryImages.imageKey, width: galleryImages.width, height: galleryImages.height })
      .from(galleryImages)
      .where(sql`${galleryImages.imageKey} IN ${jsonList(imageKeys)}`),
  ]);
  if (productId !== null && productRows.length === 0) return { ok: false, reason: "not-found" };

  const errors: Record<string, string[]> = {};
  if (slugTaken.length) errors.slug = ["slugTaken"];
  if (skuTaken.length) errors.sku = ["skuTaken"];
  const takenSkus = new Set(variantSkusTaken.map((row) => row.sku));
  input.variants.forEach((variant, index) => {
    if (takenSkus.has(variant.sku)) errors[`variants[${index}].sku`] = ["skuTaken"];
  });
  // A picture must be in the gallery, or already be this product's (kept after it left the gallery).
  const gallerySizes = new Map(galleryRows.map((image) => [image.key, image]));
  for (const image of input.images) {
    if (!gallerySizes.has(image.key) && !existingImages.some((existing) => existing.imageKey === image.key))
      errors[`images[${image.row}].key`] = ["imageUnknown"];
  }

  const decision = planVariantChanges(
    existingVariants,
    input.variants.map((variant) => ({ id: variant.id, stock: variant.stock, stockShown: variant.stockShown })),
  );
  if (!decision.ok) {
    for (const index of decision.unknown) errors[`variants[${index}].sku`] = ["invalid"];
    if (decision.ordered.length) errors.variants = [`variantOrdered:${decision.ordered.length}`];
  }
  if (Object.keys(errors).length || !decision.ok) return { ok: false, reason: "invalid", errors };
  const { plan } = decision;

  const productValues = {
    slug: input.slug,
    sku: input.sku,
    kind: input.kind,
    categoryId: input.categoryId,
    productTypeId: input.productTypeId,
    statusId: input.statusId,
    nameEn: input.nameEn,
    nameTh: input.nameTh,
    descriptionEn: input.descriptionEn,
    descriptionTh: input.descriptionTh,
    weightGrams: input.weightGrams,
    sizeGuideId: input.sizeGuideId,
    updatedAt: now,
  };
  // A new product's id is not known inside the batch: later statements find it by its unique SKU.
  const productIdSql = productId ?? sql<number>`(SELECT ${products.id} FROM ${products} WHERE ${products.sku} = ${input.sku})`;
  const variantIdBySku = (variantSku: string) => sql<number>`(SELECT ${variants.id} FROM ${variants} WHERE ${variants.sku} = ${variantSku})`;

  const statements: BatchItem<"sqlite">[] = [];
  if (productId === null) {
    statements.push(db.insert(products).values({ ...productValues, createdAt: now }));
  } else {
    // A new category takes the product's sales history along in the report summary (before the row changes).
    statements.push(...productCategoryMoveSql(productId, input.categoryId).map((move) => db.run(move)));
    statements.push(db.update(products).set(productValues).where(eq(products.id, productId)));
    if (plan.delete.length) statements.push(db.delete(variants).where(and(eq(variants.productId, productId), inArray(variants.id, plan.delete))));
  }

  for (const { index, id, stockTo } of plan.update) {
    const variant = input.variants[index]!;
    if (stockTo !== null) {
      // Recorded before the update so the delta is taken from the stock at this very moment.
      statements.push(
        db.insert(stockMovements).select(
          db
            .select({
              id: sql`NULL`.as("id"),
              variantId: variants.id,
              delta: sql`${stockTo} - ${variants.stock}`.as("delta"),
              stockAfter: sql`${stockTo}`.as("stock_after"),
              reason: sql`'correction'`.as("reason"),
              note: sql`''`.as("note"),
              staffUserId: sql`${staffUserId}`.as("staff_user_id"),
              orderId: sql`NULL`.as("order_id"),
              createdAt: sql`${now}`.as("created_at"),
            })
            .from(variants)
            .where(and(eq(variants.id, id), ne(variants.stock, stockTo))),
        ),
        ...reportStockSql(
          now,
          "correction",
          `SELECT id AS variant_id, ${integerSql(stockTo)} - stock AS delta FROM variants WHERE id = ${integerSql(id)} AND stock <> ${integerSql(stockTo)}`,
        ).map((statement) => db.run(statement)),
      );
    }
    statements.push(
      db
        .update(variants)
        .set({
          sku: variant.sku,
          priceSatang: variant.price,
          compareAtPriceSatang: variant.compareAtPrice,
          isActive: variant.active,
          sortOrder: index,
          updatedAt: now,
          ...(stockTo !== null ? { stock: stockTo } : {}),
        })
        .where(eq(variants.id, id)),
    );
  }
  if (plan.update.length)
    statements.push(
      db.delete(variantOptions).where(
        inArray(
          variantOptions.variantId,
          plan.update.map((row) => row.id),
        ),
      ),
    );
  for (const index of plan.insert) {
    const variant = input.variants[index]!;
    statements.push(
      db.insert(variants).values({
        productId: productIdSql as unknown as number,
        sku: variant.sku,
        priceSatang: variant.price,
        compareAtPriceSatang: variant.compareAtPrice,
        stock: variant.stock,
        isActive: variant.active,
        sortOrder: index,
        createdAt: now,
        updatedAt: now,
      }),
    );
    // A variant brings its first stock in: the inventory history shows it (and the ledger adds up to the shelf).
    if (variant.stock > 0) {
      statements.push(
        db.insert(stockMovements).values({
          variantId: variantIdBySku(variant.sku) as unknown as number,
          delta: variant.stock,
          stockAfter: variant.stock,
          reason: "correction",
          staffUserId,
          createdAt: now,
        }),
        // The ledger row just written (the new variant's id is only known inside the batch).
        ...reportStockSql(now, "correction", "SELECT variant_id, delta FROM stock_movements WHERE id = (SELECT max(id) FROM stock_movements)").map(
          (statement) => db.run(statement),
        ),
      );
    }
  }
  const optionRows = input.variants.flatMap((variant) =>
    variant.optionIds.map((optionId) => ({ variantId: variantIdBySku(variant.sku) as unknown as number, optionId })),
  );
  // Multi-row inserts keep the batch short (D1 counts statements); each stays under 100 parameters.
  for (const rows of chunks(optionRows, 40)) statements.push(db.insert(variantOptions).values(rows));

  // Images: replaced in the chosen order; a picture kept keeps its colour link, alt text and size.
  if (productId !== null) statements.push(db.delete(productImages).where(eq(productImages.productId, productId)));
  const imageRows = input.images.map(({ key }, position) => {
    const kept = existingImages.find((image) => image.imageKey === key);
    const size = gallerySizes.get(key);
    return {
      productId: productIdSql as unknown as number,
      optionId: kept?.optionId ?? null,
      imageKey: key,
      altEn: kept?.altEn || input.nameEn,
      altTh: kept?.altTh || input.nameTh,
      width: kept?.width ?? size?.width ?? null,
      height: kept?.height ?? size?.height ?? null,
      sortOrder: position,
    };
  });
  for (const rows of chunks(imageRows, 8)) statements.push(db.insert(productImages).values(rows));
  // A stock figure raised, a variant made active again or the product published: shoppers waiting
  // for a variant that is sellable now get their one e-mail in this batch.
  statements.push(...backInStockSql(now).map((query) => db.run(query)));
  statements.push(db.select({ id: products.id }).from(products).where(eq(products.sku, input.sku)));

  let savedId: number;
  try {
    const results = (await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]])) as unknown[];
    const last = results[results.length - 1] as { id: number }[];
    savedId = last[0]!.id;
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === "products.slug") return { ok: false, reason: "invalid", errors: { slug: ["slugTaken"] } };
    if (violated === "products.sku") return { ok: false, reason: "invalid", errors: { sku: ["skuTaken"] } };
    if (violated === "variants.sku") return { ok: false, reason: "invalid", errors: { variants: ["skuTaken"] } };
    const message = String((error as Error)?.message ?? error);
    if (/CHECK constraint failed/i.test(message)) return { ok: false, reason: "invalid", errors: { variants: ["stockChanged"] } };
    if (/FOREIGN KEY constraint failed/i.test(message)) return { ok: false, reason: "invalid", errors: { "": ["changedMeanwhile"] } };
    throw error;
  }
  await reindexProduct(d1, savedId);
  return { ok: true, productId: savedId };
}

export type DeleteProductResult = { ok: true } | { ok: false; reason: "not-found" | "ordered" };

/**
 * Deletes a product that was never ordered (its variants, options, images, cart lines, flash-sale
 * items and stock history go with it). An ordered product stays — order lines point at it — and
 * staff are offered to hide it instead. The refusal is part of the DELETE itself, so an order placed
 * a moment before cannot slip through.
 */
export async function deleteProduct(d1: D1Database, productId: number): Promise<DeleteProductResult> {
  const db = database(d1);
  const notOrdered = sql`NOT EXISTS (SELECT 1 FROM ${orderLines} WHERE ${orderLines.productId} = ${productId}
    OR ${orderLines.variantId} IN (SELECT ${variants.id} FROM ${variants} WHERE ${variants.productId} = ${productId}))`;
  const [deleted, stillThere] = await db.batch([
    db
      .delete(products)
      .where(and(eq(products.id, productId), notOrdered))
      .returning({ id: products.id }),
    db.select({ id: products.id }).from(products).where(eq(products.id, productId)),
  ]);
  if (deleted.length) {
    await reindexProduct(d1, productId);
    return { ok: true };
  }
  return { ok: false, reason: stillThere.length ? "ordered" : "not-found" };
}

/** "Hide instead": the product leaves the shop but stays for its orders. */
export async function hideProduct(d1: D1Database, productId: number, now = Date.now()): Promise<boolean> {
  const rows = await database(d1)
    .update(products)
    .set({ statusId: productStatusIds.hidden, updatedAt: now })
    .where(eq(products.id, productId))
    .returning({ id: products.id });
  if (rows.length) await reindexProduct(d1, productId);
  return rows.length > 0;
}
