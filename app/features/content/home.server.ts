import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { collectionProducts, collections, products } from "~/db/schema/catalog";
import { activities, heroSlides, homeContentAreas } from "~/db/schema/content";
import {
  firstListedProductIds,
  type FlashSaleCard,
  type ProductCard,
  selectFlashSaleCards,
  selectProductCards,
  soldQuantity,
} from "~/features/catalog/catalog.server";

export interface HeroSlide {
  id: number;
  titleEn: string;
  titleTh: string;
  subtitleEn: string;
  subtitleTh: string;
  ctaLabelEn: string;
  ctaLabelTh: string;
  /** Locale-neutral path; prefix /th for Thai pages. */
  linkPath: string | null;
  imageKey: string;
}

export interface FeaturedCollection {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  descriptionEn: string;
  descriptionTh: string;
  imageKey: string | null;
  /** Up to `productsPerCollection` published products, in the collection's order. */
  products: ProductCard[];
}

export interface ActivitySummary {
  id: number;
  slug: string;
  titleEn: string;
  titleTh: string;
  summaryEn: string;
  summaryTh: string;
  coverImageKey: string | null;
  publishedAt: number;
}

export interface HomeContentArea {
  areaKey: string;
  titleEn: string;
  titleTh: string;
  bodyEn: string;
  bodyTh: string;
  imageKey: string | null;
  linkPath: string | null;
}

/** The products of the flash sales live now, and when the first of their sale prices ends. */
export interface HomeFlashSale {
  endsAt: number;
  products: FlashSaleCard[];
}

export interface HomePage {
  heroSlides: HeroSlide[];
  /** Null when no sale is live (the block is not shown). */
  flashSale: HomeFlashSale | null;
  newProducts: ProductCard[];
  /** Most units sold first; with nothing sold yet, simply the newest. */
  bestSellers: ProductCard[];
  featuredCollections: FeaturedCollection[];
  latestActivities: ActivitySummary[];
  contentAreas: HomeContentArea[];
}

export const newProductsCount = 8;
export const flashSaleProductsCount = 8;
export const bestSellersCount = 4;
export const featuredCollectionsCount = 3;
export const productsPerCollection = 4;
export const latestActivitiesCount = 3;

/** The statements of the home page's one batch (tests read their query plans through homePageStatements). */
function homePageQueries(d1: D1Database, now: number) {
  const db = database(d1);
  const featured = and(eq(collections.isPublished, true), eq(collections.isFeatured, true));

  const slidesQuery = db
    .select({
      id: heroSlides.id,
      titleEn: heroSlides.titleEn,
      titleTh: heroSlides.titleTh,
      subtitleEn: heroSlides.subtitleEn,
      subtitleTh: heroSlides.subtitleTh,
      ctaLabelEn: heroSlides.ctaLabelEn,
      ctaLabelTh: heroSlides.ctaLabelTh,
      linkPath: heroSlides.linkPath,
      imageKey: heroSlides.imageKey,
    })
    .from(heroSlides)
    .where(
      and(
        eq(heroSlides.isActive, true),
        or(isNull(heroSlides.startsAt), lte(heroSlides.startsAt, now)),
        or(isNull(heroSlides.endsAt), gt(heroSlides.endsAt, now)),
      ),
    )
    .orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id));

  const flashSaleQuery = selectFlashSaleCards(db, flashSaleProductsCount, now);

  const newest = [desc(products.createdAt), desc(products.id)];
  const newProductsQuery = selectProductCards(db, inArray(products.id, firstListedProductIds(db, newest, newProductsCount))).orderBy(...newest);

  const bestSelling = [desc(soldQuantity), desc(products.createdAt), desc(products.id)];
  const bestSellersQuery = selectProductCards(db, inArray(products.id, firstListedProductIds(db, bestSelling, bestSellersCount))).orderBy(...bestSelling);

  const collectionsQuery = db
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
    .where(featured)
    .orderBy(asc(collections.sortOrder), asc(collections.id))
    .limit(featuredCollectionsCount);

  const featuredIds = db.select({ id: collections.id }).from(collections).where(featured);
  const membershipQuery = db
    .select({ collectionId: collectionProducts.collectionId, productId: collectionProducts.productId })
    .from(collectionProducts)
    .where(inArray(collectionProducts.collectionId, featuredIds))
    .orderBy(asc(collectionProducts.collectionId), asc(collectionProducts.sortOrder), asc(collectionProducts.productId));
  const collectionCardsQuery = selectProductCards(
    db,
    inArray(products.id, db.select({ id: collectionProducts.productId }).from(collectionProducts).where(inArray(collectionProducts.collectionId, featuredIds))),
  );

  const activitiesQuery = db
    .select({
      id: activities.id,
      slug: activities.slug,
      titleEn: activities.titleEn,
      titleTh: activities.titleTh,
      summaryEn: activities.summaryEn,
      summaryTh: activities.summaryTh,
      coverImageKey: activities.coverImageKey,
      publishedAt: sql<number>`${activities.publishedAt}`.mapWith(Number),
    })
    .from(activities)
    .where(and(isNotNull(activities.publishedAt), lte(activities.publishedAt, now)))
    .orderBy(desc(activities.publishedAt), desc(activities.id))
    .limit(latestActivitiesCount);

  const areasQuery = db
    .select({
      areaKey: homeContentAreas.areaKey,
      titleEn: homeContentAreas.titleEn,
      titleTh: homeContentAreas.titleTh,
      bodyEn: homeContentAreas.bodyEn,
      bodyTh: homeContentAreas.bodyTh,
      imageKey: homeContentAreas.imageKey,
      linkPath: homeContentAreas.linkPath,
    })
    .from(homeContentAreas)
    .where(eq(homeContentAreas.isActive, true))
    .orderBy(asc(homeContentAreas.sortOrder), asc(homeContentAreas.id));

  return [
    slidesQuery,
    flashSaleQuery,
    newProductsQuery,
    bestSellersQuery,
    collectionsQuery,
    membershipQuery,
    collectionCardsQuery,
    activitiesQuery,
    areasQuery,
  ] as const;
}

/** The home page's statements as SQL (tests read their query plans). */
export function homePageStatements(d1: D1Database, now = Date.now()): { sql: string; params: unknown[] }[] {
  return homePageQueries(d1, now).map((query) => query.toSQL());
}

/** Everything the home page shows, in one D1 round trip. */
export async function loadHomePage(d1: D1Database, now = Date.now()): Promise<HomePage> {
  const [slides, flashSaleCards, newProducts, bestSellers, collectionRows, membership, collectionCards, latestActivities, contentAreas] = await database(
    d1,
  ).batch(homePageQueries(d1, now));

  const cardsById = new Map(collectionCards.map((card) => [card.id, card]));
  const featuredCollections = collectionRows.map((collection) => ({
    ...collection,
    products: membership
      .filter((row) => row.collectionId === collection.id)
      .flatMap((row) => cardsById.get(row.productId) ?? [])
      .slice(0, productsPerCollection),
  }));

  const flashSale = flashSaleCards.length ? { endsAt: Math.min(...flashSaleCards.map((card) => card.flashSaleEndsAt)), products: flashSaleCards } : null;

  return { heroSlides: slides, flashSale, newProducts, bestSellers, featuredCollections, latestActivities, contentAreas };
}
