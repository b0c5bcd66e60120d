import { staffListLoader } from "~/features/backoffice/list-page.server";
import { activityListSpec } from "~/features/content/content-lists";
import { contentLists } from "~/features/content/content-lists.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/activities";

/**
 * Activities (spec §2 /backend/home/activities; issue 4 item 11), roles 1, 2, 4 ("home" group): the
 * back-office list pattern — search by title or slug, draft / scheduled / published, sort (drafts
 * first, then by publication), pages, CSV at ./export.csv, print view.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "contentAdmin", "meta.activities", contentLists.activities);

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Activities({ loaderData }: Route.ComponentProps) {
  return <RecordList spec={activityListSpec} list={loaderData.list} />;
}
