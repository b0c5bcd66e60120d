import { and, asc, count, desc, eq, ne, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { outerColumn } from "~/db/outer-column";
import { config, configKeys } from "~/db/schema/config";
import { customers } from "~/db/schema/customers";
import { carriers, exchanges, orderLines, orders, orderStatusHistory, shipments } from "~/db/schema/orders";
import { pointsLedger } from "~/db/schema/promotions";
import { decideOrderEligibility, exchangeWindowStart, parseExchangeWindowDays } from "~/domain/exchange";
import { nextStatusIds, type OrderStatusId, orderStatusId } from "~/domain/order-status";
import { orderDocumentQueries, orderDocumentRows } from "~/features/billing/order-documents.server";
import { orderStatusMail } from "~/features/orders/order-actions.server";
import { changeOrderStatus, type StatusChangeResult } from "~/features/orders/order-status.server";
import { defaultLocale, isLocale } from "~/i18n/config";

import { type CustomerOrderIntent, customerOrderIntents } from "./purchase-schemas";

/**
 * The customer's own orders and points (spec §2 /my-purchase, issue 5 items 8 and 10). Every read
 * and write is scoped to the signed-in customer's id from the guard, never to one from the form:
 * another customer's order number is simply not found (404, nothing changed).
 */
export const purchasesPageSize = 10;
export const pointsPageSize = 20;

const intentTarget: Record<CustomerOrderIntent, OrderStatusId> = {
  cancel: orderStatusId.cancelled,
  "confirm-receipt": orderStatusId.completed,
  "request-refund": orderStatusId.refund_request,
};

/** The intents the table lets a customer take from this status, in a stable order. */
export function customerIntentsFor(statusId: number): CustomerOrderIntent[] {
  const next = new Set<number>(nextStatusIds(statusId, "customer"));
  // A slip upload is the payment page's business, not a button here.
  return customerOrderIntents.filter((intent) => next.has(intentTarget[intent]));
}

export interface PurchaseSummary {
  orderNumber: string;
  statusId: number;
  createdAt: number;
  totalSatang: number;
  currencyCode: string;
  exchangeRate: number;
  itemCount: number;
  firstItemEn: string;
  firstItemTh: string;
}

export async function listPurchases(
  d1: D1Database,
  customerId: number,
  page: number,
): Promise<{ orders: PurchaseSummary[]; total: number; page: number; pageCount: number }> {
  const db = database(d1);
  const mine = eq(orders.customerId, customerId);
  const [totalRows] = await db.select({ total: count() }).from(orders).where(mine);
  const total = totalRows?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / purchasesPageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = await db
    .select({
      orderNumber: orders.orderNumber,
      statusId: orders.statusId,
      createdAt: orders.createdAt,
      totalSatang: orders.totalSatang,
      currencyCode: orders.currencyCode,
      exchangeRate: orders.exchangeRate,
      itemCount: sql<number>`coalesce((SELECT sum(quantity) FROM order_lines WHERE order_id = ${outerColumn(orders.id)}), 0)`,
      firstItemEn: sql<string>`coalesce((SELECT product_name_en FROM order_lines WHERE order_id = ${outerColumn(orders.id)} ORDER BY id LIMIT 1), '')`,
      firstItemTh: sql<string>`coalesce((SELECT product_name_th FROM order_lines WHERE order_id = ${outerColumn(orders.id)} ORDER BY id LIMIT 1), '')`,
    })
    .from(orders)
    .where(mine)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(purchasesPageSize)
    .offset((current - 1) * purchasesPageSize);
  return { orders: rows, total, page: current, pageCount };
}

export async function findOwnOrder(d1: D1Database, customerId: number, orderNumber: string) {
  if (orderNumber.length === 0 || orderNumber.length > 64) return null;
  const db = database(d1);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.customerId, customerId)))
    .limit(1);
  return order ?? null;
}

/** One of the customer's orders with everything its page shows; null when it is not theirs. */
export async function getPurchase(d1: D1Database, customerId: number, orderNumber: string, now = Date.now()) {
  const order = await findOwnOrder(d1, customerId, orderNumber);
  if (!order) return null;
  const db = database(d1);
  const [lines, history, parcels, invoiceRows, receiptRows, requested, windowSetting] = await db.batch([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db
      .select({
        fromStatusId: orderStatusHistory.fromStatusId,
        toStatusId: orderStatusHistory.toStatusId,
        createdAt: orderStatusHistory.createdAt,
        actorType: orderStatusHistory.actorType,
      })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({
        trackingNumber: shipments.trackingNumber,
        shippedAt: shipments.shippedAt,
        deliveredAt: shipments.deliveredAt,
        carrierNameEn: carriers.nameEn,
        carrierNameTh: carriers.nameTh,
        trackingUrlTemplate: carriers.trackingUrlTemplate,
      })
      .from(shipments)
      .innerJoin(carriers, eq(carriers.id, shipments.carrierId))
      .where(eq(shipments.orderId, order.id))
      .orderBy(asc(shipments.id)),
    ...orderDocumentQueries(d1, order.id),
    db
      .select({ orderLineId: exchanges.orderLineId, quantity: sql<number>`sum(${exchanges.quantity})` })
      .from(exchanges)
      .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
      .where(and(eq(orderLines.orderId, order.id), ne(exchanges.status, "rejected")))
      .groupBy(exchanges.orderLineId),
    db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.exchangeWindowDays)).limit(1),
  ]);
  const windowStart = exchangeWindowStart({
    deliveredAt: parcels.map((parcel) => parcel.deliveredAt).find((value) => value !== null) ?? null,
    completedAt: [...history].reverse().find((row) => row.toStatusId === orderStatusId.completed)?.createdAt ?? null,
    fulfilledAt: history.find((row) => row.toStatusId === orderStatusId.fulfilment_done)?.createdAt ?? null,
  });
  const exchange = decideOrderEligibility({ orderStatusId: order.statusId, windowStart, windowDays: parseExchangeWindowDays(windowSetting[0]?.value), now });
  const requestedByLine = new Map(requested.map((row) => [row.orderLineId, Number(row.quantity)]));
  // The page gets the order without what opens it elsewhere: the guest key, the checkout's session and idempotency key.
  const { guestKey: _guestKey, sessionId: _sessionId, idempotencyKey: _idempotencyKey, ...shown } = order;
  return {
    order: shown,
    lines: lines.map((line) => ({ ...line, exchangeRequested: requestedByLine.get(line.id) ?? 0 })),
    history,
    shipments: parcels.map(({ trackingUrlTemplate, ...parcel }) => ({
      ...parcel,
      trackingUrl: trackingUrlTemplate.includes("{tracking}") ? trackingUrlTemplate.replace("{tracking}", encodeURIComponent(parcel.trackingNumber)) : null,
    })),
    documents: orderDocumentRows(invoiceRows, receiptRows),
    intents: customerIntentsFor(order.statusId),
    exchange: exchange.ok ? { open: true as const, until: exchange.until } : { open: false as const, reason: exchange.reason },
  };
}
export type Purchase = NonNullable<Awaited<ReturnType<typeof getPurchase>>>;

