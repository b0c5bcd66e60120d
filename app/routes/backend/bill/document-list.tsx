import { staffRoute } from "~/features/backoffice/staff-route.server";
import { DocumentListPage } from "~/features/billing/document-list-page";
import { billingTitle, documentSourceOf, loadDocumentList } from "~/features/billing/documents.server";

import type { Route } from "./+types/document-list";

/**
 * The billing lists (issue 17, the "billings" group, roles 1–3): every document the shop has issued
 * (spec §2 /backend/invoices), tax invoices and credit notes (/backend/bill/invoices), receipts
 * (/backend/bill/receipt). One list (app/features/billing/document-list-page.tsx): search, filters,
 * sort, pages, CSV at ./export.csv, print view. Which list comes from the matched route's pattern.
 */
const titleKeys = { invoice: "meta.invoices", receipt: "meta.receipts", all: "meta.overview" } as const;

export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const source = documentSourceOf(args.pattern);
  const list = await loadDocumentList(args, source);
  return { source, list, meta: { title: billingTitle(args, titleKeys[source]) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DocumentList({ loaderData }: Route.ComponentProps) {
  return <DocumentListPage source={loaderData.source} list={loaderData.list} />;
}
