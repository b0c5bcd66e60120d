import { and, eq } from "drizzle-orm";

import { database } from "~/db/client";
import { payments, paymentTypeIds } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { issuePaidOrderDocument } from "~/features/billing/order-documents.server";
import { outboxInsert } from "~/features/email/outbox.server";
import { paymentEmailSubject } from "~/features/email/payment-emails";
import { changeOrderStatus } from "~/features/orders/order-status.server";
import { type Locale, localizePath } from "~/i18n/config";

import {
  ensurePendingPaymentStatement,
  findOrderByNumber,
  isOrderNumber,
  newestPendingPaymentWhere,
  orderEmailLink,
  orderPagePath,
  type PaymentOrder,
} from "./order-payment.server";
import { recordProblemPaymentStatement } from "./payment-problems.server";
import {
  approvalLink,
  capturePayPalOrder,
  createPayPalOrder,
  firstCapture,
  getPayPalOrder,
  isPayPalOrderId,
  type PayPalCapture,
  type PayPalConfig,
  paypalConfig,
  type PayPalEnv,
  PayPalError,
  type PayPalOrder,
  satangOfPayPalAmount,
  verifyWebhookSignature,
  webhookHeaders,
} from "./paypal.server";

/**
 * What PayPal's answers mean for our orders (docs/decisions/0013-payments.md). The return redirect
 * (/paypal-callback) and the webhook (/api/webhooks/paypal) both end in {@link recordPayPalCapture},
 * which marks the order paid through changeOrderStatus with the payment row and the "payment
 * received" mail in the same batch: whoever comes second (or the tenth replay) finds the order no
 * longer waiting and writes nothing.
 */
export type PayPalPaymentsEnv = PayPalEnv & { DB: D1Database; PUBLIC_ORIGIN?: string };

/** Messages the payment page shows after a return from PayPal (`?payment=…`). */
export const paypalReturnMessages = ["cancelled", "declined", "failed", "pending", "mismatch", "unavailable"] as const;
export type PayPalReturnMessage = (typeof paypalReturnMessages)[number];

// ----- start -------------------------------------------------------------------------------------

export type StartResult = { ok: true; approveUrl: string } | { ok: false; reason: "unavailable" | "not-waiting" | "failed" };

/**
 * Creates (or, with the same PayPal-Request-Id, finds again) the PayPal order for this order's
 * total and answers where the shopper approves it. The order's method becomes PayPal.
 */
export async function startPayPalPayment(
  env: PayPalPaymentsEnv,
  order: PaymentOrder,
  options: { origin: string; locale: Locale; brandName: string },
  now = Date.now(),
): Promise<StartResult> {
  const config = paypalConfig(env);
  if (!config) return { ok: false, reason: "unavailable" };
  if (order.statusId !== orderStatusId.waiting_payment || order.totalSatang <= 0) return { ok: false, reason: "not-waiting" };
  const callback = `${options.origin}${localizePath(options.locale, "/paypal-callback")}?order=${encodeURIComponent(order.orderNumber)}`;
  let created: PayPalOrder;
  try {
    created = await createPayPalOrder(env, config, {
      orderNumber: order.orderNumber,
      totalSatang: order.totalSatang,
      locale: options.locale,
      returnUrl: callback,
      cancelUrl: `${callback}&cancel=1`,
      brandName: options.brandName,
    });
  } catch (error) {
    if (error instanceof PayPalError) {
      console.warn(`paypal create failed for ${order.orderNumber}: ${error.message}`);
      return { ok: false, reason: "failed" };
    }
    throw error;
  }
  const approveUrl = approvalLink(created);
  if (!approveUrl || !isPayPalOrderId(created.id)) return { ok: false, reason: "failed" };

  // Remember the PayPal order on the pending row (support looks it up there); the method is PayPal now.
  const d1 = env.DB;
  await d1.batch([
    d1
      .prepare(`UPDATE orders SET payment_type_id = ?, updated_at = ? WHERE id = ? AND status_id = ?`)
      .bind(paymentTypeIds.paypal, now, order.id, orderStatusId.waiting_payment),
    ensurePendingPaymentStatement(d1, order.id, "paypal", order.totalSatang, now),
    d1
      .prepare(`UPDATE payments SET provider = 'paypal', raw_json = ?, updated_at = ? WHERE ${newestPendingPaymentWhere()}`)
      .bind(JSON.stringify({ paypalOrderId: created.id, status: created.status }), now, order.id),
  ]);
  return { ok: true, approveUrl };
}

