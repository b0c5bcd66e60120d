import { staffRoute } from "~/features/backoffice/staff-route.server";
import { documentListCsv, documentSourceOf } from "~/features/billing/documents.server";

import type { Route } from "./+types/document-list-export";

/** GET ./export.csv of a billing list (./document-list.tsx), as the page's query filters it. Billings permission, like the list. */
export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  return documentListCsv(args, documentSourceOf(args.pattern));
}
