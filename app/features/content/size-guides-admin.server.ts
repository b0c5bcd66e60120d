import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQLWrapper } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { sizeGuides } from "~/db/schema/content";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { loadWithImagePicker } from "~/features/catalog-admin/gallery.server";

import { chosenImageKeys, isUniqueViolation, unknownImageKeys } from "./content-admin.server";
import type { SizeGuideInput } from "./content-admin-schemas";
import type { SizeGuideListQuery, SizeGuideListRow } from "./content-lists";
import type { SizeGuideTable } from "./size-guide-schemas";

/** Size guides in the back office (/backend/home/size-guide): names, notes, picture and the measurement table. */
export type SizeGuideRow = typeof sizeGuides.$inferSelect;

const sizeGuideSorts = {
  order: sizeGuides.sortOrder,
  name: sql`lower(${sizeGuides.nameEn})`,
  slug: sizeGuides.slug,
  updated: sizeGuides.updatedAt,
} satisfies Record<SizeGuideListQuery["sort"], SQLWrapper>;

/** The size guide list under its query (app/features/content/content-lists.tsx), with the count, in one batch. */
export async function listSizeGuides(d1: D1Database, query: SizeGuideListQuery, scope: ListScope): Promise<{ rows: SizeGuideListRow[]; total: number }> {
  const db = database(d1);
  const where = and(
    query.q ? or(contains(sizeGuides.nameEn, query.q), contains(sizeGuides.nameTh, query.q), contains(sizeGuides.slug, query.q)) : undefined,
    scope.ids ? inArray(sizeGuides.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(sizeGuides).where(where),
    db
      .select({
        id: sizeGuides.id,
        slug: sizeGuides.slug,
        nameEn: sizeGuides.nameEn,
        nameTh: sizeGuides.nameTh,
        sortOrder: sizeGuides.sortOrder,
        updatedAt: sizeGuides.updatedAt,
      })
      .from(sizeGuides)
      .where(where)
      .orderBy(direction(sizeGuideSorts[query.sort]), direction(sizeGuides.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

/** Size guides deleted per statement: keeps each IN list under D1's 100 bound parameters. */
const guidesPerStatement = 80;

/** The list's bulk delete: every ticked size guide in ONE batch (products showing one simply lose it, as with a single delete); how many went. */
export async function deleteSizeGuides(d1: D1Database, ids: number[]): Promise<number> {
  const db = database(d1);
  const unique = [...new Set(ids)];
  if (unique.length === 0) return 0;
  const statements = [];
  for (let start = 0; start < unique.length; start += guidesPerStatement) {
    statements.push(
      db
        .delete(sizeGuides)
        .where(inArray(sizeGuides.id, unique.slice(start, start + guidesPerStatement)))
        .returning({ id: sizeGuides.id }),
    );
  }
  const results = await db.batch(statements as [(typeof statements)[number], ...(typeof statements)[number][]]);
  return results.reduce((sum, rows) => sum + rows.length, 0);
}

export async function findSizeGuide(d1: D1Database, id: number): Promise<SizeGuideRow | null> {
  return (await database(d1).select().from(sizeGuides).where(eq(sizeGuides.id, id)).get()) ?? null;
}

/** The size guide's form: the guide (null for a new one, or when there is none) and its picture's picker, in one round trip. */
export async function loadSizeGuideForm(d1: D1Database, id: number | null) {
  const { entry, picker } = await loadWithImagePicker(d1, id, {
    find: (guideId) => findSizeGuide(d1, guideId),
    idColumn: sizeGuides.id,
    imageColumn: sizeGuides.imageKey,
    imageKeys: (guide) => chosenImageKeys(guide.imageKey),
  });
  return { guide: entry, picker };
}

export type SizeGuideSaveResult =
  { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "field"; field: string; message: string };

export async function saveSizeGuide(
  d1: D1Database,
  id: number | null,
  input: SizeGuideInput,
  table: SizeGuideTable,
  now = Date.now(),
): Promise<SizeGuideSaveResult> {
  const db = database(d1);
  const current = id === null ? null : await findSizeGuide(d1, id);
  if (id !== null && !current) return { ok: false, reason: "not-found" };
  const slugOwner = await db
    .select({ id: sizeGuides.id })
    .from(sizeGuides)
    .where(id === null ? eq(sizeGuides.slug, input.slug) : and(eq(sizeGuides.slug, input.slug), ne(sizeGuides.id, id)))
    .get();
  if (slugOwner) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
  if ((await unknownImageKeys(d1, [input.imageKey], [current?.imageKey ?? null])).length > 0)
    return { ok: false, reason: "field", field: "imageKey", message: "image" };
  const values = { ...input, tableJson: JSON.stringify(table), updatedAt: now };
  try {
    if (current) {
      await db.update(sizeGuides).set(values).where(eq(sizeGuides.id, current.id));
      return { ok: true, id: current.id };
    }
    const [row] = await db
      .insert(sizeGuides)
      .values({ ...values, createdAt: now })
      .returning({ id: sizeGuides.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error, "size_guides.slug")) return { ok: false, reason: "field", field: "slug", message: "slugTaken" };
    throw error;
  }
}

export async function deleteSizeGuide(d1: D1Database, id: number): Promise<boolean> {
  return (await database(d1).delete(sizeGuides).where(eq(sizeGuides.id, id)).returning({ id: sizeGuides.id })).length > 0;
}
