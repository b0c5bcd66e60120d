import { and, asc, count, desc, eq, inArray, isNotNull, ne, notInArray, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { galleryImages } from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { imageSize } from "~/domain/image-size";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import type { ListScope } from "~/features/backoffice/list-page.server";

import { type GalleryListQuery, galleryMaxBytes, galleryMaxFiles, galleryPickerPageSize } from "./gallery-limits";

/**
 * The product gallery (spec §2 /backend/product-gallery; issue 4 item 10): images staff upload
 * once to R2 and pick for products, categories, collections and content. Uploads are checked by
 * content (app/domain/image-type.ts: PNG, JPEG, GIF, BMP, WebP — never SVG, which can carry
 * script), at most 5 MiB each, stored under a key the server makes from the content hash
 * (`gallery/image-<sha256 16 hex>.<ext>`; the same picture uploaded twice is one image). A batch of
 * files is all or nothing: any refused file and nothing is written. An image is deleted only when
 * nothing points at it; the check and the delete are one statement.
 */

export type GalleryFileProblem = "imagesOnly" | "fileTooLarge" | "empty";

export interface GalleryUploadRefusal {
  fileName: string;
  problem: GalleryFileProblem;
}

export type GalleryUploadResult =
  | { ok: true; added: number; alreadyThere: number }
  | { ok: false; reason: "no-files" | "too-many-files" }
  | { ok: false; reason: "refused"; files: GalleryUploadRefusal[] };

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A file name for display only (the key never uses it): no path, no control characters, bounded. */
export function displayFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "image").slice(0, 150);
}

interface AcceptedFile {
  key: string;
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
  width: number | null;
  height: number | null;
}

export async function uploadGalleryImages(
  env: { DB: D1Database; MEDIA: R2Bucket },
  files: readonly unknown[],
  staffUserId: number,
  now = Date.now(),
): Promise<GalleryUploadResult> {
  const uploads = files.filter((file): file is File => file instanceof File && (file.size > 0 || file.name !== ""));
  if (uploads.length === 0) return { ok: false, reason: "no-files" };
  if (uploads.length > galleryMaxFiles) return { ok: false, reason: "too-many-files" };

  const accepted: AcceptedFile[] = [];
  const refused: GalleryUploadRefusal[] = [];
  for (const file of uploads) {
    const fileName = displayFileName(file.name);
    if (file.size === 0) {
      refused.push({ fileName, problem: "empty" });
      continue;
    }
    if (file.size > galleryMaxBytes) {
      refused.push({ fileName, problem: "fileTooLarge" });
      continue;
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) {
      refused.push({ fileName, problem: "imagesOnly" });
      continue;
    }
    const size = imageSize(bytes, type);
    const key = `gallery/image-${(await sha256Hex(bytes)).slice(0, 16)}.${imageExtensions[type]}`;
    if (accepted.some((other) => other.key === key)) continue;
    accepted.push({ key, fileName, contentType: imageContentTypes[type], bytes, width: size?.width ?? null, height: size?.height ?? null });
  }
  if (refused.length > 0) return { ok: false, reason: "refused", files: refused };

  const db = database(env.DB);
  const existing = new Set(
    (
      await db
        .select({ key: galleryImages.imageKey })
        .from(galleryImages)
        .where(
          inArray(
            galleryImages.imageKey,
            accepted.map((file) => file.key),
          ),
        )
    ).map((row) => row.key),
  );
  const fresh = accepted.filter((file) => !existing.has(file.key));
  if (fresh.length === 0) return { ok: true, added: 0, alreadyThere: accepted.length };

  // Objects first: once a row points at a key, the key must exist. Same bytes, same key: a
  // concurrent upload of the same picture writes the same object.
  await Promise.all(
    fresh.map((file) =>
      env.MEDIA.put(file.key, file.bytes, { httpMetadata: { contentType: file.contentType, cacheControl: "public, max-age=31536000, immutable" } }),
    ),
  );
  try {
    const inserts = fresh.map((file) =>
      db
        .insert(galleryImages)
        .values({
          imageKey: file.key,
          fileName: file.fileName,
          contentType: file.contentType,
          byteSize: file.bytes.length,
          width: file.width,
          height: file.height,
          uploadedByStaffUserId: staffUserId,
          createdAt: now,
        })
        .onConflictDoNothing(),
    );
    await db.batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
  } catch (error) {
    await Promise.all(fresh.map((file) => env.MEDIA.delete(file.key)));
    throw error;
  }
  return { ok: true, added: fresh.length, alreadyThere: accepted.length - fresh.length };
}

