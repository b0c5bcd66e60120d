import { and, asc, count, desc, eq, inArray, ne, notInArray, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { outerColumn } from "~/db/outer-column";
import {
  attributeDisplayTypes,
  attributeOptions,
  attributes,
  categories,
  galleryImages,
  products,
  productTypeAttributes,
  productTypes,
  variantOptions,
  variants,
} from "~/db/schema/catalog";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { reindexProducts } from "~/features/catalog/search-index.server";

import type { AttributeDraft, AttributeInput, CategoryDraft, CategoryInput, ProductTypeDraft, ProductTypeInput } from "./catalog-admin-schemas";
import { galleryImageChoices, uniqueViolation } from "./catalog-admin-shared.server";
import type { AttributeListQuery, CategoryListQuery, ProductTypeListQuery } from "./catalog-lists";
import { loadWithImagePicker } from "./gallery.server";

/**
 * Categories, product types and attributes (with their options) in the back office
 * (/backend/products/category | type | attribute, issue 4 item 8). Deleting anything still in use is
 * refused with a reason; the refusal is decided by the DELETE's own condition (and the foreign keys),
 * so nothing added a moment earlier slips through.
 */
/** Field name of the form (`options[2].code`, "" for the form) → message keys of `catalogAdmin:validation`. */
type Errors = Record<string, string[]>;
export type SaveResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" }
  /** `inUse`: what blocks the change, named for the page (option codes, attribute names). */
  | { ok: false; reason: "invalid"; errors: Errors; inUse?: { nameEn: string; nameTh: string }[] };
export type DeleteResult<Reason extends string> = { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: Reason; count: number };

function firstBatch<T>(statements: T[]) {
  return statements as unknown as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]];
}

// ————— categories —————

/** Search both names, a slug or code; only `ids` for an export of the selection. */
function taxonomyWhere(q: string, ids: number[] | undefined, id: SQLWrapper, columns: SQLWrapper[]): SQL | undefined {
  return and(q ? or(...columns.map((column) => contains(column, q))) : undefined, ids ? inArray(id, ids.length ? ids : [0]) : undefined);
}
const listOrder = (dir: "asc" | "desc", column: SQLWrapper, id: SQLWrapper) => (dir === "asc" ? [asc(column), asc(id)] : [desc(column), desc(id)]);

const categoryProducts = sql<number>`(SELECT count(*) FROM ${products} WHERE ${products.categoryId} = ${outerColumn(categories.id)})`.mapWith(Number);
const categorySorts = {
  order: categories.sortOrder,
  name: sql`lower(${categories.nameEn})`,
  slug: categories.slug,
  products: categoryProducts,
} satisfies Record<CategoryListQuery["sort"], SQLWrapper>;

