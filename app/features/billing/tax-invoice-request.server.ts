import { eq } from "drizzle-orm";

import { database } from "~/db/client";
import { customers } from "~/db/schema/customers";
import type { BuyerDetails } from "~/domain/tax-documents";

import { taxInvoiceColumns } from "./tax-invoice-request";

/**
 * The tax-invoice buyer a customer's account remembers (issue 17): written with the order that asked
 * for it (in the order's batch) or from the profile, read to prefill the next checkout.
 */
export async function rememberedTaxInvoice(d1: D1Database, customerId: number) {
  const [row] = await database(d1)
    .select({
      taxInvoiceName: customers.taxInvoiceName,
      taxInvoiceTaxId: customers.taxInvoiceTaxId,
      taxInvoiceBranch: customers.taxInvoiceBranch,
      taxInvoiceAddress: customers.taxInvoiceAddress,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row ?? { taxInvoiceName: null, taxInvoiceTaxId: null, taxInvoiceBranch: null, taxInvoiceAddress: null };
}

/** The statement that makes the account remember this buyer (null forgets it). */
export function rememberTaxInvoiceStatement(d1: D1Database, customerId: number, buyer: BuyerDetails | null, now: number) {
  return database(d1)
    .update(customers)
    .set({ ...taxInvoiceColumns(buyer), updatedAt: now })
    .where(eq(customers.id, customerId));
}
