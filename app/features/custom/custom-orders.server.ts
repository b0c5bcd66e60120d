import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { config, configKeys } from "~/db/schema/config";
import { customDesignHistory, customDesigns, type CustomDesignStatus } from "~/db/schema/custom";
import { staffUsers } from "~/db/schema/customers";
import { orderLines, orders, orderStatusHistory } from "~/db/schema/orders";
import { type CheckoutLine, quoteCheckout } from "~/domain/checkout";
import type { CustomDesign } from "~/domain/custom-design";
import type { DesignProblem } from "~/domain/custom-design";
import { customGarmentWeightGrams, decideReview, designOrderLines, type ReviewAction, sendKindOf } from "~/domain/custom-order";
import { lineAmountSatang } from "~/domain/line-amounts";
import { multiplySatang, parseVatPercent, satang, vatIncluded } from "~/domain/money";
import { formatOrderNumber } from "~/domain/order-number";
import { orderStatusId } from "~/domain/order-status";
import type { ShippingMethodName } from "~/domain/shipping";
import { distributorAtPlacing } from "~/features/affiliates/distributor.server";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { activeShippingRatesQuery, type ShippingAddress, shippingRateRecords } from "~/features/checkout/checkout.server";
import { type CustomDesignEmailPayload, customDesignEmailSubject, type CustomDesignEmailTemplate } from "~/features/email/custom-design-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { type BatchStatement, changeOrderStatus, runBatch, toPreparedStatement } from "~/features/orders/order-status.server";
import { findOrderByNumber, newGuestKey, openGuestOrderLink, orderEmailLink } from "~/features/payments/order-payment.server";
import { orderSummaryStatements, withOrderSummary } from "~/features/reports/report-summary.server";
import type { Viewer } from "~/features/sessions/sessions.server";
import { orderAreaNames, shipAreaSnapshot } from "~/features/thai-address/thai-address.server";
import { defaultLocale, isLocale, type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { serverTexts } from "~/i18n/resources";

import { type CustomProductRecord, loadCustomProduct } from "./custom-products.server";
import type { CustomReviewListQuery } from "./custom-review-list";
import type { ReviewQueueFilter } from "./custom-review-schemas";
import { checkDesignFor, designContext, type DesignOwner, designPagePath, findOwnDesign, type OwnDesign } from "./designs.server";

/**
 * A custom design becomes an order (docs/decisions/0015-custom-designs.md): the shopper sends it
 * with delivery details and the order starts *in review*; staff confirm it (optionally at another
 * price per garment) and the order waits for payment on /cart/checkout/{orderNumber}, or ask for
 * changes (the shopper edits and sends again; the same order is updated), or reject it (the order is
 * cancelled). Each step writes the order, the design, its history and the shopper's e-mail in one
 * batch, behind guards that abort when the design or the order moved meanwhile.
 */

/** SQLite raises "malformed JSON" for json('…'): aborts the batch (as app/features/orders/order-status.server.ts). */
function designStatusGuard(d1: D1Database, designId: number, status: CustomDesignStatus): D1PreparedStatement {
  return d1
    .prepare(`SELECT CASE WHEN EXISTS (SELECT 1 FROM custom_designs WHERE id = ? AND status = ?) THEN 1 ELSE json('design status changed') END`)
    .bind(designId, status);
}

function orderStatusGuard(d1: D1Database, orderId: number, statusId: number): D1PreparedStatement {
  return d1
    .prepare(`SELECT CASE WHEN EXISTS (SELECT 1 FROM orders WHERE id = ? AND status_id = ?) THEN 1 ELSE json('order status changed') END`)
    .bind(orderId, statusId);
}

function isGuardFailure(error: unknown): boolean {
  let current: unknown = error;
  while (current instanceof Error) {
    if (current.message.includes("malformed JSON")) return true;
    current = current.cause;
  }
  return false;
}

const sizeLine = serverTexts((messages) => messages.customMessages.sizeLine);

/** The line's label in each language is kept on the order (a snapshot, like a variant's "M / Black"). */
function lineLabel(locale: Locale, size: string): string {
  return sizeLine[locale].replace("{{size}}", size.toUpperCase());
}

async function ratesAndVat(d1: D1Database) {
  const db = database(d1);
  const [rateRows, vatRows] = await db.batch([
    activeShippingRatesQuery(db),
    db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.vat)).limit(1),
  ]);
  return { rates: shippingRateRecords(rateRows), vatPercent: parseVatPercent(vatRows[0]?.value ?? "") };
}

