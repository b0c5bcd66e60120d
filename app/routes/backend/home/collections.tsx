import { data } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { collectionListSpec, collectionStates } from "~/features/content/content-lists";
import { contentLists } from "~/features/content/content-lists.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelect } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import type { Route } from "./+types/collections";

/**
 * Collections (spec §2 /backend/home/collections; issue 4 item 11), roles 1, 2, 4: the back-office
 * list pattern — search by name or slug, published / hidden / featured, sort, pages, CSV at
 * ./export.csv, print view.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "contentAdmin");
  return data({ list: await loadListPage(args, contentLists.collections), meta: { title: title(t("meta.collections")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Collections({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const { list } = loaderData;
  return (
    <RecordList
      spec={collectionListSpec}
      list={list}
      filters={
        <FilterSelect
          name="status"
          label={t("collections.columns.status")}
          value={list.query.filters.status}
          allLabel={t("common.all")}
          options={collectionStates.map((state) => ({ value: state, label: t(`collections.${state}`) }))}
        />
      }
    />
  );
}
