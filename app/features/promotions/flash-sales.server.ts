import { and, asc, count, desc, eq, gt, inArray, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { optionLabels } from "~/db/option-labels";
import { outerColumn } from "~/db/outer-column";
import { products, variants } from "~/db/schema/catalog";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { endEarly, type FlashSaleState, overlappingSaleItems } from "~/domain/promotions";
import type { ListScope } from "~/features/backoffice/list-page.server";

import type { FlashSaleListQuery } from "./flash-sale-list";
import type { FlashSaleInput } from "./promotion-schemas";

/**
 * Flash sales in the back office (issue 16): the list with each sale's state and sold / units, one
 * sale with its items, a variant search for the item picker, saving (overlaps, prices and sold
 * counts checked here against the database; the rules are app/domain/promotions.ts) and ending a
 * sale early. The checkout counts sold units race-proof (CHECK sold_count <= quantity_cap); a
 * save never writes sold_count, so what was sold is never lowered.
 */
const saleSorts = { starts: flashSales.startsAt, ends: flashSales.endsAt, name: flashSales.nameEn, created: flashSales.createdAt } as const;

function stateCondition(state: FlashSaleState, now: number): SQL | undefined {
  const on = eq(flashSales.isActive, true);
  switch (state) {
    case "inactive":
      return eq(flashSales.isActive, false);
    case "ended":
      return and(on, lte(flashSales.endsAt, now));
    case "scheduled":
      return and(on, gt(flashSales.startsAt, now));
    case "live":
      return and(on, lte(flashSales.startsAt, now), gt(flashSales.endsAt, now));
  }
}

export async function listFlashSales(d1: D1Database, query: FlashSaleListQuery, scope: ListScope, now = Date.now()) {
  const db = database(d1);
  const words = query.q.toLowerCase();
  const where = and(
    words ? or(sql`instr(lower(${flashSales.nameEn}), ${words}) > 0`, sql`instr(${flashSales.nameTh}, ${query.q}) > 0`) : undefined,
    query.filters.state ? stateCondition(query.filters.state, now) : undefined,
    scope.ids ? inArray(flashSales.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  // Not db.batch: D1 hands batched rows back by column name, and the subquery columns have none.
  const [totalRows, rows] = await Promise.all([
    db.select({ total: count() }).from(flashSales).where(where),
    db
      .select({
        id: flashSales.id,
        nameEn: flashSales.nameEn,
        nameTh: flashSales.nameTh,
        startsAt: flashSales.startsAt,
        endsAt: flashSales.endsAt,
        isActive: flashSales.isActive,
        // Spelled out: inside a subquery Drizzle leaves column names unqualified, and "id" would be the item's.
        items: sql<number>`(SELECT count(*) FROM ${flashSaleItems} WHERE ${flashSaleItems.flashSaleId} = ${outerColumn(flashSales.id)})`,
        sold: sql<number>`(SELECT coalesce(sum(${flashSaleItems.soldCount}), 0) FROM ${flashSaleItems} WHERE ${flashSaleItems.flashSaleId} = ${outerColumn(flashSales.id)})`,
        cap: sql<number>`(SELECT coalesce(sum(${flashSaleItems.quantityCap}), 0) FROM ${flashSaleItems} WHERE ${flashSaleItems.flashSaleId} = ${outerColumn(flashSales.id)})`,
      })
      .from(flashSales)
      .where(where)
      .orderBy(direction(saleSorts[query.sort]), desc(flashSales.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, items: Number(row.items), sold: Number(row.sold), cap: Number(row.cap) })),
    total: totalRows[0]?.total ?? 0,
    now,
  };
}
export type FlashSaleListRow = Awaited<ReturnType<typeof listFlashSales>>["rows"][number];

/** What the item rows show about a variant: product, options, SKU, regular price. */
export interface VariantChoice {
  variantId: number;
  sku: string;
  nameEn: string;
  nameTh: string;
  optionsEn: string;
  optionsTh: string;
  priceSatang: number;
}

/**
 * The variants `where` picks (the first `limit` by product name), each with its options, in one query (issue 19).
 * The options are labelled in an outer query over the limited list: SQLite works out a selected subquery for every
 * row the search matches before it sorts and cuts, so labelling inside the search read every match's options.
 */
function describeVariants(d1: D1Database, where: SQL, limit: number): Promise<VariantChoice[]> {
  const db = database(d1);
  const picked = db
    .select({ variantId: variants.id, sku: variants.sku, nameEn: products.nameEn, nameTh: products.nameTh, priceSatang: variants.priceSatang })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(asc(products.nameEn), asc(variants.id))
    .limit(limit)
    .as("picked");
  return db
    .select({
      variantId: picked.variantId,
      sku: picked.sku,
      nameEn: picked.nameEn,
      nameTh: picked.nameTh,
      optionsEn: optionLabels("name_en", picked.variantId).as("options_en"),
      optionsTh: optionLabels("name_th", picked.variantId).as("options_th"),
      priceSatang: picked.priceSatang,
    })
    .from(picked)
    .orderBy(asc(picked.nameEn), asc(picked.variantId));
}

export function variantsById(d1: D1Database, ids: readonly number[]): Promise<VariantChoice[]> {
  const wanted = [...new Set(ids)].filter((id) => Number.isSafeInteger(id) && id > 0).slice(0, 90);
  return wanted.length ? describeVariants(d1, inArray(variants.id, wanted), 90) : Promise.resolve([]);
}

/** The item picker's search: variants whose product name (either language) or SKU holds the words. */
export function searchSaleVariants(d1: D1Database, q: string): Promise<VariantChoice[]> {
  const words = q.trim().slice(0, 60);
  if (!words) return Promise.resolve([]);
  const lower = words.toLowerCase();
  return describeVariants(
    d1,
    or(sql`instr(lower(${products.nameEn}), ${lower}) > 0`, sql`instr(${products.nameTh}, ${words}) > 0`, sql`instr(lower(${variants.sku}), ${lower}) > 0`)!,
    20,
  );
}

/** The variants of a stored sale's items, read in the same turn as the sale itself (no waiting for its item list). */
export function variantsOfFlashSale(d1: D1Database, saleId: number): Promise<VariantChoice[]> {
  const db = database(d1);
  return describeVariants(
    d1,
    inArray(variants.id, db.select({ id: flashSaleItems.variantId }).from(flashSaleItems).where(eq(flashSaleItems.flashSaleId, saleId))),
    90,
  );
}

export async function loadFlashSale(d1: D1Database, id: number) {
  const db = database(d1);
  const [sales, items] = await db.batch([
    db.select().from(flashSales).where(eq(flashSales.id, id)),
    db.select().from(flashSaleItems).where(eq(flashSaleItems.flashSaleId, id)).orderBy(asc(flashSaleItems.id)),
  ]);
  const sale = sales[0];
  return sale ? { ...sale, items } : null;
}
export type StoredFlashSale = NonNullable<Awaited<ReturnType<typeof loadFlashSale>>>;

export type ItemRefusal = {
  index: number;
  key: "salePriceNotLower" | "capBelowSold" | "unknownVariant" | "overlap" | "itemLocked";
  priceSatang?: number;
  sold?: number;
};
export type SaveFlashSaleResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "items"; items: ItemRefusal[]; overlap?: { variant: VariantChoice; sale: { nameEn: string; nameTh: string } } }
  | { ok: false; reason: "removed-sold"; variant: VariantChoice | null };

export async function saveFlashSale(d1: D1Database, id: number | null, input: FlashSaleInput, now = Date.now()): Promise<SaveFlashSaleResult> {
  const db = database(d1);
  const stored = id === null ? null : await loadFlashSale(d1, id);
  if (id !== null && !stored) return { ok: false, reason: "not-found" };
  const ids = input.items.map((item) => item.variantId);
  const [known, others] = await Promise.all([
    variantsById(d1, ids),
    ids.length
      ? db
          .select({
            flashSaleId: flashSaleItems.flashSaleId,
            variantId: flashSaleItems.variantId,
            startsAt: flashSales.startsAt,
            endsAt: flashSales.endsAt,
            isActive: flashSales.isActive,
            nameEn: flashSales.nameEn,
            nameTh: flashSales.nameTh,
          })
          .from(flashSaleItems)
          .innerJoin(flashSales, eq(flashSales.id, flashSaleItems.flashSaleId))
          .where(and(inArray(flashSaleItems.variantId, ids), id === null ? undefined : ne(flashSaleItems.flashSaleId, id)))
      : Promise.resolve([]),
  ]);
  const refusals: ItemRefusal[] = [];
  const clashes = overlappingSaleItems({ id, startsAt: input.startsAt, endsAt: input.endsAt, isActive: input.isActive }, ids, others);
  input.items.forEach((item, index) => {
    const variant = known.find((candidate) => candidate.variantId === item.variantId);
    const sold = stored?.items.find((storedItem) => storedItem.variantId === item.variantId)?.soldCount ?? 0;
    if (!variant) refusals.push({ index, key: "unknownVariant" });
    else if (item.salePriceSatang >= variant.priceSatang) refusals.push({ index, key: "salePriceNotLower", priceSatang: variant.priceSatang });
    else if (item.quantityCap < sold) refusals.push({ index, key: "capBelowSold", sold });
    else if (clashes.some((clash) => clash.variantId === item.variantId)) refusals.push({ index, key: "overlap" });
  });
  if (refusals.length) {
    const clash = clashes[0];
    const other = clash ? others.find((row) => row.flashSaleId === clash.flashSaleId) : undefined;
    const variant = clash ? known.find((candidate) => candidate.variantId === clash.variantId) : undefined;
    return {
      ok: false,
      reason: "items",
      items: refusals,
      ...(other && variant ? { overlap: { variant, sale: { nameEn: other.nameEn, nameTh: other.nameTh } } } : {}),
    };
  }
  // A unit sold at a sale price is part of the sale's history: its row stays (deactivate or end the sale instead).
  const removedSold = stored?.items.find((item) => item.soldCount > 0 && !ids.includes(item.variantId));
  if (removedSold) return { ok: false, reason: "removed-sold", variant: (await variantsById(d1, [removedSold.variantId]))[0] ?? null };

  const saleColumns = { nameEn: input.nameEn, nameTh: input.nameTh, startsAt: input.startsAt, endsAt: input.endsAt, isActive: input.isActive };
  let saleId = id;
  if (saleId === null) {
    const [created] = await db
      .insert(flashSales)
      .values({ ...saleColumns, createdAt: now, updatedAt: now })
      .returning({ id: flashSales.id });
    saleId = created!.id;
  }
  const statements: BatchItem<"sqlite">[] = [];
  if (id !== null)
    statements.push(
      db
        .update(flashSales)
        .set({ ...saleColumns, updatedAt: now })
        .where(eq(flashSales.id, id)),
    );
  // Only unsold rows go; sold_count is never written here, so a sale racing this save keeps its count.
  statements.push(
    db
      .delete(flashSaleItems)
      .where(
        and(eq(flashSaleItems.flashSaleId, saleId), eq(flashSaleItems.soldCount, 0), ids.length ? sql`${flashSaleItems.variantId} NOT IN ${ids}` : undefined),
      ),
  );
  for (const item of input.items)
    statements.push(
      db
        .insert(flashSaleItems)
        .values({ flashSaleId: saleId, variantId: item.variantId, salePriceSatang: item.salePriceSatang, quantityCap: item.quantityCap, soldCount: 0 })
        .onConflictDoUpdate({
          target: [flashSaleItems.flashSaleId, flashSaleItems.variantId],
          set: { salePriceSatang: item.salePriceSatang, quantityCap: item.quantityCap },
        }),
    );
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // Units sold meanwhile above the new cap: the CHECK refused the batch; say which.
    if (!String(error).includes("CHECK")) throw error;
    const fresh = await loadFlashSale(d1, saleId);
    const items = input.items
      .map((item, index) => ({ index, sold: fresh?.items.find((row) => row.variantId === item.variantId)?.soldCount ?? 0, cap: item.quantityCap }))
      .filter((item) => item.cap < item.sold)
      .map(({ index, sold }) => ({ index, key: "capBelowSold" as const, sold }));
    return { ok: false, reason: "items", items };
  }
  return { ok: true, id: saleId };
}

/** Ends a sale now (its prices stop at once); false when there is no such sale. */
export async function endFlashSaleNow(d1: D1Database, id: number, now = Date.now()): Promise<{ nameEn: string; nameTh: string } | null> {
  const db = database(d1);
  const sale = await db.select().from(flashSales).where(eq(flashSales.id, id)).get();
  if (!sale) return null;
  const period = endEarly(sale, now);
  await db
    .update(flashSales)
    .set({ ...period, updatedAt: now })
    .where(eq(flashSales.id, id));
  return { nameEn: sale.nameEn, nameTh: sale.nameTh };
}
