import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { collectionProducts, collections, products } from "~/db/schema/catalog";
import { staffUsers } from "~/db/schema/customers";
import { exchangeEvents, exchanges, orderLines } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { listCollections } from "~/features/content/collections-admin.server";
import { getExchangeForStaff, listExchangeableLines } from "~/features/exchanges/exchanges.server";
import { listPurchases } from "~/features/purchases/purchases.server";

import { mainOf } from "./accounts-helpers";
import { newCustomer } from "./profile-helpers";
import { placeOrder, productWithTwoVariants } from "./purchases-helpers";
import { get } from "./worker";

/**
 * Lists whose rows carry a correlated subquery (DESIGN §4.13): with two shoppers holding different
 * orders, every row must show its own lines. A bare outer column in the subquery binds to the inner
 * table and shows another order's product and count.
 */
const db = () => database(env.DB);
const day = 24 * 60 * 60 * 1000;

async function orderOf(customerId: number, name: string, quantity: number, extra: Partial<Parameters<typeof placeOrder>[0]> = {}) {
  const variant = await productWithTwoVariants();
  // Several lines ahead of this one so an order's id and its line ids never coincide.
  await placeOrder({ customerId: null, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.other });
  const order = await placeOrder({ customerId, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought, quantity, ...extra });
  await db()
    .update(orderLines)
    .set({ productNameEn: name, productNameTh: `${name}-th` })
    .where(eq(orderLines.id, order.lineId));
  return order;
}

describe("lists with correlated subqueries show each row's own data", () => {
  it("/my-purchase: two customers each see their own order's product and item count", async () => {
    const [alice, bob] = [await newCustomer("iso-a"), await newCustomer("iso-b")];
    const tag = crypto.randomUUID().slice(0, 8);
    const aliceOrders = [await orderOf(alice.id, `Alpha-${tag}`, 3), await orderOf(alice.id, `Gamma-${tag}`, 4)];
    const bobOrder = await orderOf(bob.id, `Beta-${tag}`, 5);

    const mine = await listPurchases(env.DB, alice.id, 1);
    const byNumber = new Map(mine.orders.map((order) => [order.orderNumber, order]));
    expect(byNumber.get(aliceOrders[0]!.orderNumber)).toMatchObject({ firstItemEn: `Alpha-${tag}`, firstItemTh: `Alpha-${tag}-th`, itemCount: 3 });
    expect(byNumber.get(aliceOrders[1]!.orderNumber)).toMatchObject({ firstItemEn: `Gamma-${tag}`, itemCount: 4 });
    const theirs = await listPurchases(env.DB, bob.id, 1);
    expect(theirs.orders).toEqual([expect.objectContaining({ orderNumber: bobOrder.orderNumber, firstItemEn: `Beta-${tag}`, itemCount: 5 })]);

    // And on the page itself.
    const html = mainOf(await (await get("/my-purchase", { cookie: bob.cookie })).text());
    expect(html).toContain(`Beta-${tag}`);
    expect(html).not.toContain(`Alpha-${tag}`);
    expect(html).not.toContain(`Gamma-${tag}`);
  });

  it("back-office collections: each collection counts its own products", async () => {
    const tag = crypto.randomUUID().slice(0, 8);
    const now = Date.now();
    const productIds = (await db().select({ id: products.id }).from(products).orderBy(products.id).limit(3)).map((row) => row.id);
    const [one, two] = await db()
      .insert(collections)
      .values([
        { slug: `iso-one-${tag}`, nameEn: "One", nameTh: "หนึ่ง", createdAt: now, updatedAt: now },
        { slug: `iso-two-${tag}`, nameEn: "Two", nameTh: "สอง", createdAt: now, updatedAt: now },
      ])
      .returning({ id: collections.id });
    await db()
      .insert(collectionProducts)
      .values([
        { collectionId: one!.id, productId: productIds[0]! },
        { collectionId: two!.id, productId: productIds[0]! },
        { collectionId: two!.id, productId: productIds[1]! },
        { collectionId: two!.id, productId: productIds[2]! },
      ]);
    const everything = { q: "", sort: "order", dir: "asc", page: 1, filters: { status: null } } as const;
    const { rows: listed } = await listCollections(env.DB, everything, { limit: 5000, offset: 0 });
    const rows = new Map(listed.map((row) => [row.id, row.productCount]));
    expect(rows.get(one!.id)).toBe(1);
    expect(rows.get(two!.id)).toBe(3);
  });

  it("exchanges: each customer's exchangeable lines count only their own requests; staff see who acted", async () => {
    const [alice, bob] = [await newCustomer("iso-xa"), await newCustomer("iso-xb")];
    const tag = crypto.randomUUID().slice(0, 8);
    const delivered: [number, number][] = [[orderStatusId.completed, Date.now() - day]];
    const aliceOrder = await orderOf(alice.id, `XAlpha-${tag}`, 3, { statusId: orderStatusId.completed, history: delivered });
    const bobOrder = await orderOf(bob.id, `XBeta-${tag}`, 3, { statusId: orderStatusId.completed, history: delivered });
    const now = Date.now();
    const [request] = await db()
      .insert(exchanges)
      .values({ orderLineId: aliceOrder.lineId, customerId: alice.id, quantity: 2, reason: "size", createdAt: now, updatedAt: now })
      .returning({ id: exchanges.id });

    const aliceLines = await listExchangeableLines(env.DB, alice.id);
    const bobLines = await listExchangeableLines(env.DB, bob.id);
    expect(aliceLines.find((line) => line.lineId === aliceOrder.lineId)).toMatchObject({ productNameEn: `XAlpha-${tag}` });
    expect(bobLines.find((line) => line.lineId === bobOrder.lineId)).toMatchObject({ productNameEn: `XBeta-${tag}` });
    expect(aliceLines.some((line) => line.lineId === bobOrder.lineId)).toBe(false);
    const left = (lines: typeof aliceLines, lineId: number) => lines.find((candidate) => candidate.lineId === lineId)?.openQuantity;
    expect(left(aliceLines, aliceOrder.lineId)).toBe(1);
    expect(left(bobLines, bobOrder.lineId)).toBe(3);

    const staff = await db().select({ id: staffUsers.id, name: staffUsers.fullName }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get();
    await db()
      .insert(exchangeEvents)
      .values([
        { exchangeId: request!.id, event: "requested", actorType: "customer", createdAt: now },
        { exchangeId: request!.id, event: "approved", actorType: "staff", actorStaffUserId: staff!.id, createdAt: now + 1 },
      ]);
    const found = await getExchangeForStaff(env.DB, request!.id);
    const names = found!.events.map((event) => [event.event, event.staffName]);
    expect(names).toEqual([
      ["requested", null],
      ["approved", staff!.name],
    ]);
  });
});
