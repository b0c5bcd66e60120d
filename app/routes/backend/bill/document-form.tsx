import { staffRoute } from "~/features/backoffice/staff-route.server";
import { documentFormAction, documentFormLoader, type DocumentFormMode } from "~/features/billing/document-form.server";
import { DocumentFormPage } from "~/features/billing/document-form-page";
import { billingTitle } from "~/features/billing/documents.server";

import type { Route } from "./+types/document-form";

/**
 * Spec §2 /backend/bill/invoices/form/{id?}, /backend/bill/receipt/form/{id?} and
 * /backend/bill/receipt/customer-form/{id?} (a receipt to a customer's company): issue, void and
 * credit documents (app/features/billing/document-form.server.ts; issue 17). Billings permission.
 * Which form it is comes from the route React Router matched, never from the URL's spelling.
 */
function modeOf(pattern: string): DocumentFormMode {
  if (pattern.includes("/bill/receipt/customer-form/")) return "customer";
  return pattern.includes("/bill/invoices/") ? "invoice" : "receipt";
}

export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  const mode = modeOf(args.pattern);
  const loaded = await documentFormLoader(args, mode);
  return {
    ...loaded,
    meta: { title: billingTitle(args, loaded.document ? "meta.document" : `meta.issue.${mode}`, { number: loaded.document?.number ?? "" }) },
  };
}

export async function action(args: Route.ActionArgs) {
  staffRoute(args);
  return documentFormAction(args, modeOf(args.pattern));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DocumentForm({ loaderData, actionData }: Route.ComponentProps) {
  return <DocumentFormPage loaderData={loaderData} actionData={actionData} />;
}
