import { and, asc, desc, eq, gt, inArray, isNull, type SQL, sql, type SQLWrapper } from "drizzle-orm";

import { type Database, database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { outerColumn } from "~/db/outer-column";
import { preparedRead } from "~/db/prepared-read";
import { products } from "~/db/schema/catalog";
import { customers, sessions } from "~/db/schema/customers";
import { orderLines, orders } from "~/db/schema/orders";
import { productReviews } from "~/db/schema/reviews";
import { productStatusIds } from "~/domain/catalog";
import { imageSize } from "~/domain/image-size";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import { orderStatusId } from "~/domain/order-status";
import { averageRating, decideReviewEligibility, type ReviewEligibility, reviewerName, reviewPhotoMaxBytes, type ReviewStatus } from "~/domain/reviews";
import type { ListScope } from "~/features/backoffice/list-page.server";
import type { Viewer } from "~/features/sessions/sessions.server";

import type { ReviewListQuery, ReviewListRow } from "./review-list";

/**
 * Product reviews (issue 20): who may write one (app/domain/reviews.ts decides from what is read
 * here), saving a review (photo to private R2, back to pending on every edit), what the product page
 * shows (approved only: the average, the count and the newest reviews) and the back office's list and
 * moderation.
 */

/** The viewer's own review of a product, to prefill the form. */
export interface OwnReview {
  id: number;
  rating: number;
  body: string;
  status: ReviewStatus;
  hasPhoto: boolean;
}

export interface ReviewStanding {
  eligibility: ReviewEligibility;
  own: OwnReview | null;
}

/** What eligibility is decided from: the customer's order lines of the product and their own review (ids or subqueries). */
function standingQueries(db: Database, customerId: number | SQLWrapper, productId: number | SQLWrapper) {
  return [
    db
      .select({ productId: orderLines.productId, orderStatusId: orders.statusId })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(eq(orders.customerId, customerId), eq(orderLines.productId, productId))),
    db
      .select({
        id: productReviews.id,
        rating: productReviews.rating,
        body: productReviews.body,
        status: productReviews.status,
        photoKey: productReviews.photoKey,
      })
      .from(productReviews)
      .where(and(eq(productReviews.productId, productId), eq(productReviews.customerId, customerId)))
      .limit(1),
  ] as const;
}

/** May this customer (null: a guest or staff) review this product, and their review if they wrote one (one batch). */
export async function reviewStanding(d1: D1Database, customerId: number | null, productId: number): Promise<ReviewStanding> {
  if (customerId === null) return { eligibility: decideReviewEligibility({ signedIn: false, productId, orderLines: [], existingReview: null }), own: null };
  const db = database(d1);
  const [lines, reviews] = await db.batch(standingQueries(db, customerId, productId));
  const review = reviews[0] ?? null;
  return {
    eligibility: decideReviewEligibility({ signedIn: true, productId, orderLines: lines, existingReview: review }),
    own: review ? { id: review.id, rating: review.rating, body: review.body, status: review.status, hasPhoto: review.photoKey !== null } : null,
  };
}

/** A published product by its slug (the review pages' product), or null. */
export async function reviewableProduct(d1: D1Database, slug: string) {
  const [product] = await database(d1)
    .select({ id: products.id, slug: products.slug, nameEn: products.nameEn, nameTh: products.nameTh, statusId: products.statusId })
    .from(products)
    .where(eq(products.slug, slug))
    .limit(1);
  return product ?? null;
}

export interface PublicReview {
  id: number;
  rating: number;
  body: string;
  authorName: string;
  /** When the review (as shown) was written: edits send it back to staff, so the last edit. */
  publishedAt: number;
  hasPhoto: boolean;
}

export interface ProductReviews {
  average: number | null;
  count: number;
  reviews: PublicReview[];
  /** More approved reviews than shown. */
  more: boolean;
}

/** Reviews shown per "more" step on the product page. */
export const reviewsPerStep = 5;
/** The most steps of "more" (`?reviews=`) a page shows. */
export const maxReviewSteps = 40;

/** The `?reviews=` steps of the product page: 1 unless a whole number up to maxReviewSteps. */
export function reviewStepsParam(value: string | null): number {
  return value && /^[1-9][0-9]{0,2}$/.test(value) ? Math.min(Number(value), maxReviewSteps) : 1;
}

