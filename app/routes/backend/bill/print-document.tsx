import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadPrintedDocument } from "~/features/billing/documents.server";
import { PrintedDocumentPage } from "~/features/billing/printed-document-page";

import type { Route } from "./+types/print-document";

/**
 * A document for paper (issue 17; Billings permission): a tax invoice or credit note (spec §2
 * /backend/bill/invoices/printInvoice), a receipt (/backend/bill/receipt/printReceipt) or the
 * customer's receipt, which also prints the buyer, the company it was issued to
 * (./printCustomerReceipt). `&paper=80mm` for the till roll. Which one comes from the matched route.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const printed = await loadPrintedDocument(args, args.pattern.endsWith("/printInvoice") ? "invoice" : "receipt");
  return { ...printed, showBuyer: args.pattern.endsWith("/printCustomerReceipt") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PrintDocument({ loaderData }: Route.ComponentProps) {
  return <PrintedDocumentPage document={loaderData.document} copy={loaderData.copy} paper={loaderData.paper} showBuyer={loaderData.showBuyer} />;
}
