import { data } from "react-router";

import { listCsvResponse } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";

import type { Route } from "./+types/catalog-export";

/**
 * GET /backend/products/{all-product,category,type,attribute}/export.csv: that catalogue list as
 * its page's query filters it (every page), or only the ticked `ids`, as CSV (one module mounted
 * once per list in app/routes.ts; the list is the one its address names). The Products
 * permission, like the lists; the loader asks again.
 */
const csvOf = {
  "all-product": (args: Route.LoaderArgs) => listCsvResponse(args, catalogLists.products, catalogLists.products.csv),
  category: (args: Route.LoaderArgs) => listCsvResponse(args, catalogLists.categories, catalogLists.categories.csv),
  type: (args: Route.LoaderArgs) => listCsvResponse(args, catalogLists.productTypes, catalogLists.productTypes.csv),
  attribute: (args: Route.LoaderArgs) => listCsvResponse(args, catalogLists.attributes, catalogLists.attributes.csv),
};

export async function loader(args: Route.LoaderArgs) {
  staffRoute(args);
  // The router matched one of the four patterns (case-insensitively): the segment before export.csv names the list.
  const list = /\/products\/([^/]+)\/export\.csv$/i.exec(decodeURIComponent(new URL(args.request.url).pathname))?.[1]?.toLowerCase();
  const respond = list && Object.hasOwn(csvOf, list) ? csvOf[list as keyof typeof csvOf] : null;
  if (!respond) throw data(null, { status: 404 });
  return respond(args);
}
