import { and, asc, eq, inArray } from "drizzle-orm";

import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import { carriers, orderLines, orders, shipments } from "~/db/schema/orders";
import { decideStatusChange, orderStatusId } from "~/domain/order-status";
import { type OrderStatusEmailPayload, orderStatusSubject } from "~/features/email/order-status-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { defaultLocale, isLocale, type Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";

import { isMailable, type StaffActor, staffChoices, trackingPageUrl } from "./order-actions.server";
import { type BatchStatement, isStatusGuardFailure, statusChangeStatements } from "./order-status.server";
import { carrierTrackingUrl } from "./orders-admin.server";

/**
 * Bulk actions of the order list (issue 15): mark the ticked orders shipped, and their packing slips.
 *
 * Shipping many orders is the order page's ship change (awaiting fulfilment → fulfilment done,
 * app/features/orders/order-actions.server.ts) for each of them, asked of the same transition table,
 * with one carrier and a tracking number each — and written in ONE db.batch: every order's status
 * guard, status, history row, shipment and e-mail. If any order moved meanwhile its guard aborts
 * the batch and nothing is shipped, so staff never get half a batch.
 */
const shipTo = orderStatusId.fulfilment_done;

/** May staff mark an order in this status shipped? The transition table decides (and the order page's choices). */
export function canMarkShipped(statusId: number): boolean {
  return staffChoices(statusId).includes(shipTo) && decideStatusChange(statusId, shipTo, "staff").ok;
}

export interface ShipStepOrder {
  id: number;
  orderNumber: string;
  name: string;
}

/** The ticked orders split into those that can be shipped and those that cannot (with their status), in list order. */
export async function loadShipStep(d1: D1Database, ids: readonly number[]) {
  const db = database(d1);
  const [rows, carrierRows] = await db.batch([
    db
      .select({ id: orders.id, orderNumber: orders.orderNumber, statusId: orders.statusId, firstName: orders.shipFirstName, lastName: orders.shipLastName })
      .from(orders)
      .where(inArray(orders.id, ids.length ? [...ids] : [0]))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh })
      .from(carriers)
      .where(eq(carriers.isActive, true))
      .orderBy(asc(carriers.sortOrder), asc(carriers.id)),
  ]);
  const name = (row: (typeof rows)[number]) => [row.firstName, row.lastName].filter(Boolean).join(" ");
  return {
    ready: rows.filter((row) => canMarkShipped(row.statusId)).map((row): ShipStepOrder => ({ id: row.id, orderNumber: row.orderNumber, name: name(row) })),
    skipped: rows.filter((row) => !canMarkShipped(row.statusId)).map((row) => ({ id: row.id, orderNumber: row.orderNumber, statusId: row.statusId })),
    carriers: carrierRows,
  };
}

export type ShipStep = Awaited<ReturnType<typeof loadShipStep>>;

export interface BulkShipInput {
  carrierId: number;
  shipments: readonly { orderId: number; trackingNumber: string }[];
}

export type BulkShipResult =
  | { ok: true; count: number }
  | { ok: false; reason: "unknown-carrier" }
  | { ok: false; reason: "not-allowed"; orders: { orderNumber: string; statusId: number }[] }
  | { ok: false; reason: "conflict" };

