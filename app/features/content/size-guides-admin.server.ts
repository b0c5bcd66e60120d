import { and, asc, eq, ne } from "drizzle-orm";
import { database } from "~/db/client";
import { sizeGuides } from "~/db/schema/content";
import type { SizeGuideInput } from "./content-admin-schemas";
import { isUniqueViolation, unknownImageKeys } from "./content-admin.server";
import type { SizeGuideTable } from "./size-guide-schemas";

/** Size guides in the back office (/backend/home/size-guide): names, notes, picture and the measurement table. */
export type SizeGuideRow = typeof sizeGuides.$inferSelect;

export async function listSizeGuides(d1: D1Database): Promise<Pick<SizeGuideRow, "id" | "slug" | "nameEn" | "nameTh" | "sortOrder" | "updatedAt">[]> {
  return database(d1)
    .select({
      id: sizeGuides.id,
      slug: sizeGuides.slug,
      nameEn: sizeGuides.nameEn,
      nameTh: sizeGuides.nameTh,
      sortOrder: sizeGuides.sortOrder,
      updatedAt: sizeGuides.updatedAt,
    })
    .from(sizeGuides)
    .orderBy(asc(sizeGuides.sortOrder), asc(sizeGuides.id));
}

export async function findSizeGuide(d1: D1Database, id: number): Promise<SizeGuideRow | null> {
  return (await database(d1).select().from(sizeGuides).where(eq(sizeGuides.id, id)).get()) ?? null;
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
