import { and, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { customDesigns, type CustomDesignStatus, customDesignUploads, customProducts } from "~/db/schema/custom";
import { checkDesign, type CustomDesign, type DesignProblem, type DesignWarning, type KnownUploads, parseDesign } from "~/domain/custom-design";
import { isEditableDesign } from "~/domain/custom-order";
import { priceDesign } from "~/domain/design-price";
import { imageSize } from "~/domain/image-size";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import type { DesignerUploadView } from "~/features/designer/designer-types";
import type { Viewer } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";

import { type CustomProductRecord, designRules, listActivePresetImages, loadCustomProduct } from "./custom-products.server";

/**
 * Shoppers' designs (docs/decisions/0015-custom-designs.md): who owns one, drafts saved by the
 * designer, uploaded images, and the images rendered for review. Every read and write is scoped
 * to the owner — a customer's account or a guest's session — so another shopper's design is as
 * unknown as one that does not exist.
 */

export type DesignOwner = { customerId: number } | { sessionId: string };

/** Staff on the storefront have no designs (like the cart); a guest without a session has none yet. */
export function designOwnerOf(viewer: Viewer): DesignOwner | null {
  if (viewer.kind === "customer") return { customerId: viewer.customerId };
  if (viewer.kind === "guest" && viewer.sessionId) return { sessionId: viewer.sessionId };
  return null;
}

function ownsDesign(owner: DesignOwner): SQL {
  return "customerId" in owner
    ? eq(customDesigns.customerId, owner.customerId)
    : and(eq(customDesigns.sessionId, owner.sessionId), isNull(customDesigns.customerId))!;
}

function ownsUpload(owner: DesignOwner): SQL {
  return "customerId" in owner
    ? eq(customDesignUploads.customerId, owner.customerId)
    : and(eq(customDesignUploads.sessionId, owner.sessionId), isNull(customDesignUploads.customerId))!;
}

function ownerColumns(owner: DesignOwner): { customerId: number | null; sessionId: string | null } {
  return "customerId" in owner ? { customerId: owner.customerId, sessionId: null } : { customerId: null, sessionId: owner.sessionId };
}

export interface OwnDesign {
  id: number;
  customProductId: number;
  status: CustomDesignStatus;
  design: CustomDesign | null;
  unitPriceSatang: number;
  reviewMessage: string;
  previewFrontKey: string | null;
  previewBackKey: string | null;
  printFrontKey: string | null;
  printBackKey: string | null;
  submittedAt: number | null;
  updatedAt: number;
}

function toOwnDesign(row: typeof customDesigns.$inferSelect): OwnDesign {
  const parsed = parseDesign(row.designJson);
  return {
    id: row.id,
    customProductId: row.customProductId,
    status: row.status,
    design: parsed.ok ? parsed.design : null,
    unitPriceSatang: row.unitPriceSatang,
    reviewMessage: row.reviewMessage,
    previewFrontKey: row.previewFrontKey,
    previewBackKey: row.previewBackKey,
    printFrontKey: row.printFrontKey,
    printBackKey: row.printBackKey,
    submittedAt: row.submittedAt,
    updatedAt: row.updatedAt,
  };
}

export async function findOwnDesign(d1: D1Database, owner: DesignOwner | null, designId: number): Promise<OwnDesign | null> {
  if (!owner) return null;
  const row = await database(d1)
    .select()
    .from(customDesigns)
    .where(and(eq(customDesigns.id, designId), ownsDesign(owner)))
    .get();
  return row ? toOwnDesign(row) : null;
}

/** The draft the shopper last worked on for this product: the designer reopens it. */
export async function findLatestEditableDesign(d1: D1Database, owner: DesignOwner | null, productId: number): Promise<OwnDesign | null> {
  if (!owner) return null;
  const row = await database(d1)
    .select()
    .from(customDesigns)
    .where(and(ownsDesign(owner), eq(customDesigns.customProductId, productId), inArray(customDesigns.status, ["draft", "changes_requested"])))
    .orderBy(desc(customDesigns.updatedAt), desc(customDesigns.id))
    .get();
  return row ? toOwnDesign(row) : null;
}

export interface DesignListItem {
  id: number;
  productId: number;
  productNameEn: string;
  productNameTh: string;
  frontImageKey: string | null;
  status: CustomDesignStatus;
  unitPriceSatang: number;
  totalQuantity: number;
  updatedAt: number;
  /** The order a sent design belongs to. */
  orderNumber: string | null;
}

/** Every design of the shopper, newest first (/custom/create_backup). */
export async function listOwnDesigns(d1: D1Database, owner: DesignOwner | null): Promise<DesignListItem[]> {
  if (!owner) return [];
  const rows = await database(d1)
    .select({
      id: customDesigns.id,
      productId: customDesigns.customProductId,
      productNameEn: customProducts.nameEn,
      productNameTh: customProducts.nameTh,
      frontImageKey: customProducts.frontImageKey,
      status: customDesigns.status,
      unitPriceSatang: customDesigns.unitPriceSatang,
      designJson: customDesigns.designJson,
      updatedAt: customDesigns.updatedAt,
      orderNumber: sql<
        string | null
      >`(SELECT o.order_number FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE l.custom_design_id = ${outerColumn(customDesigns.id)} ORDER BY o.id DESC LIMIT 1)`,
    })
    .from(customDesigns)
    .innerJoin(customProducts, eq(customProducts.id, customDesigns.customProductId))
    .where(ownsDesign(owner))
    .orderBy(desc(customDesigns.updatedAt), desc(customDesigns.id))
    .limit(100);
  return rows.map(({ designJson, ...row }) => {
    const parsed = parseDesign(designJson);
    const quantities = parsed.ok ? parsed.design.quantities : { s: 0, m: 0, l: 0, xl: 0 };
    return { ...row, totalQuantity: quantities.s + quantities.m + quantities.l + quantities.xl };
  });
}

export async function knownUploadsOf(d1: D1Database, owner: DesignOwner | null): Promise<KnownUploads> {
  if (!owner) return new Map();
  const rows = await database(d1)
    .select({ key: customDesignUploads.key, pixelWidth: customDesignUploads.pixelWidth, pixelHeight: customDesignUploads.pixelHeight })
    .from(customDesignUploads)
    .where(ownsUpload(owner))
    .limit(500);
  return new Map(rows.map((row) => [row.key, { pixelWidth: row.pixelWidth, pixelHeight: row.pixelHeight }]));
}

export function uploadUrl(locale: Locale, key: string): string {
  return localizePath(locale, `/custom/upload/${encodeURIComponent(key.slice(uploadPrefix.length))}`);
}

export async function listOwnUploads(d1: D1Database, owner: DesignOwner | null, locale: Locale): Promise<DesignerUploadView[]> {
  const uploads = await knownUploadsOf(d1, owner);
  return [...uploads].map(([key, size]) => ({ key, url: uploadUrl(locale, key), ...size }));
}

/** An upload of this owner, by the name in its URL (the key without the private prefix). */
export async function findOwnUpload(d1: D1Database, owner: DesignOwner | null, name: string): Promise<string | null> {
  if (!owner || !/^[A-Za-z0-9_-]{1,80}\.(png|jpg|webp)$/.test(name)) return null;
  const key = `${uploadPrefix}${name}`;
  const row = await database(d1)
    .select({ key: customDesignUploads.key })
    .from(customDesignUploads)
    .where(and(eq(customDesignUploads.key, key), ownsUpload(owner)))
    .get();
  return row?.key ?? null;
}

// ----- checking a design against its product -------------------------------------------------------

export interface DesignContext {
  product: CustomProductRecord;
  uploads: KnownUploads;
  presetIds: number[];
}

export async function designContext(d1: D1Database, owner: DesignOwner | null, productId: number, publishedOnly = true): Promise<DesignContext | null> {
  const [product, presets, uploads] = await Promise.all([
    loadCustomProduct(d1, productId, { publishedOnly }),
    listActivePresetImages(d1),
    knownUploadsOf(d1, owner),
  ]);
  return product ? { product, uploads, presetIds: presets.map((preset) => preset.id) } : null;
}

export type DesignCheck = { ok: true; design: CustomDesign; unitPriceSatang: number; warnings: DesignWarning[] } | { ok: false; problems: DesignProblem[] };

/** Parse, check against the product (its options, banners, print areas, presets, the owner's uploads) and price. */
export function checkDesignFor(context: DesignContext, input: unknown, purpose: "draft" | "submit"): DesignCheck {
  const rules = designRules(
    context.product,
    context.presetIds.map((id) => ({ id })),
  );
  const parsed = parseDesign(input);
  if (!parsed.ok) return parsed;
  const checked = checkDesign(parsed.design, rules, { uploads: context.uploads, purpose });
  if (!checked.ok) return { ok: false, problems: checked.problems };
  const price = priceDesign(parsed.design, rules);
  return { ok: true, design: parsed.design, unitPriceSatang: price.listUnitPrice, warnings: checked.warnings };
}

// ----- drafts --------------------------------------------------------------------------------------

export type SaveResult =
  | { ok: true; designId: number; savedAt: number; warnings: DesignWarning[] }
  | { ok: false; reason: "not-found" | "locked" | "no-product" }
  | { ok: false; reason: "problems"; problems: DesignProblem[] };

/**
 * The designer's autosave. A new design (designId null) is inserted for the owner; an existing
 * one must be the owner's and still editable. Images rendered for review belong to the design as
 * it was then: a changed design drops them (they are made again when it is sent).
 */
export async function saveDraft(
  d1: D1Database,
  owner: DesignOwner,
  input: { productId: number; designId: number | null; design: unknown },
  now = Date.now(),
): Promise<SaveResult> {
  const existing = input.designId === null ? null : await findOwnDesign(d1, owner, input.designId);
  if (input.designId !== null && !existing) return { ok: false, reason: "not-found" };
  if (existing && !isEditableDesign(existing.status)) return { ok: false, reason: "locked" };
  const productId = existing?.customProductId ?? input.productId;
  const context = await designContext(d1, owner, productId);
  if (!context) return { ok: false, reason: "no-product" };
  const checked = checkDesignFor(context, input.design, "draft");
  if (!checked.ok) return { ok: false, reason: "problems", problems: checked.problems };
  const json = JSON.stringify(checked.design);
  const db = database(d1);
  if (existing) {
    const changed = await db
      .update(customDesigns)
      .set({
        designJson: json,
        unitPriceSatang: checked.unitPriceSatang,
        previewFrontKey: sql`CASE WHEN ${customDesigns.designJson} = ${json} THEN ${customDesigns.previewFrontKey} END`,
        previewBackKey: sql`CASE WHEN ${customDesigns.designJson} = ${json} THEN ${customDesigns.previewBackKey} END`,
        printFrontKey: sql`CASE WHEN ${customDesigns.designJson} = ${json} THEN ${customDesigns.printFrontKey} END`,
        printBackKey: sql`CASE WHEN ${customDesigns.designJson} = ${json} THEN ${customDesigns.printBackKey} END`,
        updatedAt: now,
      })
      // Staff may have taken the design into review between the read and this write.
      .where(and(eq(customDesigns.id, existing.id), ownsDesign(owner), inArray(customDesigns.status, ["draft", "changes_requested"])))
      .returning({ id: customDesigns.id });
    if (changed.length === 0) return { ok: false, reason: "locked" };
    return { ok: true, designId: existing.id, savedAt: now, warnings: checked.warnings };
  }
  const [inserted] = await db
    .insert(customDesigns)
    .values({
      customProductId: productId,
      ...ownerColumns(owner),
      designJson: json,
      status: "draft",
      unitPriceSatang: checked.unitPriceSatang,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: customDesigns.id });
  return { ok: true, designId: inserted!.id, savedAt: now, warnings: checked.warnings };
}

/** A draft the shopper no longer wants (drafts only: a sent design belongs to its order). */
export async function deleteDraft(d1: D1Database, owner: DesignOwner | null, designId: number): Promise<boolean> {
  if (!owner) return false;
  const deleted = await database(d1)
    .delete(customDesigns)
    .where(and(eq(customDesigns.id, designId), ownsDesign(owner), eq(customDesigns.status, "draft")))
    .returning({ id: customDesigns.id });
  return deleted.length > 0;
}

/** A guest who signs in keeps their designs and uploads (same batch as the sign-in, like guest orders). */
export function adoptGuestDesignsStatements(d1: D1Database, guestSessionId: string, customerId: number | ReturnType<typeof sql>): BatchItem<"sqlite">[] {
  const db = database(d1);
  return [
    db
      .update(customDesigns)
      .set({ customerId: customerId as number, sessionId: null })
      .where(and(eq(customDesigns.sessionId, guestSessionId), isNull(customDesigns.customerId))),
    db
      .update(customDesignUploads)
      .set({ customerId: customerId as number, sessionId: null })
      .where(and(eq(customDesignUploads.sessionId, guestSessionId), isNull(customDesignUploads.customerId))),
  ];
}

// ----- uploaded images -----------------------------------------------------------------------------

/** R2 prefix of shoppers' uploads and of the images rendered for review: private (never under /media). */
export const uploadPrefix = "private/custom-uploads/";
export const designImagePrefix = "private/custom-designs/";
export const maxUploadBytes = 10 * 1024 * 1024;
/** Uploads larger than this in either direction are refused (the canvas could not hold them). */
export const maxUploadPixels = 8000;
const maxUploadsPerOwner = 200;

export type UploadProblem = "required" | "image-only" | "too-large" | "too-many-pixels" | "too-many-uploads";
export type UploadCheck = { ok: true; upload: { key: string; pixelWidth: number; pixelHeight: number } } | { ok: false; problem: UploadProblem };

const uploadTypes = ["png", "jpeg", "webp"] as const;

/** Checks the file by its bytes (PNG, JPEG, WebP; size and pixels) and stores it for the owner. */
export async function storeUpload(env: { DB: D1Database; MEDIA: R2Bucket }, owner: DesignOwner, file: unknown, now = Date.now()): Promise<UploadCheck> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, problem: "required" };
  if (file.size > maxUploadBytes) return { ok: false, problem: "too-large" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type || !(uploadTypes as readonly string[]).includes(type)) return { ok: false, problem: "image-only" };
  const size = imageSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) return { ok: false, problem: "image-only" };
  if (size.width > maxUploadPixels || size.height > maxUploadPixels) return { ok: false, problem: "too-many-pixels" };
  const db = database(env.DB);
  const count = await db
    .select({ count: sql<number>`count(*)` })
    .from(customDesignUploads)
    .where(ownsUpload(owner))
    .get();
  if ((count?.count ?? 0) >= maxUploadsPerOwner) return { ok: false, problem: "too-many-uploads" };

  const key = `${uploadPrefix}${crypto.randomUUID()}.${imageExtensions[type]}`;
  await env.MEDIA.put(key, bytes, { httpMetadata: { contentType: imageContentTypes[type] } });
  await db.insert(customDesignUploads).values({
    key,
    ...ownerColumns(owner),
    contentType: imageContentTypes[type],
    byteSize: bytes.byteLength,
    pixelWidth: size.width,
    pixelHeight: size.height,
    createdAt: now,
  });
  return { ok: true, upload: { key, pixelWidth: size.width, pixelHeight: size.height } };
}

