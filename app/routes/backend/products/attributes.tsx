import { localized } from "~/i18n/localized";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton } from "~/ui/backend/form-page";
import { catalogAdminContext } from "~/features/catalog-admin/route-helpers.server";
import { listAdminAttributes } from "~/features/catalog-admin/taxonomy-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/attributes";

/** Attributes (spec §2 /backend/products/attribute; issue 4 item 8): code, names, display type, options. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = catalogAdminContext(args.context);
  return data({ attributes: await listAdminAttributes(env.DB), meta: { title: title(t("meta.attributes")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Attributes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalogAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/products/attribute");
  return (
    <div data-testid="attributes-page">
      <PageHeading title={t("attributes.heading")} intro={t("attributes.intro")}>
        <NewButton to={`${base}/form`} testId="new-attribute">
          {t("attributes.newAttribute")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("attributes.heading")}
        testId="attribute-list"
        rowCount={loaderData.attributes.length}
        empty={t("attributes.empty")}
        columns={[
          { label: t("attributes.columns.name") },
          { label: t("attributes.columns.code") },
          { label: t("attributes.columns.displayType") },
          { label: t("attributes.columns.options"), numeric: true },
          { label: t("attributes.columns.types"), numeric: true },
        ]}
      >
        {loaderData.attributes.map((attribute) => (
          <tr key={attribute.id} data-testid="attribute-row">
            <td className="px-3 py-2">
              <Link to={`${base}/form/${attribute.id}`} className="font-semibold text-primary-dark underline">
                {localized(attribute, "name", locale)}
              </Link>
            </td>
            <td className="px-3 py-2 font-mono text-xs">{attribute.code}</td>
            <td className="px-3 py-2">{t(`displayTypes.${attribute.displayTypeId}` as "displayTypes.2", { defaultValue: String(attribute.displayTypeId) })}</td>
            <td className="px-3 py-2 text-right tabular-nums">{attribute.optionCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">{attribute.typeCount}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
