import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import { orders } from "~/db/schema/orders";
import { parsePointsEarnRate, pointsEarnedFor } from "~/domain/loyalty-points";
import { type ActorKind, decideStatusChange, type OrderStatusId, orderStatusId, type StatusChangeDecision } from "~/domain/order-status";
import { backInStockStatements } from "~/features/catalog/back-in-stock.server";
import { stockSummaryFromSql, withOrderSummary } from "~/features/reports/report-summary.server";

/**
 * The one way an order changes status (DESIGN §4.9, docs/decisions/0003-order-statuses.md): the
 * transition table decides, then a single db.batch applies the change, its history row, its stock
 * and points effects and whatever the caller adds (a payment row, a shipment, an outbox e-mail).
 *
 * Races (the PayPal webhook and the return redirect, two staff tabs) are settled by the database,
 * not by a read-then-write: the batch starts with a guard that aborts it unless the order is still
 * in `from`, so of two identical changes exactly one lands and the other reports a conflict.
 */
export interface StatusChange {
  orderId: number;
  from: OrderStatusId;
  to: OrderStatusId;
  actor: ActorKind;
  actorStaffUserId?: number | null;
  actorCustomerId?: number | null;
  note?: string;
  /** The caller's statements add the money received (payments row); required where the table says so. */
  paymentRecorded?: boolean;
}

export type StatusChangeResult =
  | { ok: true; restocked: boolean }
  | { ok: false; reason: Extract<StatusChangeDecision, { ok: false }>["reason"] | "payment-required" | "not-found" }
  | { ok: false; reason: "conflict"; currentStatusId: number };

/** SQLite raises "malformed JSON" for json('…'): the cheapest way to abort a batch from plain SQL. */
const guardFailure = "malformed JSON";

/**
 * Statements for an allowed change (call {@link decideStatusChange} first). The first one aborts the
 * batch when the order is no longer in `change.from`.
 */
