import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { stockMovements, variants } from "~/db/schema/catalog";
import { emailOutbox } from "~/db/schema/messaging";
import { exchanges, orderLines, orders, orderStatusHistory } from "~/db/schema/orders";

/** Shared steps of the purchases and exchanges tests (not a spec file itself): orders are inserted directly. */
const db = () => database(env.DB);

/** A product with at least two active variants, each given the stock asked for. */
export async function productWithTwoVariants(stocks: [number, number] = [10, 10]) {
  const row = await db().get<{ productId: number }>(
    sql`SELECT product_id AS productId FROM variants WHERE is_active = 1 GROUP BY product_id HAVING count(*) >= 2 ORDER BY product_id LIMIT 1`,
  );
  const [first, second] = await db().select({ id: variants.id }).from(variants).where(eq(variants.productId, row!.productId)).orderBy(variants.id).limit(2);
  await db().update(variants).set({ stock: stocks[0] }).where(eq(variants.id, first!.id));
  await db().update(variants).set({ stock: stocks[1] }).where(eq(variants.id, second!.id));
  return { productId: row!.productId, bought: first!.id, other: second!.id };
}

/** A variant of another product (for "same product only"). */
export async function variantOfAnotherProduct(productId: number): Promise<number> {
  const row = await db().get<{ id: number }>(sql`SELECT id FROM variants WHERE product_id <> ${productId} AND is_active = 1 ORDER BY id LIMIT 1`);
  return row!.id;
}

export interface OrderOptions {
  customerId: number | null;
  statusId: number;
  productId: number;
  variantId: number;
  quantity?: number;
  totalSatang?: number;
  shippingSatang?: number;
  locale?: "en" | "th";
  email?: string;
  /** The delivery area's columns (ship_*), instead of the default. */
  area?: Partial<typeof orders.$inferInsert>;
  /** History rows to insert: [toStatusId, at]. */
  history?: [number, number][];
  createdAt?: number;
}

export async function placeOrder(options: OrderOptions) {
  const now = options.createdAt ?? Date.now();
  const quantity = options.quantity ?? 2;
  const orderNumber = `PR-${crypto.randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase()}`;
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber,
      email: options.email ?? "buyer@example.test",
      customerId: options.customerId,
      statusId: options.statusId,
      subtotalSatang: 50_000,
      shippingSatang: options.shippingSatang ?? 5_000,
      vatSatang: 3_598,
      vatPercent: 7,
      totalSatang: options.totalSatang ?? 55_000,
      shippingMethod: "standard",
      shipFirstName: "Mali",
      shipLastName: "Srisuk",
      shipPhone: "0812345678",
      shipAddress: "99/1 Sukhumvit Road",
      shipSuburb: "Khlong Toei",
      shipCity: "Khlong Toei",
      shipProvince: "Bangkok",
      shipZipcode: "10110",
      shipCountry: "TH",
      ...options.area,
      locale: options.locale ?? "en",
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  const [line] = await db()
    .insert(orderLines)
    .values({
      orderId: order!.id,
      productId: options.productId,
      variantId: options.variantId,
      productNameEn: "Pryde Tee",
      productNameTh: "เสื้อยืดไพรด์",
      variantLabelEn: "M / Black",
      variantLabelTh: "M / ดำ",
      sku: "TEE-M-BLK",
      unitPriceSatang: 25_000,
      quantity,
      lineTotalSatang: 25_000 * quantity,
    })
    .returning({ id: orderLines.id });
  for (const [toStatusId, at] of options.history ?? []) {
    await db().insert(orderStatusHistory).values({ orderId: order!.id, toStatusId, actorType: "staff", createdAt: at });
  }
  return { id: order!.id, orderNumber, lineId: line!.id };
}

export const stockOf = async (variantId: number) => (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.id, variantId)))[0]!.stock;
export const statusOf = async (orderId: number) => (await db().select({ statusId: orders.statusId }).from(orders).where(eq(orders.id, orderId)))[0]!.statusId;
export const exchangesOfLine = (lineId: number) => db().select().from(exchanges).where(eq(exchanges.orderLineId, lineId));
export const movementsOfOrder = (orderId: number) => db().select().from(stockMovements).where(eq(stockMovements.orderId, orderId)).orderBy(stockMovements.id);
export const mailsTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address)).orderBy(desc(emailOutbox.id));
