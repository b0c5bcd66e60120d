import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { categories, collections, products } from "~/db/schema/catalog";
import { discountCodes, discountCodeTargets, discountRedemptions } from "~/db/schema/promotions";
import { type DiscountCodeState, lockedFieldChanged, usageLimitBelowUsed } from "~/domain/promotions";
import type { ListScope } from "~/features/backoffice/list-page.server";

import type { DiscountCodeListQuery } from "./discount-code-list";
import type { DiscountCodeInput } from "./promotion-schemas";

/**
 * Discount codes in the back office (issue 16): the list (search, state, sort, each code's uses and
 * the discount it gave in all), one code with its scope's targets, and saving one. The rules
 * (states, locks on a used code) are app/domain/promotions.ts; this module reads and writes.
 */
// Spelled out: inside a subquery Drizzle leaves column names unqualified, and "id" would be the redemption's.
const given = sql<number>`(SELECT coalesce(sum(${discountRedemptions.amountSatang}), 0) FROM ${discountRedemptions} WHERE ${discountRedemptions.discountCodeId} = ${outerColumn(discountCodes.id)} AND ${discountRedemptions.releasedAt} IS NULL)`;

const codeSorts = {
  created: discountCodes.createdAt,
  code: discountCodes.code,
  uses: discountCodes.usedCount,
  given,
} as const;

/** The SQL of each state; the same order of questions as domain/promotions discountCodeState. */
function stateCondition(state: DiscountCodeState, now: number): SQL | undefined {
  const on = eq(discountCodes.isActive, true);
  const notEnded = or(isNull(discountCodes.endsAt), gt(discountCodes.endsAt, now));
  const usesLeft = or(isNull(discountCodes.usageLimit), sql`${discountCodes.usedCount} < ${discountCodes.usageLimit}`);
  switch (state) {
    case "inactive":
      return eq(discountCodes.isActive, false);
    case "expired":
      return and(on, lte(discountCodes.endsAt, now));
    case "used-up":
      return and(on, notEnded, isNotNull(discountCodes.usageLimit), gte(discountCodes.usedCount, discountCodes.usageLimit));
    case "scheduled":
      return and(on, notEnded, usesLeft, gt(discountCodes.startsAt, now));
    case "active":
      return and(on, notEnded, usesLeft, or(isNull(discountCodes.startsAt), lte(discountCodes.startsAt, now)));
  }
}