/** The order of a sent design (a design belongs to at most one order). */
async function orderOfDesign(d1: D1Database, designId: number) {
  return database(d1)
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      statusId: orders.statusId,
      email: orders.email,
      guestKey: orders.guestKey,
      locale: orders.locale,
      shippingMethod: orders.shippingMethod,
      shipFirstName: orders.shipFirstName,
      shipLastName: orders.shipLastName,
      shipPhone: orders.shipPhone,
      shipAddress: orders.shipAddress,
      shipSuburb: orders.shipSuburb,
      shipCity: orders.shipCity,
      shipProvince: orders.shipProvince,
      shipZipcode: orders.shipZipcode,
      shipCountry: orders.shipCountry,
    })
    .from(orders)
    .where(sql`${orders.id} = (SELECT order_id FROM order_lines WHERE custom_design_id = ${designId} ORDER BY order_id DESC LIMIT 1)`)
    .get();
}

/** The contact and delivery a design was sent with (a design sent again starts from them). */
export async function sentDeliveryOfDesign(d1: D1Database, designId: number) {
  const order = await orderOfDesign(d1, designId);
  if (!order) return null;
  return {
    email: order.email,
    firstName: order.shipFirstName ?? "",
    lastName: order.shipLastName ?? "",
    phone: order.shipPhone ?? "",
    address: order.shipAddress ?? "",
    suburb: order.shipSuburb ?? "",
    city: order.shipCity ?? "",
    province: order.shipProvince ?? "",
    zipcode: order.shipZipcode ?? "",
    country: order.shipCountry ?? "",
    method: order.shippingMethod ?? "standard",
  };
}

// ----- the shopper sends a design ------------------------------------------------------------------

export interface SendDesignInput {
  designId: number;
  email: string;
  address: ShippingAddress;
  method: ShippingMethodName;
  locale: Locale;
  /** Absolute origin for the e-mail's link. */
  linkOrigin: string;
}

export type SendDesignResult =
  | { ok: true; orderNumber: string; kind: "submit" | "resubmit" }
  | { ok: false; reason: "not-found" | "locked" | "no-images" | "no-product" | "no-shipping" | "busy" }
  | { ok: false; reason: "problems"; problems: DesignProblem[] };

export interface SendQuote {
  design: CustomDesign;
  unitPriceSatang: number;
  subtotalSatang: number;
  shippingSatang: number | null;
  vatSatang: number;
  vatPercent: number;
  totalSatang: number;
  totalQuantity: number;
}

/** What sending the design to this country by this method would cost (the send step shows it). */
export async function quoteDesignOrder(
  d1: D1Database,
  design: CustomDesign,
  unitPriceSatang: number,
  country: string,
  method: ShippingMethodName,
  customerId: number | null,
  now = Date.now(),
): Promise<SendQuote> {
  const { rates, vatPercent } = await ratesAndVat(d1);
  const lines: CheckoutLine[] = designOrderLines(design.quantities, unitPriceSatang).map((line, index) => ({
    variantId: index + 1,
    unitPriceSatang: line.unitPriceSatang,
    quantity: line.quantity,
    weightGrams: customGarmentWeightGrams,
    onFlashSale: false,
  }));
  const quote = quoteCheckout({ lines, pointsRequested: 0, pointsBalance: 0, satangPerPoint: 100, customerId, country, method, rates, vatPercent, now });
  return {
    design,
    unitPriceSatang,
    subtotalSatang: quote.subtotalSatang,
    shippingSatang: quote.shipping ? quote.shippingSatang : null,
    vatSatang: quote.vatSatang,
    vatPercent: quote.vatPercent,
    totalSatang: quote.totalSatang,
    totalQuantity: quote.totalQuantity,
  };
}

