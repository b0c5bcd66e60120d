import { data, useLocation } from "react-router";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { customProductListColumns, customProductListDefinition, customProductStatusIds } from "~/features/custom-admin/custom-admin-lists";
import { listCustomProducts } from "~/features/custom-admin/custom-admin.server";
import { customizeAdminContext } from "~/features/custom-admin/custom-admin-routes.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { NewButton } from "~/ui/backend/form-page";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import type { Route } from "./+types/custom-products";

/**
 * Custom products (spec §2 /backend/customizes; issue 6 item 6): the back-office list pattern —
 * search a name or slug, status filter, sort, pages, CSV at ./export.csv, print view — with links
 * to edit.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { t, title } = customizeAdminContext(args.context);
  const list = await loadListPage(args, { definition: customProductListDefinition, fetch: listCustomProducts });
  return data({ list, meta: { title: title(t("meta.products")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function CustomProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/customizes");
  const { list } = loaderData;
  const { query } = list;
  return (
    <ListView
      list={list}
      definition={customProductListDefinition}
      base={base}
      namespace="customizeAdmin"
      title={t("products.heading")}
      intro={t("products.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-custom-product">
          {t("products.newProduct")}
        </NewButton>
      }
      searchPlaceholder={t("products.searchPlaceholder")}
      filters={
        <FilterSelect
          name="status"
          label={t("products.columns.status")}
          value={query.filters.status}
          allLabel={t("lists.all")}
          options={customProductStatusIds.map((statusId) => ({ value: statusId, label: t(`status.${statusId}`) }))}
        />
      }
      columns={customProductListColumns}
      rowId={(product) => product.id}
      rowName={(product) => localized(product, "name", locale)}
      rowTestId="custom-product-row"
      testId="custom-product-list"
      empty={query.q || query.filters.status ? t("lists.emptyFiltered") : t("products.empty")}
      exportPath={`${base}/export.csv`}
    />
  );
}
