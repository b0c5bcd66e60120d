import { staffListLoader } from "~/features/backoffice/list-page.server";
import { collectionListSpec } from "~/features/content/content-lists";
import { contentLists } from "~/features/content/content-lists.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/collections";

/**
 * Collections (spec §2 /backend/home/collections; issue 4 item 11), roles 1, 2, 4: the back-office
 * list pattern — search by name or slug, published / hidden / featured, sort, pages, CSV at
 * ./export.csv, print view.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "contentAdmin", "meta.collections", contentLists.collections);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Collections({ loaderData }: Route.ComponentProps) {
  return <RecordList spec={collectionListSpec} list={loaderData.list} />;
}
