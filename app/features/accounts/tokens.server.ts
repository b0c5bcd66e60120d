import { and, desc, eq, isNull, type SQL } from "drizzle-orm";

import { database } from "~/db/client";
import { type AccountTokenPurpose, accountTokens } from "~/db/schema/accounts";

/**
 * One-time links: a random 256-bit token in the URL, its SHA-256 in D1 (docs/decisions/0007).
 * Nobody can make a valid link without the database row, so no separate signature is needed; a
 * copy of the table does not yield working links; every token works once and expires.
 */
export const tokenLifetimeMs: Record<AccountTokenPurpose, number> = {
  "verify-email": 24 * 60 * 60_000,
  "reset-password": 60 * 60_000,
};

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Whether a string can be a token of newToken() (32 bytes, base64url): anything else is refused before hashing. */
export function isTokenShaped(value: string): boolean {
  return tokenPattern.test(value);
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

export async function hashToken(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A customer id, or a subquery yielding it (an account created in the same batch). */
export type CustomerRef = number | SQL;

export function insertTokenStatement(d1: D1Database, purpose: AccountTokenPurpose, tokenHash: string, customerId: CustomerRef, now: number) {
  return database(d1)
    .insert(accountTokens)
    .values({ purpose, tokenHash, customerId, expiresAt: now + tokenLifetimeMs[purpose], createdAt: now });
}

/** Ends every unused link of this purpose (a new link replaces the old ones). */
export function retireTokensStatement(d1: D1Database, purpose: AccountTokenPurpose, customerId: number, now: number) {
  return database(d1)
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.purpose, purpose), eq(accountTokens.customerId, customerId), isNull(accountTokens.usedAt)));
}

export type TokenLookup = { status: "valid"; id: number; tokenHash: string; customerId: number } | { status: "expired" | "used" | "invalid" };

export async function findToken(d1: D1Database, purpose: AccountTokenPurpose, token: string | null, now = Date.now()): Promise<TokenLookup> {
  if (!token || !tokenPattern.test(token)) return { status: "invalid" };
  const tokenHash = await hashToken(token);
  const row = await database(d1)
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .get();
  if (!row || row.customerId === null) return { status: "invalid" };
  if (row.usedAt !== null) return { status: "used" };
  if (row.expiresAt <= now) return { status: "expired" };
  return { status: "valid", id: row.id, tokenHash, customerId: row.customerId };
}

/** When the newest link of this purpose was made for the customer (null: never). */
export async function latestTokenCreatedAt(d1: D1Database, purpose: AccountTokenPurpose, customerId: number): Promise<number | null> {
  const row = await database(d1)
    .select({ createdAt: accountTokens.createdAt })
    .from(accountTokens)
    .where(and(eq(accountTokens.purpose, purpose), eq(accountTokens.customerId, customerId)))
    .orderBy(desc(accountTokens.createdAt))
    .limit(1)
    .get();
  return row?.createdAt ?? null;
}
