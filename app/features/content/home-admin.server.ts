import { and, asc, eq, ne } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { heroSlides, homeContentAreas } from "~/db/schema/content";
import { sanitizeRichText } from "~/domain/rich-text";
import { type GalleryPickerPage, loadWithImagePicker } from "~/features/catalog-admin/gallery.server";

import { chosenImageKeys, isUniqueViolation, unknownImageKeys } from "./content-admin.server";
import type { ContentAreaInput, HeroSlideInput } from "./content-admin-schemas";

/**
 * The home page's editable parts (/backend/home/content-area): hero slides (with their schedule and
 * order) and the named content areas. The storefront home (app/features/content/home.server.ts)
 * shows the active ones in `sortOrder`.
 */
export type HeroSlideRow = typeof heroSlides.$inferSelect;
export type ContentAreaRow = typeof homeContentAreas.$inferSelect;

async function loadHomeContent(d1: D1Database): Promise<{ slides: HeroSlideRow[]; areas: ContentAreaRow[] }> {
  const db = database(d1);
  const [slides, areas] = await db.batch([
    db.select().from(heroSlides).orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id)),
    db.select().from(homeContentAreas).orderBy(asc(homeContentAreas.sortOrder), asc(homeContentAreas.id)),
  ]);
  return { slides, areas };
}

/** A slide or content area the page edits: a stored one by id, a new one, or none. */
export type EditedHomeEntry = number | "new" | null;

/**
 * The content page: every slide and area, and the picture picker of the one being edited, in one round trip (issue 19):
 * a stored one's picture is found by its id in SQL rather than once the lists are in. An id that is not there edits none.
 */
export async function loadHomeContentPage(d1: D1Database, editing: { slide: EditedHomeEntry; area: EditedHomeEntry }) {
  const content = loadHomeContent(d1);
  const edited = <Row extends { id: number; imageKey: string | null }>(
    id: EditedHomeEntry,
    rowsOf: (loaded: Awaited<typeof content>) => Row[],
    columns: { idColumn: SQLiteColumn; imageColumn: SQLiteColumn },
  ): Promise<{ entry: Row | "new" | null; picker: GalleryPickerPage | null }> => {
    if (id === null) return Promise.resolve({ entry: null, picker: null });
    return loadWithImagePicker(d1, id === "new" ? null : id, {
      ...columns,
      find: async (wanted) => rowsOf(await content).find((row) => row.id === wanted) ?? null,
      imageKeys: (row) => chosenImageKeys(row.imageKey),
    }).then(({ entry, picker }) => (id === "new" ? { entry: "new", picker } : { entry, picker: entry ? picker : null }));
  };
  const [{ slides, areas }, slide, area] = await Promise.all([
    content,
    edited(editing.slide, (loaded) => loaded.slides, { idColumn: heroSlides.id, imageColumn: heroSlides.imageKey }),
    edited(editing.area, (loaded) => loaded.areas, { idColumn: homeContentAreas.id, imageColumn: homeContentAreas.imageKey }),
  ]);
  return { slides, areas, slide: slide.entry, area: area.entry, slidePicker: slide.picker, areaPicker: area.picker };
}

export type HomeSaveResult = { ok: true; id: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "field"; field: string; message: string };

export async function saveHeroSlide(d1: D1Database, id: number | null, input: HeroSlideInput, now = Date.now()): Promise<HomeSaveResult> {
  const db = database(d1);
  const current = id === null ? null : await db.select().from(heroSlides).where(eq(heroSlides.id, id)).get();
  if (id !== null && !current) return { ok: false, reason: "not-found" };
  if ((await unknownImageKeys(d1, [input.imageKey], [current?.imageKey ?? null])).length > 0)
    return { ok: false, reason: "field", field: "imageKey", message: "image" };
  const values = { ...input, updatedAt: now };
  if (current) {
    await db.update(heroSlides).set(values).where(eq(heroSlides.id, current.id));
    return { ok: true, id: current.id };
  }
  const [row] = await db
    .insert(heroSlides)
    .values({ ...values, createdAt: now })
    .returning({ id: heroSlides.id });
  return { ok: true, id: row!.id };
}

export async function deleteHeroSlide(d1: D1Database, id: number): Promise<boolean> {
  return (await database(d1).delete(heroSlides).where(eq(heroSlides.id, id)).returning({ id: heroSlides.id })).length > 0;
}

/**
 * Moves a slide one place up or down: the whole order is renumbered 1…n with the two swapped, in
 * one batch, so equal or gappy sort numbers typed earlier cannot make the move a no-op.
 */
export async function moveHeroSlide(d1: D1Database, id: number, direction: "up" | "down", now = Date.now()): Promise<boolean> {
  const db = database(d1);
  const order = await db.select({ id: heroSlides.id }).from(heroSlides).orderBy(asc(heroSlides.sortOrder), asc(heroSlides.id));
  const index = order.findIndex((row) => row.id === id);
  if (index === -1) return false;
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= order.length) return true;
  const ids = order.map((row) => row.id);
  [ids[index], ids[target]] = [ids[target]!, ids[index]!];
  const [first, ...rest] = ids.map((slideId, position) =>
    db
      .update(heroSlides)
      .set({ sortOrder: position + 1, updatedAt: now })
      .where(eq(heroSlides.id, slideId)),
  );
  await db.batch([first!, ...rest]);
  return true;
}

export async function saveContentArea(d1: D1Database, id: number | null, input: ContentAreaInput, now = Date.now()): Promise<HomeSaveResult> {
  const db = database(d1);
  const current = id === null ? null : await db.select().from(homeContentAreas).where(eq(homeContentAreas.id, id)).get();
  if (id !== null && !current) return { ok: false, reason: "not-found" };
  const keyOwner = await db
    .select({ id: homeContentAreas.id })
    .from(homeContentAreas)
    .where(id === null ? eq(homeContentAreas.areaKey, input.areaKey) : and(eq(homeContentAreas.areaKey, input.areaKey), ne(homeContentAreas.id, id)))
    .get();
  if (keyOwner) return { ok: false, reason: "field", field: "areaKey", message: "areaKeyTaken" };
  if ((await unknownImageKeys(d1, [input.imageKey], [current?.imageKey ?? null])).length > 0)
    return { ok: false, reason: "field", field: "imageKey", message: "image" };
  const values = { ...input, bodyEn: sanitizeRichText(input.bodyEn), bodyTh: sanitizeRichText(input.bodyTh), updatedAt: now };
  try {
    if (current) {
      await db.update(homeContentAreas).set(values).where(eq(homeContentAreas.id, current.id));
      return { ok: true, id: current.id };
    }
    const [row] = await db.insert(homeContentAreas).values(values).returning({ id: homeContentAreas.id });
    return { ok: true, id: row!.id };
  } catch (error) {
    if (isUniqueViolation(error, "home_content_areas.area_key")) return { ok: false, reason: "field", field: "areaKey", message: "areaKeyTaken" };
    throw error;
  }
}

export async function deleteContentArea(d1: D1Database, id: number): Promise<boolean> {
  return (await database(d1).delete(homeContentAreas).where(eq(homeContentAreas.id, id)).returning({ id: homeContentAreas.id })).length > 0;
}
