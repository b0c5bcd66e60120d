import { desc } from "drizzle-orm";

import { database } from "~/db/client";
import { galleryImages } from "~/db/schema/catalog";

/**
 * Small pieces the catalogue admin's server modules share.
 */

/** Satang → the Baht text a price field shows ("1290.50", "99"). */
export function formatBahtInput(satang: number): string {
  const baht = Math.trunc(satang / 100);
  const rest = Math.abs(satang % 100);
  return rest === 0 ? String(baht) : `${baht}.${String(rest).padStart(2, "0")}`;
}

/**
 * The "table.column" a D1 UNIQUE violation names (D1's message: "UNIQUE constraint failed:
 * products.slug: SQLITE_CONSTRAINT"), or null for any other error. The unique indexes catch what a
 * check made a moment earlier could not: two staff saving the same SKU at once.
 */
export function uniqueViolation(error: unknown): string | null {
  const message = String((error as Error | undefined)?.message ?? error);
  const match = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/i.exec(message);
  return match ? match[1]! : null;
}

/**
 * The newest gallery pictures as the choices of a select (an attribute option's picture). The
 * product and category forms use the searchable picker instead (gallery-picker.tsx).
 */
export async function galleryImageChoices(d1: D1Database, limit = 500) {
  return database(d1)
    .select({ key: galleryImages.imageKey, fileName: galleryImages.fileName, width: galleryImages.width, height: galleryImages.height })
    .from(galleryImages)
    .orderBy(desc(galleryImages.createdAt), desc(galleryImages.id))
    .limit(limit);
}
