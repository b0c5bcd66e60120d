import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { collectionProducts, collections, products } from "~/db/schema/catalog";
import { config } from "~/db/schema/config";
import { activities, faqs, policies } from "~/db/schema/content";
import type { policyKinds } from "~/domain/policies";
import { type ProductCard, selectProductCards } from "~/features/catalog/catalog.server";

import { type SiteConfig, siteConfigFromRows, siteConfigKeys } from "./site.server";

/**
 * Reads of the public content pages (spec §2: /collection, /activities, /activities/{slug}, /faqs,
 * /privacy-policy). Each page is one D1 round trip. Rich text comes back as stored; the route makes
 * it safe (app/domain/html-text.ts) before rendering.
 */

export interface CollectionWithProducts {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  imageKey: string | null;
  /** Published products in the collection's order. */
  products: ProductCard[];
}

/** Every published collection with its published products (for /collection). */
export async function listCollectionsWithProducts(d1: D1Database): Promise<CollectionWithProducts[]> {
  const db = database(d1);
  const publishedIds = db.select({ id: collections.id }).from(collections).where(eq(collections.isPublished, true));
  const [collectionRows, membership, cards] = await db.batch([
    db
      .select({
        id: collections.id,
        slug: collections.slug,
        nameEn: collections.nameEn,
        nameTh: collections.nameTh,
        descriptionEn: collections.descriptionEn,
        descriptionTh: collections.descriptionTh,
        imageKey: collections.imageKey,
      })
      .from(collections)
      .where(eq(collections.isPublished, true))
      .orderBy(asc(collections.sortOrder), asc(collections.id)),
    db
      .select({ collectionId: collectionProducts.collectionId, productId: collectionProducts.productId })
      .from(collectionProducts)
      .where(inArray(collectionProducts.collectionId, publishedIds))
      .orderBy(asc(collectionProducts.collectionId), asc(collectionProducts.sortOrder), asc(collectionProducts.productId)),
    selectProductCards(
      db,
      inArray(
        products.id,
        db.select({ id: collectionProducts.productId }).from(collectionProducts).where(inArray(collectionProducts.collectionId, publishedIds)),
      ),
    ),
  ]);
  const cardsById = new Map(cards.map((card) => [card.id, card]));
  return collectionRows.map((collection) => ({
    ...collection,
    products: membership.filter((row) => row.collectionId === collection.id).flatMap((row) => cardsById.get(row.productId) ?? []),
  }));
}

export interface ActivityListItem {
  id: number;
  slug: string;
  titleEn: string;
  titleTh: string;
  summaryEn: string;
  summaryTh: string;
  coverImageKey: string | null;
  publishedAt: number;
}

export interface ActivityList {
  items: ActivityListItem[];
  total: number;
  page: number;
  pageCount: number;
}

/** Published means: has a publication time and it has come (a future time is a scheduled post). */
function isPublished(now: number) {
  return and(isNotNull(activities.publishedAt), lte(activities.publishedAt, now));
}

const activityListColumns = {
  id: activities.id,
  slug: activities.slug,
  titleEn: activities.titleEn,
  titleTh: activities.titleTh,
  summaryEn: activities.summaryEn,
  summaryTh: activities.summaryTh,
  coverImageKey: activities.coverImageKey,
  publishedAt: sql<number>`${activities.publishedAt}`.mapWith(Number),
};

/**
 * One page of published activities, newest first. A page past the end gives the last page (the
 * count and the rows come from one batch, so the clamp needs a second query only in that rare case).
 */
export async function listPublishedActivities(d1: D1Database, query: { page: number; pageSize: number }, now = Date.now()): Promise<ActivityList> {
  const db = database(d1);
  const pageSize = Math.max(1, Math.floor(query.pageSize));
  const page = Math.max(1, Math.floor(query.page));
  const pageQuery = (wanted: number) =>
    db
      .select(activityListColumns)
      .from(activities)
      .where(isPublished(now))
      .orderBy(desc(activities.publishedAt), desc(activities.id))
      .limit(pageSize)
      .offset((wanted - 1) * pageSize);
  const [items, counted] = await db.batch([
    pageQuery(page),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(activities)
      .where(isPublished(now)),
  ]);
  const total = counted[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page > pageCount) return { items: await pageQuery(pageCount), total, page: pageCount, pageCount };
  return { items, total, page, pageCount };
}

export interface ActivityDetail extends ActivityListItem {
  bodyEn: string;
  bodyTh: string;
  updatedAt: number;
}

/** A published activity by its slug; null for unknown, draft or scheduled ones. */
export async function getPublishedActivity(d1: D1Database, slug: string, now = Date.now()): Promise<ActivityDetail | null> {
  const row = await database(d1)
    .select({ ...activityListColumns, bodyEn: activities.bodyEn, bodyTh: activities.bodyTh, updatedAt: activities.updatedAt })
    .from(activities)
    .where(and(eq(activities.slug, slug), isPublished(now)))
    .get();
  return row ?? null;
}

export interface FaqEntry {
  id: number;
  questionEn: string;
  questionTh: string;
  answerEn: string;
  answerTh: string;
}

export async function listPublishedFaqs(d1: D1Database): Promise<FaqEntry[]> {
  return database(d1)
    .select({ id: faqs.id, questionEn: faqs.questionEn, questionTh: faqs.questionTh, answerEn: faqs.answerEn, answerTh: faqs.answerTh })
    .from(faqs)
    .where(eq(faqs.isPublished, true))
    .orderBy(asc(faqs.sortOrder), asc(faqs.id));
}

export interface PolicyText {
  titleEn: string;
  titleTh: string;
  bodyEn: string;
  bodyTh: string;
  updatedAt: number;
}

/**
 * A policy text and the shop's settings (its name and contact e-mail): the policy pages use the
 * reader layout, outside the storefront frame whose loader would otherwise provide them.
 */
export async function loadPolicyPage(d1: D1Database, kind: (typeof policyKinds)[number]): Promise<{ policy: PolicyText | null; site: SiteConfig }> {
  const db = database(d1);
  const [rows, configRows] = await db.batch([
    db
      .select({ titleEn: policies.titleEn, titleTh: policies.titleTh, bodyEn: policies.bodyEn, bodyTh: policies.bodyTh, updatedAt: policies.updatedAt })
      .from(policies)
      .where(eq(policies.kind, kind))
      .limit(1),
    db.select({ key: config.key, value: config.value }).from(config).where(inArray(config.key, siteConfigKeys)),
  ]);
  return { policy: rows[0] ?? null, site: siteConfigFromRows(configRows) };
}
