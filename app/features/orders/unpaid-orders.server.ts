import { and, asc, eq, lt } from "drizzle-orm";

import { database } from "~/db/client";
import { config, configKeys } from "~/db/schema/config";
import { orders } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { parseUnpaidOrderHours, unpaidOrderCutoff } from "~/domain/unpaid-orders";
import { defaultLocale, isLocale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { orderStatusMail } from "./order-actions.server";
import { changeOrderStatus } from "./order-status.server";

const trackingTexts = serverTexts((messages) => messages.tracking);

/** Orders cancelled per run: the cron runs every few minutes, so a backlog drains over a few runs. */
const perRun = 50;

export interface UnpaidOrdersReport {
  cancelled: number;
  /** Paid or changed by someone else between the read and the change (the guard refused). */
  skipped: number;
}

/**
 * Cancels orders that waited for payment longer than the shop allows (config_unpaid_order_hours,
 * app/domain/unpaid-orders.ts): through the order process as the system, so their stock, flash-sale
 * quantities and points go back, with an e-mail telling the shopper — all in one batch per order.
 * An order paid at the last moment is left alone: the status guard refuses the change.
 */
export async function cancelExpiredUnpaidOrders(env: { DB: D1Database; PUBLIC_ORIGIN?: string }, now = Date.now()): Promise<UnpaidOrdersReport> {
  const db = database(env.DB);
  const [setting] = await db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.unpaidOrderHours)).limit(1);
  const hours = parseUnpaidOrderHours(setting?.value);
  // updated_at moves with every status change, so it is when the order (last) entered waiting payment.
  const expired = await db
    .select({ id: orders.id, orderNumber: orders.orderNumber, email: orders.email, locale: orders.locale })
    .from(orders)
    .where(and(eq(orders.statusId, orderStatusId.waiting_payment), lt(orders.updatedAt, unpaidOrderCutoff(now, hours))))
    .orderBy(asc(orders.updatedAt))
    .limit(perRun);

  const report: UnpaidOrdersReport = { cancelled: 0, skipped: 0 };
  for (const order of expired) {
    const locale = isLocale(order.locale) ? order.locale : defaultLocale;
    const reason = trackingTexts[locale].email.unpaidReason.replace("{{hours}}", String(hours));
    const mail = orderStatusMail(env.DB, { ...order, locale }, { orderNumber: order.orderNumber, status: "cancelled", reason }, env.PUBLIC_ORIGIN ?? "", now);
    const result = await changeOrderStatus(
      env.DB,
      { orderId: order.id, from: orderStatusId.waiting_payment, to: orderStatusId.cancelled, actor: "system", note: `unpaid after ${hours} h` },
      mail,
      now,
    );
    if (result.ok) report.cancelled += 1;
    else report.skipped += 1;
  }
  return report;
}
