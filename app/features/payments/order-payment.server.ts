import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { renderSVG } from "uqr";

import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import { orderLines, orders, payments, paymentTypeIds } from "~/db/schema/orders";
import { imageContentTypes, imageExtensions, sniffImageType } from "~/domain/image-type";
import { lineAmountSatang } from "~/domain/line-amounts";
import { orderStatusId } from "~/domain/order-status";
import type { PaymentMethod } from "~/domain/payment-methods";
import { parsePromptPayId, promptPayPayload } from "~/domain/promptpay";
import { outboxInsert } from "~/features/email/outbox.server";
import { paymentEmailSubject } from "~/features/email/payment-emails";
import { changeOrderStatus } from "~/features/orders/order-status.server";
import { createSession, sessionCookie, type Viewer } from "~/features/sessions/sessions.server";
import { type Locale, localizePath } from "~/i18n/config";

import { type BankAccount, parseBankAccounts, slipMaxBytes } from "./payment-settings";

/**
 * The order payment page's server side (/cart/checkout/{orderNumber}, docs/decisions/0013-payments.md):
 * finding an order by its public number, who may see it, what the page shows, the bank-transfer
 * details and QR, switching the method, and the slip upload.
 */

/** R2 prefix of payment slips: never served by /media (app/features/media/media.server.ts refuses it). */
export const privateMediaPrefix = "private/";
const slipPrefix = `${privateMediaPrefix}payment-slips/`;

export interface PaymentOrder {
  id: number;
  orderNumber: string;
  customerId: number | null;
  sessionId: string | null;
  guestKey: string | null;
  email: string;
  statusId: number;
  paymentTypeId: number | null;
  locale: Locale;
  isCustom: boolean;
  subtotalSatang: number;
  discountSatang: number;
  pointsDiscountSatang: number;
  shippingSatang: number;
  vatSatang: number;
  totalSatang: number;
  vatPercent: number;
  createdAt: number;
  paidAt: number | null;
  /** The delivery address as placed (orders.ship_*): the thank-you view repeats it. */
  shipFirstName: string | null;
  shipLastName: string | null;
  shipPhone: string | null;
  shipAddress: string | null;
  shipSuburb: string | null;
  shipCity: string | null;
  shipProvince: string | null;
  shipZipcode: string | null;
  shipCountry: string | null;
  shipSuburbEn: string | null;
  shipCityEn: string | null;
  shipProvinceEn: string | null;
  shipProvinceCode: string | null;
  shipDistrictCode: string | null;
  shipSubdistrictCode: string | null;
}

/** Order numbers are short opaque tokens; anything else is not looked up. */
export function isOrderNumber(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{1,64}$/.test(value);
}

export async function findOrderByNumber(d1: D1Database, orderNumber: string): Promise<PaymentOrder | null> {
  if (!isOrderNumber(orderNumber)) return null;
  const [row] = await database(d1)
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      customerId: orders.customerId,
      sessionId: orders.sessionId,
      guestKey: orders.guestKey,
      email: orders.email,
      statusId: orders.statusId,
      paymentTypeId: orders.paymentTypeId,
      locale: orders.locale,
      isCustom: orders.isCustom,
      subtotalSatang: orders.subtotalSatang,
      discountSatang: orders.discountSatang,
      pointsDiscountSatang: orders.pointsDiscountSatang,
      shippingSatang: orders.shippingSatang,
      vatSatang: orders.vatSatang,
      totalSatang: orders.totalSatang,
      vatPercent: orders.vatPercent,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      shipFirstName: orders.shipFirstName,
      shipLastName: orders.shipLastName,
      shipPhone: orders.shipPhone,
      shipAddress: orders.shipAddress,
      shipSuburb: orders.shipSuburb,
      shipCity: orders.shipCity,
      shipProvince: orders.shipProvince,
      shipZipcode: orders.shipZipcode,
      shipCountry: orders.shipCountry,
      shipSuburbEn: orders.shipSuburbEn,
      shipCityEn: orders.shipCityEn,
      shipProvinceEn: orders.shipProvinceEn,
      shipProvinceCode: orders.shipProvinceCode,
      shipDistrictCode: orders.shipDistrictCode,
      shipSubdistrictCode: orders.shipSubdistrictCode,
    })
    .from(orders)
    .where(eq(orders.orderNumber, orderNumber))
    .limit(1);
  return row ?? null;
}

