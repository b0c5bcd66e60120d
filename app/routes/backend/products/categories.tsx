import { staffListLoader } from "~/features/backoffice/list-page.server";
import { categoryListSpec } from "~/features/catalog-admin/catalog-lists";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/categories";

/**
 * Categories (spec §2 /backend/products/category; issue 4 item 8): the back-office list pattern — search, sort, pages, CSV of the filtered list at ./export.csv,
 * print view (app/features/catalog-admin/catalog-lists.tsx); each row links to its form.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "catalogAdmin", "meta.categories", catalogLists.categories);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Categories({ loaderData }: Route.ComponentProps) {
  return <RecordList spec={categoryListSpec} list={loaderData.list} />;
}
