import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { customers, staffUsers } from "~/db/schema/customers";
import { carriers, orderLines, orders, orderStatusHistory, payments, shipments, shippingRates } from "~/db/schema/orders";
import { sponsorOrders, sponsors } from "~/db/schema/sponsors";
import { shopTimeZone } from "~/domain/dates";
import { phoneDigitsOfSearch, type QueryOf } from "~/domain/list-query";
import { orderStatusIds } from "~/domain/order-status";
import type { ListScope } from "~/features/backoffice/list-page.server";

import type { orderListDefinition } from "./order-list";
import type { SponsoredListQuery } from "./sponsored-list";

/**
 * The back office's order list and order page (issue 5 item 11): read-only queries, each page in
 * one D1 batch. Status changes live in order-actions.server.ts.
 */
export type OrderListQuery = QueryOf<typeof orderListDefinition>;

const offsetFormatter = new Intl.DateTimeFormat("en-US", { timeZone: shopTimeZone, timeZoneName: "longOffset" });

/** The first millisecond of a Bangkok calendar day ("2025-01-31"), or null for anything else. */
export function shopDayStart(day: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const utcMidnight = Date.UTC(year, month - 1, date);
  const check = new Date(utcMidnight);
  if (year < 2000 || year > 2200 || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  // The zone's offset on that day comes from Intl, not a hand-written +7 (DESIGN §4.8).
  const zoneName = offsetFormatter.formatToParts(utcMidnight).find((part) => part.type === "timeZoneName")?.value ?? "";
  const offset = /GMT([+-])(\d{2}):(\d{2})/.exec(zoneName);
  const offsetMs = offset ? (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3])) * 60_000 : 0;
  return utcMidnight - offsetMs;
}

const customerName = sql<string>`trim(coalesce(nullif(trim(coalesce(${orders.shipFirstName}, '') || ' ' || coalesce(${orders.shipLastName}, '')), ''), ${customers.firstName} || ' ' || ${customers.lastName}, ''))`;
const customerPhone = sql<string>`coalesce(${orders.shipPhone}, ${customers.phone}, '')`;

function filterCondition(query: OrderListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const { payment, type } = query.filters;
  if (query.q) {
    // instr, not LIKE: D1 caps LIKE patterns at 50 bytes and a Thai character takes 3.
    const needle = query.q.toLowerCase();
    const digits = phoneDigitsOfSearch(needle);
    conditions.push(
      or(
        sql`instr(lower(${orders.orderNumber}), ${needle}) > 0`,
        sql`instr(lower(${orders.email}), ${needle}) > 0`,
        sql`instr(lower(${customerName}), ${needle}) > 0`,
        digits ? sql`instr(replace(replace(${customerPhone}, '-', ''), ' ', ''), ${digits}) > 0` : undefined,
      ),
    );
  }
  if (payment !== null) conditions.push(eq(orders.paymentTypeId, payment));
  if (type !== null) conditions.push(eq(orders.orderTypeId, type));
  const from = shopDayStart(query.filters.from ?? "");
  if (from !== null) conditions.push(gte(orders.createdAt, from));
  const to = shopDayStart(query.filters.to ?? "");
  if (to !== null) conditions.push(lt(orders.createdAt, to + 24 * 60 * 60_000));
  return and(...conditions);
}

export interface OrderListRow {
  id: number;
  orderNumber: string;
  createdAt: number;
  statusId: number;
  paymentTypeId: number | null;
  orderTypeId: number;
  totalSatang: number;
  email: string;
  name: string;
  phone: string;
}

export const orderListColumns = {
  id: orders.id,
  orderNumber: orders.orderNumber,
  createdAt: orders.createdAt,
  statusId: orders.statusId,
  paymentTypeId: orders.paymentTypeId,
  orderTypeId: orders.orderTypeId,
  totalSatang: orders.totalSatang,
  email: orders.email,
  name: customerName,
  phone: customerPhone,
};

