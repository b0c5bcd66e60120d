import { inArray, sql } from "drizzle-orm";
import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";

/**
 * Sign-in throttling (docs/decisions/0007): at most 5 failures per account and 20 per client
 * address in 15 minutes. The account key is the e-mail typed, whether or not an account has it, so
 * throttling reveals nothing. A successful sign-in clears the account's counter (not the address's).
 */
export const throttleWindowMs = 15 * 60_000;
export const accountFailureLimit = 5;
export const addressFailureLimit = 20;

export interface ThrottleKeys {
  account: string;
  address: string;
}

/** Cloudflare puts the visitor's address in CF-Connecting-IP; locally there is none. */
export function clientAddress(request: Request): string {
  return request.headers.get("CF-Connecting-IP")?.trim().slice(0, 64) || "local";
}

export function throttleKeys(kind: "customer" | "staff", email: string, address: string): ThrottleKeys {
  return { account: `login:acct:${kind}:${email.slice(0, 254)}`, address: `login:ip:${address}` };
}

export async function isThrottled(d1: D1Database, keys: ThrottleKeys, now = Date.now()): Promise<boolean> {
  const rows = await database(d1)
    .select()
    .from(authThrottle)
    .where(inArray(authThrottle.key, [keys.account, keys.address]));
  return rows.some((row) => {
    if (row.windowStart <= now - throttleWindowMs) return false;
    return row.count >= (row.key === keys.account ? accountFailureLimit : addressFailureLimit);
  });
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
  return database(d1).delete(authThrottle).where(inArray(authThrottle.key, [key]));
}

/**
 * The e-mail check (POST /api/users/checkemail) tells whether an account exists, so it is counted
 * like a failed sign-in: every check adds one to the client address's counter, under the same
 * limit (20 in 15 minutes) — and shares the counter with sign-in failures, so neither can be used
 * to go round the other.
 */
export async function countEmailCheck(d1: D1Database, address: string, now = Date.now()): Promise<{ throttled: boolean }> {
  // The account key of an empty e-mail never has a row (sign-in refuses an empty e-mail): only the address counts.
  const keys = throttleKeys("customer", "", address);
  if (await isThrottled(d1, keys, now)) return { throttled: true };
  await recordFailureStatement(d1, keys.address, now);
  return { throttled: false };
}
