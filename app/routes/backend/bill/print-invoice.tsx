import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadPrintedDocument } from "~/features/billing/documents.server";
import { PrintedDocumentPage } from "~/features/billing/printed-document-page";
import type { Route } from "./+types/print-invoice";

/** A tax invoice or credit note for paper (spec §2 /backend/bill/invoices/printInvoice; issue 17). Billings permission. */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  return loadPrintedDocument(args, "invoice");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function PrintInvoice({ loaderData }: Route.ComponentProps) {
  return <PrintedDocumentPage document={loaderData.document} copy={loaderData.copy} paper={loaderData.paper} />;
}
