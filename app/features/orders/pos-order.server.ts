import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { optionLabels } from "~/db/option-labels";
import { products, variants } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { customers } from "~/db/schema/customers";
import { orders, orderTypeIds, paymentTypeIds } from "~/db/schema/orders";
import { sponsors } from "~/db/schema/sponsors";
import { productStatusIds } from "~/domain/catalog";
import { lineAmountSatang } from "~/domain/line-amounts";
import { parseVatPercent, satang, vatIncluded } from "~/domain/money";
import { formatOrderNumber } from "~/domain/order-number";
import { orderStatusId } from "~/domain/order-status";
import { distributorAtPlacingSql } from "~/features/affiliates/distributor.server";
import { orderStatusSubject } from "~/features/email/order-status-email";
import { outboxInsert } from "~/features/email/outbox.server";
import { orderSummaryStatements, stockSummaryStatements } from "~/features/reports/report-summary.server";
import type { Locale } from "~/i18n/config";
import { localized } from "~/i18n/localized";

import { isMailable, trackingPageUrl } from "./order-actions.server";
import type { PosInput } from "./orders-admin-schemas";

/**
 * The POS order form (spec §2 /backend/orders/fulfillment/form; issue 5 item 11): staff key in an
 * order paid in cash at the counter — order type POS (2), payment type cash (1), status paid — with
 * a cash payment approved by them, its history row and the stock taken, in ONE batch. Stock is
 * checked first (to name the line that lacks it) and guarded again by `variants.stock >= 0`
 * (DESIGN §5): a sale made meanwhile rolls the whole batch back and the line is named from a re-read.
 * Prices are the variants' regular prices (a flash sale is an online offer with its own cap).
 */
const sellableColumns = {
  id: variants.id,
  sku: variants.sku,
  stock: variants.stock,
  priceSatang: variants.priceSatang,
  productId: variants.productId,
  nameEn: products.nameEn,
  nameTh: products.nameTh,
  optionsEn: optionLabels("name_en").as("options_en"),
  optionsTh: optionLabels("name_th").as("options_th"),
};
const sellable = and(eq(variants.isActive, true), eq(products.statusId, productStatusIds.published));

/** The variants staff can sell (active, published), the sponsors and, for a member search, up to 20 members. */
export async function loadPosReference(d1: D1Database, memberSearch: string) {
  const db = database(d1);
  const needle = memberSearch.toLowerCase();
  const [variantRows, sponsorRows, memberRows] = await db.batch([
    db
      .select(sellableColumns)
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(sellable)
      .orderBy(asc(products.nameEn), asc(variants.sortOrder), asc(variants.id))
      .limit(1000),
    db
      .select({ id: sponsors.id, nameEn: sponsors.nameEn, nameTh: sponsors.nameTh })
      .from(sponsors)
      .where(eq(sponsors.isActive, true))
      .orderBy(asc(sponsors.sortOrder), asc(sponsors.id)),
    db
      .select({ id: customers.id, firstName: customers.firstName, lastName: customers.lastName, email: customers.email, phone: customers.phone })
      .from(customers)
      .where(
        needle
          ? sql`instr(lower(${customers.firstName} || ' ' || ${customers.lastName}), ${needle}) > 0 OR instr(lower(${customers.email}), ${needle}) > 0 OR instr(coalesce(${customers.phone}, ''), ${needle}) > 0`
          : sql`0`,
      )
      .orderBy(asc(customers.firstName), asc(customers.id))
      .limit(20),
  ]);
  return { variants: variantRows, sponsors: sponsorRows, members: memberRows };
}

/** A refusal in words: a key of `ordersAdmin:validation` with the values it names (the product, the stock left). */
export interface PosRefusal {
  key: string;
  values: Record<string, string | number>;
}

export type PosResult =
  | { ok: true; orderId: number; orderNumber: string }
  /**
   * Field errors as the form kit's keys by Conform name ("lines[2].quantity" → ["stockLeft:1"]), and
   * the first line's problem as a sentence naming the product, for the top of the form.
   */
  | { ok: false; fieldErrors: Record<string, string[]>; refusal: PosRefusal | null };

