import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { accountTokens, authThrottle, socialSignUps } from "~/db/schema/accounts";
import { customers } from "~/db/schema/customers";
import { deleteExpiredAccountRecords } from "~/features/accounts/housekeeping.server";
import { throttleWindowMs } from "~/features/accounts/throttle.server";

const db = () => database(env.DB);
const day = 24 * 60 * 60_000;

describe("daily account housekeeping", () => {
  it("given expired and live bookkeeping rows, should delete only the expired ones", async () => {
    const now = Date.now();
    await db()
      .insert(authThrottle)
      .values([
        { key: "hk:old", count: 3, windowStart: now - throttleWindowMs - 1 },
        { key: "hk:live", count: 3, windowStart: now - 1000 },
      ]);
    const signUp = { provider: "google" as const, subject: "s", email: "hk@example.test", emailVerified: true, firstName: "H", lastName: "K", createdAt: now };
    await db()
      .insert(socialSignUps)
      .values([
        { ...signUp, tokenHash: "hk-old", expiresAt: now - 1 },
        { ...signUp, tokenHash: "hk-live", expiresAt: now + 60_000 },
      ]);
    const [customer] = await db().select({ id: customers.id }).from(customers).limit(1);
    await db()
      .insert(accountTokens)
      .values([
        { purpose: "reset-password", tokenHash: "hk-token-old", customerId: customer!.id, expiresAt: now - 8 * day, createdAt: now - 8 * day },
        { purpose: "reset-password", tokenHash: "hk-token-recent", customerId: customer!.id, expiresAt: now - day, createdAt: now - day },
      ]);

    await deleteExpiredAccountRecords(env.DB, now);

    const keys = (
      await db()
        .select({ key: authThrottle.key })
        .from(authThrottle)
        .where(inArray(authThrottle.key, ["hk:old", "hk:live"]))
    ).map((row) => row.key);
    expect(keys).toEqual(["hk:live"]);
    const signUps = (
      await db()
        .select({ token: socialSignUps.tokenHash })
        .from(socialSignUps)
        .where(inArray(socialSignUps.tokenHash, ["hk-old", "hk-live"]))
    ).map((row) => row.token);
    expect(signUps).toEqual(["hk-live"]);
    const tokens = (
      await db()
        .select({ token: accountTokens.tokenHash })
        .from(accountTokens)
        .where(inArray(accountTokens.tokenHash, ["hk-token-old", "hk-token-recent"]))
    ).map((row) => row.token);
    expect(tokens).toEqual(["hk-token-recent"]);
  });
});