export type CustomerOrderActionResult = { ok: true } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-allowed" };

/**
 * Cancel, confirm receipt or ask for a refund on the customer's own order, through the one status
 * path (changeOrderStatus: restock on cancel, points on completion, history with the customer).
 */
async function allowedOrder(d1: D1Database, customerId: number, orderNumber: string, intent: CustomerOrderIntent) {
  const order = await findOwnOrder(d1, customerId, orderNumber);
  if (!order) return { ok: false, reason: "not-found" } as const;
  if (!customerIntentsFor(order.statusId).includes(intent)) return { ok: false, reason: "not-allowed" } as const;
  return { ok: true, order } as const;
}

/** Whether the customer may do this to their order now, changing nothing (what a confirm step asks about). */
export async function checkCustomerOrderIntent(
  d1: D1Database,
  customerId: number,
  orderNumber: string,
  intent: CustomerOrderIntent,
): Promise<CustomerOrderActionResult> {
  const allowed = await allowedOrder(d1, customerId, orderNumber, intent);
  return allowed.ok ? { ok: true } : allowed;
}

/**
 * A cancellation is confirmed by e-mail in the same batch (what the shopper did from a shared
 * computer should reach their inbox too); confirming receipt and asking for a refund answer on the page.
 */
export async function applyCustomerOrderIntent(
  d1: D1Database,
  customerId: number,
  orderNumber: string,
  intent: CustomerOrderIntent,
  origin: string,
  now = Date.now(),
): Promise<CustomerOrderActionResult> {
  const allowed = await allowedOrder(d1, customerId, orderNumber, intent);
  if (!allowed.ok) return allowed;
  const { order } = allowed;
  const to = intentTarget[intent];
  const locale = isLocale(order.locale) ? order.locale : defaultLocale;
  const mail = to === orderStatusId.cancelled ? orderStatusMail(d1, { ...order, locale }, { orderNumber, status: "cancelled" }, origin, now) : [];
  const result: StatusChangeResult = await changeOrderStatus(
    d1,
    { orderId: order.id, from: order.statusId as OrderStatusId, to, actor: "customer", actorCustomerId: customerId },
    mail,
    now,
  );
  if (result.ok) return { ok: true };
  if (result.reason === "not-found") return { ok: false, reason: "not-found" };
  return { ok: false, reason: "not-allowed" };
}

export interface PointsEntry {
  id: number;
  delta: number;
  reason: string;
  note: string;
  noteKey: string | null;
  noteParamsJson: string;
  createdAt: number;
  orderNumber: string | null;
}

/** The customer's balance and their ledger, newest first. */
export async function getPoints(
  d1: D1Database,
  customerId: number,
  page: number,
): Promise<{ balance: number; entries: PointsEntry[]; page: number; pageCount: number }> {
  const db = database(d1);
  const [balanceRows, totalRows] = await db.batch([
    db.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, customerId)).limit(1),
    db.select({ total: count() }).from(pointsLedger).where(eq(pointsLedger.customerId, customerId)),
  ]);
  const pageCount = Math.max(1, Math.ceil((totalRows[0]?.total ?? 0) / pointsPageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const entries = await db
    .select({
      id: pointsLedger.id,
      delta: pointsLedger.delta,
      reason: pointsLedger.reason,
      note: pointsLedger.note,
      noteKey: pointsLedger.noteKey,
      noteParamsJson: pointsLedger.noteParamsJson,
      createdAt: pointsLedger.createdAt,
      // Only the customer's own orders get a link (an order is theirs when the ledger row is).
      orderNumber: orders.orderNumber,
    })
    .from(pointsLedger)
    .leftJoin(orders, and(eq(orders.id, pointsLedger.orderId), eq(orders.customerId, customerId)))
    .where(eq(pointsLedger.customerId, customerId))
    .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
    .limit(pointsPageSize)
    .offset((current - 1) * pointsPageSize);
  return { balance: Math.trunc(balanceRows[0]?.balance ?? 0), entries, page: current, pageCount };
}