export async function listDiscountCodes(d1: D1Database, query: DiscountCodeListQuery, scope: ListScope, now = Date.now()) {
  const db = database(d1);
  const search = query.q.toUpperCase();
  const where = and(
    search ? sql`instr(${discountCodes.code}, ${search}) > 0` : undefined,
    query.filters.state ? stateCondition(query.filters.state, now) : undefined,
    scope.ids ? inArray(discountCodes.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  // Not db.batch: D1 hands batched rows back by column name, and the subquery columns have none.
  const [totalRows, rows] = await Promise.all([
    db.select({ total: count() }).from(discountCodes).where(where),
    db
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        type: discountCodes.type,
        value: discountCodes.value,
        maxDiscountSatang: discountCodes.maxDiscountSatang,
        minPurchaseSatang: discountCodes.minPurchaseSatang,
        usageLimit: discountCodes.usageLimit,
        usedCount: discountCodes.usedCount,
        isActive: discountCodes.isActive,
        startsAt: discountCodes.startsAt,
        endsAt: discountCodes.endsAt,
        scope: discountCodes.scope,
        createdAt: discountCodes.createdAt,
        givenSatang: given,
      })
      .from(discountCodes)
      .where(where)
      .orderBy(direction(codeSorts[query.sort]), desc(discountCodes.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows: rows.map((row) => ({ ...row, givenSatang: Number(row.givenSatang) })), total: totalRows[0]?.total ?? 0, now };
}
export type DiscountCodeListRow = Awaited<ReturnType<typeof listDiscountCodes>>["rows"][number];

export async function loadDiscountCode(d1: D1Database, id: number) {
  const db = database(d1);
  const [rows, targets] = await db.batch([
    db.select().from(discountCodes).where(eq(discountCodes.id, id)),
    db.select({ targetId: discountCodeTargets.targetId }).from(discountCodeTargets).where(eq(discountCodeTargets.discountCodeId, id)),
  ]);
  const row = rows[0];
  return row ? { ...row, targetIds: targets.map((target) => target.targetId) } : null;
}
export type StoredDiscountCode = NonNullable<Awaited<ReturnType<typeof loadDiscountCode>>>;

/** What a scoped code may point at: categories, products and collections, by name. */
export async function discountTargetChoices(d1: D1Database) {
  const db = database(d1);
  const [categoryRows, productRows, collectionRows] = await db.batch([
    db
      .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
    db.select({ id: products.id, nameEn: products.nameEn, nameTh: products.nameTh }).from(products).orderBy(asc(products.nameEn), asc(products.id)).limit(1000),
    db
      .select({ id: collections.id, nameEn: collections.nameEn, nameTh: collections.nameTh })
      .from(collections)
      .orderBy(asc(collections.sortOrder), asc(collections.id)),
  ]);
  return { categories: categoryRows, products: productRows, collections: collectionRows };
}

export type SaveDiscountCodeResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "code-taken" | "locked-type" | "locked-value" | "limit-below-used" | "unknown-target"; usedCount?: number };

export async function saveDiscountCode(d1: D1Database, id: number | null, input: DiscountCodeInput, now = Date.now()): Promise<SaveDiscountCodeResult> {
  const db = database(d1);
  const stored = id === null ? null : await loadDiscountCode(d1, id);
  if (id !== null && !stored) return { ok: false, reason: "not-found" };
  const taken = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(and(eq(discountCodes.code, input.code), id === null ? undefined : ne(discountCodes.id, id)))
    .get();
  if (taken) return { ok: false, reason: "code-taken" };
  if (stored) {
    const locked = lockedFieldChanged(stored, input);
    if (locked) return { ok: false, reason: locked === "type" ? "locked-type" : "locked-value", usedCount: stored.usedCount };
    if (usageLimitBelowUsed(input.usageLimit, stored.usedCount)) return { ok: false, reason: "limit-below-used", usedCount: stored.usedCount };
  }
  if (!(await targetsExist(d1, input))) return { ok: false, reason: "unknown-target" };

  const { targetIds, ...columns } = input;
  const codeId = id ?? sql`(SELECT ${discountCodes.id} FROM ${discountCodes} WHERE ${discountCodes.code} = ${input.code})`;
  const statements: BatchItem<"sqlite">[] = [
    id === null
      ? db.insert(discountCodes).values({ ...columns, createdAt: now, updatedAt: now })
      : db
          .update(discountCodes)
          .set({ ...columns, updatedAt: now })
          .where(eq(discountCodes.id, id)),
    db.delete(discountCodeTargets).where(eq(discountCodeTargets.discountCodeId, id ?? -1)),
  ];
  if (input.scope !== "order")
    for (const targetId of targetIds)
      statements.push(
        db
          .insert(discountCodeTargets)
          .values({ discountCodeId: codeId as number, targetId })
          .onConflictDoNothing(),
      );
  try {
    await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  } catch (error) {
    // Two staff saving the same new code at once: the UNIQUE index decides, the loser is told.
    if (String(error).includes("UNIQUE")) return { ok: false, reason: "code-taken" };
    // A use counted meanwhile can put the new limit under the count (the CHECK refuses it).
    if (String(error).includes("CHECK")) return { ok: false, reason: "limit-below-used" };
    throw error;
  }
  const saved = await db.select({ id: discountCodes.id }).from(discountCodes).where(eq(discountCodes.code, input.code)).get();
  return { ok: true, id: saved!.id };
}

async function targetsExist(d1: D1Database, input: DiscountCodeInput): Promise<boolean> {
  if (input.scope === "order" || input.targetIds.length === 0) return true;
  const db = database(d1);
  const table = input.scope === "categories" ? categories : input.scope === "products" ? products : collections;
  const ids = input.targetIds.slice(0, 90);
  const found = await db.select({ total: count() }).from(table).where(inArray(table.id, ids)).get();
  return input.targetIds.length <= 90 && (found?.total ?? 0) === ids.length;
}
