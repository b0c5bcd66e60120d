import { and, asc, count, desc, eq, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { optionLabels } from "~/db/option-labels";
import { outerColumn } from "~/db/outer-column";
import { categories, products, type StockMovementReason, stockMovements, variants } from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { stockCeilingFor, type StockChange } from "~/domain/inventory";
import type { StockImportChange } from "~/domain/inventory-csv";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { backInStockStatements } from "~/features/catalog/back-in-stock.server";
import { stockSummaryFromSql } from "~/features/reports/report-summary.server";

import type { InventoryListQuery } from "./inventory-list";

/**
 * Inventory in the back office (spec §2 /backend/products/inventory; issue 4 item 9): stock per
 * variant with search, category and low-stock filters, one variant's movement history, manual
 * adjustments and CSV import/export. Every stock change writes its stock_movements row in the same
 * db.batch; relative changes are `stock = stock + delta`, so two staff members (or an order) acting
 * at once never lose an update, and CHECK (stock >= 0) refuses a change that would go below zero —
 * the whole batch then rolls back and the caller gets an answer, not an error.
 */
/** The variant page lists its stock movements by pages of this many. */
export const movementPageSize = 25;

export interface InventoryRow {
  variantId: number;
  sku: string;
  stock: number;
  productNameEn: string;
  productNameTh: string;
  optionsEn: string;
  optionsTh: string;
  waiting: number;
}

/**
 * What a row shows besides the variant's own columns, worked out on `variant` (the outer query's variant id): its
 * options, and the shoppers waiting for it to come back (issue 20: a count on the open-request index).
 */
function inventoryLabels(variant: AnySQLiteColumn) {
  return {
    optionsEn: optionLabels("name_en", variant).as("options_en"),
    optionsTh: optionLabels("name_th", variant).as("options_th"),
    waiting: sql<number>`(SELECT count(*) FROM back_in_stock_requests
      WHERE back_in_stock_requests.variant_id = ${outerColumn(variant)} AND notified_at IS NULL AND cancelled_at IS NULL)`
      .mapWith(Number)
      .as("waiting_count"),
  };
}

// No two columns may share a name: local D1 (wrangler) folds same-named result columns into one.
const variantColumns = {
  variantId: variants.id,
  sku: variants.sku,
  stock: variants.stock,
  productNameEn: products.nameEn,
  productNameTh: products.nameTh,
};

function listCondition(query: InventoryListQuery, ids: number[] | undefined): SQL | undefined {
  const ceiling = stockCeilingFor(query.filters.stock ?? "all");
  return and(
    query.q
      ? or(contains(products.nameEn, query.q), contains(products.nameTh, query.q), contains(variants.sku, query.q), contains(products.sku, query.q))
      : undefined,
    query.filters.category === null ? undefined : eq(products.categoryId, query.filters.category),
    ceiling === null ? undefined : lte(variants.stock, ceiling),
    ids ? inArray(variants.id, ids.length ? ids : [0]) : undefined,
  );
}

const inventorySorts = { product: products.nameEn, sku: variants.sku, stock: variants.stock } satisfies Record<InventoryListQuery["sort"], unknown>;

/**
 * The inventory list under its query (app/features/catalog-admin/inventory-list.tsx): one page,
 * every row (export, print) or only `ids`, with the count and the category filter's choices, in
 * one batch. Ties keep the product's variants together in their order.
 */
export async function listInventory(d1: D1Database, query: InventoryListQuery, scope: ListScope) {
  const db = database(d1);
  const where = listCondition(query, scope.ids);
  const direction = query.dir === "asc" ? asc : desc;
  // The page is cut first and labelled after: SQLite works out a selected subquery for every row that matches before
  // it sorts and applies the limit, so labelling in the same select read every variant's options (issue 19, flat cost).
  const page = db
    .select({ ...variantColumns, productId: sql<number>`${products.id}`.as("product_id"), variantSortOrder: variants.sortOrder })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(where)
    .orderBy(direction(inventorySorts[query.sort]), asc(products.nameEn), asc(products.id), asc(variants.sortOrder), asc(variants.id))
    .limit(scope.limit)
    .offset(scope.offset)
    .as("page");
  const pageSorts = { product: page.productNameEn, sku: page.sku, stock: page.stock } satisfies Record<InventoryListQuery["sort"], unknown>;
  const [totalRows, rows, categoryRows] = await db.batch([
    db.select({ total: count() }).from(variants).innerJoin(products, eq(products.id, variants.productId)).where(where),
    db
      .select({
        variantId: page.variantId,
        sku: page.sku,
        stock: page.stock,
        productNameEn: page.productNameEn,
        productNameTh: page.productNameTh,
        ...inventoryLabels(page.variantId),
      })
      .from(page)
      .orderBy(direction(pageSorts[query.sort]), asc(page.productNameEn), asc(page.productId), asc(page.variantSortOrder), asc(page.variantId)),
    db
      .select({ id: categories.id, nameEn: categories.nameEn, nameTh: categories.nameTh })
      .from(categories)
      .orderBy(asc(categories.sortOrder), asc(categories.id)),
  ]);
  return { rows: rows.map(({ variantId, ...row }) => ({ id: variantId, ...row })), total: totalRows[0]?.total ?? 0, categories: categoryRows };
}

/** One variant with its stock, or null. */
export async function loadVariantStock(d1: D1Database, variantId: number) {
  const db = database(d1);
  const variant = await db
    .select({ ...variantColumns, ...inventoryLabels(variants.id) })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(variants.id, variantId))
    .get();
  return variant ? { variant } : null;
}