function lineValues(orderId: number | ReturnType<typeof sql>, product: CustomProductRecord, design: OwnDesign, parsed: CustomDesign, unitPriceSatang: number) {
  return designOrderLines(parsed.quantities, unitPriceSatang).map((line) => ({
    orderId: orderId as number,
    productId: null,
    variantId: null,
    customDesignId: design.id,
    productNameEn: product.nameEn,
    productNameTh: product.nameTh,
    variantLabelEn: lineLabel("en", line.size),
    variantLabelTh: lineLabel("th", line.size),
    sku: `CUSTOM-${design.id}-${line.size.toUpperCase()}`,
    imageKey: product.frontImageKey,
    unitPriceSatang: line.unitPriceSatang,
    quantity: line.quantity,
    discountSatang: 0,
    lineTotalSatang: lineAmountSatang(line),
  }));
}

function emailPayload(input: {
  name: string;
  orderNumber: string;
  productName: string;
  quantity: number;
  totalSatang: number;
  link: string;
  message?: string;
}): CustomDesignEmailPayload {
  return input;
}

/**
 * Sends a prepared design for review: a draft makes a new order (*in review*, no payment yet); a
 * design staff asked to change updates its order (lines, totals, delivery) and goes back to review.
 */
export async function sendDesignForReview(d1: D1Database, owner: DesignOwner, input: SendDesignInput, now = Date.now()): Promise<SendDesignResult> {
  const design = await findOwnDesign(d1, owner, input.designId);
  if (!design) return { ok: false, reason: "not-found" };
  const kind = sendKindOf(design.status);
  if (!kind) return { ok: false, reason: "locked" };
  if (!design.previewFrontKey || !design.previewBackKey || !design.printFrontKey || !design.printBackKey) return { ok: false, reason: "no-images" };
  const context = await designContext(d1, owner, design.customProductId, kind === "submit");
  if (!context) return { ok: false, reason: "no-product" };
  const checked = checkDesignFor(context, design.design, "submit");
  if (!checked.ok) return { ok: false, reason: "problems", problems: checked.problems };
  const customerId = "customerId" in owner ? owner.customerId : null;
  const quote = await quoteDesignOrder(d1, checked.design, checked.unitPriceSatang, input.address.country, input.method, customerId, now);
  if (quote.shippingSatang === null) return { ok: false, reason: "no-shipping" };

  const db = database(d1);
  const product = context.product;
  const productName = localized(product, "name", input.locale);
  const address = {
    shipFirstName: input.address.firstName,
    shipLastName: input.address.lastName,
    shipPhone: input.address.phone,
    shipAddress: input.address.address,
    shipSuburb: input.address.suburb,
    shipCity: input.address.city,
    shipProvince: input.address.province,
    shipZipcode: input.address.zipcode,
    shipCountry: input.address.country,
    ...(await shipAreaSnapshot(input.address)),
  };
  const amounts = {
    subtotalSatang: quote.subtotalSatang,
    shippingSatang: quote.shippingSatang,
    vatSatang: quote.vatSatang,
    vatPercent: quote.vatPercent,
    totalSatang: quote.totalSatang,
  };
  const history = (event: "submitted" | "resubmitted") =>
    db.insert(customDesignHistory).values({
      customDesignId: design.id,
      event,
      actorType: "shopper",
      actorCustomerId: customerId,
      unitPriceSatang: checked.unitPriceSatang,
      createdAt: now,
    });
  const designUpdate = db
    .update(customDesigns)
    .set({ status: "submitted", unitPriceSatang: checked.unitPriceSatang, reviewMessage: "", submittedAt: now, updatedAt: now })
    .where(eq(customDesigns.id, design.id));

  if (kind === "resubmit") {
    const order = await orderOfDesign(d1, design.id);
    if (!order) return { ok: false, reason: "not-found" };
    const link = orderEmailLink(input.linkOrigin, order.locale, order);
    try {
      await runBatch(d1, [
        designStatusGuard(d1, design.id, "changes_requested"),
        orderStatusGuard(d1, order.id, orderStatusId.in_review),
        ...orderSummaryStatements(d1, { id: order.id }, -1),
        db.delete(orderLines).where(and(eq(orderLines.orderId, order.id), eq(orderLines.customDesignId, design.id))),
        db.insert(orderLines).values(lineValues(order.id, product, design, checked.design, checked.unitPriceSatang)),
        db
          .update(orders)
          .set({ ...amounts, ...address, email: input.email, updatedAt: now })
          .where(eq(orders.id, order.id)),
        ...orderSummaryStatements(d1, { id: order.id }, 1),
        designUpdate,
        history("resubmitted"),
        outboxInsert(
          d1,
          {
            to: input.email,
            locale: input.locale,
            template: "design-submitted",
            subject: customDesignEmailSubject("design-submitted", input.locale, order.orderNumber),
            payload: emailPayload({
              name: input.address.firstName,
              orderNumber: order.orderNumber,
              productName,
              quantity: quote.totalQuantity,
              totalSatang: quote.totalSatang,
              link,
            }),
          },
          now,
        ),
      ]);
    } catch (error) {
      if (isGuardFailure(error)) return { ok: false, reason: "locked" };
      throw error;
    }
    return { ok: true, orderNumber: order.orderNumber, kind };
  }

  for (let attempt = 0; attempt < 2; attempt += 1) {
    const orderNumber = formatOrderNumber(now, crypto.getRandomValues(new Uint8Array(5)));
    const orderId = sql`(SELECT ${orders.id} FROM ${orders} WHERE ${orders.orderNumber} = ${orderNumber})`;
    const guestKey = "sessionId" in owner ? newGuestKey() : null;
    const link = orderEmailLink(input.linkOrigin, input.locale, { orderNumber, guestKey });
    try {
      await runBatch(d1, [
        designStatusGuard(d1, design.id, "draft"),
        db.insert(orders).values({
          orderNumber,
          customerId,
          distributorAffiliateId: distributorAtPlacing(customerId),
          email: input.email,
          sessionId: "sessionId" in owner ? owner.sessionId : null,
          guestKey,
          statusId: orderStatusId.in_review,
          isCustom: true,
          ...amounts,
          shippingMethod: input.method,
          ...address,
          locale: input.locale,
          createdAt: now,
          updatedAt: now,
        }),
        db.insert(orderLines).values(lineValues(orderId, product, design, checked.design, checked.unitPriceSatang)),
        db.insert(orderStatusHistory).values({
          orderId: orderId as unknown as number,
          fromStatusId: null,
          toStatusId: orderStatusId.in_review,
          actorType: customerId !== null ? "customer" : "system",
          actorCustomerId: customerId,
          note: "custom design sent for review",
          createdAt: now,
        }),
        ...orderSummaryStatements(d1, { orderNumber }, 1),
        designUpdate,
        history("submitted"),
        outboxInsert(
          d1,
          {
            to: input.email,
            locale: input.locale,
            template: "design-submitted",
            subject: customDesignEmailSubject("design-submitted", input.locale, orderNumber),
            payload: emailPayload({
              name: input.address.firstName,
              orderNumber,
              productName,
              quantity: quote.totalQuantity,
              totalSatang: quote.totalSatang,
              link,
            }),
          },
          now,
        ),
      ]);
      return { ok: true, orderNumber, kind };
    } catch (error) {
      if (isGuardFailure(error)) return { ok: false, reason: "locked" };
      // An order-number collision fails on the UNIQUE index: try once more with another number.
      if (attempt === 1) {
        console.error("sendDesignForReview: batch failed", error);
        return { ok: false, reason: "busy" };
      }
    }
  }
  return { ok: false, reason: "busy" };
}