/**
 * The product page's review reads (one batch with the page's other reads), their SQL built once per
 * isolate (issue 19); the request's values: `slug`, `sessionId` ("" without one), `now`, `limit`.
 */
const productReviewReads = (() => {
  const productId = (db: Database) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.slug, sql.placeholder("slug")), eq(products.statusId, productStatusIds.published)));
  // The session's customer (a live session of an enabled customer), as cartOwnerOf(resolveViewer) does it.
  const customerId = (db: Database) =>
    db
      .select({ id: sessions.customerId })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(and(eq(sessions.id, sql.placeholder("sessionId")), gt(sessions.expiresAt, sql.placeholder("now")), isNull(customers.disabledAt)));
  const approved = (db: Database) => and(eq(productReviews.productId, productId(db)), eq(productReviews.status, "approved"));
  const standing = (db: Database) => standingQueries(db, customerId(db), productId(db));
  return {
    summary: preparedRead((db) =>
      db
        .select({ count: sql<number>`count(*)`.mapWith(Number), total: sql<number>`coalesce(sum(${productReviews.rating}), 0)`.mapWith(Number) })
        .from(productReviews)
        .where(approved(db))
        .prepare(),
    ),
    rows: preparedRead((db) =>
      db
        .select({
          id: productReviews.id,
          rating: productReviews.rating,
          body: productReviews.body,
          updatedAt: productReviews.updatedAt,
          photoKey: productReviews.photoKey,
          firstName: customers.firstName,
          lastName: customers.lastName,
        })
        .from(productReviews)
        .innerJoin(customers, eq(customers.id, productReviews.customerId))
        .where(approved(db))
        .orderBy(desc(productReviews.updatedAt), desc(productReviews.id))
        .limit(sql.placeholder("limit"))
        .prepare(),
    ),
    orderLines: preparedRead((db) => standing(db)[0].prepare()),
    own: preparedRead((db) => standing(db)[1].prepare()),
  };
})();

/**
 * The product page's reviews, selected by the product's slug and the session cookie so that they
 * join the page's one round trip (docs/decisions/0019-d1-round-trips.md; the viewer is read in the
 * same turn): the approved reviews' average and count, the newest `limit` of them, and — for the
 * customer this session belongs to — their order lines of the product and their own review, from
 * which the loader decides (with the viewer) whether to offer the form.
 */
export async function productReviewPage(d1: D1Database, slug: string, sessionId: string | null, limit = reviewsPerStep, now = Date.now()) {
  const values = { slug, sessionId: sessionId ?? "", now, limit: limit + 1 };
  const [summary, rows, lines, own] = await Promise.all([
    productReviewReads.summary.all(d1, values),
    productReviewReads.rows.all(d1, values),
    productReviewReads.orderLines.all(d1, values),
    productReviewReads.own.all(d1, values),
  ]);
  const count = summary[0]?.count ?? 0;
  const review = own[0] ?? null;
  const reviews: ProductReviews = {
    average: averageRating(summary[0]?.total ?? 0, count),
    count,
    reviews: rows.slice(0, limit).map((row) => ({
      id: row.id,
      rating: row.rating,
      body: row.body,
      authorName: reviewerName(row.firstName, row.lastName),
      publishedAt: row.updatedAt,
      hasPhoto: row.photoKey !== null,
    })),
    more: rows.length > limit,
  };
  return {
    reviews,
    /** For decideReviewEligibility once the viewer is known (empty for a guest or staff: no customer). */
    orderLines: lines,
    own: review ? { id: review.id, rating: review.rating, body: review.body, status: review.status, hasPhoto: review.photoKey !== null } : null,
  };
}

/** What the product page shows of reviews, and the viewer's standing: decided once the viewer is in. */
export function productReviewStanding(page: Awaited<ReturnType<typeof productReviewPage>>, productId: number, signedIn: boolean): ReviewStanding {
  const own = signedIn ? page.own : null;
  return {
    eligibility: decideReviewEligibility({ signedIn, productId, orderLines: signedIn ? page.orderLines : [], existingReview: own }),
    own,
  };
}

export type SaveReviewProblem = "sign-in" | "not-bought" | "not-completed" | "photo-too-large" | "photo-not-image";

