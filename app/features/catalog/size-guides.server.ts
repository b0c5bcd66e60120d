import { asc } from "drizzle-orm";

import { database } from "~/db/client";
import { sizeGuides } from "~/db/schema/content";
import { parseSizeGuideTable, type SizeGuideTable } from "~/domain/size-guide";

export interface SizeGuide {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  noteEn: string;
  noteTh: string;
  table: SizeGuideTable;
}

export function toSizeGuide(row: Omit<SizeGuide, "table"> & { tableJson: string }): SizeGuide | null {
  const { tableJson, ...rest } = row;
  const table = parseSizeGuideTable(tableJson);
  // A table staff saved in a broken shape is left out rather than breaking the page.
  return table ? { ...rest, table } : null;
}

export const sizeGuideColumns = {
  id: sizeGuides.id,
  slug: sizeGuides.slug,
  nameEn: sizeGuides.nameEn,
  nameTh: sizeGuides.nameTh,
  noteEn: sizeGuides.noteEn,
  noteTh: sizeGuides.noteTh,
  tableJson: sizeGuides.tableJson,
};

export async function listSizeGuides(d1: D1Database): Promise<SizeGuide[]> {
  const rows = await database(d1).select(sizeGuideColumns).from(sizeGuides).orderBy(asc(sizeGuides.sortOrder), asc(sizeGuides.id));
  return rows.map(toSizeGuide).filter((guide): guide is SizeGuide => guide !== null);
}
