import { data } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { activityListSpec, activityStates } from "~/features/content/content-lists";
import { contentLists } from "~/features/content/content-lists.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelect } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import type { Route } from "./+types/activities";

/**
 * Activities (spec §2 /backend/home/activities; issue 4 item 11), roles 1, 2, 4 ("home" group): the
 * back-office list pattern — search by title or slug, draft / scheduled / published, sort (drafts
 * first, then by publication), pages, CSV at ./export.csv, print view.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "contentAdmin");
  return data({ list: await loadListPage(args, contentLists.activities), meta: { title: title(t("meta.activities")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { list } = loaderData;
  return (
    <RecordList
      spec={activityListSpec}
      list={list}
      filters={
        <FilterSelect
          name="status"
          label={t("activities.columns.status")}
          value={list.query.filters.status}
          allLabel={t("common.all")}
          options={activityStates.map((state) => ({ value: state, label: t(`activities.${state}`) }))}
        />
      }
    />
  );
}
