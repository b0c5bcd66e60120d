import { and, gt, inArray, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";
import { emailOutbox } from "~/db/schema/messaging";
import {
  accountAddressThrottlePrefix,
  accountThrottleKey,
  addressThrottleKey,
  type SignInCounters,
  type SignInKind,
  signInLimits,
  type SignInThrottleKeys,
  signInThrottleWindowMs,
} from "~/domain/sign-in-throttle";
import type { OutgoingEmail } from "~/features/email/outbox.server";
import { emailSubject } from "~/features/email/templates";

/**
 * Failure counters in `auth_throttle` (docs/decisions/0007): sign-in (the rules are in
 * `~/domain/sign-in-throttle`), and the other guessable forms that borrow the table with their own
 * keys and limits (e-mail check, order tracking, contact form, password change).
 */
export const throttleWindowMs = signInThrottleWindowMs;

/** Cloudflare puts the visitor's address in CF-Connecting-IP; locally there is none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || "local";
}

/** The live count (within the window) of each key; a key without a live row counts 0. */
export async function liveCounts(d1: D1Database, keys: string[], now = Date.now()): Promise<Map<string, number>> {
  const rows = await database(d1)
    .select({ key: authThrottle.key, count: authThrottle.count })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.windowStart, now - throttleWindowMs)));
  return new Map(rows.map((row) => [row.key, row.count]));
}

export function signInCounters(keys: SignInThrottleKeys, counts: Map<string, number>): SignInCounters {
  return {
    account: counts.get(keys.account) ?? 0,
    accountAddress: counts.get(keys.accountAddress) ?? 0,
    address: counts.get(keys.address) ?? 0,
    device: keys.device ? (counts.get(keys.device) ?? 0) : 0,
  };
}

/** Whether one key's counter has reached `limit` within the window. */
export async function isKeyThrottled(d1: D1Database, key: string, limit: number, now = Date.now()): Promise<boolean> {
  return ((await liveCounts(d1, [key], now)).get(key) ?? 0) >= limit;
}

/** Counts one failure under a key; a window that has run out starts again at 1. */
export function recordFailureStatement(d1: D1Database, key: string, now: number) {
  const expired = sql`${authThrottle.windowStart} <= ${now - throttleWindowMs}`;
  return database(d1)
    .insert(authThrottle)
    .values({ key, count: 1, windowStart: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${authThrottle.count} + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${authThrottle.windowStart} END`,
      },
    });
}

export function clearThrottleStatement(d1: D1Database, key: string) {
  return database(d1)
    .delete(authThrottle)
    .where(inArray(authThrottle.key, [key]));
}

/** Lifts every sign-in counter of one account: its account-wide ceiling and each address's (a password reset). */
export function clearAccountThrottleStatement(d1: D1Database, kind: SignInKind, email: string) {
  const prefix = accountAddressThrottlePrefix(kind, email);
  // substr, not LIKE: e-mails contain "_" and "%" would be a wildcard.
  return database(d1)
    .delete(authThrottle)
    .where(sql`${authThrottle.key} = ${accountThrottleKey(kind, email)} OR substr(${authThrottle.key}, 1, ${prefix.length}) = ${prefix}`);
}

/**
 * The "your account was locked" mail, written only when the account-wide counter stands exactly at
 * its ceiling — put after the failure's counter update in the same batch, it is written by the one
 * failure that reached the ceiling and by no other (once per lock window, not per failure), and
 * atomically with it.
 */
export function lockMailStatement(d1: D1Database, accountKey: string, mail: OutgoingEmail, now: number) {
  const subject = mail.subject ?? emailSubject(mail.template, mail.locale);
  // Columns in the table's order (id is left to SQLite).
  return database(d1)
    .insert(emailOutbox)
    .select(
      sql`SELECT NULL, ${mail.to}, ${mail.locale}, ${mail.template}, ${subject}, ${JSON.stringify(mail.payload)}, 'pending', 0, ${now}, NULL, NULL, ${now}
          FROM ${authThrottle} WHERE ${authThrottle.key} = ${accountKey} AND ${authThrottle.count} = ${signInLimits.account} AND ${authThrottle.windowStart} > ${now - throttleWindowMs}`,
    );
}

/**
 * The e-mail check (POST /api/users/checkemail) tells whether an account exists, so it is counted
 * like a failed sign-in: every check adds one to the client address's counter, under the same
 * limit (20 in 15 minutes) — and shares the counter with sign-in failures, so neither can be used
 * to go round the other.
 */
export async function countEmailCheck(d1: D1Database, address: string, now = Date.now()): Promise<{ throttled: boolean }> {
  const key = addressThrottleKey(address);
  if (await isKeyThrottled(d1, key, signInLimits.address, now)) return { throttled: true };
  await recordFailureStatement(d1, key, now);
  return { throttled: false };
}
