import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { optionLabels } from "~/db/option-labels";
import { outerColumn } from "~/db/outer-column";
import { variants } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { customers } from "~/db/schema/customers";
import { carriers, exchangeEvents, exchanges, orderLines, orders, orderStatusHistory, shipments } from "~/db/schema/orders";
import {
  decideExchangeRequest,
  decideOrderEligibility,
  decideStaffStep,
  exchangeableOrderStatusIds,
  exchangeableQuantity,
  type ExchangeRequestProblem,
  type ExchangeStatus,
  exchangeStatuses,
  exchangeWindowStart,
  nextStaffSteps,
  parseExchangeWindowDays,
  type StaffExchangeStep,
} from "~/domain/exchange";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import { orderStatusId } from "~/domain/order-status";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { reduceOrderDocuments } from "~/features/billing/order-documents.server";
import { backInStockStatements } from "~/features/catalog/back-in-stock.server";
import { type ExchangeEmailPayload, type ExchangeEmailTemplate, renderExchangeEmail } from "~/features/email/exchange-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { stockSummaryStatements, withExchangeSummary } from "~/features/reports/report-summary.server";
import { isLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";

import type { ExchangeListQuery } from "./exchange-list";
import { exchangePhotoMaxBytes } from "./exchange-schemas";
/**
 * Exchanges (spec §1, §2 /exchange, /exchange/{id}; issue 5 items 9 and 13). The rules are
 * app/domain/exchange.ts; this file loads the facts, asks them, and applies the answer in one D1
 * batch together with the stock it moves, the history row and the customer's e-mail (outbox).
 *
 * Customer side: a request reserves the wanted variant (stock − quantity, a stock_movements row
 * 'exchange') in the same batch as the exchange row; the variants CHECK (stock >= 0) refuses an
 * oversell and rolls everything back. A guard statement first re-checks, inside the batch, that the
 * order is still the customer's and delivered and that the line has the units left, so two requests
 * racing cannot ask for more than was bought.
 *
 * Staff side (for the back office to call): approve, reject (releases the reservation), ship the
 * replacement (status completed; the reserved units leave with it), restock the returned item.
 * Each step is guarded on the status it starts from, so two staff tabs cannot both apply it.
 */
const guardFailure = "malformed JSON";

type Statement = D1PreparedStatement;

function toPrepared(d1: D1Database, builder: { toSQL(): { sql: string; params: unknown[] } }): Statement {
  const { sql: text, params } = builder.toSQL();
  return d1.prepare(text).bind(...params);
}

/** D1 wraps SQLite's message; the cause chain holds it. */
function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) parts.push(current.message);
  return parts.join(" | ");
}

/** The exchange window from the settings, in days. */
export async function exchangeWindowDays(d1: D1Database): Promise<number> {
  const [row] = await database(d1).select({ value: config.value }).from(config).where(eq(config.key, configKeys.exchangeWindowDays)).limit(1);
  return parseExchangeWindowDays(row?.value);
}

/** When each order's exchange window opened (delivery, else completion, else hand-over to the carrier). */
async function windowStarts(d1: D1Database, orderIds: number[]): Promise<Map<number, number | null>> {
  const starts = new Map<number, number | null>();
  if (orderIds.length === 0) return starts;
  const db = database(d1);
  const [delivered, history] = await db.batch([
    db
      .select({ orderId: shipments.orderId, at: sql<number | null>`max(${shipments.deliveredAt})` })
      .from(shipments)
      .where(inArray(shipments.orderId, orderIds))
      .groupBy(shipments.orderId),
    db
      .select({ orderId: orderStatusHistory.orderId, toStatusId: orderStatusHistory.toStatusId, at: sql<number>`max(${orderStatusHistory.createdAt})` })
      .from(orderStatusHistory)
      .where(
        and(inArray(orderStatusHistory.orderId, orderIds), inArray(orderStatusHistory.toStatusId, [orderStatusId.fulfilment_done, orderStatusId.completed])),
      )
      .groupBy(orderStatusHistory.orderId, orderStatusHistory.toStatusId),
  ]);
  for (const orderId of orderIds) {
    const at = (statusId: number) => history.find((row) => row.orderId === orderId && row.toStatusId === statusId)?.at ?? null;
    starts.set(
      orderId,
      exchangeWindowStart({
        deliveredAt: delivered.find((row) => row.orderId === orderId)?.at ?? null,
        completedAt: at(orderStatusId.completed),
        fulfilledAt: at(orderStatusId.fulfilment_done),
      }),
    );
  }
  return starts;
}

/* ------------------------------------------------------------------------------------------------
 * Customer side
 * ---------------------------------------------------------------------------------------------- */

