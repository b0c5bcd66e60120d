import { localized } from "~/i18n/localized";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton, Thumbnail } from "~/ui/backend/form-page";
import { listCustomProducts } from "~/features/custom-admin/custom-admin.server";
import { customizeAdminContext } from "~/features/custom-admin/custom-admin-routes.server";
import { baht } from "~/features/orders/orders-admin-ui";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/custom-products";

/** Custom products (spec §2 /backend/customizes; issue 6 item 6): the list, with links to edit. */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = customizeAdminContext(args.context);
  return data({ products: await listCustomProducts(env.DB), meta: { title: title(t("meta.products")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const statusTone = { 1: "success", 2: "neutral", 3: "warning" } as const;

export default function CustomProducts({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("customizeAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/customizes");
  return (
    <div data-testid="custom-products-page">
      <PageHeading title={t("products.heading")} intro={t("products.intro")}>
        <NewButton to={`${base}/form`} testId="new-custom-product">
          {t("products.newProduct")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("products.heading")}
        testId="custom-product-list"
        rowCount={loaderData.products.length}
        empty={t("products.empty")}
        columns={[
          { label: t("products.columns.image"), className: "w-16" },
          { label: t("products.columns.name") },
          { label: t("products.columns.basePrice"), numeric: true },
          { label: t("products.columns.status") },
          { label: t("products.columns.attributes"), numeric: true },
          { label: t("products.columns.designs"), numeric: true },
        ]}
      >
        {loaderData.products.map((product) => (
          <tr key={product.id} data-testid="custom-product-row">
            <td className="px-3 py-2">
              <Thumbnail imageKey={product.frontImageKey} size={40} />
            </td>
            <td className="px-3 py-2">
              <Link to={`${base}/form/${product.id}`} className="font-semibold text-primary-dark underline">
                {localized(product, "name", locale)}
              </Link>
              <div className="font-mono text-xs text-ink-muted">{product.slug}</div>
            </td>
            <td className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{baht(product.basePriceSatang, locale)}</td>
            <td className="px-3 py-2">
              <Badge tone={statusTone[product.statusId as 1 | 2 | 3] ?? "neutral"}>{t(`status.${product.statusId as 1 | 2 | 3}`)}</Badge>
            </td>
            <td className="px-3 py-2 text-right tabular-nums">{product.attributeCount}</td>
            <td className="px-3 py-2 text-right tabular-nums">{product.designCount}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