export async function markOrdersShipped(d1: D1Database, input: BulkShipInput, actor: StaffActor, origin: string, now = Date.now()): Promise<BulkShipResult> {
  const db = database(d1);
  const ids = [...new Set(input.shipments.map((shipment) => shipment.orderId))];
  const [rows, carrierRows] = await db.batch([
    db
      .select({ id: orders.id, statusId: orders.statusId, orderNumber: orders.orderNumber, email: orders.email, locale: orders.locale })
      .from(orders)
      .where(inArray(orders.id, ids.length ? ids : [0])),
    db
      .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh, template: carriers.trackingUrlTemplate })
      .from(carriers)
      .where(and(eq(carriers.id, input.carrierId), eq(carriers.isActive, true)))
      .limit(1),
  ]);
  const carrier = carrierRows[0];
  if (!carrier) return { ok: false, reason: "unknown-carrier" };
  const refused = ids.flatMap((id) => {
    const row = rows.find((candidate) => candidate.id === id);
    if (!row) return [{ orderNumber: `#${id}`, statusId: 0 }];
    return canMarkShipped(row.statusId) ? [] : [{ orderNumber: row.orderNumber, statusId: row.statusId }];
  });
  if (refused.length > 0 || ids.length !== input.shipments.length) return { ok: false, reason: "not-allowed", orders: refused };

  const statements: D1PreparedStatement[] = [];
  for (const shipment of input.shipments) {
    const order = rows.find((row) => row.id === shipment.orderId)!;
    const change = { orderId: order.id, from: order.statusId as typeof shipTo, to: shipTo, actor: "staff" as const, actorStaffUserId: actor.staffUserId };
    const alongside: BatchStatement[] = [
      db.insert(shipments).values({ orderId: order.id, carrierId: carrier.id, trackingNumber: shipment.trackingNumber, shippedAt: now, createdAt: now }),
    ];
    const locale: Locale = isLocale(order.locale) ? order.locale : defaultLocale;
    if (isMailable(order.email)) {
      const payload: OrderStatusEmailPayload = {
        orderNumber: order.orderNumber,
        status: "fulfilment_done",
        carrierName: localized(carrier, "name", locale),
        trackingNumber: shipment.trackingNumber,
        carrierTrackingUrl: carrierTrackingUrl(carrier.template, shipment.trackingNumber) ?? undefined,
        trackingPageUrl: trackingPageUrl(origin, locale, order.orderNumber),
      };
      alongside.push(
        outboxInsert(
          d1,
          { to: order.email, locale, template: "order-status", payload, subject: orderStatusSubject(locale, order.orderNumber, payload.status) },
          now,
        ),
      );
    }
    statements.push(...statusChangeStatements(d1, change, false, now, 0, alongside));
  }
  try {
    await d1.batch(statements);
  } catch (error) {
    if (isStatusGuardFailure(error)) return { ok: false, reason: "conflict" };
    throw error;
  }
  return { ok: true, count: input.shipments.length };
}

/** What the packing slips of the ticked orders show: the shop, each order's address and lines. */
export async function loadPackingSlips(d1: D1Database, ids: readonly number[]) {
  const db = database(d1);
  const orderIds = ids.length ? [...ids] : [0];
  const [orderRows, lineRows, shopRows] = await db.batch([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        createdAt: orders.createdAt,
        statusId: orders.statusId,
        email: orders.email,
        firstName: orders.shipFirstName,
        lastName: orders.shipLastName,
        phone: orders.shipPhone,
        address: orders.shipAddress,
        suburb: orders.shipSuburb,
        city: orders.shipCity,
        province: orders.shipProvince,
        zipcode: orders.shipZipcode,
        country: orders.shipCountry,
        shippingMethod: orders.shippingMethod,
        note: orders.note,
      })
      .from(orders)
      .where(inArray(orders.id, orderIds))
      .orderBy(asc(orders.createdAt), asc(orders.id)),
    db
      .select({
        id: orderLines.id,
        orderId: orderLines.orderId,
        nameEn: orderLines.productNameEn,
        nameTh: orderLines.productNameTh,
        variantEn: orderLines.variantLabelEn,
        variantTh: orderLines.variantLabelTh,
        sku: orderLines.sku,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .orderBy(asc(orderLines.id)),
    db
      .select({ key: config.key, value: config.value })
      .from(config)
      .where(inArray(config.key, [configKeys.nameEn, configKeys.nameTh, configKeys.addressEn, configKeys.addressTh, configKeys.phone])),
  ]);
  const shop = Object.fromEntries(shopRows.map((row) => [row.key, row.value ?? ""]));
  return {
    shop: {
      nameEn: shop[configKeys.nameEn] ?? "",
      nameTh: shop[configKeys.nameTh] ?? "",
      addressEn: shop[configKeys.addressEn] ?? "",
      addressTh: shop[configKeys.addressTh] ?? "",
      phone: shop[configKeys.phone] ?? "",
    },
    slips: orderRows.map((order) => ({ ...order, lines: lineRows.filter((line) => line.orderId === order.id) })),
  };
}