export async function createPosOrder(
  d1: D1Database,
  input: PosInput,
  staff: { staffUserId: number },
  options: { origin: string; locale: Locale },
  now = Date.now(),
): Promise<PosResult> {
  const db = database(d1);
  const ids = input.lines.map((line) => line.variantId);
  const [variantRows, vatRows, memberRows, sponsorRows] = await db.batch([
    db
      .select({ ...sellableColumns, sellable: sql<number>`${sellable}` })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(inArray(variants.id, ids)),
    db.select({ value: config.value }).from(config).where(eq(config.key, configKeys.vat)),
    db
      .select({ id: customers.id, email: customers.email, locale: customers.locale })
      .from(customers)
      .where(eq(customers.id, input.customerId ?? 0)),
    db
      .select({ id: sponsors.id })
      .from(sponsors)
      .where(eq(sponsors.id, input.sponsorId ?? 0)),
  ]);
  const fieldErrors: Record<string, string[]> = {};
  let refusal: PosRefusal | null = null;
  if (input.customerId !== null && !memberRows[0]) fieldErrors.customerId = ["choice"];
  if (input.sponsorId !== null && !sponsorRows[0]) fieldErrors.sponsorId = ["choice"];
  const byId = new Map(variantRows.map((row) => [row.id, row]));
  const label = (row: (typeof variantRows)[number]) => {
    const name = localized(row, "name", options.locale);
    const variant = localized(row, "options", options.locale);
    return variant ? `${name} (${variant})` : name;
  };
  for (const line of input.lines) {
    const row = byId.get(line.variantId);
    if (!row) fieldErrors[`lines[${line.row}].variantId`] = ["choice"];
    else if (!row.sellable) {
      fieldErrors[`lines[${line.row}].variantId`] = ["notForSale"];
      refusal ??= { key: "unavailable", values: { name: label(row) } };
    } else if (row.stock < line.quantity) {
      fieldErrors[`lines[${line.row}].quantity`] = [`stockLeft:${row.stock}`];
      refusal ??= { key: "outOfStock", values: { name: label(row), stock: row.stock } };
    }
  }
  if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, refusal };

  const member = memberRows[0] ?? null;
  const email = input.email || member?.email || "";
  const locale: Locale = member?.locale === "th" || (!member && options.locale === "th") ? "th" : "en";
  const vatPercent = parseVatPercent(vatRows[0]?.value);
  const priced = input.lines.map((line) => ({
    line,
    row: byId.get(line.variantId)!,
    total: lineAmountSatang({ unitPriceSatang: byId.get(line.variantId)!.priceSatang, quantity: line.quantity }),
  }));
  const totalSatang = priced.reduce((sum, item) => sum + item.total, 0);
  const vatSatang = vatIncluded(satang(totalSatang), vatPercent);
  const orderNumber = formatOrderNumber(now, crypto.getRandomValues(new Uint8Array(5)));
  const walkIn = member ? null : input.walkInName;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare(
        `INSERT INTO orders (order_number, customer_id, distributor_affiliate_id, email, order_type_id, payment_type_id, status_id, subtotal_satang, vat_satang,
           total_satang, vat_percent, ship_first_name, ship_phone, note, locale, created_by_staff_user_id, created_at, updated_at, paid_at)
         VALUES (?, ?, ${distributorAtPlacingSql}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        orderNumber,
        member?.id ?? null,
        member?.id ?? null,
        email,
        orderTypeIds.pointOfSale,
        paymentTypeIds.cash,
        orderStatusId.paid,
        totalSatang,
        vatSatang,
        totalSatang,
        vatPercent,
        walkIn,
        member ? null : input.walkInPhone || null,
        input.note,
        locale,
        staff.staffUserId,
        now,
        now,
        now,
      ),
  ];
  for (const { line, row, total } of priced) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, variant_label_en, variant_label_th, sku, unit_price_satang, quantity, line_total_satang)
           SELECT id, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? FROM orders WHERE order_number = ?`,
        )
        .bind(row.productId, row.id, row.nameEn, row.nameTh, row.optionsEn, row.optionsTh, row.sku, row.priceSatang, line.quantity, total, orderNumber),
      // The CHECK (stock >= 0) refuses an oversell and with it the whole batch.
      d1.prepare("UPDATE variants SET stock = stock - ?, updated_at = ? WHERE id = ?").bind(line.quantity, now, row.id),
      d1
        .prepare(
          `INSERT INTO stock_movements (variant_id, delta, stock_after, reason, note, staff_user_id, order_id, created_at)
           SELECT ?, ?, stock, 'order', 'POS', ?, (SELECT id FROM orders WHERE order_number = ?), ? FROM variants WHERE id = ?`,
        )
        .bind(row.id, -line.quantity, staff.staffUserId, orderNumber, now, row.id),
    );
  }
  statements.push(
    d1
      .prepare(
        `INSERT INTO payments (order_id, provider, amount_satang, status, reviewed_by_staff_user_id, reviewed_at, created_at, updated_at)
         SELECT id, 'cash', ?, 'approved', ?, ?, ?, ? FROM orders WHERE order_number = ?`,
      )
      .bind(totalSatang, staff.staffUserId, now, now, now, orderNumber),
    d1
      .prepare(
        `INSERT INTO order_status_history (order_id, from_status_id, to_status_id, actor_type, actor_staff_user_id, note, created_at)
         SELECT id, NULL, ?, 'staff', ?, 'POS: paid in cash', ? FROM orders WHERE order_number = ?`,
      )
      .bind(orderStatusId.paid, staff.staffUserId, now, orderNumber),
  );
  // Before the summary's statements: the order counts for its sponsor (the sponsor report) from the start.
  if (input.sponsorId !== null) {
    statements.push(
      d1
        .prepare(`INSERT INTO sponsor_orders (sponsor_id, order_id, note, created_at) SELECT ?, id, '', ? FROM orders WHERE order_number = ?`)
        .bind(input.sponsorId, now, orderNumber),
    );
  }
  statements.push(
    ...orderSummaryStatements(d1, { orderNumber }, 1),
    ...stockSummaryStatements(
      d1,
      priced.map(({ line, row }) => ({ variantId: row.id, createdAt: now, reason: "order" as const, delta: -line.quantity })),
    ),
  );
  if (isMailable(email)) {
    const insert = outboxInsert(
      d1,
      {
        to: email,
        locale,
        template: "order-status",
        subject: orderStatusSubject(locale, orderNumber, "paid"),
        payload: { orderNumber, status: "paid", trackingPageUrl: trackingPageUrl(options.origin, locale, orderNumber) },
      },
      now,
    ).toSQL();
    statements.push(d1.prepare(insert.sql).bind(...insert.params));
  }

  try {
    await d1.batch(statements);
  } catch (error) {
    if (!/CHECK constraint failed/i.test(errorText(error))) throw error;
    // Sold meanwhile: name the line(s) that no longer fit, from the stock as it is now.
    const fresh = await db.select({ id: variants.id, stock: variants.stock }).from(variants).where(inArray(variants.id, ids));
    const stockNow = new Map(fresh.map((row) => [row.id, row.stock]));
    const raced: Record<string, string[]> = {};
    let racedRefusal: PosRefusal | null = null;
    for (const { line, row } of priced) {
      const stock = stockNow.get(row.id) ?? 0;
      if (stock >= line.quantity) continue;
      raced[`lines[${line.row}].quantity`] = [`stockLeft:${stock}`];
      racedRefusal ??= { key: "outOfStock", values: { name: label(row), stock } };
    }
    if (Object.keys(raced).length === 0) raced.lines = ["invalid"];
    return { ok: false, fieldErrors: raced, refusal: racedRefusal };
  }
  const [created] = await db.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
  return { ok: true, orderId: created!.id, orderNumber };
}

function errorText(error: unknown): string {
  const parts: string[] = [];
  for (let current: unknown = error; current instanceof Error && parts.length < 5; current = current.cause) parts.push(current.message);
  return parts.join(" | ") || String(error);
}
