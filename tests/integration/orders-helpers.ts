import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { variants } from "~/db/schema/catalog";
import { orderLines, orders, payments } from "~/db/schema/orders";

/**
 * Orders for the back-office order and tracking tests, inserted straight into the test database
 * (placing orders is the checkout's job): a variant with a known stock, an order in a given status
 * with one line of it, optionally a submitted transfer slip in R2.
 */
const db = () => database(env.DB);

let counter = 0;
export function testOrderNumber(): string {
  counter += 1;
  const random = crypto.getRandomValues(new Uint8Array(4));
  return `PRT${[...random]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}${counter}`;
}

export async function variantWithStock(stock: number, offset = 0) {
  const rows = await db()
    .select({ id: variants.id, productId: variants.productId, sku: variants.sku })
    .from(variants)
    .orderBy(variants.id)
    .limit(1)
    .offset(offset);
  const row = rows[0]!;
  await db().update(variants).set({ stock, isActive: true }).where(eq(variants.id, row.id));
  return row;
}

export interface TestOrderOptions {
  statusId: number;
  variantId: number;
  productId: number;
  quantity?: number;
  email?: string;
  locale?: "en" | "th";
  paymentTypeId?: number | null;
  orderTypeId?: number;
  slip?: boolean;
  createdAt?: number;
}

export const personal = { firstName: "Somchai", lastName: "Jaidee", phone: "0812345678", address: "99/1 Sukhumvit Soi 11", email: "somchai.buyer@example.com" };

export async function insertOrder(options: TestOrderOptions) {
  const now = options.createdAt ?? Date.now();
  const quantity = options.quantity ?? 1;
  const orderNumber = testOrderNumber();
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber,
      email: options.email ?? personal.email,
      statusId: options.statusId,
      orderTypeId: options.orderTypeId ?? 1,
      paymentTypeId: options.paymentTypeId === undefined ? 3 : options.paymentTypeId,
      subtotalSatang: 59000 * quantity,
      vatSatang: 3860,
      vatPercent: 7,
      totalSatang: 59000 * quantity,
      shipFirstName: personal.firstName,
      shipLastName: personal.lastName,
      shipPhone: personal.phone,
      shipAddress: personal.address,
      shipCity: "Testville District",
      shipProvince: "Bangkok",
      shipZipcode: "10110",
      shipCountry: "TH",
      locale: options.locale ?? "en",
      createdAt: now,
      updatedAt: now,
      paidAt: [2, 3, 4, 5, 7].includes(options.statusId) ? now : null,
    })
    .returning({ id: orders.id });
  await db()
    .insert(orderLines)
    .values({
      orderId: order!.id,
      productId: options.productId,
      variantId: options.variantId,
      productNameEn: "Test Jersey",
      productNameTh: "เสื้อทดสอบ",
      unitPriceSatang: 59000,
      quantity,
      lineTotalSatang: 59000 * quantity,
    });
  let paymentId: number | null = null;
  if (options.slip) {
    const slipKey = `slips/${orderNumber}-0123abcd.png`;
    await env.MEDIA.put(slipKey, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]), { httpMetadata: { contentType: "image/png" } });
    const [payment] = await db()
      .insert(payments)
      .values({ orderId: order!.id, provider: "transfer", amountSatang: 59000 * quantity, status: "slip_submitted", slipKey, createdAt: now, updatedAt: now })
      .returning({ id: payments.id });
    paymentId = payment!.id;
  }
  return { id: order!.id, orderNumber, paymentId };
}
