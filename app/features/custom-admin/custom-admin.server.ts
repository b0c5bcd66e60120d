import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { outerColumn } from "~/db/outer-column";
import { galleryImages } from "~/db/schema/catalog";
import { customAttributes, customBanners, customDesigns, customOptions, customPrintAreas, customProducts, presetImages } from "~/db/schema/custom";
import { boxProblem } from "~/domain/custom-layout";
import { type BannerPosition, type DesignSide, designSides } from "~/domain/design-options";
import { imageSize } from "~/domain/image-size";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { formatBahtInput, uniqueViolation } from "~/features/catalog-admin/catalog-admin-shared.server";
import { displayFileName } from "~/features/catalog-admin/gallery.server";
import { galleryMaxBytes } from "~/features/catalog-admin/gallery-limits";

import type { CustomProductListQuery, PresetImageListQuery } from "./custom-admin-lists";
import type {
  BannerDraft,
  BannerPlacementInput,
  CustomAttributeDraft,
  CustomAttributeInput,
  CustomOptionDraft,
  CustomOptionInput,
  CustomProductDraft,
  CustomProductInput,
  PresetImageDraft,
  PresetImageInput,
} from "./custom-admin-schemas";
import { boxDraft, defaultPrintAreas } from "./custom-admin-schemas";

/**
 * The back office's custom products (issue 6 item 6): products with their mockups and print areas,
 * attributes and options, the banner placements, preset images. Writes that belong together are one
 * db.batch. Deleting never silently breaks a shopper's work: a product with designs is kept (the
 * foreign key is RESTRICT), and an attribute, option or preset image that a design under review or
 * confirmed uses is refused — the check and the delete are one statement.
 */

type Env = { DB: D1Database; MEDIA: R2Bucket };
/** Field errors as the form kit's message keys (`customizeAdmin:validation`), by field name. */
type Errors = Record<string, string[]>;
type Batch = BatchItem<"sqlite">[];

async function runBatch(d1: D1Database, statements: Batch): Promise<void> {
  if (statements.length === 0) return;
  const db = database(d1);
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Designs a staff member or the shopper is still working on with us: their choices must stay valid. */
const designsInReview = sql.raw(`d.status IN ('submitted', 'changes_requested', 'confirmed')`);

/** A design in review uses this option (design_json.options[].optionId). */
function optionInUse(optionId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM custom_designs d, json_each(d.design_json, '$.options') o WHERE ${designsInReview} AND json_extract(o.value, '$.optionId') = ${optionId})`;
}

/** A design in review chose this attribute or one of its options. */
function attributeInUse(attributeId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM custom_designs d, json_each(d.design_json, '$.options') o WHERE ${designsInReview} AND (json_extract(o.value, '$.attributeId') = ${attributeId} OR json_extract(o.value, '$.optionId') IN (SELECT id FROM custom_options WHERE custom_attribute_id = ${attributeId})))`;
}

