import { localized } from "~/i18n/localized";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton, Thumbnail } from "~/ui/backend/form-page";
import { catalogAdminContext } from "~/features/catalog-admin/route-helpers.server";
import { listAdminCategories } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/categories";

/** Categories (spec §2 /backend/products/category; issue 4 item 8): the list, with links to edit. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  return data({ categories: await listAdminCategories(env.DB), meta: { title: title(t("meta.categories")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/products/category");
  return (
    <div data-testid="categories-page">
      <PageHeading title={t("categories.heading")} intro={t("categories.intro")}>
        <NewButton to={`${base}/form`} testId="new-category">
          {t("categories.newCategory")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("categories.heading")}
        testId="category-list"
        rowCount={loaderData.categories.length}
        empty={t("categories.empty")}
        columns={[
          { label: t("categories.columns.image"), className: "w-16" },
          { label: t("categories.columns.name") },
          { label: t("categories.columns.slug") },
          { label: t("categories.columns.products"), numeric: true },
          { label: t("categories.columns.sortOrder"), numeric: true },
        ]}
      >
        {loaderData.categories.map((category) => (
          <tr key={category.id} data-testid="category-row">
            <td className="px-3 py-2">
              <Thumbnail imageKey={category.imageKey} size={40} />
            </td>
            <td className="px-3 py-2">
              <Link to={`${base}/form/${category.id}`} className="font-semibold text-primary-dark underline">
                {localized(category, "name", locale)}
              </Link>
              <div className="text-xs text-ink-muted">{locale === "th" ? category.nameEn : category.nameTh}</div>
            </td>
            <td className="px-3 py-2 font-mono text-xs">{category.slug}</td>
            <td className="px-3 py-2 text-right tabular-nums">{category.productCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">{category.sortOrder}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
