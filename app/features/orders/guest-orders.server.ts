import { eq, isNull, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";

import { database } from "~/db/client";
import { orders } from "~/db/schema/orders";

/**
 * A guest who signs in or registers in the browser they ordered from keeps their orders: the orders
 * of the session being replaced become the account's (only those without an owner), so the payment
 * page, the confirmation and /my-purchase still open after the session rotates. Goes in the sign-in's
 * own batch, next to the guest cart's merge. `customerId` may be a subquery (registration inserts
 * the customer in the same batch).
 */
export function adoptGuestOrdersStatement(d1: D1Database, guestSessionId: string, customerId: number | ReturnType<typeof sql>): BatchItem<"sqlite"> {
  return database(d1)
    .update(orders)
    .set({ customerId: customerId as number, sessionId: null })
    .where(sql`${eq(orders.sessionId, guestSessionId)} AND ${isNull(orders.customerId)}`);
}