// ----- record a capture (the one place an order becomes paid by PayPal) ---------------------------

export type RecordResult =
  | { ok: true; orderNumber: string; alreadyRecorded: boolean }
  | { ok: false; orderNumber: string | null; reason: "mismatch" | "pending" | "declined" | "not-waiting" };

/**
 * Marks the order whose number is the capture's custom_id paid — only when the capture completed
 * for exactly the order's total in THB. One batch: status change and history (changeOrderStatus),
 * the payment row (provider paypal, provider_ref = capture id, status captured, raw JSON), the
 * order's method, and the "payment received" mail in the order's language.
 *
 * Every other completed capture is money taken too, so it is written down as a payment row with its
 * real amount and a `problem` staff see on the dashboard and the order page, with a refund
 * (./payment-problems.server.ts): a capture of another amount (the order keeps waiting — never
 * marked paid), or one for an order that is no longer waiting (paid by a racing call, cancelled,
 * or paid by slip). The unique (provider, provider_ref) index keeps replays to one row.
 */
export async function recordPayPalCapture(
  env: PayPalPaymentsEnv,
  capture: PayPalCapture,
  options: { origin: string; fallbackCustomId?: string },
  now = Date.now(),
): Promise<RecordResult> {
  const orderNumber = capture.custom_id ?? options.fallbackCustomId ?? null;
  if (!isOrderNumber(orderNumber)) return { ok: false, orderNumber: null, reason: "mismatch" };
  const order = await findOrderByNumber(env.DB, orderNumber);
  if (!order) return { ok: false, orderNumber: null, reason: "mismatch" };
  if (capture.status === "PENDING") return { ok: false, orderNumber, reason: "pending" };
  if (capture.status !== "COMPLETED") return { ok: false, orderNumber, reason: "declined" };
  if (!capture.id) return { ok: false, orderNumber, reason: "mismatch" };
  const d1 = env.DB;
  const raw = JSON.stringify(capture).slice(0, 20_000);
  const capturedSatang = satangOfPayPalAmount(capture.amount);
  if (capturedSatang !== order.totalSatang) {
    // The money was taken at PayPal but does not pay this order: it is written down with its real
    // amount for staff to see and refund, and the order keeps waiting (never marked paid).
    await recordProblemPaymentStatement(
      d1,
      { orderId: order.id, captureId: capture.id, amountSatang: capturedSatang ?? 0, problem: "amount-mismatch", raw },
      now,
    ).run();
    console.warn(`paypal capture ${capture.id} does not match order ${orderNumber}: ${JSON.stringify(capture.amount)}`);
    return { ok: false, orderNumber, reason: "mismatch" };
  }

  const result = await changeOrderStatus(
    d1,
    {
      orderId: order.id,
      from: orderStatusId.waiting_payment,
      to: orderStatusId.paid,
      actor: "payment-provider",
      paymentRecorded: true,
      note: `PayPal capture ${capture.id}`,
    },
    [
      ensurePendingPaymentStatement(d1, order.id, "paypal", order.totalSatang, now),
      d1
        .prepare(
          `UPDATE payments SET provider = 'paypal', provider_ref = ?, status = 'captured', amount_satang = ?, raw_json = ?, updated_at = ? WHERE ${newestPendingPaymentWhere()}`,
        )
        .bind(capture.id, order.totalSatang, raw, now, order.id),
      d1.prepare(`UPDATE orders SET payment_type_id = ? WHERE id = ?`).bind(paymentTypeIds.paypal, order.id),
      outboxInsert(
        d1,
        {
          to: order.email,
          locale: order.locale,
          template: "payment-received",
          subject: paymentEmailSubject("payment-received", order.locale, order.orderNumber),
          payload: { orderNumber: order.orderNumber, totalSatang: order.totalSatang, link: orderEmailLink(options.origin, order.locale, order) },
        },
        now,
      ),
    ],
    now,
  );
  if (result.ok) {
    await issuePaidOrderDocument(d1, order.id, { origin: options.origin, now });
    return { ok: true, orderNumber, alreadyRecorded: false };
  }

  const recorded = await database(d1)
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, "paypal"), eq(payments.providerRef, capture.id)))
    .limit(1);
  if (recorded[0]?.orderId === order.id) return { ok: true, orderNumber, alreadyRecorded: true };
  if (!recorded[0]) {
    await recordProblemPaymentStatement(
      d1,
      { orderId: order.id, captureId: capture.id, amountSatang: order.totalSatang, problem: "order-not-waiting", raw },
      now,
    ).run();
    console.warn(`paypal capture ${capture.id} arrived for order ${orderNumber} in status ${order.statusId}: recorded for staff`);
  }
  return { ok: false, orderNumber, reason: "not-waiting" };
}

