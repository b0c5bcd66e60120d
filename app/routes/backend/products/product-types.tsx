import { localized } from "~/i18n/localized";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton } from "~/ui/backend/form-page";
import { catalogAdminContext } from "~/features/catalog-admin/route-helpers.server";
import { listAdminProductTypes } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/product-types";

/** Product types (spec §2 /backend/products/type; issue 4 item 8): each with its attributes, in order. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  return data({ types: await listAdminProductTypes(env.DB), meta: { title: title(t("meta.types")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ProductTypes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/products/type");
  return (
    <div data-testid="product-types-page">
      <PageHeading title={t("types.heading")} intro={t("types.intro")}>
        <NewButton to={`${base}/form`} testId="new-type">
          {t("types.newType")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("types.heading")}
        testId="type-list"
        rowCount={loaderData.types.length}
        empty={t("types.empty")}
        columns={[{ label: t("types.columns.name") }, { label: t("types.columns.attributes") }, { label: t("types.columns.products"), numeric: true }]}
      >
        {loaderData.types.map((type) => (
          <tr key={type.id} data-testid="type-row">
            <td className="px-3 py-2">
              <Link to={`${base}/form/${type.id}`} className="font-semibold text-primary-dark underline">
                {localized(type, "name", locale)}
              </Link>
            </td>
            <td className="px-3 py-2">{type.attributes.map((attribute) => localized(attribute, "name", locale)).join(" × ") || "—"}</td>
            <td className="px-3 py-2 text-right tabular-nums">{type.productCount}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
