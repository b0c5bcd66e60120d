import { requireStaffFor } from "~/features/accounts/guards.server";
import { documentListCsv } from "~/features/billing/documents.server";
import type { Route } from "./+types/overview-export";

/** GET ./export.csv of the all document list, as the page's query filters it. Billings permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  return documentListCsv(args, "all");
}