// ----- the images rendered for review --------------------------------------------------------------

export const designImageFields = ["previewFront", "previewBack", "printFront", "printBack"] as const;
export type DesignImageField = (typeof designImageFields)[number];
/** A print image of a 600 mm side at 300 DPI is about 7000 px; PNGs of artwork stay well under this. */
export const maxDesignImageBytes = 15 * 1024 * 1024;
const maxDesignImagePixels = 12000;

export type PrepareResult =
  | { ok: true; designId: number }
  | { ok: false; reason: "not-found" | "locked" | "no-product" | "images" }
  | { ok: false; reason: "problems"; problems: DesignProblem[] };

async function checkDesignImage(file: unknown): Promise<Uint8Array | null> {
  if (!(file instanceof File) || file.size === 0 || file.size > maxDesignImageBytes) return null;
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (sniffImageType(bytes) !== "png") return null;
  const size = imageSize(bytes, "png");
  if (!size || size.width < 1 || size.height < 1 || size.width > maxDesignImagePixels || size.height > maxDesignImagePixels) return null;
  return bytes;
}

/**
 * "Send for review", first half: the design is checked as for an order (every rule, the minimum
 * quantity), and the four PNGs the designer rendered (previews with the mockup, print images of the
 * print areas) are stored with it. The shopper then gives the delivery details and sends it
 * (app/features/custom/custom-orders.server.ts), which needs these images to exist.
 */
