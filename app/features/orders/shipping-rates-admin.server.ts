import { and, asc, count, desc, eq, getTableColumns, inArray, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { carriers, shippingRates } from "~/db/schema/orders";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { formatBahtInput } from "~/features/catalog-admin/catalog-admin-shared.server";

import type { ShippingRateListQuery } from "./shipping-rate-list";
import type { ShippingRateDraft, ShippingRateInput } from "./shipping-rate-schemas";

/**
 * Shipping rates in the back office (issue 5 item 12). Two ACTIVE rates of the same method and
 * destination (zone + country, "every country" being its own destination) must not overlap and must
 * use the same basis, or checkout could not tell which applies. The check is part of the write
 * itself (`INSERT … SELECT … WHERE NOT EXISTS`, `UPDATE … WHERE NOT EXISTS`), so two staff saving
 * overlapping brackets at the same moment cannot both get in; the refusal is then explained by
 * reading the row that blocked it.
 */
export type ShippingRateRow = typeof shippingRates.$inferSelect;

const shippingRateSorts = {
  zone: [shippingRates.zone, shippingRates.method, sql`coalesce(${shippingRates.countryCode}, '')`, shippingRates.minValue],
  method: [shippingRates.method, shippingRates.zone, shippingRates.minValue],
  bracket: [shippingRates.minValue],
  price: [shippingRates.priceSatang],
  days: [shippingRates.deliveryDaysMax, shippingRates.deliveryDaysMin],
} satisfies Record<ShippingRateListQuery["sort"], unknown[]>;

/**
 * The rates under the list's query (shipping-rate-list.tsx): search on the country code or the
 * carrier's name, the method / zone / basis / active filters; one page, every row (export, print)
 * or only `ids`, with the count, in one batch.
 */
export async function listShippingRates(d1: D1Database, query: ShippingRateListQuery, scope: ListScope) {
  const db = database(d1);
  const { method, zone, basis, active } = query.filters;
  const where = and(
    query.q ? or(contains(shippingRates.countryCode, query.q), contains(carriers.nameEn, query.q), contains(carriers.nameTh, query.q)) : undefined,
    method === null ? undefined : eq(shippingRates.method, method),
    zone === null ? undefined : eq(shippingRates.zone, zone),
    basis === null ? undefined : eq(shippingRates.basis, basis),
    active === null ? undefined : eq(shippingRates.isActive, active === "active"),
    scope.ids ? inArray(shippingRates.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(shippingRates).leftJoin(carriers, eq(carriers.id, shippingRates.carrierId)).where(where),
    db
      .select({ ...getTableColumns(shippingRates), carrierNameEn: carriers.nameEn, carrierNameTh: carriers.nameTh })
      .from(shippingRates)
      .leftJoin(carriers, eq(carriers.id, shippingRates.carrierId))
      .where(where)
      .orderBy(...shippingRateSorts[query.sort].map((column) => direction(column)), asc(shippingRates.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}
export type ShippingRateListRow = Awaited<ReturnType<typeof listShippingRates>>["rows"][number];

export async function loadShippingRate(d1: D1Database, id: number): Promise<ShippingRateRow | null> {
  const [row] = await database(d1).select().from(shippingRates).where(eq(shippingRates.id, id)).limit(1);
  return row ?? null;
}

export function shippingRateDraft(row: ShippingRateRow): ShippingRateDraft {
  return {
    method: row.method,
    zone: row.zone,
    countryCode: row.countryCode ?? "",
    carrierId: row.carrierId === null ? "" : String(row.carrierId),
    basis: row.basis,
    minValue: String(row.minValue),
    maxValue: row.maxValue === null ? "" : String(row.maxValue),
    price: formatBahtInput(row.priceSatang),
    deliveryDaysMin: String(row.deliveryDaysMin),
    deliveryDaysMax: String(row.deliveryDaysMax),
    isActive: row.isActive,
  };
}

/** Far above any weight in grams or item count: stands for "no upper bound" in comparisons. */
const unbounded = 9_000_000_000_000;

/**
 * Active rows of the same method and destination that clash with the rate: an overlapping bracket,
 * or another basis (weight and item count cannot be compared). `?1` method, `?2` zone, `?3` country,
 * `?4` basis, `?5` min, `?6` max (null = open), `?7` the row itself (0 for a new one).
 */
const clashCondition = `SELECT 1 FROM shipping_rates AS other
  WHERE other.is_active = 1 AND other.id <> ?7 AND other.method = ?1 AND other.zone = ?2 AND other.country_code IS ?3
    AND (other.basis <> ?4 OR (other.min_value < coalesce(?6, ${unbounded}) AND coalesce(other.max_value, ${unbounded}) > ?5))`;

export type SaveShippingRateResult =
  | { ok: true; id: number }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "unknown-carrier" }
  /** `other`: the row in the way (null if it changed again meanwhile). */
  | { ok: false; reason: "overlap" | "basis-mixed"; other: ShippingRateRow | null };

export async function saveShippingRate(d1: D1Database, id: number | null, input: ShippingRateInput, now = Date.now()): Promise<SaveShippingRateResult> {
  if (input.carrierId !== null) {
    const carrier = await d1.prepare("SELECT 1 FROM carriers WHERE id = ? AND is_active = 1").bind(input.carrierId).first();
    if (!carrier) return { ok: false, reason: "unknown-carrier" };
  }
  const clashBinds = [input.method, input.zone, input.countryCode, input.basis, input.minValue, input.maxValue, id ?? 0] as const;
  // Only an active rate has to fit with the others.
  const guard = input.isActive ? `AND NOT EXISTS (${clashCondition})` : "";
  let changed: number;
  let newId: number | null = null;
  if (id === null) {
    const result = await d1
      .prepare(
        `INSERT INTO shipping_rates (method, zone, country_code, basis, min_value, max_value, price_satang, delivery_days_min, delivery_days_max, is_active, created_at, updated_at, carrier_id)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?8, ?9, ?10, ?11, ?12, ?12, ?13 WHERE 1 ${guard} RETURNING id`,
      )
      .bind(...clashBinds, input.price, input.deliveryDaysMin, input.deliveryDaysMax, input.isActive ? 1 : 0, now, input.carrierId)
      .all<{ id: number }>();
    newId = result.results[0]?.id ?? null;
    changed = newId === null ? 0 : 1;
  } else {
    const result = await d1
      .prepare(
        `UPDATE shipping_rates SET method = ?1, zone = ?2, country_code = ?3, basis = ?4, min_value = ?5, max_value = ?6, price_satang = ?8,
           delivery_days_min = ?9, delivery_days_max = ?10, is_active = ?11, updated_at = ?12, carrier_id = ?13
         WHERE id = ?7 ${guard}`,
      )
      .bind(...clashBinds, input.price, input.deliveryDaysMin, input.deliveryDaysMax, input.isActive ? 1 : 0, now, input.carrierId)
      .run();
    changed = result.meta.changes ?? 0;
  }
  if (changed > 0) return { ok: true, id: id ?? newId! };
  if (id !== null && !(await loadShippingRate(d1, id))) return { ok: false, reason: "not-found" };
  const other = await d1
    .prepare(`${clashCondition.replace("SELECT 1", "SELECT other.id AS id")} ORDER BY other.min_value LIMIT 1`)
    .bind(...clashBinds)
    .first<{ id: number }>();
  const row = other ? await loadShippingRate(d1, other.id) : null;
  return { ok: false, reason: row && row.basis !== input.basis ? "basis-mixed" : "overlap", other: row };
}

/** Carriers staff can put on a rate: the active ones, in the shop's order. */
export async function listRateCarriers(d1: D1Database) {
  return database(d1)
    .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh })
    .from(carriers)
    .where(eq(carriers.isActive, true))
    .orderBy(asc(carriers.sortOrder), asc(carriers.id));
}

export async function deleteShippingRate(d1: D1Database, id: number): Promise<boolean> {
  const result = await d1.prepare("DELETE FROM shipping_rates WHERE id = ?").bind(id).run();
  return (result.meta.changes ?? 0) > 0;
}
