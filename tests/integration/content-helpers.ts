import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { products, variants } from "~/db/schema/catalog";
import { activities } from "~/db/schema/content";
import { orderLines, orders } from "~/db/schema/orders";

import { get, newContentVersion } from "./worker";

/** Shared steps of the content page tests (not a spec file itself). */
export const db = () => database(env.DB);

let counter = 0;
/** A query string no earlier request used, so the anonymous page cache never answers with an old copy. */
export function fresh(path: string): string {
  counter += 1;
  return `${path}${path.includes("?") ? "&" : "?"}v=${Date.now().toString(36)}${counter}`;
}

/** A page's HTML, rendered afresh (not from the page cache nor the shared catalogue reads). */
export async function page(path: string, headers: Record<string, string> = {}): Promise<{ status: number; html: string }> {
  await newContentVersion();
  const response = await get(fresh(path), headers);
  return { status: response.status, html: await response.text() };
}

/** The HTML of the element with this data-testid up to the end of its section (for "is X in section Y"). */
export function section(html: string, testId: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start === -1) return "";
  const end = html.indexOf("</section>", start);
  return html.slice(start, end === -1 ? undefined : end);
}

export async function insertActivity(values: { slug: string; titleEn: string; titleTh: string; bodyEn?: string; bodyTh?: string; publishedAt: number | null }) {
  const now = Date.now();
  const [row] = await db()
    .insert(activities)
    .values({ summaryEn: "", summaryTh: "", bodyEn: "<p>en</p>", bodyTh: "<p>th</p>", coverImageKey: null, createdAt: now, updatedAt: now, ...values })
    .returning({ id: activities.id });
  return row!.id;
}

let orderCounter = 0;
/** An order of `quantity` units of a product (its first variant) in the given status; only what best-seller ranking reads is real. */
export async function insertOrder(productSlug: string, quantity: number, statusId: number) {
  orderCounter += 1;
  const now = Date.now();
  const product = await db()
    .select({ id: products.id, nameEn: products.nameEn, nameTh: products.nameTh })
    .from(products)
    .where(eq(products.slug, productSlug))
    .get();
  const variant = await db().select({ id: variants.id, priceSatang: variants.priceSatang }).from(variants).where(eq(variants.productId, product!.id)).get();
  const total = variant!.priceSatang * quantity;
  const [order] = await db()
    .insert(orders)
    .values({
      orderNumber: `TEST-${now.toString(36)}-${orderCounter}`,
      email: "buyer@example.test",
      statusId,
      subtotalSatang: total,
      vatSatang: 0,
      totalSatang: total,
      vatPercent: 7,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: orders.id });
  await db().insert(orderLines).values({
    orderId: order!.id,
    productId: product!.id,
    variantId: variant!.id,
    productNameEn: product!.nameEn,
    productNameTh: product!.nameTh,
    unitPriceSatang: variant!.priceSatang,
    quantity,
    lineTotalSatang: total,
  });
  return order!.id;
}