/**
 * Only the order's customer, or the guest whose session placed it, may see it. Everybody else
 * (other shoppers, staff on the storefront, a guest whose session ended) gets the same 404 as for
 * a number that does not exist, so the page does not tell which numbers are real.
 */
export function canSeeOrder(order: Pick<PaymentOrder, "customerId" | "sessionId">, viewer: Viewer): boolean {
  if (viewer.kind === "staff") return false;
  if (viewer.kind === "customer" && order.customerId !== null && order.customerId === viewer.customerId) return true;
  return order.sessionId !== null && viewer.sessionId !== null && order.sessionId === viewer.sessionId;
}

export function orderPagePath(locale: Locale, orderNumber: string): string {
  return localizePath(locale, `/cart/checkout/${encodeURIComponent(orderNumber)}`);
}

/** A guest order's key for its e-mailed links (column orders.guest_key): 144 random bits. */
export function newGuestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_");
}

/** The order page's absolute link for an e-mail: a guest order's carries its key (?key=). */
export function orderEmailLink(origin: string, locale: Locale, order: { orderNumber: string; guestKey: string | null }): string {
  const path = `${origin}${orderPagePath(locale, order.orderNumber)}`;
  return order.guestKey ? `${path}?key=${encodeURIComponent(order.guestKey)}` : path;
}

/**
 * A visit with `?key=`: when the key opens this guest order for this browser, the order (and its
 * designs) move to this browser's session — a new one if it has none — and the visit is sent on to
 * the page without the key, so the key stays out of the history and of any Referer. Otherwise null
 * (the page then answers as usual: 404 for a stranger).
 */
export async function openGuestOrderLink(
  d1: D1Database,
  request: Request,
  viewer: Viewer,
  order: PaymentOrder,
  locale: Locale,
  /** Where the visit goes on: the order page, or a page of the order's (its printed tax document). */
  target = orderPagePath(locale, order.orderNumber),
): Promise<Response | null> {
  const key = new URL(request.url).searchParams.get("key");
  if (key === null || viewer.kind === "staff") return null;
  // A plain Response (not react-router's redirect): the checkout's server code imports this module too.
  const headers = new Headers({ "Cache-Control": "no-store", Location: target });
  if (canSeeOrder(order, viewer)) return new Response(null, { status: 302, headers });
  let sessionId = viewer.sessionId;
  if (!sessionId) {
    if (order.customerId !== null || !order.guestKey || !sameKey(order.guestKey, key.slice(0, 100))) return null;
    sessionId = await createSession(d1, null);
    headers.append("Set-Cookie", sessionCookie(request, sessionId, null));
  }
  return (await claimGuestOrder(d1, order, key.slice(0, 100), sessionId)) ? new Response(null, { status: 302, headers }) : null;
}

/** Compares in constant time (the key is a secret). */
function sameKey(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/**
 * Someone opened a guest order's e-mailed link (?key=) in a browser that cannot see the order: with
 * the right key the order moves to this browser's session (the link is the guest's proof, like a
 * password-reset link). Customers' orders are never claimed this way: they sign in.
 */
export async function claimGuestOrder(
  d1: D1Database,
  order: Pick<PaymentOrder, "id" | "customerId" | "guestKey">,
  key: string,
  sessionId: string,
): Promise<boolean> {
  if (order.customerId !== null || !order.guestKey || !sameKey(order.guestKey, key)) return false;
  // The order's custom designs come along (the guest may be asked to change one).
  await d1.batch([
    d1.prepare("UPDATE orders SET session_id = ? WHERE id = ? AND customer_id IS NULL").bind(sessionId, order.id),
    d1
      .prepare("UPDATE custom_designs SET session_id = ? WHERE customer_id IS NULL AND id IN (SELECT custom_design_id FROM order_lines WHERE order_id = ?)")
      .bind(sessionId, order.id),
  ]);
  return true;
}

export function paymentMethodOf(order: Pick<PaymentOrder, "paymentTypeId">): PaymentMethod {
  return order.paymentTypeId === paymentTypeIds.paypal ? "paypal" : "transfer";
}

export interface OrderLineView {
  id: number;
  nameEn: string;
  nameTh: string;
  variantEn: string;
  variantTh: string;
  unitPriceSatang: number;
  quantity: number;
  lineTotalSatang: number;
}

export interface PaymentView {
  provider: string;
  status: string;
  updatedAt: number;
}

export interface BankTransferDetails {
  promptPayId: string | null;
  /** SVG markup of the PromptPay QR for the order's total (server-made from digits only). */
  qrSvg: string | null;
  accounts: BankAccount[];
}

/** Lines, the latest payment rows and the transfer details, in one D1 round trip. */
export async function loadOrderPageData(
  d1: D1Database,
  order: PaymentOrder,
): Promise<{ lines: OrderLineView[]; payments: PaymentView[]; transfer: BankTransferDetails }> {
  const db = database(d1);
  const [lines, paymentRows, settings] = await db.batch([
    db
      .select({
        id: orderLines.id,
        nameEn: orderLines.productNameEn,
        nameTh: orderLines.productNameTh,
        variantEn: orderLines.variantLabelEn,
        variantTh: orderLines.variantLabelTh,
        unitPriceSatang: orderLines.unitPriceSatang,
        quantity: orderLines.quantity,
      })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id)),
    db
      .select({ provider: payments.provider, status: payments.status, updatedAt: payments.updatedAt })
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.id))
      .limit(10),
    db
      .select({ key: config.key, value: config.value })
      .from(config)
      .where(inArray(config.key, [configKeys.promptPayId, configKeys.bankAccounts, configKeys.email])),
  ]);
  // What a line shows is unit × quantity (the subtotal's parts), not the stored after-discount amount.
  return {
    lines: lines.map((line) => ({ ...line, lineTotalSatang: lineAmountSatang(line) })),
    payments: paymentRows,
    transfer: bankTransferDetails(settings, order.totalSatang),
  };
}

