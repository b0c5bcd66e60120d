import { staffListLoader } from "~/features/backoffice/list-page.server";
import { attributeListSpec } from "~/features/catalog-admin/catalog-lists";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/attributes";

/**
 * Attributes (spec §2 /backend/products/attribute; issue 4 item 8): code, names, display type, options: the back-office list pattern — search, sort, pages, CSV of the filtered list at ./export.csv,
 * print view (app/features/catalog-admin/catalog-lists.tsx); each row links to its form.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "catalogAdmin", "meta.attributes", catalogLists.attributes);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Attributes({ loaderData }: Route.ComponentProps) {
  return <RecordList spec={attributeListSpec} list={loaderData.list} />;
}
