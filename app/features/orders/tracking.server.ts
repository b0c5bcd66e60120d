import { and, asc, eq, gt } from "drizzle-orm";

import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";
import { carriers, orders, orderStatusHistory, shipments } from "~/db/schema/orders";
import { orderStatusId, type OrderStatusName, statusLabelKey } from "~/domain/order-status";
import { recordFailureStatement, throttleWindowMs } from "~/features/accounts/throttle.server";

import { carrierTrackingUrl } from "./orders-admin.server";

/**
 * Order tracking for anyone holding an order number (spec §1 "track orders by order number", §2
 * /tracking, §8; issue 5 item 7). What it answers is deliberately thin: the status, the dates of
 * the steps, the carrier and the tracking link — never a name, address, e-mail, phone or price, so
 * a number passed around (or guessed) gives nothing personal away.
 *
 * Only the order number finds an order (a random 40-bit suffix, never the row id). Guessing is
 * limited further: an address that asked for `missLimit` unknown numbers within the sign-in
 * throttle's window (15 minutes) is told to wait, also for numbers that exist.
 */
export const missLimit = 30;

export type TrackingStepName = "placed" | "paid" | "shipped" | "completed" | "cancelled" | "refunded";

export interface PublicTracking {
  orderNumber: string;
  status: OrderStatusName | "unknown";
  steps: { step: TrackingStepName; at: number | null }[];
  shipments: { carrierNameEn: string; carrierNameTh: string; trackingNumber: string; trackingUrl: string | null; shippedAt: number | null }[];
}

export type TrackingLookup = { found: true; tracking: PublicTracking } | { found: false; throttled: boolean };

/** What a shopper types, tidied: upper case, no spaces; null when it cannot be an order number. */
export function normalizeOrderNumber(value: string): string | null {
  const tidy = value.replace(/\s+/g, "").toUpperCase();
  return /^[A-Z0-9-]{6,40}$/.test(tidy) ? tidy : null;
}

export async function lookupTracking(d1: D1Database, typed: string, address: string, now = Date.now()): Promise<TrackingLookup> {
  const db = database(d1);
  const throttleKey = `tracking:ip:${address}`;
  const orderNumber = normalizeOrderNumber(typed) ?? "";
  const [throttleRows, orderRows] = await db.batch([
    db
      .select({ count: authThrottle.count })
      .from(authThrottle)
      .where(and(eq(authThrottle.key, throttleKey), gt(authThrottle.windowStart, now - throttleWindowMs))),
    db
      .select({ id: orders.id, statusId: orders.statusId, createdAt: orders.createdAt, paidAt: orders.paidAt, cancelledAt: orders.cancelledAt })
      .from(orders)
      .where(eq(orders.orderNumber, orderNumber))
      .limit(1),
  ]);
  if ((throttleRows[0]?.count ?? 0) >= missLimit) return { found: false, throttled: true };
  const order = orderRows[0];
  if (!order) {
    await recordFailureStatement(d1, throttleKey, now);
    return { found: false, throttled: false };
  }

  const [history, shipmentRows] = await db.batch([
    db
      .select({ to: orderStatusHistory.toStatusId, at: orderStatusHistory.createdAt })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, order.id))
      .orderBy(asc(orderStatusHistory.createdAt), asc(orderStatusHistory.id)),
    db
      .select({
        carrierNameEn: carriers.nameEn,
        carrierNameTh: carriers.nameTh,
        template: carriers.trackingUrlTemplate,
        trackingNumber: shipments.trackingNumber,
        shippedAt: shipments.shippedAt,
      })
      .from(shipments)
      .innerJoin(carriers, eq(carriers.id, shipments.carrierId))
      .where(eq(shipments.orderId, order.id))
      .orderBy(asc(shipments.id)),
  ]);
  /** The last time the order reached a status (a refund request declined may come back to it). */
  const reached = (statusId: number) => history.filter((entry) => entry.to === statusId).at(-1)?.at ?? null;
  const status = statusLabelKey(order.statusId);
  const shippedAt = shipmentRows[0]?.shippedAt ?? reached(orderStatusId.fulfilment_done);
  const steps: PublicTracking["steps"] = [{ step: "placed", at: order.createdAt }];
  if (status === "cancelled") {
    if (order.paidAt) steps.push({ step: "paid", at: order.paidAt });
    steps.push({ step: "cancelled", at: order.cancelledAt ?? reached(orderStatusId.cancelled) });
  } else {
    steps.push({ step: "paid", at: order.paidAt }, { step: "shipped", at: shippedAt }, { step: "completed", at: reached(orderStatusId.completed) });
    if (status === "refunded") steps.push({ step: "refunded", at: reached(orderStatusId.refunded) });
  }
  return {
    found: true,
    tracking: {
      orderNumber,
      status,
      steps,
      shipments: shipmentRows.map(({ template, ...shipment }) => ({ ...shipment, trackingUrl: carrierTrackingUrl(template, shipment.trackingNumber) })),
    },
  };
}