export interface SaveReviewInput {
  rating: number;
  body: string;
  photo: File | null;
  removePhoto: boolean;
}

/**
 * Writes the customer's review of a product, or rewrites it (once per product): either way it waits
 * for staff again. The photo is checked by size and by its bytes, stored privately in R2 first and
 * removed again when the write is refused; a replaced or removed photo is deleted afterwards. The
 * write itself asks again for the completed order, so a review never lands without one.
 */
export async function saveReview(
  env: { DB: D1Database; MEDIA: R2Bucket },
  customerId: number,
  productId: number,
  input: SaveReviewInput,
  now = Date.now(),
): Promise<{ ok: true; mode: "write" | "edit" } | { ok: false; problem: SaveReviewProblem }> {
  const standing = await reviewStanding(env.DB, customerId, productId);
  if (!standing.eligibility.allowed) return { ok: false, problem: standing.eligibility.reason };

  let photo: { bytes: Uint8Array; type: NonNullable<ReturnType<typeof sniffImageType>> } | null = null;
  if (input.photo && input.photo.size > 0) {
    if (input.photo.size > reviewPhotoMaxBytes) return { ok: false, problem: "photo-too-large" };
    const bytes = new Uint8Array(await input.photo.arrayBuffer());
    const type = sniffImageType(bytes);
    // An image whose header does not say its size is not one a browser will show.
    if (!type || !imageSize(bytes, type)) return { ok: false, problem: "photo-not-image" };
    photo = { bytes, type };
  }

  const db = database(env.DB);
  const [existing] = await db
    .select({ photoKey: productReviews.photoKey })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.customerId, customerId)))
    .limit(1);
  let newKey: string | null = null;
  if (photo) {
    // A server-made key; the random part keeps a picture that is not yet approved from being guessed.
    newKey = `private/review-photos/${productId}-${customerId}-${crypto.randomUUID()}.${imageExtensions[photo.type]}`;
    await env.MEDIA.put(newKey, photo.bytes, { httpMetadata: { contentType: imageContentTypes[photo.type] } });
  }
  const oldKey = existing?.photoKey ?? null;
  const photoKey = newKey ?? (input.removePhoto ? null : oldKey);

  const result = await env.DB.prepare(
    `INSERT INTO product_reviews (product_id, customer_id, rating, body, photo_key, status, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?6
     WHERE EXISTS (
       SELECT 1 FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id
       WHERE line.product_id = ?1 AND placed.customer_id = ?2 AND placed.status_id = ${orderStatusId.completed}
     )
     ON CONFLICT (product_id, customer_id) DO UPDATE SET
       rating = excluded.rating, body = excluded.body, photo_key = excluded.photo_key, status = 'pending',
       moderated_by_staff_user_id = NULL, moderated_at = NULL, updated_at = excluded.updated_at`,
  )
    .bind(productId, customerId, input.rating, input.body, photoKey, now)
    .run();
  if (result.meta.changes === 0) {
    if (newKey) await env.MEDIA.delete(newKey);
    return { ok: false, problem: "not-completed" };
  }
  if (oldKey && oldKey !== photoKey) await env.MEDIA.delete(oldKey);
  return { ok: true, mode: existing ? "edit" : "write" };
}

/**
 * The R2 key of a review's photo for a shopper: an approved review's, or their own at any status;
 * null otherwise (the page answers 404, saying nothing about a review it does not show).
 */
export async function shopperReviewPhotoKey(d1: D1Database, viewer: Viewer, slug: string, reviewId: number): Promise<string | null> {
  const [row] = await database(d1)
    .select({ photoKey: productReviews.photoKey, status: productReviews.status, customerId: productReviews.customerId })
    .from(productReviews)
    .innerJoin(products, eq(products.id, productReviews.productId))
    .where(and(eq(productReviews.id, reviewId), eq(products.slug, slug)))
    .limit(1);
  if (!row?.photoKey) return null;
  const mine = viewer.kind === "customer" && viewer.customerId === row.customerId;
  return row.status === "approved" || mine ? row.photoKey : null;
}

