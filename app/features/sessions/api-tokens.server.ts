import { and, eq, lt, type SQL } from "drizzle-orm";

import { database } from "~/db/client";
import { apiTokens } from "~/db/schema/accounts";
import { customers, staffUsers } from "~/db/schema/customers";
import { hashToken, isTokenShaped, newToken } from "~/features/accounts/tokens.server";

import { type SessionOwner, type SignedInAccount, signedInAccount, signedInAccountColumns } from "./sessions.server";

/**
 * Bearer tokens of the JSON API (docs/decisions/0016-json-api.md): a random 256-bit token, only its
 * SHA-256 in D1 (table api_tokens), valid 3600 s from issue (spec §4, §9 — the same figure as a
 * session's idle lifetime, signedInIdleSeconds), never renewed. A token of a disabled account stops working at once.
 */
export const apiTokenLifetimeSeconds = 3600;

export interface IssuedApiToken {
  token: string;
  expiresAt: number;
}

/** A new token for the owner: the token (shown once) and the statement that stores its hash. */
export async function newApiToken(d1: D1Database, owner: NonNullable<SessionOwner>, now: number) {
  const token = newToken();
  const expiresAt = now + apiTokenLifetimeSeconds * 1000;
  const statement = database(d1)
    .insert(apiTokens)
    .values({
      tokenHash: await hashToken(token),
      customerId: "customerId" in owner ? owner.customerId : null,
      staffUserId: "staffUserId" in owner ? owner.staffUserId : null,
      expiresAt,
      createdAt: now,
    });
  return { issued: { token, expiresAt } satisfies IssuedApiToken, statement };
}

export type ApiPrincipal = SignedInAccount & { tokenHash: string };

/** Who a bearer token acts for, or why it does not: unknown (or revoked), expired, or its account disabled. */
export async function resolveApiToken(
  d1: D1Database,
  token: string,
  now = Date.now(),
): Promise<{ ok: true; principal: ApiPrincipal } | { ok: false; reason: "invalid" | "expired" }> {
  if (!isTokenShaped(token)) return { ok: false, reason: "invalid" };
  const tokenHash = await hashToken(token);
  const row = await database(d1)
    .select({
      expiresAt: apiTokens.expiresAt,
      ...signedInAccountColumns,
    })
    .from(apiTokens)
    .leftJoin(customers, eq(customers.id, apiTokens.customerId))
    .leftJoin(staffUsers, eq(staffUsers.id, apiTokens.staffUserId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .get();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  const account = signedInAccount(row);
  return account ? { ok: true, principal: { ...account, tokenHash } } : { ok: false, reason: "invalid" };
}

/** Revokes one token (POST /api/users/logout). */
export async function revokeApiToken(d1: D1Database, tokenHash: string): Promise<void> {
  await database(d1).delete(apiTokens).where(eq(apiTokens.tokenHash, tokenHash));
}

/**
 * Every token of an account: goes into the same batch as deleteSessionsOfStatement wherever an
 * account's sessions end (password reset or change, staff deactivation or password reset).
 */
export function deleteApiTokensOfStatement(d1: D1Database, owner: NonNullable<SessionOwner>, onlyIf?: SQL) {
  const db = database(d1);
  const byOwner = "customerId" in owner ? eq(apiTokens.customerId, owner.customerId) : eq(apiTokens.staffUserId, owner.staffUserId);
  return db.delete(apiTokens).where(onlyIf ? and(byOwner, onlyIf) : byOwner);
}

/** Housekeeping for the cron, next to expired sessions. */
export function deleteExpiredApiTokensStatement(d1: D1Database, now: number) {
  return database(d1).delete(apiTokens).where(lt(apiTokens.expiresAt, now));
}