const orderSorts = {
  placed: [orders.createdAt],
  number: [orders.orderNumber],
  customer: [customerName],
  status: [orders.statusId],
  total: [orders.totalSatang],
} satisfies Record<OrderListQuery["sort"], unknown[]>;

/**
 * The rows of the order list under its query (app/features/orders/order-list.tsx): one page
 * (`window`), or every row for the export and the print view, or only `ids` (an export of the
 * selection); with the count of every status under the same search and filters (the tabs), all in
 * one batch. Ties keep the newest first, so paging is stable.
 */
export async function listOrders(d1: D1Database, query: OrderListQuery, scope: ListScope) {
  const db = database(d1);
  const filters = and(filterCondition(query), scope.ids ? inArray(orders.id, scope.ids.length ? scope.ids : [0]) : undefined);
  const where = and(filters, query.filters.status === null ? undefined : eq(orders.statusId, query.filters.status));
  const direction = query.dir === "asc" ? asc : desc;
  const [byStatus, rows] = await db.batch([
    db
      .select({ statusId: orders.statusId, total: count() })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(filters)
      .groupBy(orders.statusId),
    db
      .select(orderListColumns)
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(where)
      .orderBy(...orderSorts[query.sort].map((column) => direction(column)), desc(orders.createdAt), desc(orders.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  const counts = new Map(byStatus.map((row) => [row.statusId, row.total]));
  const statusCounts = orderStatusIds.map((statusId) => ({ statusId, count: counts.get(statusId) ?? 0 }));
  const allCount = byStatus.reduce((sum, row) => sum + row.total, 0);
  const total = query.filters.status === null ? allCount : (counts.get(query.filters.status) ?? 0);
  return { rows: rows as OrderListRow[], total, allCount, statusCounts };
}

/** Everything the order page shows, or null for an unknown order. */
export async function loadOrderDetail(d1: D1Database, orderId: number) {
  const db = database(d1);
  const [orderRows, lines, paymentRows, shipmentRows, history, sponsorRows, carrierRows, rateCarrierRows] = await db.batch([
    db
      // Aliased: local D1 folds same-named result columns (orders.id / customers.id) into one.
      .select({
        order: orders,
        memberId: sql<number | null>`${customers.id}`.as("member_id"),
        memberFirstName: sql<string | null>`${customers.firstName}`.as("member_first_name"),
        memberLastName: sql<string | null>`${customers.lastName}`.as("member_last_name"),
        memberEmail: sql<string | null>`${customers.email}`.as("member_email"),
        memberPhone: sql<string | null>`${customers.phone}`.as("member_phone"),
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(eq(orders.id, orderId))
      .limit(1),
    db.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id)),
    db
      .select({
        id: payments.id,
        provider: payments.provider,
        amountSatang: payments.amountSatang,
        status: payments.status,
        hasSlip: sql<number>`${payments.slipKey} IS NOT NULL`,
        reviewedAt: payments.reviewedAt,
        reviewerName: staffUsers.fullName,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .leftJoin(staffUsers, eq(staffUsers.id, payments.reviewedByStaffUserId))
      .where(eq(payments.orderId, orderId))
      .orderBy(asc(payments.id)),
    db
      .select({
        id: shipments.id,
        trackingNumber: shipments.trackingNumber,
        shippedAt: shipments.shippedAt,
        deliveredAt: shipments.deliveredAt,
        carrierNameEn: carriers.nameEn,
        carrierNameTh: carriers.nameTh,
        trackingUrlTemplate: carriers.trackingUrlTemplate,
      })
      .from(shipments)
      .innerJoin(carriers, eq(carriers.id, shipments.carrierId))
      .where(eq(shipments.orderId, orderId))
      .orderBy(asc(shipments.id)),
    db
      .select({
        id: orderStatusHistory.id,
        fromStatusId: orderStatusHistory.fromStatusId,
        toStatusId: orderStatusHistory.toStatusId,
        actorType: orderStatusHistory.actorType,
        staffName: staffUsers.fullName,
        customerFirstName: customers.firstName,
        note: orderStatusHistory.note,
        createdAt: orderStatusHistory.createdAt,
      })
      .from(orderStatusHistory)
      .leftJoin(staffUsers, eq(staffUsers.id, orderStatusHistory.actorStaffUserId))
      .leftJoin(customers, eq(customers.id, orderStatusHistory.actorCustomerId))
      .where(eq(orderStatusHistory.orderId, orderId))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({ id: sponsors.id, nameEn: sponsors.nameEn, nameTh: sponsors.nameTh })
      .from(sponsorOrders)
      .innerJoin(sponsors, eq(sponsors.id, sponsorOrders.sponsorId))
      .where(eq(sponsorOrders.orderId, orderId)),
    db
      .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh })
      .from(carriers)
      .where(eq(carriers.isActive, true))
      .orderBy(asc(carriers.sortOrder), asc(carriers.id)),
    // The carrier of the rate the shopper paid for: the ship form starts with it.
    db
      .select({ carrierId: shippingRates.carrierId })
      .from(shippingRates)
      .innerJoin(orders, eq(orders.shippingRateId, shippingRates.id))
      .where(eq(orders.id, orderId))
      .limit(1),
  ]);
  const found = orderRows[0];
  if (!found) return null;
  return {
    order: found.order,
    member:
      found.memberId === null
        ? null
        : {
            id: found.memberId,
            firstName: found.memberFirstName ?? "",
            lastName: found.memberLastName ?? "",
            email: found.memberEmail ?? "",
            phone: found.memberPhone,
          },
    lines,
    payments: paymentRows.map((payment) => ({ ...payment, hasSlip: Boolean(payment.hasSlip) })),
    shipments: shipmentRows.map(({ trackingUrlTemplate, ...shipment }) => ({
      ...shipment,
      trackingUrl: carrierTrackingUrl(trackingUrlTemplate, shipment.trackingNumber),
    })),
    history,
    sponsors: sponsorRows,
    carriers: carrierRows,
    rateCarrierId: rateCarrierRows[0]?.carrierId ?? null,
  };
}

/** The carrier's page for a parcel: `{tracking}` in the template replaced; null without a usable https template. */
export function carrierTrackingUrl(template: string, trackingNumber: string): string | null {
  if (!template.includes("{tracking}")) return null;
  const url = template.replaceAll("{tracking}", encodeURIComponent(trackingNumber));
  try {
    return new URL(url).protocol === "https:" ? url : null;
  } catch {
    return null;
  }
}

/** A payment's slip in R2 (staff only), when the payment belongs to the order and has one. */
export async function findSlipKey(d1: D1Database, orderId: number, paymentId: number): Promise<string | null> {
  const [row] = await database(d1)
    .select({ slipKey: payments.slipKey })
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.orderId, orderId)))
    .limit(1);
  return row?.slipKey ?? null;
}

export type SponsoredKind = "sponsor" | "distributor";

/**
 * Distributor and sponsor orders (spec §2 /backend/orders/sponsored, menu "sponsored (distributor
 * and sponsor)"): orders linked to a sponsor (sponsor_orders: the discounted or free orders made for
 * the teams and events the brand sponsors) and orders placed by customers whose distributor (affiliate)
 * application was approved by then (the order's snapshot, orders.distributor_affiliate_id). One row
 * per order, newest first.
 */
const sponsoredSorts = {
  placed: "created_at",
  number: "order_number",
  partner: "lower(partner_en)",
  status: "status_id",
  total: "total_satang",
} satisfies Record<SponsoredListQuery["sort"], string>;

/**
 * Sponsored and distributor orders as one SQL row set (kind, id, order_number, created_at, paid_at,
 * status_id, total_satang, partner_id, partner_en, partner_th): the sponsored list and the sponsor
 * report's summary (orderSponsorsSql in app/features/reports/report-summary.server.ts) count the same
 * orders. A sponsored order is listed once even if it also belongs to a distributor.
 */
export const sponsoredOrdersSql = `
      SELECT 'sponsor' AS kind, o.id AS id, o.order_number, o.created_at, o.paid_at, o.status_id, o.total_satang, s.id AS partner_id, s.name_en AS partner_en, s.name_th AS partner_th
        FROM sponsor_orders AS so JOIN orders AS o ON o.id = so.order_id JOIN sponsors AS s ON s.id = so.sponsor_id
      UNION ALL
      SELECT 'distributor', o.id, o.order_number, o.created_at, o.paid_at, o.status_id, o.total_satang, a.id, a.first_name || ' ' || a.last_name, a.first_name || ' ' || a.last_name
        FROM orders AS o JOIN affiliates AS a ON a.id = o.distributor_affiliate_id
        WHERE NOT EXISTS (SELECT 1 FROM sponsor_orders WHERE order_id = o.id)`;

export async function listSponsoredOrders(d1: D1Database, query: SponsoredListQuery, scope: ListScope) {
  const search = query.q.toLowerCase();
  const { kind, sponsor, status } = query.filters;
  const conditions: string[] = [];
  const binds: (string | number)[] = [];
  if (kind) {
    conditions.push("kind = ?");
    binds.push(kind);
  }
  if (sponsor !== null) {
    conditions.push("kind = 'sponsor' AND partner_id = ?");
    binds.push(sponsor);
  }
  if (status !== null) {
    conditions.push("status_id = ?");
    binds.push(status);
  }
  if (search) {
    conditions.push("(instr(lower(order_number), ?) > 0 OR instr(lower(partner_en), ?) > 0 OR instr(lower(partner_th), ?) > 0)");
    binds.push(search, search, search);
  }
  if (scope.ids) {
    conditions.push(`id IN (${scope.ids.map(() => "?").join(", ") || "NULL"})`);
    binds.push(...scope.ids);
  }
  const where = conditions.length ? `WHERE ${conditions.join(" AND ")}` : "";
  const union = `WITH listed AS (${sponsoredOrdersSql})`;
  const direction = query.dir === "asc" ? "ASC" : "DESC";
  type Row = {
    kind: SponsoredKind;
    id: number;
    order_number: string;
    created_at: number;
    status_id: number;
    total_satang: number;
    partner_en: string;
    partner_th: string;
  };
  const [totals, sponsorRows, rows] = await d1.batch<{ total: number } | { id: number; name_en: string; name_th: string } | Row>([
    d1.prepare(`${union} SELECT count(*) AS total FROM listed ${where}`).bind(...binds),
    d1.prepare("SELECT id, name_en, name_th FROM sponsors ORDER BY sort_order, id"),
    d1
      .prepare(`${union} SELECT * FROM listed ${where} ORDER BY ${sponsoredSorts[query.sort]} ${direction}, created_at DESC, id DESC LIMIT ? OFFSET ?`)
      .bind(...binds, scope.limit, scope.offset),
  ]);
  return {
    rows: (rows!.results as Row[]).map((row) => ({
      kind: row.kind,
      id: row.id,
      orderNumber: row.order_number,
      createdAt: row.created_at,
      statusId: row.status_id,
      totalSatang: row.total_satang,
      partnerEn: row.partner_en,
      partnerTh: row.partner_th,
    })),
    total: (totals!.results[0] as { total: number } | undefined)?.total ?? 0,
    sponsors: (sponsorRows!.results as { id: number; name_en: string; name_th: string }[]).map((row) => ({
      id: row.id,
      nameEn: row.name_en,
      nameTh: row.name_th,
    })),
  };
}
export type SponsoredListRow = Awaited<ReturnType<typeof listSponsoredOrders>>["rows"][number];
