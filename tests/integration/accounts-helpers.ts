import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";

import { database } from "~/db/client";
import { customers, emailOutbox, sessions } from "~/db/schema";

import { postForm } from "./worker";

/** Shared steps of the account tests (not a spec file itself). */
export const db = () => database(env.DB);
export const strongPassword = "Blue-Elephant-7";

let counter = 0;
export function uniqueEmail(prefix = "shopper"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

/** Each test signs in from its own address, so the per-address throttle of one test does not leak into another. */
export function fromAddress(address: string): Record<string, string> {
  return { "CF-Connecting-IP": address };
}

export function sessionCookieOf(response: Response): string | null {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    if (pair?.startsWith("pryde_session=") && pair !== "pryde_session=") return pair;
  }
  return null;
}

export function accountFields(email: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "create",
    email,
    firstName: "Somchai",
    lastName: "Jaidee",
    password: strongPassword,
    confirmPassword: strongPassword,
    phone: "081-234-5678",
    gender: "1",
    birthday: "1995-04-13",
    acceptTerms: "on",
    ...overrides,
  };
}

export async function registerAccount(email: string, locale: "en" | "th" = "en", overrides: Record<string, string> = {}) {
  const prefix = locale === "th" ? "/th" : "";
  return postForm(`${prefix}/register?u=${encodeURIComponent(email)}`, accountFields(email, overrides));
}

export async function customerByEmail(email: string) {
  return db().select().from(customers).where(eq(customers.email, email)).get();
}

export async function latestMail(to: string, template?: string) {
  return db()
    .select()
    .from(emailOutbox)
    .where(template ? and(eq(emailOutbox.toAddress, to), eq(emailOutbox.template, template)) : eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.id))
    .get();
}

/** The one-time token in the link of the newest mail of this template to this address. */
export async function tokenFromMail(to: string, template: string): Promise<{ link: string; token: string }> {
  const mail = await latestMail(to, template);
  if (!mail) throw new Error(`no ${template} mail to ${to}`);
  const link = (JSON.parse(mail.payloadJson) as { link: string }).link;
  return { link, token: new URL(link).searchParams.get("token") ?? "" };
}

export async function sessionsOf(customerId: number) {
  return db().select().from(sessions).where(eq(sessions.customerId, customerId)).all();
}

/** What the shopper sees: the page's <main> (the rest also carries data that changes between requests, e.g. rates). */
export function mainOf(html: string): string {
  return html.slice(html.indexOf("<main"), html.indexOf("</main>"));
}
