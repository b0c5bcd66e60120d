import { requireStaffFor } from "~/features/accounts/guards.server";
import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { listInvoices } from "~/features/billing/documents.server";
import { invoiceListColumns, invoiceListDefinition } from "~/features/billing/invoice-list";
import type { Route } from "./+types/invoices-export";

/** GET /backend/bill/invoices/export.csv: the tax-document list as the page's query filters it, as CSV. Billings permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  return listCsvResponse(
    args,
    { definition: invoiceListDefinition, fetch: listInvoices },
    { namespace: "billing", columns: invoiceListColumns, filename: "tax-invoices" },
  );
}