export async function prepareDesign(
  env: { DB: D1Database; MEDIA: R2Bucket },
  owner: DesignOwner,
  input: { designId: number; design: unknown; images: Record<DesignImageField, unknown> },
  now = Date.now(),
): Promise<PrepareResult> {
  const existing = await findOwnDesign(env.DB, owner, input.designId);
  if (!existing) return { ok: false, reason: "not-found" };
  if (!isEditableDesign(existing.status)) return { ok: false, reason: "locked" };
  const context = await designContext(env.DB, owner, existing.customProductId);
  if (!context) return { ok: false, reason: "no-product" };
  const checked = checkDesignFor(context, input.design, "submit");
  if (!checked.ok) return { ok: false, reason: "problems", problems: checked.problems };

  const images: Partial<Record<DesignImageField, Uint8Array>> = {};
  for (const field of designImageFields) {
    const bytes = await checkDesignImage(input.images[field]);
    if (!bytes) return { ok: false, reason: "images" };
    images[field] = bytes;
  }
  const revision = crypto.randomUUID();
  const keys = Object.fromEntries(designImageFields.map((field) => [field, `${designImagePrefix}${existing.id}/${revision}-${field}.png`])) as Record<
    DesignImageField,
    string
  >;
  await Promise.all(
    designImageFields.map((field) =>
      env.MEDIA.put(keys[field], images[field]!, { httpMetadata: { contentType: "image/png" }, customMetadata: { designId: String(existing.id) } }),
    ),
  );

  const updated = await database(env.DB)
    .update(customDesigns)
    .set({
      designJson: JSON.stringify(checked.design),
      unitPriceSatang: checked.unitPriceSatang,
      previewFrontKey: keys.previewFront,
      previewBackKey: keys.previewBack,
      printFrontKey: keys.printFront,
      printBackKey: keys.printBack,
      updatedAt: now,
    })
    .where(and(eq(customDesigns.id, existing.id), ownsDesign(owner), inArray(customDesigns.status, ["draft", "changes_requested"])))
    .returning({ id: customDesigns.id });
  if (updated.length === 0) {
    await Promise.all(designImageFields.map((field) => env.MEDIA.delete(keys[field])));
    return { ok: false, reason: "locked" };
  }
  // The images of the design's previous version are no longer anyone's.
  const previous = [existing.previewFrontKey, existing.previewBackKey, existing.printFrontKey, existing.printBackKey].filter(
    (key): key is string => key !== null,
  );
  if (previous.length && existing.status === "draft") await Promise.all(previous.map((key) => env.MEDIA.delete(key)));
  return { ok: true, designId: existing.id };
}

/** The design images' R2 key for one field, when the key is really one of this design's. */
export function designImageKey(design: Pick<OwnDesign, "previewFrontKey" | "previewBackKey" | "printFrontKey" | "printBackKey">, image: string): string | null {
  const byName: Record<string, string | null> = {
    "preview-front": design.previewFrontKey,
    "preview-back": design.previewBackKey,
    "print-front": design.printFrontKey,
    "print-back": design.printBackKey,
  };
  return byName[image] ?? null;
}

export function designPagePath(locale: Locale, productId: number, designId: number, step?: "send"): string {
  return localizePath(locale, `/custom/select/${productId}?design=${designId}${step ? `&step=${step}` : ""}`);
}
