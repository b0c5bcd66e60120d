import { lt } from "drizzle-orm";

import { database } from "~/db/client";
import { accountTokens, authThrottle, socialSignUps } from "~/db/schema/accounts";

import { throttleWindowMs } from "./throttle.server";

/**
 * Daily clean-up of account bookkeeping that has no use once expired: sign-in failure counters
 * whose window has passed, pending social sign-ups nobody finished, and one-time links past their
 * expiry (kept a week for support questions). One batch.
 */
export async function deleteExpiredAccountRecords(d1: D1Database, now = Date.now()): Promise<void> {
  const db = database(d1);
  await db.batch([
    db.delete(authThrottle).where(lt(authThrottle.windowStart, now - throttleWindowMs)),
    db.delete(socialSignUps).where(lt(socialSignUps.expiresAt, now)),
    db.delete(accountTokens).where(lt(accountTokens.expiresAt, now - 7 * 24 * 60 * 60_000)),
  ]);
}