// ----- staff review --------------------------------------------------------------------------------

export interface CustomOrderListItem {
  orderNumber: string;
  statusId: number;
  email: string;
  totalSatang: number;
  createdAt: number;
  /** The design's id: one row per order and design. */
  id: number;
  designStatus: CustomDesignStatus;
  productNameEn: string;
  productNameTh: string;
  quantity: number;
}

const statusesOf: Record<ReviewQueueFilter, CustomDesignStatus[]> = {
  "to-review": ["submitted"],
  "waiting-shopper": ["changes_requested"],
  confirmed: ["confirmed"],
  all: ["submitted", "changes_requested", "confirmed", "rejected"],
};

/**
 * Custom-design orders under the review queue's query (custom-review-list.tsx): one page, every row
 * (export, print) or only the designs `ids`; the count of rows (order × design) in the same batch.
 * The default sort is the queue's: oldest waiting first to review, newest first otherwise.
 */
export async function listCustomOrders(d1: D1Database, query: CustomReviewListQuery, scope: ListScope) {
  const db = database(d1);
  const queue = query.filters.filter ?? "to-review";
  const where = and(
    eq(orders.isCustom, true),
    inArray(customDesigns.status, statusesOf[queue]),
    query.q
      ? or(
          contains(orders.orderNumber, query.q),
          contains(orders.email, query.q),
          contains(orderLines.productNameEn, query.q),
          contains(orderLines.productNameTh, query.q),
        )
      : undefined,
    scope.ids ? inArray(customDesigns.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const quantity = sql<number>`sum(${orderLines.quantity})`;
  const order =
    query.sort === "queue"
      ? [queue === "to-review" ? asc(customDesigns.submittedAt) : desc(orders.createdAt)]
      : [direction({ sent: orders.createdAt, number: orders.orderNumber, pieces: quantity, total: orders.totalSatang }[query.sort])];
  const grouped = db
    .select({ id: customDesigns.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .innerJoin(customDesigns, eq(customDesigns.id, orderLines.customDesignId))
    .where(where)
    .groupBy(orders.id, customDesigns.id)
    .as("grouped");
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(grouped),
    db
      .select({
        orderNumber: orders.orderNumber,
        statusId: orders.statusId,
        email: orders.email,
        totalSatang: orders.totalSatang,
        createdAt: orders.createdAt,
        id: customDesigns.id,
        designStatus: customDesigns.status,
        productNameEn: sql<string>`min(${orderLines.productNameEn})`,
        productNameTh: sql<string>`min(${orderLines.productNameTh})`,
        quantity,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .innerJoin(customDesigns, eq(customDesigns.id, orderLines.customDesignId))
      .where(where)
      .groupBy(orders.id, customDesigns.id)
      .orderBy(...order, desc(orders.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows: rows as CustomOrderListItem[], total: totalRows[0]?.total ?? 0 };
}

export async function countDesignsToReview(d1: D1Database): Promise<number> {
  const row = await database(d1)
    .select({ count: sql<number>`count(*)` })
    .from(customDesigns)
    .where(eq(customDesigns.status, "submitted"))
    .get();
  return row?.count ?? 0;
}

export interface CustomOrderReview {
  order: {
    id: number;
    orderNumber: string;
    statusId: number;
    email: string;
    guestKey: string | null;
    locale: Locale;
    shipName: string;
    shipPhone: string;
    shipAddress: string;
    shippingMethod: string | null;
    subtotalSatang: number;
    shippingSatang: number;
    vatSatang: number;
    totalSatang: number;
    createdAt: number;
  };
  design: OwnDesign & { design: CustomDesign | null };
  product: CustomProductRecord | null;
  history: { event: string; actorType: string; staffName: string | null; message: string; unitPriceSatang: number | null; createdAt: number }[];
}

/** One custom order with its design, product and history, for staff (no owner scoping: the back office's permission check guards it). */
export async function loadCustomOrderReview(d1: D1Database, orderNumber: string, locale: Locale = "th"): Promise<CustomOrderReview | null> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(orderNumber)) return null;
  const db = database(d1);
  const order = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNumber, orderNumber), eq(orders.isCustom, true)))
    .get();
  if (!order) return null;
  const line = await db
    .select({ designId: orderLines.customDesignId })
    .from(orderLines)
    .where(and(eq(orderLines.orderId, order.id), sql`${orderLines.customDesignId} IS NOT NULL`))
    .limit(1)
    .get();
  if (!line?.designId) return null;
  const [designRows, historyRows] = await db.batch([
    db.select().from(customDesigns).where(eq(customDesigns.id, line.designId)),
    db
      .select({
        event: customDesignHistory.event,
        actorType: customDesignHistory.actorType,
        staffName: staffUsers.fullName,
        message: customDesignHistory.message,
        unitPriceSatang: customDesignHistory.unitPriceSatang,
        createdAt: customDesignHistory.createdAt,
      })
      .from(customDesignHistory)
      .leftJoin(staffUsers, eq(staffUsers.id, customDesignHistory.actorStaffUserId))
      .where(eq(customDesignHistory.customDesignId, line.designId))
      .orderBy(asc(customDesignHistory.createdAt), asc(customDesignHistory.id)),
  ]);
  const row = designRows[0];
  if (!row) return null;
  const owner: DesignOwner = row.customerId !== null ? { customerId: row.customerId } : { sessionId: row.sessionId ?? "" };
  const design = await findOwnDesign(d1, owner, row.id);
  if (!design) return null;
  const product = await loadCustomProduct(d1, row.customProductId, { publishedOnly: false });
  return {
    order: {
      id: order.id,
      orderNumber: order.orderNumber,
      statusId: order.statusId,
      email: order.email,
      guestKey: order.guestKey,
      locale: order.locale,
      shipName: [order.shipFirstName, order.shipLastName].filter(Boolean).join(" "),
      shipPhone: order.shipPhone ?? "",
      shipAddress: await (async () => {
        const area = await orderAreaNames(order, locale);
        return [order.shipAddress, area.suburb, area.city, area.province, order.shipZipcode, order.shipCountry].filter(Boolean).join(", ");
      })(),
      shippingMethod: order.shippingMethod,
      subtotalSatang: order.subtotalSatang,
      shippingSatang: order.shippingSatang,
      vatSatang: order.vatSatang,
      totalSatang: order.totalSatang,
      createdAt: order.createdAt,
    },
    design,
    product,
    history: historyRows,
  };
}

export type ReviewResult = { ok: true } | { ok: false; reason: "not-allowed" | "message-required" | "conflict" | "no-design" };

export interface ReviewInput {
  action: ReviewAction;
  /** Confirm only: the price per garment staff quote (satang); null keeps the list price. */
  unitPriceSatang: number | null;
  message: string;
  staffUserId: number;
  linkOrigin: string;
}

const reviewEmail: Record<ReviewAction, CustomDesignEmailTemplate> = {
  confirm: "design-confirmed",
  "request-changes": "design-changes-requested",
  reject: "design-rejected",
};

/** A staff decision on a custom order's design (the table is app/domain/custom-order.ts). */
export async function reviewCustomOrder(d1: D1Database, review: CustomOrderReview, input: ReviewInput, now = Date.now()): Promise<ReviewResult> {
  const { order, design } = review;
  if (!design.design) return { ok: false, reason: "no-design" };
  const decision = decideReview(design.status, input.action);
  if (!decision.ok) return { ok: false, reason: "not-allowed" };
  const message = input.message.trim();
  if (decision.messageRequired && !message) return { ok: false, reason: "message-required" };

  const db = database(d1);
  const unitPriceSatang = input.action === "confirm" && input.unitPriceSatang !== null ? input.unitPriceSatang : design.unitPriceSatang;
  const productName = review.product ? localized(review.product, "name", isLocale(order.locale) ? order.locale : defaultLocale) : "";
  const quantity = designOrderLines(design.design.quantities, unitPriceSatang).reduce((sum, line) => sum + line.quantity, 0);
  const subtotalSatang = multiplySatang(satang(unitPriceSatang), quantity);
  const totalSatang = subtotalSatang + order.shippingSatang;
  // A guest's links carry the order's key: they open in whichever browser the e-mail is read in.
  const keyParam = order.guestKey ? `&key=${encodeURIComponent(order.guestKey)}` : "";
  const link =
    input.action === "request-changes"
      ? `${input.linkOrigin}${designPagePath(order.locale, design.customProductId, design.id)}${keyParam}`
      : orderEmailLink(input.linkOrigin, order.locale, order);
  const statements: BatchStatement[] = [
    designStatusGuard(d1, design.id, design.status),
    db
      .update(customDesigns)
      .set({ status: decision.designStatus, unitPriceSatang, reviewMessage: input.action === "confirm" ? "" : message, updatedAt: now })
      .where(eq(customDesigns.id, design.id)),
    db.insert(customDesignHistory).values({
      customDesignId: design.id,
      event: decision.designStatus === "confirmed" ? "confirmed" : decision.designStatus === "rejected" ? "rejected" : "changes_requested",
      actorType: "staff",
      actorStaffUserId: input.staffUserId,
      message,
      unitPriceSatang,
      createdAt: now,
    }),
    outboxInsert(
      d1,
      {
        to: order.email,
        locale: order.locale,
        template: reviewEmail[input.action],
        subject: customDesignEmailSubject(reviewEmail[input.action], order.locale, order.orderNumber),
        payload: emailPayload({
          name: order.shipName.split(" ")[0] ?? "",
          orderNumber: order.orderNumber,
          productName,
          quantity,
          totalSatang,
          link,
          ...(message ? { message } : {}),
        }),
      },
      now,
    ),
  ];
  if (input.action === "confirm") {
    const vatPercent = (await ratesAndVat(d1)).vatPercent;
    statements.push(
      db
        .update(orderLines)
        .set({ unitPriceSatang, lineTotalSatang: sql`${unitPriceSatang} * ${orderLines.quantity}` })
        .where(and(eq(orderLines.orderId, order.id), eq(orderLines.customDesignId, design.id))),
      db
        .update(orders)
        .set({ subtotalSatang, totalSatang, vatPercent, vatSatang: vatIncluded(satang(totalSatang), vatPercent), updatedAt: now })
        .where(eq(orders.id, order.id)),
    );
  }

  if (decision.orderChange === null) {
    try {
      await runBatch(d1, [
        orderStatusGuard(d1, order.id, orderStatusId.in_review),
        ...withOrderSummary(
          d1,
          { id: order.id },
          statements.map((statement) => toPreparedStatement(d1, statement)),
        ),
      ]);
      return { ok: true };
    } catch (error) {
      if (isGuardFailure(error)) return { ok: false, reason: "conflict" };
      throw error;
    }
  }
  const result = await changeOrderStatus(
    d1,
    {
      orderId: order.id,
      from: orderStatusId.in_review,
      to: orderStatusId[decision.orderChange],
      actor: "staff",
      actorStaffUserId: input.staffUserId,
      note: message || `custom design ${decision.designStatus}`,
    },
    statements,
    now,
  );
  return result.ok ? { ok: true } : { ok: false, reason: "conflict" };
}

export function reviewPagePath(locale: Locale, orderNumber: string): string {
  return localizePath(locale, `/backend/orders/fulfillment/custom-form?order=${encodeURIComponent(orderNumber)}`);
}

/**
 * A guest's "please change your design" link (`/custom/select/{id}?design={id}&key=…`) opened in a
 * browser that does not own the design: the design's order link decides (same key, same rules as
 * the order page), and the order and its designs move to this browser's session.
 */
export async function openGuestDesignLink(d1: D1Database, request: Request, viewer: Viewer, designId: number, locale: Locale): Promise<Response | null> {
  if (!new URL(request.url).searchParams.has("key")) return null;
  const order = await orderOfDesign(d1, designId);
  const paymentOrder = order ? await findOrderByNumber(d1, order.orderNumber) : null;
  if (!paymentOrder) return null;
  const opened = await openGuestOrderLink(d1, request, viewer, paymentOrder, locale);
  if (!opened) return null;
  // Back to the designer (not the order page) without the key.
  const url = new URL(request.url);
  url.searchParams.delete("key");
  const headers = new Headers(opened.headers);
  headers.set("Location", `${url.pathname}${url.search}`);
  return new Response(null, { status: 302, headers });
}
