import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { addresses, customers, sessions, staffUsers } from "~/db/schema/customers";
import { hashPassword } from "~/features/accounts/password.server";
import { createSession } from "~/features/sessions/sessions.server";

import { origin, shop } from "./worker";

/** Shared steps of the profile and address tests (not a spec file itself). */
export const db = () => database(env.DB);
export const customerPassword = "Blue-Elephant-7";

let counter = 0;

/** A fresh customer with a password and a signed-in session: each test owns its own data. */
export async function newCustomer(label = "profile", password = customerPassword) {
  counter += 1;
  const now = Date.now();
  const email = `${label}-${now.toString(36)}-${counter}@example.test`;
  const [row] = await db()
    .insert(customers)
    .values({ email, passwordHash: await hashPassword(password), firstName: "Mali", lastName: "Srisuk", createdAt: now, updatedAt: now, pointsBalance: 1234 })
    .returning({ id: customers.id });
  const sessionId = await createSession(env.DB, { customerId: row!.id });
  return { id: row!.id, email, sessionId, cookie: `pryde_session=${sessionId}` };
}

export async function staffCookie(email = "admin@pryde.test"): Promise<string> {
  const staff = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, email)).get();
  return `pryde_session=${await createSession(env.DB, { staffUserId: staff!.id })}`;
}

export async function customerRow(id: number) {
  return db().select().from(customers).where(eq(customers.id, id)).get();
}

export async function addressesOf(customerId: number) {
  return db().select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(addresses.id).all();
}

export async function sessionIdsOf(customerId: number) {
  return (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.customerId, customerId)).all()).map((row) => row.id);
}

/** A multipart POST (file uploads), with the Origin React Router's CSRF check wants. */
export function postMultipart(path: string, form: FormData, headers: Record<string, string> = {}): Promise<Response> {
  return shop.fetch(new Request(`${origin}${path}`, { method: "POST", body: form, headers: { origin, ...headers }, redirect: "manual" }));
}

/** The message key of the toast a successful form leaves for the next page (app/ui/toast.server.ts). */
export function toastOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const match = /^pryde_toast=([^;]+)/.exec(cookie);
    if (match) return (JSON.parse(decodeURIComponent(match[1]!)) as { key: string }).key;
  }
  return null;
}

/** The cookie that makes the next page show the toast `key` (as a redirect would leave it). */
export function toastCookieFor(key: string, detailKey?: string): string {
  return `pryde_toast=${encodeURIComponent(JSON.stringify({ key, detailKey }))}`;
}

/** A real 1×1 PNG. */
export const tinyPng = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="), (character) =>
  character.charCodeAt(0),
);