// ----- capture -----------------------------------------------------------------------------------

export type CaptureOutcome = { orderNumber: string | null; message: PayPalReturnMessage | null };

/**
 * Captures an approved PayPal order and records it. A second capture of the same order answers
 * 422 ORDER_ALREADY_CAPTURED: the order is then read back and its capture recorded (or found
 * already recorded). A declined instrument or an order not approved leaves ours waiting for payment.
 */
export async function captureAndRecord(env: PayPalPaymentsEnv, config: PayPalConfig, paypalOrderId: string, origin: string): Promise<CaptureOutcome> {
  let paypalOrder: PayPalOrder;
  try {
    paypalOrder = await capturePayPalOrder(env, config, paypalOrderId);
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    if (error.hasIssue("ORDER_ALREADY_CAPTURED")) {
      try {
        paypalOrder = await getPayPalOrder(env, config, paypalOrderId);
      } catch (second) {
        if (!(second instanceof PayPalError)) throw second;
        return { orderNumber: null, message: "failed" };
      }
    } else {
      console.warn(`paypal capture of ${paypalOrderId} failed: ${error.message}`);
      const message: PayPalReturnMessage = error.hasIssue("INSTRUMENT_DECLINED")
        ? "declined"
        : error.hasIssue("ORDER_NOT_APPROVED") || error.hasIssue("PAYER_ACTION_REQUIRED")
          ? "cancelled"
          : "failed";
      return { orderNumber: null, message };
    }
  }
  const capture = firstCapture(paypalOrder);
  const unitCustomId = paypalOrder.purchase_units?.[0]?.custom_id;
  if (!capture) return { orderNumber: isOrderNumber(unitCustomId) ? unitCustomId : null, message: "failed" };
  const recorded = await recordPayPalCapture(env, capture, { origin, fallbackCustomId: unitCustomId });
  if (recorded.ok) return { orderNumber: recorded.orderNumber, message: null };
  return { orderNumber: recorded.orderNumber, message: recorded.reason === "not-waiting" ? null : recorded.reason };
}

// ----- return redirect ---------------------------------------------------------------------------

/**
 * GET /paypal-callback (and /th/paypal-callback): PayPal sends the shopper back with
 * `token` (the PayPal order id) and `PayerID` after approval, or to the cancel URL (`cancel=1`).
 * Answers where to send the shopper: the order's payment page, with a message when it is not paid.
 */
