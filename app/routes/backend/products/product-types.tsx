import { staffListLoader } from "~/features/backoffice/list-page.server";
import { productTypeListSpec } from "~/features/catalog-admin/catalog-lists";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/product-types";

/**
 * Product types (spec §2 /backend/products/type; issue 4 item 8), each with its attributes in order: the back-office list pattern — search, sort, pages, CSV of the filtered list at ./export.csv,
 * print view (app/features/catalog-admin/catalog-lists.tsx); each row links to its form.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "catalogAdmin", "meta.types", catalogLists.productTypes);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ProductTypes({ loaderData }: Route.ComponentProps) {
  return <RecordList spec={productTypeListSpec} list={loaderData.list} />;
}
