import { and, desc, eq, isNotNull, lte, sql, type SQLWrapper } from "drizzle-orm";

import { database } from "~/db/client";
import { collections, products } from "~/db/schema/catalog";
import { activities, faqs, heroSlides, homeContentAreas, policies, sizeGuides } from "~/db/schema/content";
import { productStatusIds } from "~/domain/catalog";
import type { SitemapPage } from "~/domain/sitemap";

/**
 * The pages sitemap.xml lists, with their last change where the data knows it: the fixed storefront
 * pages, every published product (/shop/{slug}) and every published activity. One D1 round trip.
 */
export async function loadSitemapPages(d1: D1Database, now = Date.now()): Promise<SitemapPage[]> {
  const db = database(d1);
  const newest = (column: SQLWrapper) => sql`max(${column})`;
  const published = and(isNotNull(activities.publishedAt), lte(activities.publishedAt, now));
  const [productRows, activityRows, changes] = await db.batch([
    db
      .select({ slug: products.slug, updatedAt: products.updatedAt })
      .from(products)
      .where(eq(products.statusId, productStatusIds.published))
      .orderBy(desc(products.createdAt), desc(products.id)),
    db
      .select({ slug: activities.slug, updatedAt: activities.updatedAt, publishedAt: activities.publishedAt })
      .from(activities)
      .where(published)
      .orderBy(desc(activities.publishedAt), desc(activities.id)),
    db
      .select({
        products: sql`(select ${newest(products.updatedAt)} from ${products} where ${products.statusId} = ${productStatusIds.published})`.mapWith(toTime),
        collections: sql`(select ${newest(collections.updatedAt)} from ${collections} where ${collections.isPublished} = 1)`.mapWith(toTime),
        activities: sql`(select ${newest(activities.publishedAt)} from ${activities} where ${published})`.mapWith(toTime),
        faqs: sql`(select ${newest(faqs.updatedAt)} from ${faqs})`.mapWith(toTime),
        sizeGuides: sql`(select ${newest(sizeGuides.updatedAt)} from ${sizeGuides})`.mapWith(toTime),
        privacy: sql`(select ${newest(policies.updatedAt)} from ${policies} where ${policies.kind} = 'privacy')`.mapWith(toTime),
        slides: sql`(select ${newest(heroSlides.updatedAt)} from ${heroSlides})`.mapWith(toTime),
        areas: sql`(select ${newest(homeContentAreas.updatedAt)} from ${homeContentAreas})`.mapWith(toTime),
      })
      .from(sql`(select 1)`),
  ]);
  const latest = changes[0];
  const max = (...values: (number | null | undefined)[]) => {
    const known = values.filter((value): value is number => typeof value === "number");
    return known.length ? Math.max(...known) : null;
  };
  return [
    { path: "/", lastModified: max(latest?.slides, latest?.areas, latest?.products, latest?.activities, latest?.collections) },
    { path: "/shop", lastModified: latest?.products },
    { path: "/collection", lastModified: max(latest?.collections, latest?.products) },
    { path: "/activities", lastModified: latest?.activities },
    ...activityRows.map((row) => ({ path: `/activities/${encodeURIComponent(row.slug)}`, lastModified: Math.max(row.updatedAt, row.publishedAt ?? 0) })),
    ...productRows.map((row) => ({ path: `/shop/${encodeURIComponent(row.slug)}`, lastModified: row.updatedAt })),
    { path: "/faqs", lastModified: latest?.faqs },
    { path: "/size-guides", lastModified: latest?.sizeGuides },
    { path: "/privacy-policy", lastModified: latest?.privacy },
    { path: "/contact" },
  ];
}

function toTime(value: unknown): number | null {
  const number = Number(value);
  return value === null || value === undefined || !Number.isFinite(number) ? null : number;
}
