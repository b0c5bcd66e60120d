import { and, asc, count, desc, eq, gte, inArray, lt, or, sql, sum } from "drizzle-orm";

import { database } from "~/db/client";
import { customers } from "~/db/schema/customers";
import { orders } from "~/db/schema/orders";
import { discountCodes, discountRedemptions } from "~/db/schema/promotions";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { shopLocalToEpoch } from "~/features/content/shop-local-time";

import type { CodeHistoryListQuery } from "./code-history-list";

/**
 * The code history (issue 16): redemptions with their code, order and customer, filtered by the
 * list's query, and the totals (uses, discount given) of the whole filtered list — not just the
 * page. A redemption keeps the amount it gave when it was made, whatever the code says now.
 */
const sorts = { date: discountRedemptions.createdAt, amount: discountRedemptions.amountSatang, code: discountCodes.code } as const;

/** The first moment of a Bangkok day ("2026-01-31"). */
function dayStart(day: string): number {
  return shopLocalToEpoch(`${day}T00:00`)!;
}

export async function listCodeHistory(d1: D1Database, query: CodeHistoryListQuery, scope: ListScope) {
  const db = database(d1);
  const { from, to, customer } = query.filters;
  const search = query.q.toUpperCase();
  const where = and(
    search ? or(sql`instr(${discountCodes.code}, ${search}) > 0`, sql`instr(${orders.orderNumber}, ${search}) > 0`) : undefined,
    from ? gte(discountRedemptions.createdAt, dayStart(from)) : undefined,
    to ? lt(discountRedemptions.createdAt, nextDayStart(to)) : undefined,
    customer
      ? or(
          sql`instr(lower(${customers.email}), ${customer.toLowerCase()}) > 0`,
          sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${customer.toLowerCase()}) > 0`,
          sql`instr(lower(${orders.email}), ${customer.toLowerCase()}) > 0`,
        )
      : undefined,
    scope.ids ? inArray(discountRedemptions.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const base = () =>
    db
      .select({
        total: count(),
        uses: count(sql`CASE WHEN ${discountRedemptions.releasedAt} IS NULL THEN 1 END`),
        amount: sum(sql`CASE WHEN ${discountRedemptions.releasedAt} IS NULL THEN ${discountRedemptions.amountSatang} END`),
      })
      .from(discountRedemptions)
      .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.discountCodeId))
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .leftJoin(customers, eq(customers.id, discountRedemptions.customerId))
      .where(where);
  // Not db.batch: D1 hands batched rows back by column name, and these joins repeat names ("id").
  const [totals, rows] = await Promise.all([
    base(),
    db
      .select({
        id: discountRedemptions.id,
        codeId: discountCodes.id,
        code: discountCodes.code,
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        customerId: discountRedemptions.customerId,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: orders.email,
        amountSatang: discountRedemptions.amountSatang,
        createdAt: discountRedemptions.createdAt,
        releasedAt: discountRedemptions.releasedAt,
      })
      .from(discountRedemptions)
      .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.discountCodeId))
      .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
      .leftJoin(customers, eq(customers.id, discountRedemptions.customerId))
      .where(where)
      .orderBy(direction(sorts[query.sort]), desc(discountRedemptions.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  const total = totals[0]?.total ?? 0;
  // A use released by a cancelled order stays listed but is neither a use nor a discount given.
  return { rows, total, uses: totals[0]?.uses ?? 0, amountSatang: Number(totals[0]?.amount ?? 0) };
}
export type CodeHistoryRow = Awaited<ReturnType<typeof listCodeHistory>>["rows"][number];

/** The first moment of the Bangkok day after `day`. */
function nextDayStart(day: string): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  return shopLocalToEpoch(`${next}T00:00`)!;
}
