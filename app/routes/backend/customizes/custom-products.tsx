import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { customProductListDefinition, customProductListSpec, customProductStatusIds } from "~/features/custom-admin/custom-admin-lists";
import { listCustomProducts } from "~/features/custom-admin/custom-admin.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import { data } from "react-router";
import type { Route } from "./+types/custom-products";

/**
 * Custom products (spec §2 /backend/customizes; issue 6 item 6): the back-office list pattern —
 * search a name or slug, status filter, sort, pages, CSV at ./export.csv, print view — with links
 * to edit.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "customizeAdmin");
  return data({
    list: await loadListPage(args, { definition: customProductListDefinition, fetch: listCustomProducts }),
    meta: { title: title(t("meta.products")) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomProducts({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const statuses = customProductStatusIds.map((statusId) => ({ value: statusId, label: t(`status.${statusId}`) }));
  return (
    <RecordList
      spec={customProductListSpec}
      list={list}
      filters={
        <FilterSelects query={list.query} allLabel={t("lists.all")} selects={[{ name: "status", label: t("products.columns.status"), options: statuses }]} />
      }
    />
  );
}
