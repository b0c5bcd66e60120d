import { and, eq, inArray, isNull } from "drizzle-orm";

import { database } from "~/db/client";
import { carriers, orders, payments, shipments } from "~/db/schema/orders";
import { nextStatusIds, type OrderStatusId, orderStatusId, statusLabelKey } from "~/domain/order-status";
import { issuePaidOrderDocument, reduceOrderDocuments } from "~/features/billing/order-documents.server";
import { type OrderStatusEmailPayload, orderStatusSubject } from "~/features/email/order-status-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { defaultLocale, isLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";

import { type BatchStatement, changeOrderStatus } from "./order-status.server";
import { carrierTrackingUrl } from "./orders-admin.server";

/**
 * Staff change an order's status from its page (issue 5 item 11). The buttons offered are
 * `nextStatusIds(status, "staff")`; whatever is posted is decided again by changeOrderStatus, which
 * applies it in ONE batch with what belongs to it (docs/decisions/0003-order-statuses.md):
 *
 * | change | alongside |
 * |---|---|
 * | slip_review → paid | the submitted slip's payment → approved, reviewed by / at |
 * | slip_review → waiting_payment | the submitted slip's payment → rejected (reason e-mailed) |
 * | waiting_payment → paid | a cash payment, approved by this staff member |
 * | awaiting_fulfilment → fulfilment_done | a shipment (carrier, tracking number) |
 * | fulfilment_done → completed | the shipments' delivered time |
 * | refund_request → refunded | captured / approved payments → refunded |
 *
 * and, for every change, the shopper's e-mail in the order's language (outbox). The page sends the
 * status it showed as `from`: an order that moved meanwhile is a conflict, never a blind overwrite.
 * Right after the batch the order's tax documents follow (app/features/billing/order-documents.server.ts):
 * paid → its document is issued; refunded or cancelled → a full tax invoice gets a credit note, another
 * document is voided.
 */
export interface StaffChangeInput {
  orderId: number;
  from: OrderStatusId;
  to: OrderStatusId;
  note: string;
  reason: string;
  carrierId: number | null;
  trackingNumber: string;
}

export type StaffChangeResult =
  | { ok: true; to: OrderStatusId }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "conflict"; currentStatusId: number }
  | { ok: false; reason: "not-allowed"; currentStatusId: number }
  | { ok: false; reason: "no-slip" }
  | { ok: false; reason: "field"; field: "carrierId" | "reason" | "trackingNumber"; message: string };

/**
 * Changes the back office offers: the table's staff changes, less "a slip is uploaded" (the shopper
 * uploads it). An order in review is decided on the custom-design review page only: confirming or
 * declining it changes its design, its price and its e-mail together (app/features/custom).
 */
export function staffChoices(statusId: number): OrderStatusId[] {
  if (statusId === orderStatusId.in_review) return [];
  return nextStatusIds(statusId, "staff").filter((to) => to !== orderStatusId.slip_review);
}

export interface StaffActor {
  staffUserId: number;
}