/** A design in review placed this preset image (sides.*.elements[].source.presetImageId). */
function presetInUse(presetImageId: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM custom_designs d, json_tree(d.design_json, '$.sides') t WHERE ${designsInReview} AND t.key = 'presetImageId' AND t.atom = ${presetImageId})`;
}

// ————— images —————

export type ImageProblem = "imagesOnly" | "fileTooLarge";

/** A submitted file field: null when nothing was chosen. */
export function chosenFile(value: FormDataEntryValue | null): File | null {
  return value instanceof File && (value.size > 0 || value.name !== "") ? value : null;
}

interface StoredImage {
  key: string;
  galleryInsert: BatchItem<"sqlite">;
  bytes: Uint8Array;
  contentType: string;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * Checks an uploaded picture like the product gallery does (type by content, at most 5 MiB), puts
 * it in R2 under the gallery's content-hash key and returns the gallery row to insert in the same
 * batch as the row that uses it — so the picture shows in the gallery, and the gallery refuses to
 * delete it while a custom product, option or preset image points at it.
 */
async function prepareImage(
  env: Env,
  file: File,
  staffUserId: number,
  now: number,
): Promise<{ ok: true; image: StoredImage } | { ok: false; problem: ImageProblem }> {
  if (file.size === 0) return { ok: false, problem: "imagesOnly" };
  if (file.size > galleryMaxBytes) return { ok: false, problem: "fileTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: "imagesOnly" };
  const size = imageSize(bytes, type);
  const key = `gallery/image-${(await sha256Hex(bytes)).slice(0, 16)}.${imageExtensions[type]}`;
  const contentType = imageContentTypes[type];
  return {
    ok: true,
    image: {
      key,
      bytes,
      contentType,
      galleryInsert: database(env.DB)
        .insert(galleryImages)
        .values({
          imageKey: key,
          fileName: displayFileName(file.name),
          contentType,
          byteSize: bytes.length,
          width: size?.width ?? null,
          height: size?.height ?? null,
          uploadedByStaffUserId: staffUserId,
          createdAt: now,
        })
        .onConflictDoNothing(),
    },
  };
}

/** Checks every file first (nothing is stored when one is refused), then writes the accepted ones to R2. */
async function prepareImages<K extends string>(
  env: Env,
  files: Partial<Record<K, File | null>>,
  staffUserId: number,
  now: number,
): Promise<{ ok: true; images: Partial<Record<K, StoredImage>>; freshKeys: string[] } | { ok: false; errors: Errors }> {
  const images: Partial<Record<K, StoredImage>> = {};
  const errors: Errors = {};
  for (const [field, file] of Object.entries(files) as [K, File | null | undefined][]) {
    if (!file) continue;
    const result = await prepareImage(env, file, staffUserId, now);
    if (!result.ok) errors[field] = [result.problem];
    else images[field] = result.image;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  const stored = Object.values(images) as StoredImage[];
  const known = stored.length
    ? new Set(
        (
          await database(env.DB)
            .select({ key: galleryImages.imageKey })
            .from(galleryImages)
            .where(
              inArray(
                galleryImages.imageKey,
                stored.map((image) => image.key),
              ),
            )
        ).map((row) => row.key),
      )
    : new Set<string>();
  const freshKeys = stored.map((image) => image.key).filter((key) => !known.has(key));
  // Objects first: once a row points at a key, the key must exist. Same bytes, same key.
  await Promise.all(
    stored.map((image) =>
      env.MEDIA.put(image.key, image.bytes, { httpMetadata: { contentType: image.contentType, cacheControl: "public, max-age=31536000, immutable" } }),
    ),
  );
  return { ok: true, images, freshKeys };
}

/** Runs the batch that uses freshly stored pictures; when it fails, the pictures no row knows are removed from R2. */
async function batchWithImages<T>(env: Env, freshKeys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await Promise.all(freshKeys.map((key) => env.MEDIA.delete(key)));
    throw error;
  }
}

// ————— custom products —————

const customProductSorts = {
  sortOrder: [customProducts.sortOrder],
  name: [sql`lower(${customProducts.nameEn})`],
  price: [customProducts.basePriceSatang],
  designs: [sql`custom_product_design_count`],
} satisfies Record<CustomProductListQuery["sort"], unknown[]>;

/** The custom products under the list's query (custom-admin-lists.tsx): search a name or the slug, the status filter; count and rows in one batch. */
export async function listCustomProducts(d1: D1Database, query: CustomProductListQuery, scope: ListScope) {
  const db = database(d1);
  const id = outerColumn(customProducts.id);
  const where = and(
    query.q ? or(contains(customProducts.nameEn, query.q), contains(customProducts.nameTh, query.q), contains(customProducts.slug, query.q)) : undefined,
    query.filters.status === null ? undefined : eq(customProducts.statusId, query.filters.status),
    scope.ids ? inArray(customProducts.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(customProducts).where(where),
    db
      .select({
        id: customProducts.id,
        slug: customProducts.slug,
        nameEn: customProducts.nameEn,
        nameTh: customProducts.nameTh,
        basePriceSatang: customProducts.basePriceSatang,
        statusId: customProducts.statusId,
        sortOrder: customProducts.sortOrder,
        frontImageKey: customProducts.frontImageKey,
        attributeCount: sql<number>`(SELECT count(*) FROM custom_attributes WHERE custom_product_id = ${id})`.mapWith(Number),
        designCount: sql<number>`(SELECT count(*) FROM custom_designs WHERE custom_product_id = ${id})`.mapWith(Number).as("custom_product_design_count"),
      })
      .from(customProducts)
      .where(where)
      .orderBy(...customProductSorts[query.sort].map((column) => direction(column)), asc(customProducts.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}
export type CustomProductListRow = Awaited<ReturnType<typeof listCustomProducts>>["rows"][number];

export interface CustomProductForm {
  draft: CustomProductDraft;
  frontImageKey: string | null;
  backImageKey: string | null;
  designCount: number;
  attributes: { id: number; code: string; nameEn: string; nameTh: string; sortOrder: number; optionCount: number }[];
}

/** The product form's data, or null when there is no such product. */
export async function loadCustomProductForm(d1: D1Database, productId: number): Promise<CustomProductForm | null> {
  const db = database(d1);
  const attributeId = outerColumn(customAttributes.id);
  const [productRows, areaRows, attributeRows, designRows] = await db.batch([
    db.select().from(customProducts).where(eq(customProducts.id, productId)),
    db.select().from(customPrintAreas).where(eq(customPrintAreas.customProductId, productId)),
    db
      .select({
        id: customAttributes.id,
        code: customAttributes.code,
        nameEn: customAttributes.nameEn,
        nameTh: customAttributes.nameTh,
        sortOrder: customAttributes.sortOrder,
        optionCount: sql<number>`(SELECT count(*) FROM custom_options WHERE custom_attribute_id = ${attributeId})`.mapWith(Number),
      })
      .from(customAttributes)
      .where(eq(customAttributes.customProductId, productId))
      .orderBy(asc(customAttributes.sortOrder), asc(customAttributes.id)),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(customDesigns)
      .where(eq(customDesigns.customProductId, productId)),
  ]);
  const product = productRows[0];
  if (!product) return null;
  const area = (side: DesignSide) => {
    const row = areaRows.find((candidate) => candidate.side === side);
    return row ? { x: row.xMm, y: row.yMm, width: row.widthMm, height: row.heightMm } : defaultPrintAreas[side];
  };
  return {
    draft: {
      nameEn: product.nameEn,
      nameTh: product.nameTh,
      slug: product.slug,
      descriptionEn: product.descriptionEn,
      descriptionTh: product.descriptionTh,
      basePrice: formatBahtInput(product.basePriceSatang),
      minQuantity: String(product.minQuantity),
      statusId: String(product.statusId),
      sortOrder: String(product.sortOrder),
      mockupWidthMm: String(product.mockupWidthMm),
      mockupHeightMm: String(product.mockupHeightMm),
      front: boxDraft(area("front")),
      back: boxDraft(area("back")),
    },
    frontImageKey: product.frontImageKey,
    backImageKey: product.backImageKey,
    designCount: designRows[0]?.n ?? 0,
    attributes: attributeRows,
  };
}

export type SaveResult = { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "invalid"; errors: Errors };

/**
 * Creates or updates a product, its two print areas and any new mockup pictures in ONE batch. A
 * published product needs both mockups (the designer draws on them); a smaller mockup may not cut
 * off a banner box already placed on it.
 */
export async function saveCustomProduct(
  env: Env,
  productId: number | null,
  input: CustomProductInput,
  files: { frontImage: File | null; backImage: File | null },
  staffUserId: number,
  now = Date.now(),
): Promise<SaveResult> {
  const db = database(env.DB);
  const [existingRows, slugRows, bannerRows] = await db.batch([
    db
      .select({ frontImageKey: customProducts.frontImageKey, backImageKey: customProducts.backImageKey })
      .from(customProducts)
      .where(eq(customProducts.id, productId ?? 0)),
    db
      .select({ id: customProducts.id })
      .from(customProducts)
      .where(and(eq(customProducts.slug, input.slug), ne(customProducts.id, productId ?? 0))),
    db
      .select()
      .from(customBanners)
      .where(eq(customBanners.customProductId, productId ?? 0)),
  ]);
  const existing = existingRows[0];
  if (productId !== null && !existing) return { ok: false, reason: "not-found" };

  const errors: Errors = {};
  if (slugRows.length) errors.slug = ["slugTaken"];
  const mockup = { width: input.mockupWidthMm, height: input.mockupHeightMm };
  if (bannerRows.some((banner) => boxProblem({ x: banner.xMm, y: banner.yMm, width: banner.widthMm, height: banner.heightMm }, mockup)))
    errors.mockupWidthMm = ["bannerOutside"];
  const frontKnown = Boolean(files.frontImage ?? existing?.frontImageKey);
  const backKnown = Boolean(files.backImage ?? existing?.backImageKey);
  if (input.statusId === 1 && !frontKnown) errors.frontImage = ["mockupRequired"];
  if (input.statusId === 1 && !backKnown) errors.backImage = ["mockupRequired"];
  if (Object.keys(errors).length) return { ok: false, reason: "invalid", errors };

  const prepared = await prepareImages(env, files, staffUserId, now);
  if (!prepared.ok) return { ok: false, reason: "invalid", errors: prepared.errors };
  const { frontImage, backImage } = prepared.images;

  const values = {
    slug: input.slug,
    nameEn: input.nameEn,
    nameTh: input.nameTh,
    descriptionEn: input.descriptionEn,
    descriptionTh: input.descriptionTh,
    basePriceSatang: input.basePrice,
    minQuantity: input.minQuantity,
    statusId: input.statusId,
    sortOrder: input.sortOrder,
    mockupWidthMm: input.mockupWidthMm,
    mockupHeightMm: input.mockupHeightMm,
    ...(frontImage ? { frontImageKey: frontImage.key } : {}),
    ...(backImage ? { backImageKey: backImage.key } : {}),
    updatedAt: now,
  };
  const statements: Batch = [frontImage?.galleryInsert, backImage?.galleryInsert].filter((item): item is BatchItem<"sqlite"> => Boolean(item));
  statements.push(
    productId === null
      ? db.insert(customProducts).values({ ...values, createdAt: now })
      : db.update(customProducts).set(values).where(eq(customProducts.id, productId)),
  );
  // A new product's id is not known inside the batch: the print areas find it by its unique slug.
  const productIdSql = productId ?? sql<number>`(SELECT ${customProducts.id} FROM ${customProducts} WHERE ${customProducts.slug} = ${input.slug})`;
  for (const side of designSides) {
    const box = input[side];
    const area = { xMm: box.x, yMm: box.y, widthMm: box.width, heightMm: box.height };
    statements.push(
      db
        .insert(customPrintAreas)
        .values({ customProductId: productIdSql as unknown as number, side, ...area })
        .onConflictDoUpdate({ target: [customPrintAreas.customProductId, customPrintAreas.side], set: area }),
    );
  }
  try {
    await batchWithImages(env, prepared.freshKeys, () => runBatch(env.DB, statements));
  } catch (error) {
    if (uniqueViolation(error)?.includes("custom_products.slug")) return { ok: false, reason: "invalid", errors: { slug: ["slugTaken"] } };
    throw error;
  }
  if (productId !== null) return { ok: true, id: productId };
  const created = await db.select({ id: customProducts.id }).from(customProducts).where(eq(customProducts.slug, input.slug)).get();
  return { ok: true, id: created!.id };
}

export type DeleteResult = { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "in-use"; count: number };

/** Deletes a product that no shopper has designed on (its attributes, options, banners and areas go with it). */
export async function deleteCustomProduct(d1: D1Database, productId: number): Promise<DeleteResult> {
  const db = database(d1);
  const deleted = await db
    .delete(customProducts)
    .where(sql`${customProducts.id} = ${productId} AND NOT EXISTS (SELECT 1 FROM custom_designs WHERE custom_product_id = ${productId})`)
    .returning({ id: customProducts.id });
  if (deleted.length) return { ok: true };
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(customDesigns)
    .where(eq(customDesigns.customProductId, productId));
  const exists = await db.select({ id: customProducts.id }).from(customProducts).where(eq(customProducts.id, productId)).get();
  if (!exists) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "in-use", count: row?.n ?? 0 };
}

/** Hides a product from shoppers (status 3) — what to do with a product that has designs. */
export async function hideCustomProduct(d1: D1Database, productId: number, now = Date.now()): Promise<boolean> {
  const updated = await database(d1)
    .update(customProducts)
    .set({ statusId: 3, updatedAt: now })
    .where(eq(customProducts.id, productId))
    .returning({ id: customProducts.id });
  return updated.length > 0;
}

// ————— attributes —————

async function productExists(d1: D1Database, productId: number): Promise<boolean> {
  return Boolean(await database(d1).select({ id: customProducts.id }).from(customProducts).where(eq(customProducts.id, productId)).get());
}

export async function addCustomAttribute(d1: D1Database, productId: number, input: CustomAttributeInput): Promise<SaveResult> {
  return saveCustomAttribute(d1, productId, null, input);
}

export async function saveCustomAttribute(d1: D1Database, productId: number, attributeId: number | null, input: CustomAttributeInput): Promise<SaveResult> {
  const db = database(d1);
  if (!(await productExists(d1, productId))) return { ok: false, reason: "not-found" };
  if (attributeId !== null && !(await findAttribute(d1, productId, attributeId))) return { ok: false, reason: "not-found" };
  const taken = await db
    .select({ id: customAttributes.id })
    .from(customAttributes)
    .where(and(eq(customAttributes.customProductId, productId), eq(customAttributes.code, input.code), ne(customAttributes.id, attributeId ?? 0)))
    .get();
  if (taken) return { ok: false, reason: "invalid", errors: { code: ["codeTaken"] } };
  const values = { code: input.code, nameEn: input.nameEn, nameTh: input.nameTh, sortOrder: input.sortOrder };
  try {
    if (attributeId !== null) {
      await db.update(customAttributes).set(values).where(eq(customAttributes.id, attributeId));
      return { ok: true, id: attributeId };
    }
    const [row] = await db
      .insert(customAttributes)
      .values({ customProductId: productId, ...values })
      .returning({ id: customAttributes.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (uniqueViolation(error)?.includes("custom_attributes.code")) return { ok: false, reason: "invalid", errors: { code: ["codeTaken"] } };
    throw error;
  }
}

async function findAttribute(d1: D1Database, productId: number, attributeId: number) {
  return database(d1)
    .select()
    .from(customAttributes)
    .where(and(eq(customAttributes.id, attributeId), eq(customAttributes.customProductId, productId)))
    .get();
}

/** Moves an attribute one place up or down; the list is renumbered 10, 20, 30… in one batch. */
export async function moveCustomAttribute(d1: D1Database, productId: number, attributeId: number, direction: "up" | "down"): Promise<boolean> {
  const db = database(d1);
  const rows = await db
    .select({ id: customAttributes.id })
    .from(customAttributes)
    .where(eq(customAttributes.customProductId, productId))
    .orderBy(asc(customAttributes.sortOrder), asc(customAttributes.id));
  const index = rows.findIndex((row) => row.id === attributeId);
  if (index < 0) return false;
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= rows.length) return true;
  const order = rows.map((row) => row.id);
  [order[index], order[target]] = [order[target]!, order[index]!];
  await runBatch(
    d1,
    order.map((id, position) =>
      db
        .update(customAttributes)
        .set({ sortOrder: (position + 1) * 10 })
        .where(eq(customAttributes.id, id)),
    ),
  );
  return true;
}

export interface CustomAttributePage {
  product: { id: number; nameEn: string; nameTh: string };
  attribute: { id: number; code: string; nameEn: string; nameTh: string };
  draft: CustomAttributeDraft;
  options: {
    id: number;
    code: string;
    nameEn: string;
    nameTh: string;
    imageKey: string | null;
    colorHex: string | null;
    priceAddOnSatang: number;
    sortOrder: number;
  }[];
}

/** The attribute page's data, or null unless the attribute belongs to the product. */
export async function loadCustomAttributePage(d1: D1Database, productId: number, attributeId: number): Promise<CustomAttributePage | null> {
  const db = database(d1);
  const [productRows, attributeRows, optionRows] = await db.batch([
    db
      .select({ id: customProducts.id, nameEn: customProducts.nameEn, nameTh: customProducts.nameTh })
      .from(customProducts)
      .where(eq(customProducts.id, productId)),
    db
      .select()
      .from(customAttributes)
      .where(and(eq(customAttributes.id, attributeId), eq(customAttributes.customProductId, productId))),
    db
      .select({
        id: customOptions.id,
        code: customOptions.code,
        nameEn: customOptions.nameEn,
        nameTh: customOptions.nameTh,
        imageKey: customOptions.imageKey,
        colorHex: customOptions.colorHex,
        priceAddOnSatang: customOptions.priceAddOnSatang,
        sortOrder: customOptions.sortOrder,
      })
      .from(customOptions)
      .where(eq(customOptions.customAttributeId, attributeId))
      .orderBy(asc(customOptions.sortOrder), asc(customOptions.id)),
  ]);
  const product = productRows[0];
  const attribute = attributeRows[0];
  if (!product || !attribute) return null;
  return {
    product,
    attribute: { id: attribute.id, code: attribute.code, nameEn: attribute.nameEn, nameTh: attribute.nameTh },
    draft: { code: attribute.code, nameEn: attribute.nameEn, nameTh: attribute.nameTh, sortOrder: String(attribute.sortOrder) },
    options: optionRows,
  };
}

/** Deletes an attribute (and its options) unless a design in review chose it. */
export async function deleteCustomAttribute(d1: D1Database, productId: number, attributeId: number): Promise<DeleteResult> {
  const db = database(d1);
  const id = outerColumn(customAttributes.id);
  const deleted = await db
    .delete(customAttributes)
    .where(sql`${customAttributes.id} = ${attributeId} AND ${customAttributes.customProductId} = ${productId} AND NOT ${attributeInUse(id)}`)
    .returning({ id: customAttributes.id });
  if (deleted.length) return { ok: true };
  if (!(await findAttribute(d1, productId, attributeId))) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "in-use", count: await designsUsing(d1, "attribute", attributeId) };
}

// ————— options —————

export interface CustomOptionPage {
  product: { id: number; nameEn: string; nameTh: string };
  attribute: { id: number; nameEn: string; nameTh: string };
  option: { id: number; imageKey: string | null } | null;
  draft: CustomOptionDraft;
}

/** The option form's data: null unless the attribute belongs to the product and the option (when given) to the attribute. */
export async function loadCustomOptionPage(d1: D1Database, productId: number, attributeId: number, optionId: number | null): Promise<CustomOptionPage | null> {
  const db = database(d1);
  const [productRows, attributeRows, optionRows] = await db.batch([
    db
      .select({ id: customProducts.id, nameEn: customProducts.nameEn, nameTh: customProducts.nameTh })
      .from(customProducts)
      .where(eq(customProducts.id, productId)),
    db
      .select({ id: customAttributes.id, nameEn: customAttributes.nameEn, nameTh: customAttributes.nameTh })
      .from(customAttributes)
      .where(and(eq(customAttributes.id, attributeId), eq(customAttributes.customProductId, productId))),
    db
      .select()
      .from(customOptions)
      .where(and(eq(customOptions.id, optionId ?? 0), eq(customOptions.customAttributeId, attributeId))),
  ]);
  const product = productRows[0];
  const attribute = attributeRows[0];
  const option = optionRows[0];
  if (!product || !attribute || (optionId !== null && !option)) return null;
  return {
    product,
    attribute,
    option: option ? { id: option.id, imageKey: option.imageKey } : null,
    draft: option
      ? {
          code: option.code,
          nameEn: option.nameEn,
          nameTh: option.nameTh,
          colorHex: option.colorHex ?? "",
          priceAddOn: formatBahtInput(option.priceAddOnSatang),
          sortOrder: String(option.sortOrder),
        }
      : { code: "", nameEn: "", nameTh: "", colorHex: "", priceAddOn: "0", sortOrder: "0" },
  };
}

export async function saveCustomOption(
  env: Env,
  productId: number,
  attributeId: number,
  optionId: number | null,
  input: CustomOptionInput,
  image: File | null,
  staffUserId: number,
  now = Date.now(),
): Promise<SaveResult> {
  const db = database(env.DB);
  const page = await loadCustomOptionPage(env.DB, productId, attributeId, optionId);
  if (!page) return { ok: false, reason: "not-found" };
  const taken = await db
    .select({ id: customOptions.id })
    .from(customOptions)
    .where(and(eq(customOptions.customAttributeId, attributeId), eq(customOptions.code, input.code), ne(customOptions.id, optionId ?? 0)))
    .get();
  if (taken) return { ok: false, reason: "invalid", errors: { code: ["codeTaken"] } };
  const prepared = await prepareImages(env, { image }, staffUserId, now);
  if (!prepared.ok) return { ok: false, reason: "invalid", errors: prepared.errors };
  const stored = prepared.images.image;
  const values = {
    code: input.code,
    nameEn: input.nameEn,
    nameTh: input.nameTh,
    colorHex: input.colorHex,
    priceAddOnSatang: input.priceAddOn,
    sortOrder: input.sortOrder,
    ...(stored ? { imageKey: stored.key } : {}),
  };
  const statements: Batch = stored ? [stored.galleryInsert] : [];
  statements.push(
    optionId === null
      ? db.insert(customOptions).values({ customAttributeId: attributeId, ...values })
      : db
          .update(customOptions)
          .set(values)
          .where(and(eq(customOptions.id, optionId), eq(customOptions.customAttributeId, attributeId))),
  );
  try {
    await batchWithImages(env, prepared.freshKeys, () => runBatch(env.DB, statements));
  } catch (error) {
    if (uniqueViolation(error)?.includes("custom_options.code")) return { ok: false, reason: "invalid", errors: { code: ["codeTaken"] } };
    throw error;
  }
  if (optionId !== null) return { ok: true, id: optionId };
  const created = await db
    .select({ id: customOptions.id })
    .from(customOptions)
    .where(and(eq(customOptions.customAttributeId, attributeId), eq(customOptions.code, input.code)))
    .get();
  return { ok: true, id: created!.id };
}

/** Deletes an option unless a design in review chose it. */
export async function deleteCustomOption(d1: D1Database, productId: number, attributeId: number, optionId: number): Promise<DeleteResult> {
  const db = database(d1);
  if (!(await findAttribute(d1, productId, attributeId))) return { ok: false, reason: "not-found" };
  const id = outerColumn(customOptions.id);
  const deleted = await db
    .delete(customOptions)
    .where(sql`${customOptions.id} = ${optionId} AND ${customOptions.customAttributeId} = ${attributeId} AND NOT ${optionInUse(id)}`)
    .returning({ id: customOptions.id });
  if (deleted.length) return { ok: true };
  const exists = await db
    .select({ id: customOptions.id })
    .from(customOptions)
    .where(and(eq(customOptions.id, optionId), eq(customOptions.customAttributeId, attributeId)))
    .get();
  if (!exists) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "in-use", count: await designsUsing(d1, "option", optionId) };
}

/** How many designs in review use an option or a preset image (for the refusal message). */
async function designsUsing(d1: D1Database, kind: "option" | "attribute" | "preset", id: number): Promise<number> {
  const query =
    kind === "preset"
      ? sql`SELECT count(DISTINCT d.id) AS n FROM custom_designs d, json_tree(d.design_json, '$.sides') t WHERE ${designsInReview} AND t.key = 'presetImageId' AND t.atom = ${id}`
      : kind === "option"
        ? sql`SELECT count(DISTINCT d.id) AS n FROM custom_designs d, json_each(d.design_json, '$.options') o WHERE ${designsInReview} AND json_extract(o.value, '$.optionId') = ${id}`
        : sql`SELECT count(DISTINCT d.id) AS n FROM custom_designs d, json_each(d.design_json, '$.options') o WHERE ${designsInReview} AND (json_extract(o.value, '$.attributeId') = ${id} OR json_extract(o.value, '$.optionId') IN (SELECT id FROM custom_options WHERE custom_attribute_id = ${id}))`;
  const row = await database(d1).get<{ n: number }>(query);
  return Number(row?.n ?? 0);
}

// ————— banners —————

function listProductsForBanners(d1: D1Database) {
  return database(d1)
    .select({
      id: customProducts.id,
      nameEn: customProducts.nameEn,
      nameTh: customProducts.nameTh,
      mockupWidthMm: customProducts.mockupWidthMm,
      mockupHeightMm: customProducts.mockupHeightMm,
    })
    .from(customProducts)
    .orderBy(asc(customProducts.sortOrder), asc(customProducts.id));
}

const defaultBannerBoxes: Record<BannerPosition, { x: number; y: number; width: number; height: number }> = {
  left: { x: 170, y: 160, width: 120, height: 40 },
  center: { x: 230, y: 240, width: 140, height: 140 },
  right: { x: 310, y: 160, width: 120, height: 40 },
};

/**
 * The banner page's reads in one round trip (issue 19): the custom products, and the placements of the one
 * asked for — else of the first in the list's order, found by the same query. `product` is null when the
 * one asked for does not exist (or there is none).
 */
export async function loadBannerPage(d1: D1Database, requestedId: number | null) {
  const db = database(d1);
  const firstProduct = db.select({ id: customProducts.id }).from(customProducts).orderBy(asc(customProducts.sortOrder), asc(customProducts.id)).limit(1);
  const [products, rows] = await Promise.all([
    listProductsForBanners(d1),
    db
      .select()
      .from(customBanners)
      .where(requestedId === null ? inArray(customBanners.customProductId, firstProduct) : eq(customBanners.customProductId, requestedId)),
  ]);
  const product = (requestedId === null ? products[0] : products.find((candidate) => candidate.id === requestedId)) ?? null;
  return { products, product, draft: product ? bannerDraft(rows) : null };
}

/** The six placements as the banner form shows them (a placement not offered shows suggested values). */
function bannerDraft(rows: readonly (typeof customBanners.$inferSelect)[]): BannerDraft {
  const placement = (side: DesignSide, position: BannerPosition) => {
    const row = rows.find((candidate) => candidate.side === side && candidate.position === position);
    const box = row ? { x: row.xMm, y: row.yMm, width: row.widthMm, height: row.heightMm } : defaultBannerBoxes[position];
    return {
      offered: Boolean(row),
      maxLength: String(row?.maxLength ?? (position === "center" ? 7 : 25)),
      labelEn: row?.labelEn ?? "",
      labelTh: row?.labelTh ?? "",
      x: String(box.x),
      y: String(box.y),
      width: String(box.width),
      height: String(box.height),
    };
  };
  return {
    front: { left: placement("front", "left"), center: placement("front", "center"), right: placement("front", "right") },
    back: { left: placement("back", "left"), center: placement("back", "center"), right: placement("back", "right") },
  };
}

/** Writes the six placements in ONE batch: offered ones are inserted or updated, the others removed. */
export async function saveBanners(d1: D1Database, productId: number, placements: readonly BannerPlacementInput[]): Promise<boolean> {
  const db = database(d1);
  if (!(await productExists(d1, productId))) return false;
  const statements: Batch = placements.map((placement) => {
    const where = and(eq(customBanners.customProductId, productId), eq(customBanners.side, placement.side), eq(customBanners.position, placement.position));
    if (!placement.offered) return db.delete(customBanners).where(where);
    const values = {
      maxLength: placement.maxLength,
      labelEn: placement.labelEn,
      labelTh: placement.labelTh,
      xMm: placement.x,
      yMm: placement.y,
      widthMm: placement.width,
      heightMm: placement.height,
    };
    return db
      .insert(customBanners)
      .values({ customProductId: productId, side: placement.side, position: placement.position, ...values })
      .onConflictDoUpdate({ target: [customBanners.customProductId, customBanners.side, customBanners.position], set: values });
  });
  await runBatch(d1, statements);
  return true;
}

// ————— preset images —————

const presetImageSorts = {
  sortOrder: [presetImages.sortOrder],
  name: [sql`lower(${presetImages.nameEn})`],
} satisfies Record<PresetImageListQuery["sort"], unknown[]>;

/** The preset images under the list's query (custom-admin-lists.tsx): search a name, shown / hidden; count and rows in one batch. */
export async function listPresetImages(d1: D1Database, query: PresetImageListQuery, scope: ListScope) {
  const db = database(d1);
  const where = and(
    query.q ? or(contains(presetImages.nameEn, query.q), contains(presetImages.nameTh, query.q)) : undefined,
    query.filters.active === null ? undefined : eq(presetImages.isActive, query.filters.active === "active"),
    scope.ids ? inArray(presetImages.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(presetImages).where(where),
    db
      .select()
      .from(presetImages)
      .where(where)
      .orderBy(...presetImageSorts[query.sort].map((column) => direction(column)), asc(presetImages.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}
export type PresetImageListRow = Awaited<ReturnType<typeof listPresetImages>>["rows"][number];

/** Shows or hides the chosen preset images in one statement; how many there were. */
export async function setPresetImagesActive(d1: D1Database, ids: number[], isActive: boolean): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await database(d1).update(presetImages).set({ isActive }).where(inArray(presetImages.id, ids)).returning({ id: presetImages.id });
  return rows.length;
}

export async function loadPresetImage(d1: D1Database, id: number): Promise<{ imageKey: string; draft: PresetImageDraft } | null> {
  const row = await database(d1).select().from(presetImages).where(eq(presetImages.id, id)).get();
  if (!row) return null;
  return { imageKey: row.imageKey, draft: { nameEn: row.nameEn, nameTh: row.nameTh, sortOrder: String(row.sortOrder), isActive: row.isActive } };
}

/** Creates (the picture is required) or updates a preset image, with a new picture's gallery row, in one batch. */
export async function savePresetImage(
  env: Env,
  id: number | null,
  input: PresetImageInput,
  image: File | null,
  staffUserId: number,
  now = Date.now(),
): Promise<SaveResult> {
  const db = database(env.DB);
  if (id !== null && !(await loadPresetImage(env.DB, id))) return { ok: false, reason: "not-found" };
  if (id === null && !image) return { ok: false, reason: "invalid", errors: { image: ["imageRequired"] } };
  const prepared = await prepareImages(env, { image }, staffUserId, now);
  if (!prepared.ok) return { ok: false, reason: "invalid", errors: prepared.errors };
  const stored = prepared.images.image;
  const values = {
    nameEn: input.nameEn,
    nameTh: input.nameTh,
    isActive: input.isActive,
    sortOrder: input.sortOrder,
    ...(stored ? { imageKey: stored.key } : {}),
  };
  if (id !== null) {
    await batchWithImages(env, prepared.freshKeys, () =>
      runBatch(env.DB, [...(stored ? [stored.galleryInsert] : []), db.update(presetImages).set(values).where(eq(presetImages.id, id))]),
    );
    return { ok: true, id };
  }
  const [, inserted] = await batchWithImages(env, prepared.freshKeys, () =>
    db.batch([
      stored!.galleryInsert,
      db
        .insert(presetImages)
        .values({ ...values, imageKey: stored!.key, createdAt: now })
        .returning({ id: presetImages.id }),
    ]),
  );
  return { ok: true, id: (inserted as { id: number }[])[0]!.id };
}

/** Deletes a preset image unless a design in review placed it. */
export async function deletePresetImage(d1: D1Database, id: number): Promise<DeleteResult> {
  const db = database(d1);
  const deleted = await db
    .delete(presetImages)
    .where(sql`${presetImages.id} = ${id} AND NOT ${presetInUse(outerColumn(presetImages.id))}`)
    .returning({ id: presetImages.id });
  if (deleted.length) return { ok: true };
  if (!(await loadPresetImage(d1, id))) return { ok: false, reason: "not-found" };
  return { ok: false, reason: "in-use", count: await designsUsing(d1, "preset", id) };
}
