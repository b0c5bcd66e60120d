import { requireStaffFor } from "~/features/accounts/guards.server";
import { DocumentListPage } from "~/features/billing/document-list-page";
import { billingTitle, loadDocumentList } from "~/features/billing/documents.server";
import type { Route } from "./+types/overview";

/**
 * Every tax document and receipt the shop has issued (spec §2 /backend/invoices), both tables in one list; issue 17, the "billings" group (roles 1–3). The shared document list
 * (app/features/billing/document-list-page.tsx): search, filters, sort, pages, CSV at ./export.csv, print view.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const list = await loadDocumentList(args, "all");
  return { list, meta: { title: billingTitle(args, "meta.overview") } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DocumentList({ loaderData }: Route.ComponentProps) {
  return <DocumentListPage source="all" list={loaderData.list} />;
}
