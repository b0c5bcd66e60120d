import { requireStaffFor } from "~/features/accounts/guards.server";
import { documentFormAction, documentFormLoader } from "~/features/billing/document-form.server";
import { DocumentFormPage } from "~/features/billing/document-form-page";
import { billingTitle } from "~/features/billing/documents.server";
import type { Route } from "./+types/customer-receipt-form";

/** Spec §2 /backend/bill/receipt/customer-form/{id?} (a receipt to a customer's company): see app/features/billing/document-form.server.ts (issue 17). Billings permission. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const loaded = await documentFormLoader(args, "customer");
  return {
    ...loaded,
    meta: { title: billingTitle(args, loaded.document ? "meta.document" : "meta.issue.customer", { number: loaded.document?.number ?? "" }) },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  return documentFormAction(args, "customer");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DocumentForm({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentFormPage loaderData={loaderData} actionData={actionData} />;
}