export async function applyStaffChange(
  d1: D1Database,
  input: StaffChangeInput,
  actor: StaffActor,
  origin: string,
  now = Date.now(),
): Promise<StaffChangeResult> {
  const db = database(d1);
  const [order] = await db
    .select({
      id: orders.id,
      statusId: orders.statusId,
      orderNumber: orders.orderNumber,
      email: orders.email,
      locale: orders.locale,
      totalSatang: orders.totalSatang,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .limit(1);
  if (!order) return { ok: false, reason: "not-found" };
  // The page showed another status: say so rather than deciding on what the staff member did not see.
  if (order.statusId !== input.from) return { ok: false, reason: "conflict", currentStatusId: order.statusId };
  if (!staffChoices(input.from).includes(input.to)) return { ok: false, reason: "not-allowed", currentStatusId: order.statusId };

  const alongside: BatchStatement[] = [];
  // The shopper's mail is in the order's language.
  const locale: Locale = isLocale(order.locale) ? order.locale : defaultLocale;
  const mail: Omit<OrderStatusEmailPayload, "trackingPageUrl"> = { orderNumber: order.orderNumber, status: statusLabelKey(input.to) };
  let paymentRecorded = false;
  const { from, to } = input;

  if (from === orderStatusId.slip_review && (to === orderStatusId.paid || to === orderStatusId.waiting_payment)) {
    const [slip] = await db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "slip_submitted")))
      .orderBy(payments.id)
      .limit(1);
    if (!slip) return { ok: false, reason: "no-slip" };
    if (to === orderStatusId.waiting_payment && !input.reason) return { ok: false, reason: "field", field: "reason", message: "required" };
    alongside.push(
      db
        .update(payments)
        .set({ status: to === orderStatusId.paid ? "approved" : "rejected", reviewedByStaffUserId: actor.staffUserId, reviewedAt: now, updatedAt: now })
        .where(and(eq(payments.id, slip.id), eq(payments.status, "slip_submitted"))),
    );
    if (to === orderStatusId.paid) {
      paymentRecorded = true;
      alongside.push(db.update(orders).set({ paymentTypeId: 3 }).where(eq(orders.id, order.id)));
    } else {
      mail.slipRejected = true;
      mail.reason = input.reason;
    }
  } else if (from === orderStatusId.waiting_payment && to === orderStatusId.paid) {
    // Staff take the money in cash (DESIGN §5: cash is for orders staff key in).
    paymentRecorded = true;
    alongside.push(
      db.insert(payments).values({
        orderId: order.id,
        provider: "cash",
        amountSatang: order.totalSatang,
        status: "approved",
        reviewedByStaffUserId: actor.staffUserId,
        reviewedAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      db.update(orders).set({ paymentTypeId: 1 }).where(eq(orders.id, order.id)),
    );
  } else if (to === orderStatusId.fulfilment_done) {
    if (input.carrierId === null) return { ok: false, reason: "field", field: "carrierId", message: "choice" };
    if (!input.trackingNumber) return { ok: false, reason: "field", field: "trackingNumber", message: "required" };
    const [carrier] = await db
      .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh, template: carriers.trackingUrlTemplate })
      .from(carriers)
      .where(and(eq(carriers.id, input.carrierId), eq(carriers.isActive, true)))
      .limit(1);
    if (!carrier) return { ok: false, reason: "field", field: "carrierId", message: "choice" };
    alongside.push(
      db.insert(shipments).values({ orderId: order.id, carrierId: carrier.id, trackingNumber: input.trackingNumber, shippedAt: now, createdAt: now }),
    );
    mail.carrierName = localized(carrier, "name", locale);
    mail.trackingNumber = input.trackingNumber;
    mail.carrierTrackingUrl = carrierTrackingUrl(carrier.template, input.trackingNumber) ?? undefined;
  } else if (from === orderStatusId.fulfilment_done && to === orderStatusId.completed) {
    alongside.push(
      db
        .update(shipments)
        .set({ deliveredAt: now })
        .where(and(eq(shipments.orderId, order.id), isNull(shipments.deliveredAt))),
    );
  } else if (to === orderStatusId.refunded) {
    alongside.push(
      db
        .update(payments)
        .set({ status: "refunded", updatedAt: now })
        .where(and(eq(payments.orderId, order.id), inArray(payments.status, ["captured", "approved"]))),
    );
  }
  if (to === orderStatusId.cancelled || to === orderStatusId.refund_request || to === orderStatusId.refunded) {
    if (input.reason) mail.reason = input.reason;
  }

  alongside.push(...orderStatusMail(d1, { ...order, locale }, mail, origin, now));

  const result = await changeOrderStatus(
    d1,
    { orderId: order.id, from, to, actor: "staff", actorStaffUserId: actor.staffUserId, note: (input.reason || input.note).slice(0, 500), paymentRecorded },
    alongside,
    now,
  );
  if (result.ok) {
    // The order's tax documents follow the money (issue 17): issued when it is paid, lowered or voided when it goes back.
    if (to === orderStatusId.paid) await issuePaidOrderDocument(d1, order.id, { origin, now });
    if (to === orderStatusId.refunded || to === orderStatusId.cancelled) {
      const cause = to === orderStatusId.refunded ? "refund" : "cancellation";
      await reduceOrderDocuments(d1, order.id, { cause, reason: input.reason || cause, staffUserId: actor.staffUserId, origin, now });
    }
    return { ok: true, to };
  }
  if (result.reason === "not-found") return { ok: false, reason: "not-found" };
  if (result.reason === "conflict") return { ok: false, reason: "conflict", currentStatusId: result.currentStatusId };
  return { ok: false, reason: "not-allowed", currentStatusId: order.statusId };
}

/** Walk-in POS orders may have no e-mail; nothing is queued for them. */
export function isMailable(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
}

export function trackingPageUrl(origin: string, locale: Locale, orderNumber: string): string {
  return `${origin}${localizePath(locale, "/tracking")}?number=${encodeURIComponent(orderNumber)}`;
}

/**
 * The shopper's "order-status" e-mail about a change, in the order's language, to go in the change's
 * batch (none for an order without a mailable address: a walk-in POS order).
 */
export function orderStatusMail(
  d1: D1Database,
  order: { email: string; orderNumber: string; locale: Locale },
  mail: Omit<OrderStatusEmailPayload, "trackingPageUrl">,
  origin: string,
  now: number,
): BatchStatement[] {
  if (!isMailable(order.email)) return [];
  const { locale, orderNumber } = order;
  const payload: OrderStatusEmailPayload = { ...mail, trackingPageUrl: trackingPageUrl(origin, locale, orderNumber) };
  return [
    outboxInsert(d1, { to: order.email, locale, template: "order-status", payload, subject: orderStatusSubject(locale, orderNumber, payload.status) }, now),
  ];
}