export interface ExchangeSummary {
  id: number;
  status: string;
  quantity: number;
  reason: string;
  createdAt: number;
  orderNumber: string;
  productNameEn: string;
  productNameTh: string;
  variantLabelEn: string;
  variantLabelTh: string;
  wantedLabelEn: string;
  wantedLabelTh: string;
}

function summaryColumns() {
  return {
    id: exchanges.id,
    status: exchanges.status,
    quantity: exchanges.quantity,
    reason: exchanges.reason,
    createdAt: exchanges.createdAt,
    orderNumber: orders.orderNumber,
    productNameEn: orderLines.productNameEn,
    productNameTh: orderLines.productNameTh,
    variantLabelEn: orderLines.variantLabelEn,
    variantLabelTh: orderLines.variantLabelTh,
    wantedLabelEn: sql<string>`CASE WHEN ${exchanges.requestedVariantId} IS NULL THEN ${orderLines.variantLabelEn} ELSE ${optionLabels("name_en", exchanges.requestedVariantId)} END`,
    wantedLabelTh: sql<string>`CASE WHEN ${exchanges.requestedVariantId} IS NULL THEN ${orderLines.variantLabelTh} ELSE ${optionLabels("name_th", exchanges.requestedVariantId)} END`,
  };
}

/** The customer's exchange requests, newest first. */
export async function listCustomerExchanges(d1: D1Database, customerId: number): Promise<ExchangeSummary[]> {
  return database(d1)
    .select(summaryColumns())
    .from(exchanges)
    .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(exchanges.customerId, customerId), eq(orders.customerId, customerId)))
    .orderBy(desc(exchanges.createdAt), desc(exchanges.id))
    .limit(100);
}

/** One of the customer's exchanges with its history; null when it is not theirs. */
export async function getCustomerExchange(d1: D1Database, customerId: number, exchangeId: number) {
  const db = database(d1);
  const [found] = await db
    .select({
      ...summaryColumns(),
      note: exchanges.note,
      staffNote: exchanges.staffNote,
      photoKey: exchanges.photoKey,
      trackingNumber: exchanges.trackingNumber,
      carrierNameEn: carriers.nameEn,
      carrierNameTh: carriers.nameTh,
      trackingUrlTemplate: carriers.trackingUrlTemplate,
    })
    .from(exchanges)
    .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(carriers, eq(carriers.id, exchanges.carrierId))
    .where(and(eq(exchanges.id, exchangeId), eq(exchanges.customerId, customerId), eq(orders.customerId, customerId)))
    .limit(1);
  if (!found) return null;
  const events = await db
    .select({ event: exchangeEvents.event, actorType: exchangeEvents.actorType, note: exchangeEvents.note, createdAt: exchangeEvents.createdAt })
    .from(exchangeEvents)
    .where(eq(exchangeEvents.exchangeId, exchangeId))
    .orderBy(asc(exchangeEvents.createdAt), asc(exchangeEvents.id));
  const { trackingUrlTemplate, ...exchange } = found;
  const trackingUrl =
    exchange.trackingNumber && trackingUrlTemplate?.includes("{tracking}")
      ? trackingUrlTemplate.replace("{tracking}", encodeURIComponent(exchange.trackingNumber))
      : null;
  return { exchange: { ...exchange, trackingUrl }, events };
}

export interface ExchangeableLine {
  lineId: number;
  orderNumber: string;
  orderCreatedAt: number;
  productNameEn: string;
  productNameTh: string;
  variantLabelEn: string;
  variantLabelTh: string;
  quantity: number;
  openQuantity: number;
  until: number;
}

/** Lines of the customer's delivered orders still open to a request, inside the window. */
export async function listExchangeableLines(d1: D1Database, customerId: number, now = Date.now(), orderNumber?: string): Promise<ExchangeableLine[]> {
  const db = database(d1);
  const delivered = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, statusId: orders.statusId, createdAt: orders.createdAt })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.statusId, [...exchangeableOrderStatusIds]),
        orderNumber === undefined ? undefined : eq(orders.orderNumber, orderNumber),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(50);
  if (delivered.length === 0) return [];
  const days = await exchangeWindowDays(d1);
  const starts = await windowStarts(
    d1,
    delivered.map((order) => order.id),
  );
  const open = new Map<number, { orderNumber: string; createdAt: number; until: number }>();
  for (const order of delivered) {
    const eligibility = decideOrderEligibility({ orderStatusId: order.statusId, windowStart: starts.get(order.id) ?? null, windowDays: days, now });
    if (eligibility.ok) open.set(order.id, { orderNumber: order.orderNumber, createdAt: order.createdAt, until: eligibility.until });
  }
  if (open.size === 0) return [];
  const lines = await db
    .select({
      lineId: orderLines.id,
      orderId: orderLines.orderId,
      variantId: orderLines.variantId,
      productNameEn: orderLines.productNameEn,
      productNameTh: orderLines.productNameTh,
      variantLabelEn: orderLines.variantLabelEn,
      variantLabelTh: orderLines.variantLabelTh,
      quantity: orderLines.quantity,
      // Written out: in a one-table select Drizzle renders ${orderLines.id} as a bare "id", which
      // inside this subquery would be exchanges.id (every line then counted the wrong requests).
      requested: sql<number>`coalesce((SELECT sum(exchanges.quantity) FROM exchanges WHERE exchanges.order_line_id = order_lines.id AND exchanges.status <> 'rejected'), 0)`,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...open.keys()]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.id));
  return lines
    .filter((line) => line.variantId !== null && exchangeableQuantity(line.quantity, line.requested) > 0)
    .map((line) => {
      const order = open.get(line.orderId)!;
      return {
        lineId: line.lineId,
        orderNumber: order.orderNumber,
        orderCreatedAt: order.createdAt,
        productNameEn: line.productNameEn,
        productNameTh: line.productNameTh,
        variantLabelEn: line.variantLabelEn,
        variantLabelTh: line.variantLabelTh,
        quantity: line.quantity,
        openQuantity: exchangeableQuantity(line.quantity, line.requested),
        until: order.until,
      };
    });
}