export function bankTransferDetails(rows: { key: string; value: string }[], totalSatang: number): BankTransferDetails {
  const read = (key: string) => rows.find((row) => row.key === key)?.value ?? "";
  const promptPayId = read(configKeys.promptPayId).trim();
  const target = promptPayId ? parsePromptPayId(promptPayId) : null;
  const qrSvg = target && totalSatang > 0 ? promptPayQrSvg(promptPayPayload(target, totalSatang)) : null;
  return { promptPayId: target ? promptPayId : null, qrSvg, accounts: parseBankAccounts(read(configKeys.bankAccounts)) };
}

/** The QR as SVG (rendered on the server: the page needs no script). Medium error correction, quiet zone of 4. */
export function promptPayQrSvg(payload: string): string {
  return renderSVG(payload, { ecc: "M", border: 4, pixelSize: 6 });
}

// ----- changing the method ------------------------------------------------------------------------

export type SwitchResult = { ok: true } | { ok: false; reason: "not-waiting" };

/**
 * The shopper changes how they pay an unpaid order: the order's payment type and its pending
 * payment row follow. A row already captured or submitted is not touched.
 */
export async function switchPaymentMethod(d1: D1Database, order: PaymentOrder, method: PaymentMethod, now = Date.now()): Promise<SwitchResult> {
  if (order.statusId !== orderStatusId.waiting_payment) return { ok: false, reason: "not-waiting" };
  const db = database(d1);
  const [updated] = await db.batch([
    db
      .update(orders)
      .set({ paymentTypeId: method === "paypal" ? paymentTypeIds.paypal : paymentTypeIds.transfer, updatedAt: now })
      .where(and(eq(orders.id, order.id), eq(orders.statusId, orderStatusId.waiting_payment)))
      .returning({ id: orders.id }),
    db
      .update(payments)
      .set({ provider: method, updatedAt: now })
      .where(and(eq(payments.orderId, order.id), eq(payments.status, "pending"))),
  ]);
  return updated.length > 0 ? { ok: true } : { ok: false, reason: "not-waiting" };
}

/**
 * The order's pending payment row, made when there is none (an order placed before payments rows
 * existed, or whose pending row was used by a rejected slip). Runs first in a batch; the UPDATE
 * that follows then always finds the row.
 */
