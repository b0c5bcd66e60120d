import { useLocation } from "react-router";

import { productKinds, productStatusIds } from "~/domain/catalog";
import { listActionAnswer, listAddressAfterAction, parseBulkAction, staffListLoader } from "~/features/backoffice/list-page.server";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { productListSpec, productStatuses } from "~/features/catalog-admin/catalog-lists";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";
import { setProductsStatus } from "~/features/catalog-admin/products-admin.server";
import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/products";

/**
 * All products (spec §2 /backend/products/all-product; issue 4 item 8, issue 15): the back-office
 * list pattern — search by name (English or Thai) or SKU, filter by category, status and kind,
 * sort, pages, CSV of the filtered list (./export.csv), print view — with bulk "publish" and
 * "unpublish" (hide; asks first) of the ticked products, each in one batch with the search index.
 */
export const loader = (args: Route.LoaderArgs) => staffListLoader(args, "catalogAdmin", "meta.products", catalogLists.products);

const bulkStatus = { publish: productStatusIds.published, unpublish: productStatusIds.hidden } as const;

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args, "catalogAdmin");
  const formData = await args.request.formData();
  const bulk = parseBulkAction(formData, ["publish", "unpublish"]);
  if (!bulk.ok) return bulk.answer;
  const { intent, ids } = bulk;
  // Taking products out of the shop is asked first (without JavaScript: a confirm step on the page).
  if (intent === "unpublish" && !isConfirmed(formData)) return listActionAnswer(200, { confirm: confirmStep(formData) });
  const count = await setProductsStatus(env.DB, ids, bulkStatus[intent]);
  return redirectWithToast(args.request, listAddressAfterAction(args.request), { key: `catalogAdmin:products.bulk.${intent}Done`, values: { count } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Products({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { list } = loaderData;
  const { query } = list;
  const unpublishQuestion = {
    title: t("products.bulk.confirmUnpublish.title"),
    description: t("products.bulk.confirmUnpublish.description"),
    confirmLabel: t("products.bulk.confirmUnpublish.yes"),
  };
  return (
    <RecordList
      spec={productListSpec}
      list={list}
      answer={actionData}
      filters={
        <>
          <FilterSelects
            query={query}
            allLabel={t("actions.all")}
            selects={[
              {
                name: "category",
                label: t("fields.categoryId"),
                options: list.categories.map((category) => ({ value: category.id, label: localized(category, "name", locale) })),
              },
              { name: "status", label: t("fields.statusId"), options: productStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) })) },
              { name: "kind", label: t("fields.kind"), options: productKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) })) },
            ]}
          />
        </>
      }
      bulkActions={[
        { intent: "publish", label: t("products.bulk.publish") },
        { intent: "unpublish", label: t("products.bulk.unpublish"), confirm: unpublishQuestion },
      ]}
    />
  );
}
