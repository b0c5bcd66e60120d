import { staffListLoader } from "~/features/backoffice/list-page.server";
import { listCustomProducts } from "~/features/custom-admin/custom-admin.server";
import { customProductListDefinition, customProductListSpec } from "~/features/custom-admin/custom-admin-lists";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/custom-products";

/**
 * Custom products (spec §2 /backend/customizes; issue 6 item 6): the back-office list pattern —
 * search a name or slug, status filter, sort, pages, CSV at ./export.csv, print view — with links
 * to edit.
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "customizeAdmin", "meta.products", { definition: customProductListDefinition, fetch: listCustomProducts });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomProducts({ loaderData: { list } }: Route.ComponentProps) {
  return <RecordList spec={customProductListSpec} list={list} />;
}
