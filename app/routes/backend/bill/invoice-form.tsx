import { requireStaffFor } from "~/features/accounts/guards.server";
import { documentFormAction, documentFormLoader } from "~/features/billing/document-form.server";
import { DocumentFormPage } from "~/features/billing/document-form-page";
import { billingTitle } from "~/features/billing/documents.server";
import type { Route } from "./+types/invoice-form";

/** Spec §2 /backend/bill/invoices/form/{id?}: see app/features/billing/document-form.server.ts (issue 17). Billings permission. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const loaded = await documentFormLoader(args, "invoice");
  return {
    ...loaded,
    meta: { title: billingTitle(args, loaded.document ? "meta.document" : "meta.issue.invoice", { number: loaded.document?.number ?? "" }) },
  };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  return documentFormAction(args, "invoice");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DocumentForm({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentFormPage loaderData={loaderData} actionData={actionData} />;
}
