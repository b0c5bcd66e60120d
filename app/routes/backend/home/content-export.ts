import { data } from "react-router";

import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { contentLists } from "~/features/content/content-lists.server";

import type { Route } from "./+types/content-export";

/**
 * GET /backend/home/{activities,collections,size-guide}/export.csv: that list as its page's query
 * filters it (every page), or only the ticked `ids`, as CSV (one module mounted once per list in
 * app/routes.ts; the list is the one its address names). The Home permission, like the lists; the
 * loader asks again.
 */
const csvOf = {
  activities: (args: Route.LoaderArgs) => listCsvResponse(args, contentLists.activities, contentLists.activities.csv),
  collections: (args: Route.LoaderArgs) => listCsvResponse(args, contentLists.collections, contentLists.collections.csv),
  "size-guide": (args: Route.LoaderArgs) => listCsvResponse(args, contentLists.sizeGuides, contentLists.sizeGuides.csv),
};

export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  // The router matched one of the three patterns (case-insensitively): the segment before export.csv names the list.
  const list = /\/home\/([^/]+)\/export\.csv$/i.exec(decodeURIComponent(new URL(args.request.url).pathname))?.[1]?.toLowerCase();
  const respond = list && Object.hasOwn(csvOf, list) ? csvOf[list as keyof typeof csvOf] : null;
  if (!respond) throw data(null, { status: 404 });
  return respond(args);
}
