import { and, asc, count, eq, gte, inArray, lte, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { products, variants, variantStockCounts } from "~/db/schema/catalog";
import { customers } from "~/db/schema/customers";
import { orderStatusCounts } from "~/db/schema/orders";
import { shopTimeZone } from "~/domain/dates";
import { type OrderStatusId, orderStatusIds, staffAttentionStatusIds } from "~/domain/order-status";
import { lowStockThreshold, stockCountLevel } from "~/domain/stock-label";

/**
 * Figures of the back office: the sidebar's order chip (spec §7 countOrderByOrderStatuses) and the
 * dashboard. Read-only; every figure is one query, and the dashboard's run in one D1 batch.
 */

/**
 * Orders in any of these statuses (spec §7 countOrderByOrderStatuses; the JSON API passes the client's list), from the
 * per-status counts the database keeps (order_status_counts): a row per status, not an index entry per order.
 */
export async function countOrdersByStatuses(d1: D1Database, statusIds: readonly number[]): Promise<number> {
  if (statusIds.length === 0) return 0;
  const [row] = await database(d1)
    .select({ total: sql<number>`coalesce(sum(${orderStatusCounts.orders}), 0)` })
    .from(orderStatusCounts)
    .where(inArray(orderStatusCounts.statusId, [...statusIds]));
  return row?.total ?? 0;
}

/** Orders whose status needs someone in the shop to act (ids 1–6 and 10): the red chip on Orders. */
export function countOrdersNeedingAttention(d1: D1Database): Promise<number> {
  return countOrdersByStatuses(d1, staffAttentionStatusIds);
}

/** How many low- and out-of-stock variants the dashboard lists by name. */
export const stockListLimit = 5;

const offsetFormatter = new Intl.DateTimeFormat("en-US", {
  timeZone: shopTimeZone,
  calendar: "gregory",
  year: "numeric",
  month: "numeric",
  day: "numeric",
  timeZoneName: "longOffset",
});

/**
 * The first millisecond of today and of this month in the shop's time zone (DESIGN §4.8: days are
 * Bangkok days). The zone's offset comes from Intl, not a hand-written +7.
 */
export function shopPeriodStarts(now: number): { dayStart: number; monthStart: number } {
  const parts = offsetFormatter.formatToParts(new Date(now));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const [year, month, day] = [Number(part("year")), Number(part("month")), Number(part("day"))];
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(part("timeZoneName"));
  const offsetMs = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : 0;
  return {
    dayStart: Date.UTC(year, month - 1, day) - offsetMs,
    monthStart: Date.UTC(year, month - 1, 1) - offsetMs,
  };
}

export interface StockAlert {
  variantId: number;
  productId: number;
  sku: string;
  productNameEn: string;
  productNameTh: string;
  stock: number;
}

export interface DashboardFigures {
  /** Every status id, in id order, with its count (zero when none). */
  ordersByStatus: { statusId: OrderStatusId; count: number }[];
  newMembersThisMonth: number;
  lowStockCount: number;
  outOfStockCount: number;
  /** The emptiest variants first (out of stock, then 1…5 left). */
  stockAlerts: StockAlert[];
}

/** The dashboard's counts from D1 in one batch (its sales come from app/features/reports/sales.server.ts); an empty shop gives zeros. */
export async function loadDashboardFigures(d1: D1Database, now = Date.now()): Promise<DashboardFigures> {
  const db = database(d1);
  const { monthStart } = shopPeriodStarts(now);
  const activeVariant = eq(variants.isActive, true);
  // The counts the database keeps (triggers): a row per status and per stock level, whatever the shop's size.
  const activeAtLevel = (level: number) =>
    db
      .select({ total: variantStockCounts.variants })
      .from(variantStockCounts)
      .where(and(eq(variantStockCounts.level, level), eq(variantStockCounts.isActive, true)));

  const [byStatus, members, lowStock, outOfStock, alerts] = await db.batch([
    db.select({ statusId: orderStatusCounts.statusId, total: orderStatusCounts.orders }).from(orderStatusCounts),
    db.select({ total: count() }).from(customers).where(gte(customers.createdAt, monthStart)),
    activeAtLevel(stockCountLevel.low),
    activeAtLevel(stockCountLevel.out),
    db
      .select({
        variantId: variants.id,
        productId: variants.productId,
        sku: variants.sku,
        productNameEn: products.nameEn,
        productNameTh: products.nameTh,
        stock: variants.stock,
      })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(activeVariant, lte(variants.stock, lowStockThreshold)))
      .orderBy(asc(variants.stock), asc(variants.id))
      .limit(stockListLimit),
  ]);

  const counts = new Map(byStatus.map((row) => [row.statusId, row.total]));
  return {
    ordersByStatus: orderStatusIds.map((statusId) => ({ statusId, count: counts.get(statusId) ?? 0 })),
    newMembersThisMonth: members[0]?.total ?? 0,
    lowStockCount: lowStock[0]?.total ?? 0,
    outOfStockCount: outOfStock[0]?.total ?? 0,
    stockAlerts: alerts,
  };
}