interface LineFacts {
  lineId: number;
  orderId: number;
  orderNumber: string;
  orderStatusId: number;
  orderEmail: string;
  orderLocale: string;
  customerFirstName: string;
  productId: number | null;
  variantId: number | null;
  productNameEn: string;
  productNameTh: string;
  variantLabelEn: string;
  variantLabelTh: string;
  quantity: number;
  requested: number;
}

async function lineFacts(d1: D1Database, customerId: number, lineId: number): Promise<LineFacts | null> {
  const [line] = await database(d1)
    .select({
      lineId: orderLines.id,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatusId: orders.statusId,
      orderEmail: orders.email,
      orderLocale: orders.locale,
      customerFirstName: customers.firstName,
      productId: orderLines.productId,
      variantId: orderLines.variantId,
      productNameEn: orderLines.productNameEn,
      productNameTh: orderLines.productNameTh,
      variantLabelEn: orderLines.variantLabelEn,
      variantLabelTh: orderLines.variantLabelTh,
      quantity: orderLines.quantity,
      // Written out: in a one-table select Drizzle renders ${orderLines.id} as a bare "id", which
      // inside this subquery would be exchanges.id (every line then counted the wrong requests).
      requested: sql<number>`coalesce((SELECT sum(exchanges.quantity) FROM exchanges WHERE exchanges.order_line_id = order_lines.id AND exchanges.status <> 'rejected'), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orderLines.id, lineId), eq(orders.customerId, customerId)))
    .limit(1);
  return line ?? null;
}

export interface VariantChoice {
  variantId: number;
  labelEn: string;
  labelTh: string;
  inStock: boolean;
}

/** The form for one line: the line, whether it is still open, and the variants it may become. */
export async function getExchangeForm(d1: D1Database, customerId: number, lineId: number, now = Date.now()) {
  const line = await lineFacts(d1, customerId, lineId);
  if (!line) return null;
  const starts = await windowStarts(d1, [line.orderId]);
  const eligibility = decideOrderEligibility({
    orderStatusId: line.orderStatusId,
    windowStart: starts.get(line.orderId) ?? null,
    windowDays: await exchangeWindowDays(d1),
    now,
  });
  const choices: VariantChoice[] =
    line.productId === null
      ? []
      : (
          await database(d1)
            .select({
              variantId: variants.id,
              labelEn: optionLabels("name_en"),
              labelTh: optionLabels("name_th"),
              stock: variants.stock,
            })
            .from(variants)
            .where(and(eq(variants.productId, line.productId), eq(variants.isActive, true)))
            .orderBy(asc(variants.sortOrder), asc(variants.id))
        ).map(({ stock, ...choice }) => ({ ...choice, inStock: stock > 0 }));
  return {
    line: { ...line, openQuantity: line.variantId === null ? 0 : exchangeableQuantity(line.quantity, line.requested) },
    open: eligibility.ok && line.variantId !== null,
    closedReason: eligibility.ok ? (line.variantId === null ? ("line-not-exchangeable" as const) : null) : eligibility.reason,
    until: eligibility.ok ? eligibility.until : null,
    choices,
  };
}

export interface ExchangeRequestForm {
  lineId: number;
  quantity: number;
  /** Null: the same variant again. */
  wantedVariantId: number | null;
  reason: string;
  note: string;
  photo: File | null;
}

export type ExchangeRequestResult =
  | { ok: true; exchangeId: number }
  | { ok: false; problem: ExchangeRequestProblem | "not-found" | "out-of-stock" | "photo-too-large" | "photo-not-image"; maxQuantity?: number };

interface RequestEnv {
  DB: D1Database;
  MEDIA: R2Bucket;
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
  return [...digest].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A customer's request: decided by the domain, then one batch (guard, reservation, exchange row,
 * history, movement, e-mail). The photo goes to R2 first and is deleted again if the batch fails,
 * so a refused request leaves nothing behind.
 */
export async function requestExchange(
  env: RequestEnv,
  customerId: number,
  form: ExchangeRequestForm,
  origin: string,
  now = Date.now(),
): Promise<ExchangeRequestResult> {
  const line = await lineFacts(env.DB, customerId, form.lineId);
  if (!line) return { ok: false, problem: "not-found" };

  let photoBytes: Uint8Array | null = null;
  let photoType: ReturnType<typeof sniffImageType> = null;
  if (form.photo && form.photo.size > 0) {
    if (form.photo.size > exchangePhotoMaxBytes) return { ok: false, problem: "photo-too-large" };
    photoBytes = new Uint8Array(await form.photo.arrayBuffer());
    photoType = sniffImageType(photoBytes);
    if (!photoType) return { ok: false, problem: "photo-not-image" };
  }

  const db = database(env.DB);
  const wanted =
    form.wantedVariantId === null
      ? null
      : ((
          await db
            .select({ variantId: variants.id, productId: variants.productId, isActive: variants.isActive })
            .from(variants)
            .where(eq(variants.id, form.wantedVariantId))
            .limit(1)
        )[0] ?? {
          variantId: form.wantedVariantId,
          productId: -1,
          isActive: false,
        });
  const starts = await windowStarts(env.DB, [line.orderId]);
  const decision = decideExchangeRequest({
    orderStatusId: line.orderStatusId,
    windowStart: starts.get(line.orderId) ?? null,
    windowDays: await exchangeWindowDays(env.DB),
    now,
    line: { variantId: line.variantId, productId: line.productId, quantity: line.quantity },
    alreadyRequested: line.requested,
    quantity: form.quantity,
    wanted,
    reason: form.reason,
    hasPhoto: photoBytes !== null,
  });
  if (!decision.ok) return { ok: false, problem: decision.problem, maxQuantity: decision.maxQuantity };

  let photoKey: string | null = null;
  if (photoBytes && photoType) {
    // A server-made key; the random part keeps a customer's picture from being guessed.
    photoKey = `private/exchange-photos/${customerId}-${crypto.randomUUID()}-${(await sha256Hex(photoBytes)).slice(0, 12)}.${imageExtensions[photoType]}`;
    await env.MEDIA.put(photoKey, photoBytes, { httpMetadata: { contentType: imageContentTypes[photoType] } });
  }

  const locale: Locale = isLocale(line.orderLocale) ? line.orderLocale : "en";
  const wantedLabels = await variantLabels(env.DB, decision.reserveVariantId);
  for (let attempt = 0; attempt < 3; attempt++) {
    const [next] = await db.select({ id: sql<number>`coalesce(max(${exchanges.id}), 0) + 1` }).from(exchanges);
    const exchangeId = Number(next?.id ?? 1);
    const payload: ExchangeEmailPayload = {
      name: line.customerFirstName,
      orderNumber: line.orderNumber,
      exchangeId,
      link: `${origin}${localizePath(locale, `/exchange/${exchangeId}`)}`,
      productName: localized(line, "productName", locale),
      variantLabel: localized(line, "variantLabel", locale),
      wantedLabel: wantedLabels[locale],
      quantity: decision.quantity,
    };
    const statements: Statement[] = [
      // Inside the batch: still the customer's delivered order, and the units are still open.
      env.DB.prepare(
        `SELECT CASE WHEN EXISTS (
           SELECT 1 FROM order_lines AS line JOIN orders AS placed ON placed.id = line.order_id
           WHERE line.id = ?1 AND placed.customer_id = ?2 AND placed.status_id IN (${exchangeableOrderStatusIds.join(", ")})
             AND coalesce((SELECT sum(quantity) FROM exchanges WHERE order_line_id = ?1 AND status <> 'rejected'), 0) + ?3 <= line.quantity
         ) THEN 1 ELSE json('exchange no longer possible') END`,
      ).bind(form.lineId, customerId, decision.quantity),
      env.DB.prepare(`UPDATE variants SET stock = stock - ?1, updated_at = ?2 WHERE id = ?3`).bind(decision.quantity, now, decision.reserveVariantId),
      toPrepared(
        env.DB,
        db.insert(exchanges).values({
          id: exchangeId,
          orderLineId: form.lineId,
          requestedVariantId: decision.requestedVariantId,
          quantity: decision.quantity,
          reason: form.reason,
          status: "requested",
          customerId,
          note: form.note,
          photoKey,
          reservedVariantId: decision.reserveVariantId,
          reservedQuantity: decision.quantity,
          createdAt: now,
          updatedAt: now,
        }),
      ),
      toPrepared(
        env.DB,
        db.insert(exchangeEvents).values({ exchangeId, event: "requested", actorType: "customer", actorCustomerId: customerId, note: "", createdAt: now }),
      ),
      ...movementStatements(env.DB, decision.reserveVariantId, -decision.quantity, `exchange #${exchangeId}: reserved`, null, line.orderId, now),
      toPrepared(
        env.DB,
        outboxInsert(
          env.DB,
          { to: line.orderEmail, locale, template: "exchange-requested", subject: renderExchangeEmail("exchange-requested", locale, payload).subject, payload },
          now,
        ),
      ),
    ];
    try {
      await env.DB.batch(withExchangeSummary(env.DB, exchangeId, statements));
      return { ok: true, exchangeId };
    } catch (error) {
      const text = errorText(error);
      if (text.includes("UNIQUE constraint failed") && text.includes("exchanges.id")) continue;
      if (photoKey) await env.MEDIA.delete(photoKey);
      if (text.includes("variants_stock_non_negative") || (text.includes("CHECK constraint failed") && text.includes("stock")))
        return { ok: false, problem: "out-of-stock" };
      if (text.includes(guardFailure)) {
        const again = await lineFacts(env.DB, customerId, form.lineId);
        if (!again) return { ok: false, problem: "not-found" };
        const maxQuantity = exchangeableQuantity(again.quantity, again.requested);
        return exchangeableOrderStatusIds.includes(again.orderStatusId)
          ? { ok: false, problem: "quantity-too-many", maxQuantity }
          : { ok: false, problem: "order-not-delivered" };
      }
      throw error;
    }
  }
  if (photoKey) await env.MEDIA.delete(photoKey);
  throw new Error("could not allocate an exchange id");
}

