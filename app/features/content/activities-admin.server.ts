import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql, type SQLWrapper } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { activities } from "~/db/schema/content";
import { sanitizeRichText } from "~/domain/rich-text";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { loadWithImagePicker } from "~/features/catalog-admin/gallery.server";

import { chosenImageKeys, isUniqueViolation, unknownImageKeys } from "./content-admin.server";
import type { ActivityInput } from "./content-admin-schemas";
import type { ActivityListQuery, ActivityListRow } from "./content-lists";

/**
 * Activities (news) in the back office (/backend/home/activities): list, create, edit, delete.
 * Bodies are sanitised here, on save, whatever page sent them. `publishedAt` null is a draft, a
 * future time is scheduled (the storefront shows an activity once its time has come).
 */
const activitySorts = {
  // Drafts first (descending), then by publication.
  published: sql`coalesce(${activities.publishedAt}, 9e15)`,
  title: sql`lower(${activities.titleEn})`,
  slug: activities.slug,
  updated: activities.updatedAt,
} satisfies Record<ActivityListQuery["sort"], SQLWrapper>;

function activityStatus(status: ActivityListQuery["filters"]["status"], now: number): SQL | undefined {
  if (status === "draft") return isNull(activities.publishedAt);
  if (status === "scheduled") return gt(activities.publishedAt, now);
  if (status === "published") return lte(activities.publishedAt, now);
  return undefined;
}

/** The activity list under its query (app/features/content/content-lists.tsx), with the count, in one batch. */
export async function listActivities(d1: D1Database, query: ActivityListQuery, scope: ListScope): Promise<{ rows: ActivityListRow[]; total: number }> {
  const db = database(d1);
  const now = Date.now();
  const where = and(
    query.q ? or(contains(activities.titleEn, query.q), contains(activities.titleTh, query.q), contains(activities.slug, query.q)) : undefined,
    activityStatus(query.filters.status, now),
    scope.ids ? inArray(activities.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(activities).where(where),
    db
      .select({
        id: activities.id,
        slug: activities.slug,
        titleEn: activities.titleEn,
        titleTh: activities.titleTh,
        publishedAt: activities.publishedAt,
        updatedAt: activities.updatedAt,
      })
      .from(activities)
      .where(where)
      .orderBy(direction(activitySorts[query.sort]), direction(activities.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows: rows.map((row) => ({ ...row, now })), total: totalRows[0]?.total ?? 0 };
}

export type ActivityRow = typeof activities.$inferSelect;

export async function findActivity(d1: D1Database, id: number): Promise<ActivityRow | null> {
  return (await database(d1).select().from(activities).where(eq(activities.id, id)).get()) ?? null;
}

/** The activity's form: the activity (null for a new one, or when there is none) and its cover's picker, in one round trip. */
export async function loadActivityForm(d1: D1Database, id: number | null) {
  const { entry, picker } = await loadWithImagePicker(d1, id, {
    find: (activityId) => findActivity(d1, activityId),
    idColumn: activities.id,
    imageColumn: activities.coverImageKey,
    imageKeys: (activity) => chosenImageKeys(activity.coverImageKey),
  });
  return { activity: entry, picker };
}

export type ActivitySaveResult = { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "field"; field: string; message: string };

/** When the activity appears: now (keeping an earlier publication time), a scheduled time, or never (draft). */
function publicationTime(input: ActivityInput, previous: number | null, now: number): number | null {
  if (input.publish === "draft") return null;
  if (input.publish === "schedule") return input.publishAt;
  return previous !== null && previous <= now ? previous : now;
}

/** Creates (id null) or updates an activity. */
export async function saveActivity(
  d1: D1Database,
  id: number | null,
  input: ActivityInput,
  staffUserId: number,
  now = Date.now(),
): Promise<ActivitySaveResult> {
  const db = database(d1);
  const current = id === null ? null : await findActivity(d1, id);
  if (id !== null && !current) return { ok: false, reason: "not-found" };
  const slugOwner = await db
    .select({ id: activities.id })
    .from(activities)
    .where(id === null ? eq(activities.slug, input.slug) : and(eq(activities.slug, input.slug), ne(activities.id, id)))
    .get();
  if (slugOwner) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
  if ((await unknownImageKeys(d1, [input.coverImageKey], [current?.coverImageKey ?? null])).length > 0) {
    return { ok: false, reason: "field", field: "coverImageKey", message: "image" };
  }
  const values = {
    slug: input.slug,
    titleEn: input.titleEn,
    titleTh: input.titleTh,
    summaryEn: input.summaryEn,
    summaryTh: input.summaryTh,
    bodyEn: sanitizeRichText(input.bodyEn),
    bodyTh: sanitizeRichText(input.bodyTh),
    coverImageKey: input.coverImageKey,
    publishedAt: publicationTime(input, current?.publishedAt ?? null, now),
    updatedAt: now,
  };
  try {
    if (current) {
      await db.update(activities).set(values).where(eq(activities.id, current.id));
      return { ok: true, id: current.id };
    }
    const [row] = await db
      .insert(activities)
      .values({ ...values, authorStaffUserId: staffUserId, createdAt: now })
      .returning({ id: activities.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error, "activities.slug")) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
    throw error;
  }
}

export async function deleteActivity(d1: D1Database, id: number): Promise<boolean> {
  const deleted = await database(d1).delete(activities).where(eq(activities.id, id)).returning({ id: activities.id });
  return deleted.length > 0;
}