export async function completePayPalReturn(env: PayPalPaymentsEnv, url: URL): Promise<string> {
  const locale: Locale = url.pathname.startsWith("/th/") ? "th" : "en";
  const orderParam = url.searchParams.get("order");
  const fallbackNumber = isOrderNumber(orderParam) ? orderParam : null;
  const origin = (env.PUBLIC_ORIGIN || url.origin).replace(/\/+$/, "");
  const back = (orderNumber: string | null, message: PayPalReturnMessage | null) =>
    orderNumber ? `${orderPagePath(locale, orderNumber)}${message ? `?payment=${message}` : ""}` : localizePath(locale, "/");

  const config = paypalConfig(env);
  if (!config) return back(fallbackNumber, "unavailable");
  const token = url.searchParams.get("token");
  if (!isPayPalOrderId(token)) return back(fallbackNumber, fallbackNumber ? "failed" : null);
  if (url.searchParams.has("cancel")) return back(fallbackNumber, "cancelled");

  const outcome = await captureAndRecord(env, config, token, origin);
  return back(outcome.orderNumber ?? fallbackNumber, outcome.message);
}

// ----- webhook -----------------------------------------------------------------------------------

const maxWebhookBytes = 256 * 1024;

interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

function parseEvent(raw: string): WebhookEvent | null {
  try {
    const event = JSON.parse(raw) as Partial<WebhookEvent> | null;
    if (!event || typeof event !== "object" || Array.isArray(event)) return null;
    if (typeof event.id !== "string" || typeof event.event_type !== "string" || !event.resource || typeof event.resource !== "object") return null;
    return event as WebhookEvent;
  } catch {
    return null;
  }
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", "cache-control": "no-store" } });

/**
 * POST /api/webhooks/paypal. Nothing is believed before PayPal confirms the signature
 * (verify-webhook-signature with our PAYPAL_WEBHOOK_ID); a delivery that fails it answers 400 and
 * changes nothing. PAYMENT.CAPTURE.COMPLETED records the capture; CHECKOUT.ORDER.APPROVED captures
 * (a shopper who approved and closed the tab still pays). Other events are acknowledged and ignored.
 */
export async function handlePayPalWebhook(env: PayPalPaymentsEnv, request: Request): Promise<Response> {
  const config = paypalConfig(env);
  if (!config || !config.webhookId) return json(503, { error: "paypal-not-configured" });
  const headers = webhookHeaders(request.headers);
  if (!headers) return json(400, { error: "missing-signature" });
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > maxWebhookBytes) return json(413, { error: "too-large" });
  const raw = await request.text();
  if (raw.length > maxWebhookBytes) return json(413, { error: "too-large" });
  const event = parseEvent(raw);
  if (!event) return json(400, { error: "invalid-event" });

  let verified: boolean;
  try {
    verified = await verifyWebhookSignature(env, config, headers, raw);
  } catch (error) {
    console.warn(`paypal webhook verification unavailable: ${error instanceof Error ? error.message : String(error)}`);
    return json(503, { error: "verification-unavailable" });
  }
  if (!verified) return json(400, { error: "invalid-signature" });

  const origin = (env.PUBLIC_ORIGIN || new URL(request.url).origin).replace(/\/+$/, "");
  if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") {
    const capture = event.resource as unknown as PayPalCapture;
    let fallbackCustomId: string | undefined;
    const relatedOrderId = capture.supplementary_data?.related_ids?.order_id;
    if (!capture.custom_id && isPayPalOrderId(relatedOrderId)) {
      fallbackCustomId = (await getPayPalOrder(env, config, relatedOrderId).catch(() => null))?.purchase_units?.[0]?.custom_id;
    }
    const result = await recordPayPalCapture(env, capture, { origin, fallbackCustomId });
    return json(200, { received: true, result: result.ok ? (result.alreadyRecorded ? "already-recorded" : "paid") : result.reason });
  }
  if (event.event_type === "CHECKOUT.ORDER.APPROVED") {
    const paypalOrderId = (event.resource as { id?: unknown }).id;
    if (!isPayPalOrderId(paypalOrderId)) return json(200, { received: true, result: "ignored" });
    const outcome = await captureAndRecord(env, config, paypalOrderId, origin);
    return json(200, { received: true, result: outcome.message ?? "paid" });
  }
  return json(200, { received: true, result: "ignored" });
}