/** The R2 key of a review's photo for the back office (staff with the products permission), or null. */
export async function staffReviewPhotoKey(d1: D1Database, reviewId: number): Promise<string | null> {
  const [row] = await database(d1).select({ photoKey: productReviews.photoKey }).from(productReviews).where(eq(productReviews.id, reviewId)).limit(1);
  return row?.photoKey ?? null;
}

/**
 * The products of a completed order the customer may review, with their slug and whether they
 * already did (for "Write a review" on the purchase page); empty for an order not completed.
 */
export async function reviewLinksForOrder(d1: D1Database, customerId: number, orderId: number) {
  const db = database(d1);
  const rows = await db
    .selectDistinct({
      productId: products.id,
      slug: products.slug,
      reviewId: sql<
        number | null
      >`(SELECT ${productReviews.id} FROM ${productReviews} WHERE ${productReviews.productId} = ${outerColumn(products.id)} AND ${productReviews.customerId} = ${customerId})`.as(
        "review_id",
      ),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.statusId, orderStatusId.completed)));
  return rows.map((row) => ({ productId: row.productId, slug: row.slug, reviewed: row.reviewId !== null }));
}

function listFilter(query: ReviewListQuery, ids: number[] | undefined): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.filters.status !== null) conditions.push(eq(productReviews.status, query.filters.status));
  if (query.filters.rating !== null) conditions.push(eq(productReviews.rating, query.filters.rating));
  if (ids) conditions.push(inArray(productReviews.id, ids.length ? ids : [0]));
  if (query.q) {
    conditions.push(
      sql`(${contains(products.nameEn, query.q)} OR ${contains(products.nameTh, query.q)} OR ${contains(customers.email, query.q)}
        OR ${contains(sql`${customers.firstName} || ' ' || ${customers.lastName}`, query.q)} OR ${contains(productReviews.body, query.q)})`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

const reviewSorts = {
  updated: productReviews.updatedAt,
  rating: productReviews.rating,
  product: sql`lower(${products.nameEn})`,
} satisfies Record<ReviewListQuery["sort"], unknown>;

/** The back office's review list under its query: one page, every row (export, print) or only `ids`, and the count (one batch). */
export async function listAdminReviews(d1: D1Database, query: ReviewListQuery, scope: ListScope): Promise<{ rows: ReviewListRow[]; total: number }> {
  const db = database(d1);
  const where = listFilter(query, scope.ids);
  const direction = query.dir === "asc" ? asc : desc;
  const [totals, rows] = await db.batch([
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(customers, eq(customers.id, productReviews.customerId))
      .where(where),
    db
      .select({
        id: productReviews.id,
        productId: productReviews.productId,
        productSlug: products.slug,
        productNameEn: products.nameEn,
        productNameTh: products.nameTh,
        customerId: productReviews.customerId,
        customerEmail: customers.email,
        customerFirstName: customers.firstName,
        customerLastName: customers.lastName,
        rating: productReviews.rating,
        body: productReviews.body,
        hasPhoto: sql<number>`${productReviews.photoKey} IS NOT NULL`.mapWith(Number).as("review_has_photo"),
        status: productReviews.status,
        createdAt: productReviews.createdAt,
        updatedAt: productReviews.updatedAt,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(customers, eq(customers.id, productReviews.customerId))
      .where(where)
      .orderBy(direction(reviewSorts[query.sort]), desc(productReviews.updatedAt), desc(productReviews.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** Reviews updated per statement: keeps each IN list under D1's 100 bound parameters. */
const reviewsPerStatement = 80;

/** Approves or hides the ticked reviews, in one batch. Returns how many there were. */
export async function setReviewsStatus(d1: D1Database, ids: number[], status: Exclude<ReviewStatus, "pending">, staffUserId: number, now = Date.now()) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const db = database(d1);
  const chunks: number[][] = [];
  for (let start = 0; start < unique.length; start += reviewsPerStatement) chunks.push(unique.slice(start, start + reviewsPerStatement));
  const [first, ...rest] = chunks.map((chunk) =>
    db
      .update(productReviews)
      .set({ status, moderatedByStaffUserId: staffUserId, moderatedAt: now })
      .where(inArray(productReviews.id, chunk))
      .returning({ id: productReviews.id }),
  );
  const results = await db.batch([first!, ...rest]);
  return results.reduce((sum, changed) => sum + changed.length, 0);
}