async function variantLabels(d1: D1Database, variantId: number): Promise<{ en: string; th: string }> {
  const [row] = await database(d1)
    .select({ en: optionLabels("name_en"), th: optionLabels("name_th") })
    .from(variants)
    .where(eq(variants.id, variantId))
    .limit(1);
  return { en: row?.en ?? "", th: row?.th ?? "" };
}

/**
 * A stock_movements row for a change just applied to the variant (stock_after is what it left), its
 * line in the report summary and, when stock rose, the back-in-stock e-mails. Units held for or sent as a replacement move as 'exchange'; the
 * customer's item back on the shelf as 'returned'.
 */
function movementStatements(
  d1: D1Database,
  variantId: number,
  delta: number,
  note: string,
  staffUserId: number | null,
  orderId: number,
  now: number,
  reason: "exchange" | "returned" = "exchange",
): Statement[] {
  return [
    d1
      .prepare(
        `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, staff_user_id, order_id, created_at)
      SELECT id, ?2, stock, ?7, ?3, ?4, ?5, ?6 FROM variants WHERE id = ?1`,
      )
      .bind(variantId, delta, note, staffUserId, orderId, now, reason),
    ...stockSummaryStatements(d1, [{ variantId, createdAt: now, reason, delta }]),
    // Units back on the shelf (released or returned): shoppers waiting for the variant are e-mailed in this batch.
    ...(delta > 0 ? backInStockStatements(d1, now) : []),
  ];
}

