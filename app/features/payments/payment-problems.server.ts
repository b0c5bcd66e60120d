import { and, desc, eq, isNotNull } from "drizzle-orm";

import { database } from "~/db/client";
import { orders, type PaymentProblem, payments } from "~/db/schema/orders";

import { paypalConfig, type PayPalEnv, PayPalError, refundPayPalCapture, refundRequestId } from "./paypal.server";

/**
 * Money taken that does not pay its order (issue 13 item 6; docs/decisions/0013-payments.md): a
 * PayPal capture of another amount than the order's total, or one that arrived after the order
 * stopped waiting for payment. It is a payments row with its real amount, status `captured` and a
 * `problem`; staff see it on the dashboard and on the order page and refund it at PayPal, which
 * turns the row `refunded`. The order itself is never marked paid by such a capture.
 */
export interface ProblemPaymentInput {
  orderId: number;
  captureId: string;
  amountSatang: number;
  problem: PaymentProblem;
  raw: string;
}

/** The row of such a capture; a replay (webhook after callback, a second delivery) adds nothing. */
export function recordProblemPaymentStatement(d1: D1Database, input: ProblemPaymentInput, now: number) {
  return d1
    .prepare(
      `INSERT INTO payments (order_id, provider, provider_ref, amount_satang, status, problem, raw_json, created_at, updated_at)
       VALUES (?, 'paypal', ?, ?, 'captured', ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(input.orderId, input.captureId, input.amountSatang, input.problem, input.raw, now, now);
}

export interface PaymentProblemRow {
  paymentId: number;
  orderId: number;
  orderNumber: string;
  problem: PaymentProblem;
  capturedSatang: number;
  orderTotalSatang: number;
  createdAt: number;
}

/** Problem payments not yet refunded, newest first: all of them (the dashboard) or one order's. */
export async function listPaymentProblems(d1: D1Database, options: { orderId?: number; limit?: number } = {}): Promise<PaymentProblemRow[]> {
  const rows = await database(d1)
    .select({
      paymentId: payments.id,
      orderId: payments.orderId,
      orderNumber: orders.orderNumber,
      problem: payments.problem,
      capturedSatang: payments.amountSatang,
      orderTotalSatang: orders.totalSatang,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(isNotNull(payments.problem), eq(payments.status, "captured"), options.orderId === undefined ? undefined : eq(payments.orderId, options.orderId)))
    .orderBy(desc(payments.id))
    .limit(options.limit ?? 50);
  return rows.filter((row): row is PaymentProblemRow => row.problem !== null);
}

export type RefundResult = { ok: true } | { ok: false; reason: "not-found" | "unavailable" | "failed" };

/**
 * Refunds one problem payment in full at PayPal (the PayPal-Request-Id is the payment row's, so a
 * double click or a retry is one refund) and marks the row refunded, keeping PayPal's answer with
 * the capture's. A capture PayPal says is already fully refunded is marked refunded too.
 */
export async function refundProblemPayment(env: PayPalEnv & { DB: D1Database }, orderId: number, paymentId: number, now = Date.now()): Promise<RefundResult> {
  const db = database(env.DB);
  const payment = await db
    .select({ id: payments.id, providerRef: payments.providerRef, rawJson: payments.rawJson })
    .from(payments)
    .where(
      and(
        eq(payments.id, paymentId),
        eq(payments.orderId, orderId),
        eq(payments.provider, "paypal"),
        eq(payments.status, "captured"),
        isNotNull(payments.problem),
      ),
    )
    .get();
  if (!payment?.providerRef) return { ok: false, reason: "not-found" };
  const config = paypalConfig(env);
  if (!config) return { ok: false, reason: "unavailable" };
  let refund: unknown;
  try {
    refund = await refundPayPalCapture(env, config, payment.providerRef, refundRequestId(payment.id));
  } catch (error) {
    if (!(error instanceof PayPalError)) throw error;
    if (!error.hasIssue("CAPTURE_FULLY_REFUNDED")) {
      console.warn(`paypal refund of capture ${payment.providerRef} failed: ${error.message}`);
      return { ok: false, reason: "failed" };
    }
    refund = { status: "ALREADY_REFUNDED" };
  }
  const capture = (() => {
    try {
      return JSON.parse(payment.rawJson ?? "null") as unknown;
    } catch {
      return null;
    }
  })();
  await db
    .update(payments)
    .set({ status: "refunded", rawJson: JSON.stringify({ capture, refund }).slice(0, 20_000), updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.status, "captured")));
  return { ok: true };
}
