import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQLWrapper } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { outerColumn } from "~/db/outer-column";
import { collectionProducts, collections, products } from "~/db/schema/catalog";
import { productStatusIds } from "~/domain/catalog";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { type GalleryPickerPage, loadWithImagePicker } from "~/features/catalog-admin/gallery.server";

import { chosenImageKeys, isUniqueViolation, unknownImageKeys } from "./content-admin.server";
import type { CollectionInput } from "./content-admin-schemas";
import type { CollectionListQuery, CollectionListRow } from "./content-lists";

/**
 * Collections in the back office (/backend/home/collections): the collection and its ordered
 * products are written in ONE batch, so a shopper never sees a half-saved collection.
 */
const collectionProductCount =
  sql<number>`(SELECT count(*) FROM ${collectionProducts} WHERE ${collectionProducts.collectionId} = ${outerColumn(collections.id)})`.mapWith(Number);
const collectionSorts = {
  order: collections.sortOrder,
  name: sql`lower(${collections.nameEn})`,
  slug: collections.slug,
  products: collectionProductCount,
} satisfies Record<CollectionListQuery["sort"], SQLWrapper>;
const collectionStatus = {
  published: eq(collections.isPublished, true),
  hidden: eq(collections.isPublished, false),
  featured: eq(collections.isFeatured, true),
};

/** The collection list under its query (app/features/content/content-lists.tsx), with the count, in one batch. */
export async function listCollections(d1: D1Database, query: CollectionListQuery, scope: ListScope): Promise<{ rows: CollectionListRow[]; total: number }> {
  const db = database(d1);
  const where = and(
    query.q ? or(contains(collections.nameEn, query.q), contains(collections.nameTh, query.q), contains(collections.slug, query.q)) : undefined,
    query.filters.status === null ? undefined : collectionStatus[query.filters.status],
    scope.ids ? inArray(collections.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(collections).where(where),
    db
      .select({
        id: collections.id,
        slug: collections.slug,
        nameEn: collections.nameEn,
        nameTh: collections.nameTh,
        isPublished: collections.isPublished,
        isFeatured: collections.isFeatured,
        sortOrder: collections.sortOrder,
        productCount: collectionProductCount,
      })
      .from(collections)
      .where(where)
      .orderBy(direction(collectionSorts[query.sort]), direction(collections.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

export interface ProductChoice {
  id: number;
  sku: string;
  nameEn: string;
  nameTh: string;
}

export type CollectionRow = typeof collections.$inferSelect;

/**
 * The collection (null for a new one), its product ids in order, the published products to pick from and its picture's
 * picker, in one round trip; null when there is no such collection.
 */
export async function loadCollectionForm(
  d1: D1Database,
  id: number | null,
): Promise<{ collection: CollectionRow | null; productIds: number[]; choices: ProductChoice[]; picker: GalleryPickerPage } | null> {
  const db = database(d1);
  const find = async (collectionId: number) => {
    const [collectionRows, memberRows] = await db.batch([
      db.select().from(collections).where(eq(collections.id, collectionId)),
      db
        .select({ productId: collectionProducts.productId })
        .from(collectionProducts)
        .where(eq(collectionProducts.collectionId, collectionId))
        .orderBy(asc(collectionProducts.sortOrder), asc(collectionProducts.productId)),
    ]);
    const collection = collectionRows[0];
    return collection ? { collection, productIds: memberRows.map((row) => row.productId) } : null;
  };
  const [{ entry, picker }, choices] = await Promise.all([
    loadWithImagePicker(d1, id, {
      find,
      idColumn: collections.id,
      imageColumn: collections.imageKey,
      imageKeys: (stored) => chosenImageKeys(stored.collection.imageKey),
    }),
    db
      .select({ id: products.id, sku: products.sku, nameEn: products.nameEn, nameTh: products.nameTh })
      .from(products)
      .where(eq(products.statusId, productStatusIds.published))
      .orderBy(asc(products.nameEn), asc(products.id)),
  ]);
  if (id !== null && !entry) return null;
  return { collection: entry?.collection ?? null, productIds: entry?.productIds ?? [], choices, picker };
}

export type CollectionSaveResult =
  { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "field"; field: string; message: string };

export async function saveCollection(d1: D1Database, id: number | null, input: CollectionInput, now = Date.now()): Promise<CollectionSaveResult> {
  const db = database(d1);
  const current = id === null ? null : await db.select().from(collections).where(eq(collections.id, id)).get();
  if (id !== null && !current) return { ok: false, reason: "not-found" };
  const slugOwner = await db
    .select({ id: collections.id })
    .from(collections)
    .where(id === null ? eq(collections.slug, input.slug) : and(eq(collections.slug, input.slug), ne(collections.id, id)))
    .get();
  if (slugOwner) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
  if ((await unknownImageKeys(d1, [input.imageKey], [current?.imageKey ?? null])).length > 0)
    return { ok: false, reason: "field", field: "imageKey", message: "image" };
  if (input.products.length > 0) {
    const published = await db
      .select({ id: products.id })
      .from(products)
      .where(and(inArray(products.id, input.products), eq(products.statusId, productStatusIds.published)));
    if (published.length !== input.products.length) return { ok: false, reason: "field", field: "productId", message: "products" };
  }

  const { products: productIds, ...fields } = input;
  const values = { ...fields, updatedAt: now };
  // A new collection's id is not known before the batch runs: its rows find it by slug.
  const collectionId = current ? sql`${current.id}` : sql`(SELECT ${collections.id} FROM ${collections} WHERE ${collections.slug} = ${input.slug})`;
  const memberships = productIds.map((productId, position) =>
    db.insert(collectionProducts).values({ collectionId: collectionId as unknown as number, productId, sortOrder: position }),
  );
  try {
    if (current) {
      await db.batch([
        db.update(collections).set(values).where(eq(collections.id, current.id)),
        db.delete(collectionProducts).where(eq(collectionProducts.collectionId, current.id)),
        ...memberships,
      ]);
      return { ok: true, id: current.id };
    }
    const [inserted] = await db.batch([
      db
        .insert(collections)
        .values({ ...values, createdAt: now })
        .returning({ id: collections.id }),
      ...memberships,
    ]);
    return { ok: true, id: inserted[0]!.id };
  } catch (error) {
    if (isUniqueViolation(error, "collections.slug")) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
    throw error;
  }
}

export async function deleteCollection(d1: D1Database, id: number): Promise<boolean> {
  return (await database(d1).delete(collections).where(eq(collections.id, id)).returning({ id: collections.id })).length > 0;
}