/** The category list under its query (app/features/catalog-admin/catalog-lists.tsx), with the count, in one batch. */
export async function listAdminCategories(d1: D1Database, query: CategoryListQuery, scope: ListScope) {
  const db = database(d1);
  const where = taxonomyWhere(query.q, scope.ids, categories.id, [categories.nameEn, categories.nameTh, categories.slug]);
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(categories).where(where),
    db
      .select({
        id: categories.id,
        slug: categories.slug,
        nameEn: categories.nameEn,
        nameTh: categories.nameTh,
        imageKey: categories.imageKey,
        sortOrder: categories.sortOrder,
        productCount: categoryProducts,
      })
      .from(categories)
      .where(where)
      .orderBy(...listOrder(query.dir, categorySorts[query.sort], categories.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

/**
 * The category as the form's draft (a new one: `draft` null) and its picture's picker, in one round trip; null when
 * there is none.
 */
export async function loadCategoryForm(d1: D1Database, id: number | null) {
  const { entry: row, picker } = await loadWithImagePicker(d1, id, {
    find: async (categoryId) => (await database(d1).select().from(categories).where(eq(categories.id, categoryId)).get()) ?? null,
    idColumn: categories.id,
    imageColumn: categories.imageKey,
    imageKeys: (category) => (category.imageKey ? [category.imageKey] : []),
  });
  if (id !== null && !row) return null;
  const draft: CategoryDraft | null = row
    ? {
        slug: row.slug,
        nameEn: row.nameEn,
        nameTh: row.nameTh,
        descriptionEn: row.descriptionEn,
        descriptionTh: row.descriptionTh,
        imageKey: row.imageKey ?? "",
        sortOrder: String(row.sortOrder),
      }
    : null;
  return { draft, picker };
}

export async function saveCategory(d1: D1Database, id: number | null, input: CategoryInput, now = Date.now()): Promise<SaveResult> {
  const db = database(d1);
  const [taken, existing, inGallery] = await db.batch([
    db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.slug, input.slug), id === null ? undefined : ne(categories.id, id)))
      .limit(1),
    db
      .select({ id: categories.id, imageKey: categories.imageKey })
      .from(categories)
      .where(eq(categories.id, id ?? 0)),
    db
      .select({ key: galleryImages.imageKey })
      .from(galleryImages)
      .where(eq(galleryImages.imageKey, input.imageKey ?? "")),
  ]);
  if (id !== null && existing.length === 0) return { ok: false, reason: "not-found" };
  const errors: Errors = {};
  if (taken.length) errors.slug = ["slugTaken"];
  // The picture must be in the gallery, or be the one the category already has.
  if (input.imageKey !== null && inGallery.length === 0 && existing[0]?.imageKey !== input.imageKey) errors.imageKey = ["imageUnknown"];
  if (Object.keys(errors).length) return { ok: false, reason: "invalid", errors };
  try {
    if (id === null) {
      const [row] = await db
        .insert(categories)
        .values({ ...input, createdAt: now, updatedAt: now })
        .returning({ id: categories.id });
      return { ok: true, id: row!.id };
    }
    await db
      .update(categories)
      .set({ ...input, updatedAt: now })
      .where(eq(categories.id, id));
    // The category's names are part of each product's search text ("เสื้อยืด" finds every T-shirt).
    const inCategory = await db.select({ id: products.id }).from(products).where(eq(products.categoryId, id));
    await reindexProducts(
      d1,
      inCategory.map((product) => product.id),
    );
    return { ok: true, id };
  } catch (error) {
    if (uniqueViolation(error) === "categories.slug") return { ok: false, reason: "invalid", errors: { slug: ["slugTaken"] } };
    throw error;
  }
}

/** Refused while any product is in the category (the foreign key restricts it as well). */
export async function deleteCategory(d1: D1Database, id: number): Promise<DeleteResult<"has-products">> {
  const db = database(d1);
  const [deleted, remaining] = await db.batch([
    db
      .delete(categories)
      .where(and(eq(categories.id, id), sql`NOT EXISTS (SELECT 1 FROM ${products} WHERE ${products.categoryId} = ${id})`))
      .returning({ id: categories.id }),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(products.categoryId, id)),
  ]);
  if (deleted.length) return { ok: true };
  const count = remaining[0]?.count ?? 0;
  return count > 0 ? { ok: false, reason: "has-products", count } : { ok: false, reason: "not-found" };
}

// ————— attributes —————

export async function listDisplayTypes(d1: D1Database) {
  return database(d1).select().from(attributeDisplayTypes).orderBy(asc(attributeDisplayTypes.id));
}

const attributeOptionCount =
  sql<number>`(SELECT count(*) FROM ${attributeOptions} WHERE ${attributeOptions.attributeId} = ${outerColumn(attributes.id)})`.mapWith(Number);
const attributeTypeCount =
  sql<number>`(SELECT count(*) FROM ${productTypeAttributes} WHERE ${productTypeAttributes.attributeId} = ${outerColumn(attributes.id)})`.mapWith(Number);
const attributeSorts = {
  order: attributes.sortOrder,
  name: sql`lower(${attributes.nameEn})`,
  code: attributes.code,
  options: attributeOptionCount,
  types: attributeTypeCount,
} satisfies Record<AttributeListQuery["sort"], SQLWrapper>;

