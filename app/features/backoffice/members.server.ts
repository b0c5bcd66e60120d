import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { addresses, customers, staffUsers } from "~/db/schema/customers";
import { orders } from "~/db/schema/orders";
import { pointsLedger } from "~/db/schema/promotions";
import { memberAffiliateApplicationsQuery } from "~/features/affiliates/affiliates.server";
import { addressColumns } from "~/features/profile/addresses.server";

import type { ListScope } from "./list-page.server";
import type { MemberListQuery } from "./member-list";

/**
 * Members in the back office (issue 3 item 16; /backend/member, roles 1–3): a searchable, paged
 * list, one member's detail (profile, addresses and affiliate applications in one D1 batch; orders
 * and points history a page at a time) and manual points adjustments.
 */
export interface MemberListRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  pointsBalance: number;
  createdAt: number;
  disabledAt: number | null;
}

export interface MemberList {
  rows: MemberListRow[];
  total: number;
}

function searchCondition(search: string): SQL | undefined {
  if (!search) return undefined;
  const conditions: SQL[] = [
    contains(customers.firstName, search),
    contains(customers.lastName, search),
    contains(sql`(${customers.firstName} || ' ' || ${customers.lastName})`, search),
    contains(customers.email, search),
    contains(customers.phone, search),
  ];
  // Phones are found however they were typed: "081-234-5678", "0812345678", "081 234".
  const digits = search.replace(/[\s\-()+.]/g, "");
  if (/^\d{3,}$/.test(digits)) {
    conditions.push(contains(sql`replace(replace(replace(coalesce(${customers.phone}, ''), '-', ''), ' ', ''), '+', '')`, digits));
  }
  return or(...conditions);
}

const memberSorts = {
  joined: customers.createdAt,
  name: sql`lower(${customers.firstName} || ' ' || ${customers.lastName})`,
  email: customers.email,
  points: customers.pointsBalance,
} satisfies Record<MemberListQuery["sort"], unknown>;

/**
 * The member list under its query (app/features/backoffice/member-list.tsx): one page, every row
 * (export, print) or only `ids`, with the count, in one batch. Ties keep the newest first.
 */
export async function listMembers(d1: D1Database, query: MemberListQuery, scope: ListScope): Promise<MemberList> {
  const db = database(d1);
  const { status } = query.filters;
  const where = and(
    searchCondition(query.q),
    status === null ? undefined : status === "disabled" ? isNotNull(customers.disabledAt) : isNull(customers.disabledAt),
    scope.ids ? inArray(customers.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(customers).where(where),
    db
      .select({
        id: customers.id,
        firstName: customers.firstName,
        lastName: customers.lastName,
        email: customers.email,
        phone: customers.phone,
        pointsBalance: customers.pointsBalance,
        createdAt: customers.createdAt,
        disabledAt: customers.disabledAt,
      })
      .from(customers)
      .where(where)
      .orderBy(direction(memberSorts[query.sort]), desc(customers.createdAt), desc(customers.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totalRows[0]?.total ?? 0 };
}

/** The detail page's lists page by these many rows (newest first). */
export const memberOrdersPageSize = 20;
export const memberLedgerPageSize = 25;

/** A member's profile, addresses and affiliate applications (one D1 batch), or null. */
export async function loadMemberDetail(d1: D1Database, customerId: number) {
  const db = database(d1);
  const [profileRows, addressRows, applications] = await db.batch([
    db
      .select({
        id: customers.id,
        email: customers.email,
        firstName: customers.firstName,
        lastName: customers.lastName,
        phone: customers.phone,
        genderId: customers.genderId,
        birthday: customers.birthday,
        pointsBalance: customers.pointsBalance,
        emailVerifiedAt: customers.emailVerifiedAt,
        lastLoginAt: customers.lastLoginAt,
        disabledAt: customers.disabledAt,
        createdAt: customers.createdAt,
      })
      .from(customers)
      .where(eq(customers.id, customerId)),
    db.select(addressColumns).from(addresses).where(eq(addresses.customerId, customerId)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
    memberAffiliateApplicationsQuery(d1, customerId),
  ]);
  const profile = profileRows[0];
  if (!profile) return null;
  return { profile, addresses: addressRows, applications };
}

/** One page of a member's orders, newest first, and how many there are. */
export async function listMemberOrders(d1: D1Database, customerId: number, scope: { limit: number; offset: number }) {
  const db = database(d1);
  const [rows, totals] = await db.batch([
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, statusId: orders.statusId, totalSatang: orders.totalSatang, createdAt: orders.createdAt })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(scope.limit)
      .offset(scope.offset),
    db.select({ total: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
export type MemberOrderRow = Awaited<ReturnType<typeof listMemberOrders>>["rows"][number];

/** One page of a member's points ledger, newest first, and how many rows it has. */
export async function listMemberLedger(d1: D1Database, customerId: number, scope: { limit: number; offset: number }) {
  const db = database(d1);
  const [rows, totals] = await db.batch([
    db
      .select({
        id: pointsLedger.id,
        delta: pointsLedger.delta,
        reason: pointsLedger.reason,
        note: pointsLedger.note,
        noteKey: pointsLedger.noteKey,
        noteParamsJson: pointsLedger.noteParamsJson,
        orderId: pointsLedger.orderId,
        staffName: staffUsers.fullName,
        createdAt: pointsLedger.createdAt,
      })
      .from(pointsLedger)
      .leftJoin(staffUsers, eq(staffUsers.id, pointsLedger.staffUserId))
      .where(eq(pointsLedger.customerId, customerId))
      .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
      .limit(scope.limit)
      .offset(scope.offset),
    db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.customerId, customerId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
export type MemberLedgerRow = Awaited<ReturnType<typeof listMemberLedger>>["rows"][number];

export type MemberDetail = NonNullable<Awaited<ReturnType<typeof loadMemberDetail>>>;

export type PointsAdjustmentResult = { ok: true; balance: number } | { ok: false; reason: "not-found" } | { ok: false; reason: "below-zero"; balance: number };

function isPointsCheckViolation(error: unknown): boolean {
  const message = error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  return /CHECK constraint failed/.test(message) && /points/.test(message);
}

/**
 * A manual adjustment: the ledger row and the balance change in one batch. Going below 0 violates
 * customers_points_non_negative and rolls the batch back (nothing written): an answer, not an error.
 */
export async function adjustMemberPoints(
  d1: D1Database,
  input: { customerId: number; delta: number; reason: string; staffUserId: number; now?: number },
): Promise<PointsAdjustmentResult> {
  const now = input.now ?? Date.now();
  const db = database(d1);
  const current = await db.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, input.customerId)).get();
  if (!current) return { ok: false, reason: "not-found" };
  try {
    const [, updated] = await db.batch([
      db.insert(pointsLedger).values({
        customerId: input.customerId,
        delta: input.delta,
        reason: "adjustment",
        staffUserId: input.staffUserId,
        note: input.reason,
        createdAt: now,
      }),
      db
        .update(customers)
        .set({ pointsBalance: sql`${customers.pointsBalance} + ${input.delta}`, updatedAt: now })
        .where(eq(customers.id, input.customerId))
        .returning({ balance: customers.pointsBalance }),
    ]);
    return { ok: true, balance: updated[0]?.balance ?? current.balance + input.delta };
  } catch (error) {
    if (!isPointsCheckViolation(error)) throw error;
    const fresh = await db.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, input.customerId)).get();
    return { ok: false, reason: "below-zero", balance: fresh?.balance ?? current.balance };
  }
}