/** One page of a variant's stock movements, newest first, and how many there are. */
export async function listStockMovements(d1: D1Database, variantId: number, scope: { limit: number; offset: number }) {
  const db = database(d1);
  const [rows, totals] = await db.batch([
    db
      .select({
        id: stockMovements.id,
        delta: stockMovements.delta,
        stockAfter: stockMovements.stockAfter,
        reason: stockMovements.reason,
        note: stockMovements.note,
        orderId: stockMovements.orderId,
        staffName: staffUsers.fullName,
        createdAt: stockMovements.createdAt,
      })
      .from(stockMovements)
      .leftJoin(staffUsers, eq(staffUsers.id, stockMovements.staffUserId))
      .where(eq(stockMovements.variantId, variantId))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(scope.limit)
      .offset(scope.offset),
    db.select({ total: count() }).from(stockMovements).where(eq(stockMovements.variantId, variantId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
export type StockMovementRow = Awaited<ReturnType<typeof listStockMovements>>["rows"][number];

export async function currentStock(d1: D1Database, variantId: number): Promise<number | null> {
  const row = await database(d1).select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)).get();
  return row?.stock ?? null;
}

function isStockCheckViolation(error: unknown): boolean {
  let message = "";
  for (let current: unknown = error; current; current = current instanceof Error ? current.cause : undefined) {
    message += ` ${current instanceof Error ? current.message : String(current)}`;
  }
  return /CHECK constraint failed/.test(message) && /stock/.test(message);
}

interface MovementInput {
  reason: StockMovementReason;
  note: string;
  staffUserId: number;
  now: number;
}

/**
 * The statements of one stock change (plain D1 statements: an INSERT … SELECT has no Drizzle
 * builder that fits a batch). A relative change updates first and then records what the update
 * left (INSERT … SELECT stock), so `stock_after` is the real value even when others changed the
 * stock in between; an absolute count ("set to N") records the difference to what is there right
 * before it writes N. Both go in the caller's batch, which must end with backInStockStatements (a
 * count that rose above 0 announces the variant to the shoppers waiting for it).
 */
function changeStatements(d1: D1Database, variantId: number, change: StockChange, movement: MovementInput): D1PreparedStatement[] {
  const { reason, note, staffUserId, now } = movement;
  if (change.kind === "delta") {
    return [
      d1.prepare("UPDATE variants SET stock = stock + ?1, updated_at = ?2 WHERE id = ?3").bind(change.delta, now, variantId),
      d1
        .prepare(
          `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, staff_user_id, created_at)
           SELECT id, ?1, stock, ?2, ?3, ?4, ?5 FROM variants WHERE id = ?6`,
        )
        .bind(change.delta, reason, note, staffUserId, now, variantId),
      ...stockSummaryFromSql(d1, now, reason, "SELECT id AS variant_id, ? AS delta FROM variants WHERE id = ?", change.delta, variantId),
    ];
  }
  return [
    d1
      .prepare(
        `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, staff_user_id, created_at)
         SELECT id, ?1 - stock, ?1, ?2, ?3, ?4, ?5 FROM variants WHERE id = ?6`,
      )
      .bind(change.stock, reason, note, staffUserId, now, variantId),
    ...stockSummaryFromSql(d1, now, reason, "SELECT id AS variant_id, ? - stock AS delta FROM variants WHERE id = ?", change.stock, variantId),
    d1.prepare("UPDATE variants SET stock = ?1, updated_at = ?2 WHERE id = ?3").bind(change.stock, now, variantId),
  ];
}

export type StockAdjustmentResult = { ok: true; stock: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "below-zero"; stock: number };

export async function adjustStock(
  d1: D1Database,
  input: { variantId: number; change: StockChange; reason: StockMovementReason; note: string; staffUserId: number; now?: number },
): Promise<StockAdjustmentResult> {
  const now = input.now ?? Date.now();
  const statements = [
    ...changeStatements(d1, input.variantId, input.change, { reason: input.reason, note: input.note, staffUserId: input.staffUserId, now }),
    ...backInStockStatements(d1, now),
  ];
  // The last statement reads what this batch left, before anyone else's change.
  const read = d1.prepare("SELECT stock FROM variants WHERE id = ?1").bind(input.variantId);
  let results: D1Result[];
  try {
    results = await d1.batch([...statements, read]);
  } catch (error) {
    if (!isStockCheckViolation(error)) throw error;
    const stock = await currentStock(d1, input.variantId);
    return stock === null ? { ok: false, reason: "not-found" } : { ok: false, reason: "below-zero", stock };
  }
  const after = (results.at(-1)?.results as { stock: number }[] | undefined)?.[0];
  return after ? { ok: true, stock: after.stock } : { ok: false, reason: "not-found" };
}

/** Variants by SKU (upper-cased key) for an import plan: only the SKUs the file names. */
export async function variantsBySku(d1: D1Database, skus: readonly string[]): Promise<Map<string, { id: number; sku: string; stock: number }>> {
  const db = database(d1);
  const wanted = [...new Set(skus.map((sku) => sku.toUpperCase()))];
  const found = new Map<string, { id: number; sku: string; stock: number }>();
  // D1 binds at most 100 parameters a statement.
  const chunks: string[][] = [];
  for (let start = 0; start < wanted.length; start += 90) chunks.push(wanted.slice(start, start + 90));
  if (chunks.length === 0) return found;
  const queries = chunks.map((chunk) =>
    db
      .select({ id: variants.id, sku: variants.sku, stock: variants.stock })
      .from(variants)
      .where(inArray(sql`upper(${variants.sku})`, chunk)),
  );
  const results = await db.batch(queries as [(typeof queries)[number], ...(typeof queries)[number][]]);
  for (const row of results.flat()) found.set(row.sku.toUpperCase(), row);
  return found;
}

export type StockImportResult = { ok: true; applied: number } | { ok: false; reason: "below-zero" };

/**
 * Applies an import plan: every change and its movement (reason "import") in ONE batch. A "set"
 * file writes the counts it names; a "delta" file adds its changes to whatever the stock is now,
 * and if any of them would now go below zero the whole file is refused (nothing written).
 */
export async function applyStockImport(
  d1: D1Database,
  input: { mode: "set" | "delta"; changes: readonly StockImportChange[]; fileName: string; staffUserId: number; now?: number },
): Promise<StockImportResult> {
  if (input.changes.length === 0) return { ok: true, applied: 0 };
  const now = input.now ?? Date.now();
  const note = input.fileName.slice(0, 200);
  const statements = input.changes.flatMap((change) =>
    changeStatements(d1, change.variantId, input.mode === "set" ? { kind: "set", stock: change.after } : { kind: "delta", delta: change.delta }, {
      reason: "import",
      note,
      staffUserId: input.staffUserId,
      now,
    }),
  );
  try {
    await d1.batch([...statements, ...backInStockStatements(d1, now)]);
  } catch (error) {
    if (isStockCheckViolation(error)) return { ok: false, reason: "below-zero" };
    throw error;
  }
  return { ok: true, applied: input.changes.length };
}
