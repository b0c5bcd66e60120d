import { type SQL, sql } from "drizzle-orm";

/**
 * The distributor an order snapshots when it is placed (orders.distributor_affiliate_id): the
 * customer's approved affiliate application then, if any. A snapshot, so approving an affiliate
 * later does not turn their past orders into distributor orders (docs/decisions/0020-report-summaries.md).
 * For raw D1 statements, bind the customer id (or null) once.
 */
export const distributorAtPlacingSql = "(SELECT min(id) FROM affiliates WHERE customer_id = ? AND status = 'approved')";

/** {@link distributorAtPlacingSql} for a Drizzle insert's values (a guest has none). */
export function distributorAtPlacing(customerId: number | null): SQL | null {
  return customerId === null ? null : sql`(SELECT min(id) FROM affiliates WHERE customer_id = ${customerId} AND status = 'approved')`;
}