/** The attribute list under its query, with the count, in one batch. */
export async function listAdminAttributes(d1: D1Database, query: AttributeListQuery, scope: ListScope) {
  const db = database(d1);
  const where = taxonomyWhere(query.q, scope.ids, attributes.id, [attributes.nameEn, attributes.nameTh, attributes.code]);
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(attributes).where(where),
    db
      .select({
        id: attributes.id,
        code: attributes.code,
        nameEn: attributes.nameEn,
        nameTh: attributes.nameTh,
        displayTypeId: attributes.displayTypeId,
        sortOrder: attributes.sortOrder,
        optionCount: attributeOptionCount,
        typeCount: attributeTypeCount,
      })
      .from(attributes)
      .where(where)
      .orderBy(...listOrder(query.dir, attributeSorts[query.sort], attributes.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

export async function loadAttributeForm(d1: D1Database, id: number | null) {
  const db = database(d1);
  const [[rows, optionRows, displayTypes], gallery] = await Promise.all([
    db.batch([
      db
        .select()
        .from(attributes)
        .where(eq(attributes.id, id ?? 0)),
      db
        .select({
          id: attributeOptions.id,
          code: attributeOptions.code,
          nameEn: attributeOptions.nameEn,
          nameTh: attributeOptions.nameTh,
          colorHex: attributeOptions.colorHex,
          imageKey: attributeOptions.imageKey,
          sortOrder: attributeOptions.sortOrder,
          usedBy: sql<number>`(SELECT count(*) FROM ${variantOptions} WHERE ${variantOptions.optionId} = ${outerColumn(attributeOptions.id)})`.mapWith(Number),
        })
        .from(attributeOptions)
        .where(eq(attributeOptions.attributeId, id ?? 0))
        .orderBy(asc(attributeOptions.sortOrder), asc(attributeOptions.id)),
      db.select().from(attributeDisplayTypes).orderBy(asc(attributeDisplayTypes.id)),
    ]),
    galleryImageChoices(d1),
  ]);
  const row = rows[0];
  if (id !== null && !row) return null;
  const images = [...gallery];
  for (const option of optionRows) {
    if (option.imageKey && !images.some((image) => image.key === option.imageKey))
      images.push({ key: option.imageKey, fileName: option.imageKey, width: null, height: null });
  }
  const draft: AttributeDraft | null = row
    ? {
        code: row.code,
        nameEn: row.nameEn,
        nameTh: row.nameTh,
        displayTypeId: String(row.displayTypeId),
        sortOrder: String(row.sortOrder),
        options: optionRows.map((option) => ({
          id: String(option.id),
          code: option.code,
          nameEn: option.nameEn,
          nameTh: option.nameTh,
          colorHex: option.colorHex ?? "",
          imageKey: option.imageKey ?? "",
          sortOrder: String(option.sortOrder),
        })),
      }
    : null;
  return { draft, displayTypes, images, usage: Object.fromEntries(optionRows.map((option) => [String(option.id), option.usedBy])) };
}

/**
 * Saves an attribute and its options in one batch: options left out of the form are deleted —
 * refused (field error) for any that variants use — the others updated, new ones inserted.
 */
export async function saveAttribute(d1: D1Database, id: number | null, input: AttributeInput): Promise<SaveResult> {
  const db = database(d1);
  const keptIds = input.options.flatMap((option) => (option.id === null ? [] : [option.id]));
  const imageKeys = input.options.flatMap((option) => (option.imageKey === null ? [] : [option.imageKey]));
  const [taken, existing, existingOptions, inGallery] = await db.batch([
    db
      .select({ id: attributes.id })
      .from(attributes)
      .where(and(eq(attributes.code, input.code), id === null ? undefined : ne(attributes.id, id)))
      .limit(1),
    db
      .select({ id: attributes.id })
      .from(attributes)
      .where(eq(attributes.id, id ?? 0)),
    db
      .select({
        id: attributeOptions.id,
        code: attributeOptions.code,
        imageKey: attributeOptions.imageKey,
        usedBy: sql<number>`(SELECT count(*) FROM ${variantOptions} WHERE ${variantOptions.optionId} = ${outerColumn(attributeOptions.id)})`.mapWith(Number),
      })
      .from(attributeOptions)
      .where(eq(attributeOptions.attributeId, id ?? 0)),
    db
      .select({ key: galleryImages.imageKey })
      .from(galleryImages)
      .where(inArray(galleryImages.imageKey, imageKeys.length ? imageKeys : [""])),
  ]);
  if (id !== null && existing.length === 0) return { ok: false, reason: "not-found" };
  const errors: Errors = {};
  if (taken.length) errors.code = ["codeTaken"];
  const knownImages = new Set([...inGallery.map((image) => image.key), ...existingOptions.map((option) => option.imageKey)]);
  input.options.forEach((option, index) => {
    if (option.id !== null && !existingOptions.some((known) => known.id === option.id)) errors[`options[${index}].code`] = ["invalid"];
    if (option.imageKey !== null && !knownImages.has(option.imageKey)) errors[`options[${index}].imageKey`] = ["imageUnknown"];
  });
  const removedInUse = existingOptions.filter((option) => !keptIds.includes(option.id) && option.usedBy > 0);
  if (removedInUse.length) errors.options = ["optionInUse"];
  if (Object.keys(errors).length) {
    return { ok: false, reason: "invalid", errors, inUse: removedInUse.map((option) => ({ nameEn: option.code, nameTh: option.code })) };
  }

  const attributeValues = { code: input.code, nameEn: input.nameEn, nameTh: input.nameTh, displayTypeId: input.displayTypeId, sortOrder: input.sortOrder };
  const attributeIdSql = id ?? sql<number>`(SELECT ${attributes.id} FROM ${attributes} WHERE ${attributes.code} = ${input.code})`;
  const statements: BatchItem<"sqlite">[] = [];
  if (id === null) statements.push(db.insert(attributes).values(attributeValues));
  else {
    statements.push(db.update(attributes).set(attributeValues).where(eq(attributes.id, id)));
    // Never-used options only: the variant_options foreign key refuses the rest even in a race.
    const removed = existingOptions.filter((option) => !keptIds.includes(option.id)).map((option) => option.id);
    if (removed.length) statements.push(db.delete(attributeOptions).where(and(eq(attributeOptions.attributeId, id), inArray(attributeOptions.id, removed))));
    // Codes move between rows safely: the kept rows first get a code no row can have.
    if (keptIds.length) {
      statements.push(
        db
          .update(attributeOptions)
          .set({ code: sql`'~' || ${attributeOptions.id}` })
          .where(and(eq(attributeOptions.attributeId, id), inArray(attributeOptions.id, keptIds))),
      );
    }
  }
  for (const option of input.options) {
    const values = {
      code: option.code,
      nameEn: option.nameEn,
      nameTh: option.nameTh,
      colorHex: option.colorHex,
      imageKey: option.imageKey,
      sortOrder: option.sortOrder,
    };
    if (option.id !== null) statements.push(db.update(attributeOptions).set(values).where(eq(attributeOptions.id, option.id)));
    else statements.push(db.insert(attributeOptions).values({ ...values, attributeId: attributeIdSql as unknown as number }));
  }
  statements.push(db.select({ id: attributes.id }).from(attributes).where(eq(attributes.code, input.code)));
  try {
    const results = (await db.batch(firstBatch(statements))) as unknown[];
    const last = results[results.length - 1] as { id: number }[];
    // Option names (colours) are part of the search text of every product sold in them.
    if (id !== null) {
      const usingOptions = await db
        .selectDistinct({ id: variants.productId })
        .from(variants)
        .innerJoin(variantOptions, eq(variantOptions.variantId, variants.id))
        .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
        .where(eq(attributeOptions.attributeId, id));
      await reindexProducts(
        d1,
        usingOptions.map((product) => product.id),
      );
    }
    return { ok: true, id: last[0]!.id };
  } catch (error) {
    const violated = uniqueViolation(error);
    if (violated === "attributes.code") return { ok: false, reason: "invalid", errors: { code: ["codeTaken"] } };
    if (violated?.startsWith("attribute_options.")) return { ok: false, reason: "invalid", errors: { options: ["codeTaken"] } };
    if (/FOREIGN KEY constraint failed/i.test(String((error as Error)?.message))) {
      return { ok: false, reason: "invalid", errors: { options: ["optionInUse"] } };
    }
    throw error;
  }
}

/** Refused while a product type uses the attribute or a variant uses one of its options. */
export async function deleteAttribute(d1: D1Database, id: number): Promise<DeleteResult<"used-by-types" | "used-by-variants">> {
  const db = database(d1);
  const optionsInUse = sql`EXISTS (SELECT 1 FROM ${variantOptions} INNER JOIN ${attributeOptions} ON ${outerColumn(attributeOptions.id)} = ${outerColumn(variantOptions.optionId)} WHERE ${attributeOptions.attributeId} = ${id})`;
  const usedByTypes = sql`EXISTS (SELECT 1 FROM ${productTypeAttributes} WHERE ${productTypeAttributes.attributeId} = ${id})`;
  const [deleted, typeCount, variantCount] = await db.batch([
    db
      .delete(attributes)
      .where(and(eq(attributes.id, id), sql`NOT ${usedByTypes}`, sql`NOT ${optionsInUse}`))
      .returning({ id: attributes.id }),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(productTypeAttributes)
      .where(eq(productTypeAttributes.attributeId, id)),
    db
      .select({ count: sql<number>`count(DISTINCT ${variantOptions.variantId})`.mapWith(Number) })
      .from(variantOptions)
      .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
      .where(eq(attributeOptions.attributeId, id)),
  ]);
  if (deleted.length) return { ok: true };
  const types = typeCount[0]?.count ?? 0;
  const variantsUsing = variantCount[0]?.count ?? 0;
  if (types > 0) return { ok: false, reason: "used-by-types", count: types };
  if (variantsUsing > 0) return { ok: false, reason: "used-by-variants", count: variantsUsing };
  return { ok: false, reason: "not-found" };
}

// ————— product types —————

const typeProducts = sql<number>`(SELECT count(*) FROM ${products} WHERE ${products.productTypeId} = ${outerColumn(productTypes.id)})`.mapWith(Number);
const productTypeSorts = {
  order: productTypes.id,
  name: sql`lower(${productTypes.nameEn})`,
  products: typeProducts,
} satisfies Record<ProductTypeListQuery["sort"], SQLWrapper>;

/** The product type list under its query, each type with its attributes in order, in one batch. */
export async function listAdminProductTypes(d1: D1Database, query: ProductTypeListQuery, scope: ListScope) {
  const db = database(d1);
  const where = taxonomyWhere(query.q, scope.ids, productTypes.id, [productTypes.nameEn, productTypes.nameTh]);
  const [totalRows, types, links] = await db.batch([
    db.select({ total: count() }).from(productTypes).where(where),
    db
      .select({ id: productTypes.id, nameEn: productTypes.nameEn, nameTh: productTypes.nameTh, productCount: typeProducts })
      .from(productTypes)
      .where(where)
      .orderBy(...listOrder(query.dir, productTypeSorts[query.sort], productTypes.id))
      .limit(scope.limit)
      .offset(scope.offset),
    db
      .select({ productTypeId: productTypeAttributes.productTypeId, nameEn: attributes.nameEn, nameTh: attributes.nameTh })
      .from(productTypeAttributes)
      .innerJoin(attributes, eq(attributes.id, productTypeAttributes.attributeId))
      .orderBy(asc(productTypeAttributes.sortOrder), asc(attributes.id)),
  ]);
  return { rows: types.map((type) => ({ ...type, attributes: links.filter((link) => link.productTypeId === type.id) })), total: totalRows[0]?.total ?? 0 };
}

export async function loadProductTypeForm(d1: D1Database, id: number | null) {
  const db = database(d1);
  const [rows, links, attributeRows] = await db.batch([
    db
      .select()
      .from(productTypes)
      .where(eq(productTypes.id, id ?? 0)),
    db
      .select({ attributeId: productTypeAttributes.attributeId, sortOrder: productTypeAttributes.sortOrder })
      .from(productTypeAttributes)
      .where(eq(productTypeAttributes.productTypeId, id ?? 0))
      .orderBy(asc(productTypeAttributes.sortOrder), asc(productTypeAttributes.attributeId)),
    db
      .select({ id: attributes.id, code: attributes.code, nameEn: attributes.nameEn, nameTh: attributes.nameTh })
      .from(attributes)
      .orderBy(asc(attributes.sortOrder), asc(attributes.id)),
  ]);
  const row = rows[0];
  if (id !== null && !row) return null;
  // One row per attribute: the type's own first, in their order, then the others.
  const position = new Map(links.map((link, index) => [link.attributeId, index]));
  const ordered = [...attributeRows].sort((a, b) => (position.get(a.id) ?? Infinity) - (position.get(b.id) ?? Infinity));
  const draft: ProductTypeDraft = {
    nameEn: row?.nameEn ?? "",
    nameTh: row?.nameTh ?? "",
    attributes: ordered.map((attribute) => {
      const index = position.get(attribute.id);
      return { id: String(attribute.id), chosen: index !== undefined, order: index === undefined ? "" : String(index + 1) };
    }),
  };
  return { draft, saved: row ? { nameEn: row.nameEn, nameTh: row.nameTh } : null, attributes: ordered };
}

/**
 * Saves a type and its ordered attribute list in one batch. Taking an attribute away is refused
 * while a product of this type has variants using that attribute's options (they would lose it).
 */
export async function saveProductType(d1: D1Database, id: number | null, input: ProductTypeInput, now = Date.now()): Promise<SaveResult> {
  const db = database(d1);
  if (id !== null) {
    const [existing, inUse] = await db.batch([
      db.select({ id: productTypes.id }).from(productTypes).where(eq(productTypes.id, id)),
      db
        .selectDistinct({ attributeId: attributeOptions.attributeId, nameEn: attributes.nameEn, nameTh: attributes.nameTh })
        .from(variantOptions)
        .innerJoin(variants, eq(variants.id, variantOptions.variantId))
        .innerJoin(products, eq(products.id, variants.productId))
        .innerJoin(attributeOptions, eq(attributeOptions.id, variantOptions.optionId))
        .innerJoin(attributes, eq(attributes.id, attributeOptions.attributeId))
        .where(and(eq(products.productTypeId, id), input.attributeIds.length ? notInArray(attributeOptions.attributeId, input.attributeIds) : undefined)),
    ]);
    if (existing.length === 0) return { ok: false, reason: "not-found" };
    if (inUse.length) return { ok: false, reason: "invalid", errors: { attributes: ["attributeInUse"] }, inUse };
  }
  try {
    return await writeProductType(d1, id, input, now);
  } catch (error) {
    // An attribute deleted between reading the form and saving it.
    if (/FOREIGN KEY constraint failed/i.test(String((error as Error)?.message))) return { ok: false, reason: "invalid", errors: { "": ["changedMeanwhile"] } };
    throw error;
  }
}

async function writeProductType(d1: D1Database, id: number | null, input: ProductTypeInput, now: number): Promise<SaveResult> {
  const db = database(d1);
  const values = { nameEn: input.nameEn, nameTh: input.nameTh };
  if (id === null) {
    // One batch is one transaction: the newest type id right after the insert is this one.
    const newTypeId = sql<number>`(SELECT max(${productTypes.id}) FROM ${productTypes})`;
    const results = await db.batch([
      db.insert(productTypes).values({ ...values, createdAt: now }),
      ...input.attributeIds.map((attributeId, index) =>
        db.insert(productTypeAttributes).values({ productTypeId: newTypeId as unknown as number, attributeId, sortOrder: index + 1 }),
      ),
      db.select({ id: sql<number>`max(${productTypes.id})`.mapWith(Number) }).from(productTypes),
    ]);
    const last = results[results.length - 1] as { id: number }[];
    return { ok: true, id: last[0]!.id };
  }
  await db.batch([
    db.update(productTypes).set(values).where(eq(productTypes.id, id)),
    db.delete(productTypeAttributes).where(eq(productTypeAttributes.productTypeId, id)),
    ...input.attributeIds.map((attributeId, index) => db.insert(productTypeAttributes).values({ productTypeId: id, attributeId, sortOrder: index + 1 })),
  ]);
  return { ok: true, id };
}

/** Refused while a product has this type (the foreign key would only clear it). */
export async function deleteProductType(d1: D1Database, id: number): Promise<DeleteResult<"has-products">> {
  const db = database(d1);
  const [deleted, remaining] = await db.batch([
    db
      .delete(productTypes)
      .where(and(eq(productTypes.id, id), sql`NOT EXISTS (SELECT 1 FROM ${products} WHERE ${products.productTypeId} = ${id})`))
      .returning({ id: productTypes.id }),
    db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(eq(products.productTypeId, id)),
  ]);
  if (deleted.length) return { ok: true };
  const count = remaining[0]?.count ?? 0;
  return count > 0 ? { ok: false, reason: "has-products", count } : { ok: false, reason: "not-found" };
}
