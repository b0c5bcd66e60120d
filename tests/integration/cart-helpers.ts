import { env } from "cloudflare:workers";
import { and, asc, eq, gt, notInArray } from "drizzle-orm";

import { database } from "~/db/client";
import { cartLines, carts } from "~/db/schema/cart";
import { products, variants } from "~/db/schema/catalog";
import { customers } from "~/db/schema/customers";
import { flashSaleItems } from "~/db/schema/promotions";
import { demoCustomer } from "~/db/seed/accounts";
import { createSession } from "~/features/sessions/sessions.server";

import { sessionCookieOf } from "./accounts-helpers";
import { get, postForm } from "./worker";

/** Shared steps of the cart and product-page tests (not a spec file itself). */
export const db = () => database(env.DB);

export type Headers = Record<string, string>;

export function cookieHeader(sessionId: string): Headers {
  return { cookie: `pryde_session=${sessionId}` };
}

/** A guest that already has a session (a cart may hang off it). */
export async function guestSession(): Promise<Headers> {
  return cookieHeader(await createSession(env.DB, null));
}

export async function demoCustomerId(): Promise<number> {
  return (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email)).get())!.id;
}

export async function customerSession(customerId?: number): Promise<Headers> {
  return cookieHeader(await createSession(env.DB, { customerId: customerId ?? (await demoCustomerId()) }));
}

/** Variants not on the demo flash sale with at least `minStock` in stock (their max is the stock). */
export async function plainVariants(minStock = 6, count = 3) {
  const onSale = db().select({ id: flashSaleItems.variantId }).from(flashSaleItems);
  return db()
    .select({ id: variants.id, stock: variants.stock, priceSatang: variants.priceSatang, productId: variants.productId })
    .from(variants)
    .innerJoin(products, eq(products.id, variants.productId))
    .where(and(gt(variants.stock, minStock - 1), eq(variants.isActive, true), eq(products.statusId, 1), notInArray(variants.id, onSale)))
    .orderBy(asc(variants.id))
    .limit(count);
}

export function cartPost(fields: Record<string, string>, headers: Headers = {}, prefix = "") {
  return postForm(`${prefix}/cart`, fields, headers);
}

export const add = (variantId: number, quantity: number | string, headers: Headers = {}, extra: Record<string, string> = {}) =>
  cartPost({ intent: "add", variantId: String(variantId), quantity: String(quantity), ...extra }, headers);

/** The lines of the cart of a session (guest) or a customer, by variant. */
export async function linesOf(owner: { sessionId: string } | { customerId: number }) {
  const cart = await db()
    .select({ id: carts.id })
    .from(carts)
    .where("sessionId" in owner ? eq(carts.sessionId, owner.sessionId) : eq(carts.customerId, owner.customerId))
    .get();
  if (!cart) return [];
  return db()
    .select({ id: cartLines.id, variantId: cartLines.variantId, quantity: cartLines.quantity })
    .from(cartLines)
    .where(eq(cartLines.cartId, cart.id))
    .orderBy(asc(cartLines.id));
}

export function sessionIdOf(headers: Headers): string {
  return (headers.cookie ?? "").replace(/^pryde_session=/, "");
}

/** Follows a guest's first add: the new session cookie the action set. */
export function newSessionHeaders(response: Response): Headers {
  const cookie = sessionCookieOf(response);
  if (!cookie) throw new Error("no session cookie was set");
  return { cookie };
}

export async function cartPage(headers: Headers, prefix = "") {
  const response = await get(`${prefix}/cart`, headers);
  return { response, html: await response.text() };
}

export async function allCartRows() {
  return db().select().from(cartLines).orderBy(asc(cartLines.id));
}