/* ------------------------------------------------------------------------------------------------
 * Staff side — for the back office (/backend/orders/…) to call; every step e-mails the customer.
 * ---------------------------------------------------------------------------------------------- */

export interface StaffExchangeRow extends ExchangeSummary {
  customerEmail: string;
  reservedQuantity: number;
  returnedRestockedAt: number | null;
}

const exchangeSorts = {
  requested: [exchanges.createdAt],
  id: [exchanges.id],
  order: [orders.orderNumber],
  status: [exchanges.status],
} satisfies Record<ExchangeListQuery["sort"], unknown[]>;

/**
 * The staff list under its query (exchange-list.tsx): one page, every row (export, print) or only
 * `ids`, with the count of every status under the same search and reason (the tabs), in one batch.
 */
export async function listExchangesForStaff(d1: D1Database, query: ExchangeListQuery, scope: ListScope) {
  const db = database(d1);
  const { status, reason } = query.filters;
  const filters = and(
    query.q ? or(contains(orders.orderNumber, query.q), contains(orders.email, query.q)) : undefined,
    reason === null ? undefined : eq(exchanges.reason, reason),
    scope.ids ? inArray(exchanges.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [countRows, rows] = await db.batch([
    db
      .select({ status: exchanges.status, count: count() })
      .from(exchanges)
      .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(filters)
      .groupBy(exchanges.status),
    db
      .select({
        ...summaryColumns(),
        customerEmail: orders.email,
        reservedQuantity: exchanges.reservedQuantity,
        returnedRestockedAt: exchanges.returnedRestockedAt,
      })
      .from(exchanges)
      .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(and(filters, status === null ? undefined : eq(exchanges.status, status)))
      .orderBy(...exchangeSorts[query.sort].map((column) => direction(column)), desc(exchanges.createdAt), desc(exchanges.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  const statusCounts = Object.fromEntries(exchangeStatuses.map((name) => [name, countRows.find((row) => row.status === name)?.count ?? 0])) as Record<
    ExchangeStatus,
    number
  >;
  const allCount = Object.values(statusCounts).reduce((sum, value) => sum + value, 0);
  return { rows: rows as StaffExchangeRow[], total: status === null ? allCount : statusCounts[status], statusCounts, allCount };
}

/** One exchange for staff: the request, its order and customer, the reservation, the history, the carriers to ship with. */
export async function getExchangeForStaff(d1: D1Database, exchangeId: number) {
  const db = database(d1);
  const [found] = await db
    .select({
      ...summaryColumns(),
      orderId: orders.id,
      orderEmail: orders.email,
      orderLocale: orders.locale,
      // Aliased: local D1 folds same-named result columns into one.
      customerId: sql<number | null>`${customers.id}`.as("exchange_customer_id"),
      customerFirstName: sql<string | null>`${customers.firstName}`.as("exchange_customer_first_name"),
      customerLastName: sql<string | null>`${customers.lastName}`.as("exchange_customer_last_name"),
      customerEmail: sql<string | null>`${customers.email}`.as("exchange_customer_email"),
      lineQuantity: orderLines.quantity,
      sku: orderLines.sku,
      note: exchanges.note,
      staffNote: exchanges.staffNote,
      hasPhoto: sql<number>`${exchanges.photoKey} IS NOT NULL`.as("exchange_has_photo"),
      reservedVariantId: exchanges.reservedVariantId,
      reservedQuantity: exchanges.reservedQuantity,
      reservedLabelEn: optionLabels("name_en", exchanges.reservedVariantId),
      reservedLabelTh: optionLabels("name_th", exchanges.reservedVariantId),
      reservedStock: sql<number | null>`(SELECT stock FROM variants WHERE variants.id = exchanges.reserved_variant_id)`.as("exchange_reserved_stock"),
      trackingNumber: exchanges.trackingNumber,
      carrierNameEn: carriers.nameEn,
      carrierNameTh: carriers.nameTh,
      returnedRestockedAt: exchanges.returnedRestockedAt,
      lineVariantId: orderLines.variantId,
    })
    .from(exchanges)
    .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(customers, eq(customers.id, exchanges.customerId))
    .leftJoin(carriers, eq(carriers.id, exchanges.carrierId))
    .where(eq(exchanges.id, exchangeId))
    .limit(1);
  if (!found) return null;
  const [events, carrierRows] = await db.batch([
    db
      .select({
        id: exchangeEvents.id,
        event: exchangeEvents.event,
        actorType: exchangeEvents.actorType,
        note: exchangeEvents.note,
        createdAt: exchangeEvents.createdAt,
        staffName: sql<string | null>`(SELECT full_name FROM staff_users WHERE staff_users.id = ${outerColumn(exchangeEvents.actorStaffUserId)})`,
      })
      .from(exchangeEvents)
      .where(eq(exchangeEvents.exchangeId, exchangeId))
      .orderBy(asc(exchangeEvents.createdAt), asc(exchangeEvents.id)),
    db
      .select({ id: carriers.id, nameEn: carriers.nameEn, nameTh: carriers.nameTh })
      .from(carriers)
      .where(eq(carriers.isActive, true))
      .orderBy(asc(carriers.sortOrder), asc(carriers.id)),
  ]);
  return {
    exchange: { ...found, hasPhoto: Boolean(found.hasPhoto) },
    events,
    carriers: carrierRows,
    steps: nextStaffSteps(found.status, found.returnedRestockedAt !== null),
  };
}

/** The R2 key of an exchange's photo, for the staff-only photo route; null when none. */
export async function exchangePhotoKey(d1: D1Database, exchangeId: number): Promise<string | null> {
  const [row] = await database(d1).select({ photoKey: exchanges.photoKey }).from(exchanges).where(eq(exchanges.id, exchangeId)).limit(1);
  return row?.photoKey ?? null;
}

/** An order's exchange requests (the order page's panel), oldest first. */
export async function listExchangesOfOrder(d1: D1Database, orderId: number) {
  return database(d1)
    .select({ ...summaryColumns() })
    .from(exchanges)
    .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.id, orderId))
    .orderBy(asc(exchanges.createdAt), asc(exchanges.id));
}

export interface StaffStepInput {
  exchangeId: number;
  staffUserId: number;
  /** Shown to the customer on the status page and in the e-mail. */
  note?: string;
  /** Absolute origin for the link in the e-mail (PUBLIC_ORIGIN or the request's origin). */
  origin: string;
}

export interface ShipInput extends StaffStepInput {
  carrierId?: number | null;
  trackingNumber?: string | null;
}

export type StaffStepResult =
  { ok: true; status: string } | { ok: false; reason: "not-found" | "not-allowed" | "already-restocked" | "conflict" | "variant-gone" | "carrier-not-found" };

const stepEvents: Record<StaffExchangeStep, { event: "approved" | "rejected" | "shipped" | "restocked"; template: ExchangeEmailTemplate }> = {
  approve: { event: "approved", template: "exchange-approved" },
  reject: { event: "rejected", template: "exchange-rejected" },
  ship: { event: "shipped", template: "exchange-shipped" },
  restock: { event: "restocked", template: "exchange-restocked" },
};

export function approveExchange(d1: D1Database, input: StaffStepInput, now = Date.now()) {
  return staffStep(d1, "approve", input, now);
}

/** Rejects a request and gives the reserved units back to stock. */
export function rejectExchange(d1: D1Database, input: StaffStepInput, now = Date.now()) {
  return staffStep(d1, "reject", input, now);
}

/** The replacement left the shop: status completed; the reserved units went with it. */
export function markExchangeShipped(d1: D1Database, input: ShipInput, now = Date.now()) {
  return staffStep(d1, "ship", input, now);
}

/** The returned item is back and sellable: its variant's stock + quantity (once). */
export function restockReturnedItem(d1: D1Database, input: StaffStepInput, now = Date.now()) {
  return staffStep(d1, "restock", input, now);
}

async function staffStep(d1: D1Database, step: StaffExchangeStep, input: ShipInput, now: number): Promise<StaffStepResult> {
  const db = database(d1);
  const [found] = await db
    .select({
      id: exchanges.id,
      status: exchanges.status,
      quantity: exchanges.quantity,
      requestedVariantId: exchanges.requestedVariantId,
      reservedVariantId: exchanges.reservedVariantId,
      reservedQuantity: exchanges.reservedQuantity,
      returnedRestockedAt: exchanges.returnedRestockedAt,
      lineVariantId: orderLines.variantId,
      lineUnitPriceSatang: orderLines.unitPriceSatang,
      wantedPriceSatang: sql<
        number | null
      >`(SELECT ${variants.priceSatang} FROM ${variants} WHERE ${variants.id} = ${outerColumn(exchanges.requestedVariantId)})`,
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      email: orders.email,
      locale: orders.locale,
      firstName: sql<string>`coalesce(${customers.firstName}, '')`,
      productNameEn: orderLines.productNameEn,
      productNameTh: orderLines.productNameTh,
      variantLabelEn: orderLines.variantLabelEn,
      variantLabelTh: orderLines.variantLabelTh,
      wantedLabelEn: summaryColumns().wantedLabelEn,
      wantedLabelTh: summaryColumns().wantedLabelTh,
    })
    .from(exchanges)
    .innerJoin(orderLines, eq(orderLines.id, exchanges.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .leftJoin(customers, eq(customers.id, orders.customerId))
    .where(eq(exchanges.id, input.exchangeId))
    .limit(1);
  if (!found) return { ok: false, reason: "not-found" };
  const decision = decideStaffStep(found.status, step, found.returnedRestockedAt !== null);
  if (!decision.ok) return { ok: false, reason: decision.reason };

  const note = (input.note ?? "").trim().slice(0, 500);
  const locale: Locale = isLocale(found.locale) ? found.locale : "en";
  const statements: Statement[] = [
    d1
      .prepare(
        `SELECT CASE WHEN EXISTS (SELECT 1 FROM exchanges WHERE id = ?1 AND status = ?2${step === "restock" ? " AND returned_restocked_at IS NULL" : ""}) THEN 1 ELSE json('exchange changed') END`,
      )
      .bind(found.id, found.status),
  ];
  let carrier: { nameEn: string; nameTh: string; trackingUrlTemplate: string } | null = null;
  const trackingNumber = (input.trackingNumber ?? "").trim().slice(0, 100) || null;

  switch (step) {
    case "approve":
      statements.push(
        toPrepared(
          d1,
          db
            .update(exchanges)
            .set({ status: "approved", reviewedByStaffUserId: input.staffUserId, reviewedAt: now, updatedAt: now, ...(note ? { staffNote: note } : {}) })
            .where(eq(exchanges.id, found.id)),
        ),
      );
      break;
    case "reject":
      statements.push(
        toPrepared(
          d1,
          db
            .update(exchanges)
            .set({
              status: "rejected",
              reviewedByStaffUserId: input.staffUserId,
              reviewedAt: now,
              updatedAt: now,
              reservedQuantity: 0,
              ...(note ? { staffNote: note } : {}),
            })
            .where(eq(exchanges.id, found.id)),
        ),
      );
      if (found.reservedVariantId !== null && found.reservedQuantity > 0) {
        statements.push(
          d1.prepare(`UPDATE variants SET stock = stock + ?1, updated_at = ?2 WHERE id = ?3`).bind(found.reservedQuantity, now, found.reservedVariantId),
          ...movementStatements(d1, found.reservedVariantId, found.reservedQuantity, `exchange #${found.id}: released`, input.staffUserId, found.orderId, now),
        );
      }
      break;
    case "ship": {
      if (input.carrierId) {
        const [row] = await db
          .select({ nameEn: carriers.nameEn, nameTh: carriers.nameTh, trackingUrlTemplate: carriers.trackingUrlTemplate })
          .from(carriers)
          .where(eq(carriers.id, input.carrierId))
          .limit(1);
        if (!row) return { ok: false, reason: "carrier-not-found" };
        carrier = row;
      }
      statements.push(
        toPrepared(
          d1,
          db
            .update(exchanges)
            .set({
              status: "completed",
              carrierId: input.carrierId ?? null,
              trackingNumber,
              shippedByStaffUserId: input.staffUserId,
              shippedAt: now,
              updatedAt: now,
              reservedQuantity: 0,
              ...(note ? { staffNote: note } : {}),
            })
            .where(eq(exchanges.id, found.id)),
        ),
      );
      break;
    }
    case "restock": {
      if (found.lineVariantId === null) return { ok: false, reason: "variant-gone" };
      statements.push(
        toPrepared(
          d1,
          db
            .update(exchanges)
            .set({ returnedRestockedByStaffUserId: input.staffUserId, returnedRestockedAt: now, updatedAt: now })
            .where(eq(exchanges.id, found.id)),
        ),
        d1.prepare(`UPDATE variants SET stock = stock + ?1, updated_at = ?2 WHERE id = ?3`).bind(found.quantity, now, found.lineVariantId),
        ...movementStatements(
          d1,
          found.lineVariantId,
          found.quantity,
          `exchange #${found.id}: returned item restocked`,
          input.staffUserId,
          found.orderId,
          now,
          "returned",
        ),
      );
      break;
    }
  }

  const { event, template } = stepEvents[step];
  statements.push(
    toPrepared(
      d1,
      db.insert(exchangeEvents).values({ exchangeId: found.id, event, actorType: "staff", actorStaffUserId: input.staffUserId, note, createdAt: now }),
    ),
  );
  const payload: ExchangeEmailPayload = {
    name: found.firstName,
    orderNumber: found.orderNumber,
    exchangeId: found.id,
    link: `${input.origin.replace(/\/+$/, "")}${localizePath(locale, `/exchange/${found.id}`)}`,
    productName: localized(found, "productName", locale),
    variantLabel: localized(found, "variantLabel", locale),
    wantedLabel: localized(found, "wantedLabel", locale),
    quantity: found.quantity,
    note,
    ...(step === "ship"
      ? {
          carrierName: carrier ? localized(carrier, "name", locale) : "",
          trackingNumber: trackingNumber ?? "",
          trackingUrl:
            carrier && trackingNumber && carrier.trackingUrlTemplate.includes("{tracking}")
              ? carrier.trackingUrlTemplate.replace("{tracking}", encodeURIComponent(trackingNumber))
              : "",
        }
      : {}),
  };
  statements.push(
    toPrepared(d1, outboxInsert(d1, { to: found.email, locale, template, subject: renderExchangeEmail(template, locale, payload).subject, payload }, now)),
  );

  try {
    // The guard stays first; a rejection takes the exchange out of the summary's counts.
    const [guard, ...changes] = statements;
    await d1.batch([guard!, ...withExchangeSummary(d1, found.id, changes)]);
  } catch (error) {
    if (errorText(error).includes(guardFailure)) return { ok: false, reason: "conflict" };
    throw error;
  }
  // A cheaper variant sent in exchange lowers the sale (issue 17): the order's full tax invoice gets a
  // credit note for the difference at today's price of the replacement (the request keeps no price).
  const cheaperBy = found.wantedPriceSatang === null ? 0 : (found.lineUnitPriceSatang - found.wantedPriceSatang) * found.quantity;
  if (step === "ship" && cheaperBy > 0) {
    await reduceOrderDocuments(d1, found.orderId, {
      cause: "exchange",
      reason: `exchange #${found.id}: ${found.wantedLabelEn || found.wantedLabelTh}`,
      reduceBySatang: cheaperBy,
      staffUserId: input.staffUserId,
      origin: input.origin,
      now,
    });
  }
  return { ok: true, status: decision.to };
}