const gallerySorts = {
  newest: [desc(galleryImages.createdAt)],
  oldest: [asc(galleryImages.createdAt)],
  name: [asc(sql`lower(${galleryImages.fileName})`)],
  largest: [desc(galleryImages.byteSize)],
} satisfies Record<GalleryListQuery["sort"], SQL[]>;

/** The gallery's grid under its query (app/features/catalog-admin/gallery-limits.ts), with the count, in one batch. */
export async function listGalleryImages(d1: D1Database, query: GalleryListQuery, scope: ListScope) {
  const db = database(d1);
  const where = and(
    query.q ? contains(galleryImages.fileName, query.q) : undefined,
    scope.ids ? inArray(galleryImages.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(galleryImages).where(where),
    db
      .select({
        id: galleryImages.id,
        imageKey: galleryImages.imageKey,
        fileName: galleryImages.fileName,
        contentType: galleryImages.contentType,
        byteSize: galleryImages.byteSize,
        width: galleryImages.width,
        height: galleryImages.height,
        uploadedBy: staffUsers.fullName,
        createdAt: galleryImages.createdAt,
      })
      .from(galleryImages)
      .leftJoin(staffUsers, eq(staffUsers.id, galleryImages.uploadedByStaffUserId))
      .where(where)
      .orderBy(...gallerySorts[query.sort], desc(galleryImages.createdAt), desc(galleryImages.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

export interface GalleryChoice {
  key: string;
  fileName: string;
  width: number | null;
  height: number | null;
}

export interface GalleryPickerPage {
  /** The chosen images (always shown, whatever the search), in the order of `chosenKeys`. */
  chosen: GalleryChoice[];
  /** One page of the other images whose file name contains `query`, newest first. */
  rows: GalleryChoice[];
  query: string;
  page: number;
  pageCount: number;
  total: number;
}

/** LIKE pattern for "file name contains": the user's % and _ match themselves. */
function containsPattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * What the picker of a form asks for (gallery-picker.tsx): its search and page travel with the form
 * (`imageSearch`, `imagePage`); the buttons "search" (intent `image-search`, back to page 1) and
 * "newer / older" (intent `image-page:<n>`) ask the server to redraw the form with that page —
 * `redraw` — instead of saving it.
 */
export function galleryPickerQuery(formData: FormData): { query: string; page: number; redraw: boolean } {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const query = text("imageSearch").slice(0, 100);
  const intent = text("intent");
  if (intent === "image-search") return { query, page: 1, redraw: true };
  const pageButton = /^image-page:(\d{1,5})$/.exec(intent);
  if (pageButton) return { query, page: Math.max(1, Number(pageButton[1])), redraw: true };
  const page = /^\d{1,5}$/.test(text("imagePage")) ? Math.max(1, Number(text("imagePage"))) : 1;
  return { query, page, redraw: false };
}

/**
 * The chosen images of a stored record: `column` where `where` selects them in SQL (`single`: by the table's primary
 * key, so one at most); `keys` are the ones the record's own read finds.
 */
interface StoredImageKeys {
  column: SQLiteColumn;
  where: SQL;
  single: boolean;
  keys: Promise<readonly string[]>;
}

/**
 * The image picker of the catalogue's and the home content's forms (issue 14): the chosen images, then the others whose file
 * name contains the search, newest first, `galleryPickerPageSize` a page (a page past the end shows
 * the last). The same query serves the page without JavaScript (the form posts its search).
 */
export async function searchGalleryChoices(
  d1: D1Database,
  options: { query: string; page: number; chosenKeys: readonly string[] | StoredImageKeys },
): Promise<GalleryPickerPage> {
  const db = database(d1);
  const query = options.query.trim().slice(0, 100);
  const given = options.chosenKeys;
  const stored = "column" in given ? given : null;
  const listed = "column" in given ? [] : [...new Set(given)].slice(0, 200);
  // NOT IN a set holding NULL is never true: a record without a picture must select no key rather than NULL.
  const storedKeys =
    stored &&
    db
      .select({ key: stored.column })
      .from(stored.column.table)
      .where(and(stored.where, isNotNull(stored.column)));
  const searched = query === "" ? undefined : sql`${galleryImages.fileName} LIKE ${containsPattern(query)} ESCAPE '\\'`;
  const chosenCondition = inArray(galleryImages.imageKey, storedKeys ?? (listed.length ? listed : [""]));
  // D1 counts a row read for every gallery row probed against a NOT IN set (a subquery, or a list of three or more;
  // measured locally): one stored key is compared as a value, and the total is counted as all found less the chosen found.
  const notChosen = storedKeys
    ? stored.single
      ? ne(galleryImages.imageKey, sql`coalesce((${storedKeys}), '')`)
      : notInArray(galleryImages.imageKey, storedKeys)
    : listed.length === 0
      ? undefined
      : notInArray(galleryImages.imageKey, listed);
  const choice = { key: galleryImages.imageKey, fileName: galleryImages.fileName, width: galleryImages.width, height: galleryImages.height };
  const pageRows = (page: number) =>
    db
      .select(choice)
      .from(galleryImages)
      .where(and(searched, notChosen))
      .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
      .limit(galleryPickerPageSize)
      .offset((page - 1) * galleryPickerPageSize);
  const requested = Math.max(1, Math.min(options.page, 10_000));
  const [[foundRows, chosenFoundRows, rows, chosenRows], keys] = await Promise.all([
    db.batch([
      db.select({ total: count() }).from(galleryImages).where(searched),
      db.select({ total: count() }).from(galleryImages).where(and(searched, chosenCondition)),
      pageRows(requested),
      db.select(choice).from(galleryImages).where(chosenCondition),
    ]),
    stored?.keys ?? listed,
  ]);
  const chosenKeys = [...new Set(keys)].slice(0, 200);
  const total = (foundRows[0]?.total ?? 0) - (chosenFoundRows[0]?.total ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / galleryPickerPageSize));
  const chosenByKey = new Map(chosenRows.map((row) => [row.key, row]));
  const chosen = chosenKeys.map((key) => chosenByKey.get(key) ?? { key, fileName: key, width: null, height: null });
  if (requested <= pageCount) return { chosen, rows, query, page: requested, pageCount, total };
  return { chosen, rows: await pageRows(pageCount), query, page: pageCount, pageCount, total };
}

/**
 * A stored record and the first page of its form's picture picker (no search), in one round trip (issue 19): the picker
 * selects the record's pictures in SQL (`imageColumn` where `idColumn` is the id) rather than waiting for the record,
 * and shows them chosen in the order `imageKeys` finds them in it. A new record (id null) has none.
 */
export async function loadWithImagePicker<Entry>(
  d1: D1Database,
  id: number | null,
  entry: { find: (id: number) => Promise<Entry | null>; idColumn: SQLiteColumn; imageColumn: SQLiteColumn; imageKeys: (entry: Entry) => readonly string[] },
): Promise<{ entry: Entry | null; picker: GalleryPickerPage }> {
  const found = id === null ? Promise.resolve(null) : entry.find(id);
  const [row, picker] = await Promise.all([
    found,
    searchGalleryChoices(d1, {
      query: "",
      page: 1,
      chosenKeys:
        id === null
          ? []
          : {
              column: entry.imageColumn,
              where: eq(entry.idColumn, id),
              single: entry.idColumn.primary && entry.idColumn.table === entry.imageColumn.table,
              keys: found.then((stored) => (stored ? entry.imageKeys(stored) : [])),
            },
    }),
  ]);
  return { entry: row, picker };
}

/** Every place an image key can be used, as (table, column, usage name shown to staff). */
const imageUsages = [
  ["product_images", "image_key", "products"],
  ["categories", "image_key", "categories"],
  ["collections", "image_key", "collections"],
  ["hero_slides", "image_key", "heroSlides"],
  ["home_content_areas", "image_key", "contentAreas"],
  ["activities", "cover_image_key", "activities"],
  ["size_guides", "image_key", "sizeGuides"],
  ["attribute_options", "image_key", "attributeOptions"],
  ["custom_options", "image_key", "customOptions"],
  ["preset_images", "image_key", "presetImages"],
  ["custom_products", "front_image_key", "customProducts"],
  ["custom_products", "back_image_key", "customProducts"],
  // Rich text holds images by their /media/ address: an image inside an activity, a content area or
  // a policy is in use as much as a product's.
  ["activities", "body_en", "activities", "inside"],
  ["activities", "body_th", "activities", "inside"],
  ["home_content_areas", "body_en", "contentAreas", "inside"],
  ["home_content_areas", "body_th", "contentAreas", "inside"],
  ["policies", "body_en", "policies", "inside"],
  ["policies", "body_th", "policies", "inside"],
] as const;
export type ImageUsage = (typeof imageUsages)[number][2];

/** SQL true when `table.column` uses the key in `keyExpression` (equal, or found inside rich text). */
function usesKey(usage: (typeof imageUsages)[number], keyExpression: string): string {
  const [table, column] = usage;
  return usage.length === 4 ? `instr(${table}.${column}, ${keyExpression}) > 0` : `${table}.${column} = ${keyExpression}`;
}

function usedCondition(keyColumn: string) {
  return sql.raw(imageUsages.map((usage) => `EXISTS (SELECT 1 FROM ${usage[0]} WHERE ${usesKey(usage, keyColumn)})`).join(" OR "));
}

/** Where an image is used (each kind once, with how many rows). */
export async function imageUsagesOf(d1: D1Database, imageKey: string): Promise<{ usage: ImageUsage; count: number }[]> {
  // One row of scalar sub-queries (D1 caps compound SELECTs, so no UNION ALL chain).
  const columns = imageUsages.map((usage, index) => `(SELECT count(*) FROM ${usage[0]} WHERE ${usesKey(usage, "?1")}) AS u${index}`);
  const row = await d1
    .prepare(`SELECT ${columns.join(", ")}`)
    .bind(imageKey)
    .first<Record<string, number>>();
  const counts = new Map<ImageUsage, number>();
  imageUsages.forEach(([, , usage], index) => {
    const uses = row?.[`u${index}`] ?? 0;
    if (uses > 0) counts.set(usage, (counts.get(usage) ?? 0) + uses);
  });
  return [...counts].map(([usage, uses]) => ({ usage, count: uses }));
}

/** An image's file name (to name it in "Delete image …?"), or null when there is no such image. */
export async function galleryImageFileName(d1: D1Database, id: number): Promise<string | null> {
  const row = await database(d1).select({ fileName: galleryImages.fileName }).from(galleryImages).where(eq(galleryImages.id, id)).get();
  return row?.fileName ?? null;
}

export type GalleryDeleteResult =
  | { ok: true; fileName: string }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "in-use"; fileName: string; usages: { usage: ImageUsage; count: number }[] };

export async function deleteGalleryImage(env: { DB: D1Database; MEDIA: R2Bucket }, id: number): Promise<GalleryDeleteResult> {
  const db = database(env.DB);
  const image = await db
    .select({ imageKey: galleryImages.imageKey, fileName: galleryImages.fileName })
    .from(galleryImages)
    .where(eq(galleryImages.id, id))
    .get();
  if (!image) return { ok: false, reason: "not-found" };
  // The usage check and the delete are one statement: an image picked for a product a moment ago is not removed.
  const deleted = await db
    .delete(galleryImages)
    .where(sql`${galleryImages.id} = ${id} AND NOT (${usedCondition("gallery_images.image_key")})`)
    .returning({ id: galleryImages.id });
  if (deleted.length === 0) {
    const usages = await imageUsagesOf(env.DB, image.imageKey);
    if (usages.length === 0) return { ok: false, reason: "not-found" };
    return { ok: false, reason: "in-use", fileName: image.fileName, usages };
  }
  await env.MEDIA.delete(image.imageKey);
  return { ok: true, fileName: image.fileName };
}
