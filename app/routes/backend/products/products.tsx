import { data, useLocation } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { productKinds, productStatusIds } from "~/domain/catalog";
import { listHref, selectedIds } from "~/domain/list-query";
import { listActionAnswer, listAddressAfterAction, loadListPage } from "~/features/backoffice/list-page.server";
import { productListDefinition, productListSpec, productStatuses } from "~/features/catalog-admin/catalog-lists";
import { catalogLists } from "~/features/catalog-admin/catalog-lists.server";
import { setProductsStatus } from "~/features/catalog-admin/products-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Alert } from "~/ui/alert";
import { FilterSelect } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import { confirmStep, confirmStepValue, isConfirmed } from "~/ui/confirm";
import { ConfirmStep } from "~/ui/confirm-dialog";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/products";

/**
 * All products (spec §2 /backend/products/all-product; issue 4 item 8, issue 15): the back-office
 * list pattern — search by name (English or Thai) or SKU, filter by category, status and kind,
 * sort, pages, CSV of the filtered list (./export.csv), print view — with bulk "publish" and
 * "unpublish" (hide; asks first) of the ticked products, each in one batch with the search index.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "catalogAdmin");
  const list = await loadListPage(args, catalogLists.products);
  return data({ list, meta: { title: title(t("meta.products")) } });
}

const bulkStatus = { publish: productStatusIds.published, unpublish: productStatusIds.hidden } as const;

export async function action(args: Route.ActionArgs) {
  const { env, t } = staffRoute(args, "catalogAdmin");
  const formData = await args.request.formData();
  const intent = formData.get("intent");
  if (intent !== "publish" && intent !== "unpublish") return listActionAnswer(400, { formError: t("validation.unknownAction") });
  const ids = selectedIds(formData);
  if (ids.length === 0) return listActionAnswer(400, { formError: t("lists:selection.noneSelected") });
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
  const here = listHref(localizePath(locale, "/backend/products/all-product"), productListDefinition, query);
  const unpublishQuestion = {
    title: t("products.bulk.confirmUnpublish.title"),
    description: t("products.bulk.confirmUnpublish.description"),
    confirmLabel: t("products.bulk.confirmUnpublish.yes"),
  };
  return (
    <RecordList
      spec={productListSpec}
      list={list}
      above={
        <>
          {actionData?.formError ? (
            <Alert tone="error" testId="form-error">
              {actionData.formError}
            </Alert>
          ) : null}
          {actionData?.confirm && confirmStepValue(actionData.confirm, "intent") === "unpublish" ? (
            <ConfirmStep step={actionData.confirm} action={here} cancelTo={here} {...unpublishQuestion} />
          ) : null}
        </>
      }
      filters={
        <>
          <FilterSelect
            name="category"
            label={t("fields.categoryId")}
            value={query.filters.category}
            allLabel={t("actions.all")}
            options={list.categories.map((category) => ({ value: category.id, label: localized(category, "name", locale) }))}
          />
          <FilterSelect
            name="status"
            label={t("fields.statusId")}
            value={query.filters.status}
            allLabel={t("actions.all")}
            options={productStatuses.map((status) => ({ value: status, label: t(`statuses.${status}`) }))}
          />
          <FilterSelect
            name="kind"
            label={t("fields.kind")}
            value={query.filters.kind}
            allLabel={t("actions.all")}
            options={productKinds.map((kind) => ({ value: kind, label: t(`kinds.${kind}`) }))}
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