export function ensurePendingPaymentStatement(
  d1: D1Database,
  orderId: number,
  provider: PaymentMethod,
  amountSatang: number,
  now: number,
): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO payments (order_id, provider, amount_satang, status, created_at, updated_at)
       SELECT ?1, ?2, ?3, 'pending', ?4, ?4 WHERE NOT EXISTS (SELECT 1 FROM payments WHERE order_id = ?1 AND status = 'pending')`,
    )
    .bind(orderId, provider, amountSatang, now);
}

/** `SET …` on the order's newest pending payment row. */
export function newestPendingPaymentWhere(): string {
  return "id = (SELECT max(id) FROM payments WHERE order_id = ? AND status = 'pending')";
}

// ----- slip upload -------------------------------------------------------------------------------

export type SlipProblem = "slipRequired" | "slipImageOnly" | "slipTooLarge";
export type SlipResult = { ok: true } | { ok: false; reason: "invalid"; problem: SlipProblem } | { ok: false; reason: "not-waiting" };

/** Reads an uploaded file's type from its bytes; the browser's name and Content-Type are ignored. */
export async function checkSlipFile(
  file: unknown,
): Promise<{ ok: true; bytes: Uint8Array; extension: string; contentType: string } | { ok: false; problem: SlipProblem }> {
  if (!(file instanceof File) || file.size === 0) return { ok: false, problem: "slipRequired" };
  if (file.size > slipMaxBytes) return { ok: false, problem: "slipTooLarge" };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (!type) return { ok: false, problem: "slipImageOnly" };
  return { ok: true, bytes, extension: imageExtensions[type], contentType: imageContentTypes[type] };
}

/**
 * A transfer slip: stored in R2 under a key the server makes (random, under the private prefix),
 * then in one batch the order goes waiting_payment → slip_review (actor customer), the pending
 * payment row becomes `slip_submitted` with the slip's key, and two mails are queued (the shopper's
 * "slip received", the shop's "slip to review" to config_website_email, in the page's language
 * like the contact form's mail). If the order moved meanwhile nothing is written
 * and the stored file is removed again.
 */
export async function submitPaymentSlip(
  env: { DB: D1Database; MEDIA: R2Bucket },
  order: PaymentOrder,
  viewer: Viewer,
  file: unknown,
  origin: string,
  now = Date.now(),
): Promise<SlipResult> {
  if (order.statusId !== orderStatusId.waiting_payment) return { ok: false, reason: "not-waiting" };
  const checked = await checkSlipFile(file);
  if (!checked.ok) return { ok: false, reason: "invalid", problem: checked.problem };

  const key = `${slipPrefix}${order.orderNumber}/${crypto.randomUUID()}.${checked.extension}`;
  await env.MEDIA.put(key, checked.bytes, {
    httpMetadata: { contentType: checked.contentType },
    customMetadata: { orderId: String(order.id) },
  });

  const shopEmail =
    (await database(env.DB).select({ value: config.value }).from(config).where(eq(config.key, configKeys.email)).limit(1))[0]?.value?.trim() ?? "";
  const payload = { orderNumber: order.orderNumber, totalSatang: order.totalSatang };
  const d1 = env.DB;
  const alongside = [
    ensurePendingPaymentStatement(d1, order.id, "transfer", order.totalSatang, now),
    d1
      .prepare(
        `UPDATE payments SET provider = 'transfer', status = 'slip_submitted', slip_key = ?, amount_satang = ?, updated_at = ? WHERE ${newestPendingPaymentWhere()}`,
      )
      .bind(key, order.totalSatang, now, order.id),
    d1.prepare(`UPDATE orders SET payment_type_id = ? WHERE id = ?`).bind(paymentTypeIds.transfer, order.id),
    outboxInsert(
      d1,
      {
        to: order.email,
        locale: order.locale,
        template: "slip-received",
        subject: paymentEmailSubject("slip-received", order.locale, order.orderNumber),
        payload: { ...payload, link: orderEmailLink(origin, order.locale, order) },
      },
      now,
    ),
    ...(shopEmail
      ? [
          outboxInsert(
            d1,
            {
              to: shopEmail,
              locale: order.locale,
              template: "slip-to-review",
              subject: paymentEmailSubject("slip-to-review", order.locale, order.orderNumber),
              payload: { ...payload, link: `${origin}${localizePath(order.locale, "/backend/orders/fulfillment")}` },
            },
            now,
          ),
        ]
      : []),
  ];
  const result = await changeOrderStatus(
    d1,
    {
      orderId: order.id,
      from: orderStatusId.waiting_payment,
      to: orderStatusId.slip_review,
      actor: "customer",
      actorCustomerId: viewer.kind === "customer" ? viewer.customerId : null,
      note: "slip uploaded",
    },
    alongside,
    now,
  );
  if (result.ok) return { ok: true };
  await env.MEDIA.delete(key);
  return { ok: false, reason: "not-waiting" };
}

/** A stored slip for the staff review page (another area's screen): the object, or null. */
export async function readPaymentSlip(bucket: R2Bucket, slipKey: string): Promise<R2ObjectBody | null> {
  if (!slipKey.startsWith(slipPrefix) || slipKey.includes("..")) return null;
  return bucket.get(slipKey);
}