export function statusChangeStatements(
  d1: D1Database,
  change: StatusChange,
  restock: boolean,
  now: number,
  pointsToAward = 0,
  alongside: readonly BatchStatement[] = [],
): D1PreparedStatement[] {
  const { orderId, from, to } = change;
  const guard = d1
    .prepare(`SELECT CASE WHEN EXISTS (SELECT 1 FROM orders WHERE id = ? AND status_id = ?) THEN 1 ELSE json('order status changed') END`)
    .bind(orderId, from);
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `UPDATE orders SET status_id = ?1, updated_at = ?2,
      paid_at = ${to === orderStatusId.paid ? "coalesce(paid_at, ?2)" : "paid_at"},
      cancelled_at = ${to === orderStatusId.cancelled ? "?2" : "cancelled_at"}
      WHERE id = ?3`,
      )
      .bind(to, now, orderId),
    d1
      .prepare(
        `INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor_type, actor_customer_id, actor_staff_user_id, note, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(orderId, from, to, change.actor, change.actorCustomerId ?? null, change.actorStaffUserId ?? null, change.note ?? "", now),
  ];
  if (restock) statements.push(...restockStatements(d1, orderId, change.actorStaffUserId ?? null, now));
  if (to === orderStatusId.cancelled) statements.push(...releaseCodeUseStatements(d1, orderId, now));
  if (to === orderStatusId.completed && pointsToAward > 0) statements.push(...awardPointsStatements(d1, orderId, pointsToAward, now));
  if (to === orderStatusId.refunded) statements.push(...reverseEarnedPointsStatements(d1, orderId, change.actorStaffUserId ?? null, now));
  statements.push(...alongside.map((statement) => toPrepared(d1, statement)));
  // The caller's statements may change the order too (the payment type a capture sets, a custom
  // design's confirmed price): the report summary takes the order out before all of them and back after.
  return [guard, ...withOrderSummary(d1, { id: orderId }, statements)];
}

/**
 * Loyalty points for a completed order (app/domain/loyalty-points.ts). An order earns once:
 * declining a refund request sends it back to completed without a second award (orders.points_earned
 * is the marker). Guests earn nothing.
 */
function awardPointsStatements(d1: D1Database, orderId: number, points: number, now: number): D1PreparedStatement[] {
  const unawarded = "id = ?1 AND customer_id IS NOT NULL AND points_earned = 0";
  return [
    d1
      .prepare(
        `INSERT INTO points_ledger (customer_id, delta, reason, order_id, note, created_at)
      SELECT customer_id, ?2, 'order_earned', id, '', ?3 FROM orders WHERE ${unawarded}`,
      )
      .bind(orderId, points, now),
    d1
      .prepare(
        `UPDATE customers SET points_balance = points_balance + ?2, updated_at = ?3
      WHERE id = (SELECT customer_id FROM orders WHERE ${unawarded})`,
      )
      .bind(orderId, points, now),
    d1.prepare(`UPDATE orders SET points_earned = ?2 WHERE ${unawarded}`).bind(orderId, points),
  ];
}

/**
 * A refund takes back the points the order earned — as many as the customer still has: points
 * already spent elsewhere are not clawed back into a negative balance.
 */
function reverseEarnedPointsStatements(d1: D1Database, orderId: number, staffUserId: number | null, now: number): D1PreparedStatement[] {
  const takeBack = "min(placed.points_earned, member.points_balance)";
  return [
    d1
      .prepare(
        `INSERT INTO points_ledger (customer_id, delta, reason, order_id, staff_user_id, note, created_at)
      SELECT member.id, -${takeBack}, 'order_reversed', placed.id, ?2, '', ?3
      FROM orders AS placed JOIN customers AS member ON member.id = placed.customer_id
      WHERE placed.id = ?1 AND ${takeBack} > 0`,
      )
      .bind(orderId, staffUserId, now),
    d1
      .prepare(
        `UPDATE customers AS member SET points_balance = points_balance - min(points_balance, (SELECT points_earned FROM orders WHERE id = ?1)), updated_at = ?2
      WHERE member.id = (SELECT customer_id FROM orders WHERE id = ?1)`,
      )
      .bind(orderId, now),
  ];
}

/**
 * A cancelled order never happened for its discount code (as WooCommerce does): the use goes back
 * to the code's limit and to the customer's own, and the code history shows the use as released.
 * A refunded order keeps its use — the sale took place.
 */
function releaseCodeUseStatements(d1: D1Database, orderId: number, now: number): D1PreparedStatement[] {
  const held = "order_id = ?1 AND released_at IS NULL";
  return [
    d1
      .prepare(
        `UPDATE discount_codes SET used_count = used_count - 1, updated_at = ?2 WHERE id = (SELECT discount_code_id FROM discount_redemptions WHERE ${held})`,
      )
      .bind(orderId, now),
    d1.prepare(`UPDATE discount_redemptions SET released_at = ?2 WHERE ${held}`).bind(orderId, now),
  ];
}

/**
 * Puts a cancelled or refunded order's goods back: stock (with a movement row per variant), the
 * flash-sale quantities it used and the points it spent.
 */
function restockStatements(d1: D1Database, orderId: number, staffUserId: number | null, now: number): D1PreparedStatement[] {
  return [
    d1
      .prepare(
        `UPDATE variants SET stock = stock + (SELECT sum(quantity) FROM order_lines WHERE order_id = ? AND variant_id = variants.id), updated_at = ?
      WHERE id IN (SELECT variant_id FROM order_lines WHERE order_id = ? AND variant_id IS NOT NULL)`,
      )
      .bind(orderId, now, orderId),
    d1
      .prepare(
        `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, staff_user_id, order_id, created_at)
      SELECT line.variant_id, sum(line.quantity), variant.stock, 'order-cancelled', '', ?, ?, ?
      FROM order_lines AS line JOIN variants AS variant ON variant.id = line.variant_id
      WHERE line.order_id = ? GROUP BY line.variant_id`,
      )
      .bind(staffUserId, orderId, now, orderId),
    // Stock came back: the shoppers waiting for these variants are e-mailed in this batch.
    ...backInStockStatements(d1, now),
    ...stockSummaryFromSql(
      d1,
      now,
      "order-cancelled",
      `SELECT line.variant_id, sum(line.quantity) AS delta FROM order_lines AS line JOIN variants AS variant ON variant.id = line.variant_id WHERE line.order_id = ? GROUP BY line.variant_id`,
      orderId,
    ),
    d1
      .prepare(
        `UPDATE flash_sale_items SET sold_count = max(0, sold_count - (SELECT sum(quantity) FROM order_lines WHERE order_id = ? AND flash_sale_item_id = flash_sale_items.id))
      WHERE id IN (SELECT flash_sale_item_id FROM order_lines WHERE order_id = ? AND flash_sale_item_id IS NOT NULL)`,
      )
      .bind(orderId, orderId),
    d1
      .prepare(
        `UPDATE customers SET points_balance = points_balance + (SELECT points_redeemed FROM orders WHERE id = ?), updated_at = ?
      WHERE id = (SELECT customer_id FROM orders WHERE id = ? AND points_redeemed > 0)`,
      )
      .bind(orderId, now, orderId),
    d1
      .prepare(
        `INSERT INTO points_ledger (customer_id, delta, reason, order_id, staff_user_id, note, created_at)
      SELECT customer_id, points_redeemed, 'order_reversed', id, ?, '', ?
      FROM orders WHERE id = ? AND customer_id IS NOT NULL AND points_redeemed > 0`,
      )
      .bind(staffUserId, now, orderId),
  ];
}

/**
 * Decides and applies a status change with the caller's statements (`alongside`) in one batch.
 * Expected refusals come back as data: not allowed by the table, the order moved meanwhile, no such order.
 */
export async function changeOrderStatus(d1: D1Database, change: StatusChange, alongside: BatchStatement[] = [], now = Date.now()): Promise<StatusChangeResult> {
  const decision = decideStatusChange(change.from, change.to, change.actor);
  if (!decision.ok) return decision;
  if (decision.needsPayment && !change.paymentRecorded) return { ok: false, reason: "payment-required" };

  const points = change.to === orderStatusId.completed ? await pointsOrderEarns(d1, change.orderId) : 0;
  const statements = statusChangeStatements(d1, change, decision.restock, now, points, alongside);
  try {
    await d1.batch(statements);
    return { ok: true, restocked: decision.restock };
  } catch (error) {
    if (!isStatusGuardFailure(error)) throw error;
    const current = await database(d1).select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, change.orderId)).limit(1);
    if (!current[0]) return { ok: false, reason: "not-found" };
    return { ok: false, reason: "conflict", currentStatusId: current[0].statusId };
  }
}

/** What completing the order would award, at today's rate from the settings. */
async function pointsOrderEarns(d1: D1Database, orderId: number): Promise<number> {
  const db = database(d1);
  const [rate, order] = await db.batch([
    db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.pointsEarnSatang)).limit(1),
    db.select({ totalSatang: orders.totalSatang, shippingSatang: orders.shippingSatang }).from(orders).where(eq(orders.id, orderId)).limit(1),
  ]);
  if (!order[0]) return 0;
  return pointsEarnedFor(order[0].totalSatang, order[0].shippingSatang, parsePointsEarnRate(rate[0]?.value));
}

/** A D1 statement, or a Drizzle query builder (insert, update, delete) to run in the same batch. */
export type BatchStatement = D1PreparedStatement | { toSQL(): { sql: string; params: unknown[] } };

/** Runs D1 statements and Drizzle builders together in one batch (all or nothing). */
export async function runBatch(d1: D1Database, statements: readonly BatchStatement[]): Promise<void> {
  await d1.batch(statements.map((statement) => toPrepared(d1, statement)));
}

/** Did a batch of status changes stop at a guard (an order no longer in the status the change starts from)? */
export function isStatusGuardFailure(error: unknown): boolean {
  return error instanceof Error && errorText(error).includes(guardFailure);
}

/** A D1 statement of a batch statement (a Drizzle builder becomes its SQL), to batch with status changes. */
export function toPreparedStatement(d1: D1Database, statement: BatchStatement): D1PreparedStatement {
  return toPrepared(d1, statement);
}

function toPrepared(d1: D1Database, statement: BatchStatement): D1PreparedStatement {
  if (!("toSQL" in statement)) return statement;
  const { sql, params } = statement.toSQL();
  return d1.prepare(sql).bind(...params);
}

/** D1 wraps SQLite's message; the cause chain holds it. */
function errorText(error: Error): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) parts.push(current.message);
  return parts.join(" | ");
}
