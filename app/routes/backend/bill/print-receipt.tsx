import { useLocation } from "react-router";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadPrintedDocument } from "~/features/billing/documents.server";
import { PrintedDocumentPage } from "~/features/billing/printed-document-page";
import type { Route } from "./+types/print-receipt";

/**
 * A receipt for paper (spec §2 /backend/bill/receipt/printReceipt and ./printCustomerReceipt; issue
 * 17): the customer's version also prints the buyer (the company the receipt was issued to).
 * `&paper=80mm` for the till roll. Billings permission.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  return loadPrintedDocument(args, "receipt");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PrintReceipt({ loaderData }: Route.ComponentProps) {
  const customer = useLocation().pathname.toLowerCase().endsWith("/printcustomerreceipt");
  return <PrintedDocumentPage document={loaderData.document} copy={loaderData.copy} paper={loaderData.paper} showBuyer={customer} />;
}
