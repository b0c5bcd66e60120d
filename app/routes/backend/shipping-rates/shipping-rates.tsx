import { data, useLocation } from "react-router";
import { shippingMethodNames } from "~/domain/shipping";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { ordersAdminContext } from "~/features/orders/orders-admin-route.server";
import { rateActivity, shippingRateListColumns, shippingRateListDefinition } from "~/features/orders/shipping-rate-list";
import { shippingBases, shippingZones } from "~/features/orders/shipping-rate-schemas";
import { listShippingRates } from "~/features/orders/shipping-rates-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { NewButton } from "~/ui/backend/form-page";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import type { Route } from "./+types/shipping-rates";

/**
 * Shipping rates (spec §2 /backend/shipping-rates; issue 5 item 12): every rate with its method,
 * zone, country, basis, bracket, price, delivery days and whether checkout uses it — the back-office
 * list pattern (search, filters, sort, pages, CSV at ./export.csv, print view). Roles with the
 * "shipping-rates" menu group (1, 2); the back-office layout's middleware refuses the others.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { t, title } = ordersAdminContext(args.context);
  const list = await loadListPage(args, { definition: shippingRateListDefinition, fetch: listShippingRates });
  return data({ list, meta: { title: title(t("meta.shippingRates")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ShippingRates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/shipping-rates");
  const { list } = loaderData;
  const { query } = list;
  const filtered = Boolean(query.q) || Object.values(query.filters).some((value) => value !== null);
  const select = (name: "method" | "zone" | "basis", label: string, options: { value: string; label: string }[]) => (
    <FilterSelect name={name} label={label} value={query.filters[name]} allLabel={t("common.all")} options={options} />
  );
  return (
    <ListView
      list={list}
      definition={shippingRateListDefinition}
      base={base}
      namespace="ordersAdmin"
      title={t("shippingRates.heading")}
      intro={t("shippingRates.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-shipping-rate">
          {t("shippingRates.newRate")}
        </NewButton>
      }
      searchPlaceholder={t("shippingRates.searchPlaceholder")}
      filters={
        <>
          {select(
            "method",
            t("shippingRates.columns.method"),
            shippingMethodNames.map((value) => ({ value, label: t(`methods.${value}`) })),
          )}
          {select(
            "zone",
            t("shippingRates.columns.zone"),
            shippingZones.map((value) => ({ value, label: t(`zones.${value}`) })),
          )}
          {select(
            "basis",
            t("shippingRates.columns.basis"),
            shippingBases.map((value) => ({ value, label: t(`bases.${value}`) })),
          )}
          <FilterSelect
            name="active"
            label={t("shippingRates.columns.active")}
            value={query.filters.active}
            allLabel={t("common.all")}
            options={rateActivity.map((value) => ({ value, label: t(value === "active" ? "shippingRates.activeYes" : "shippingRates.activeNo") }))}
          />
        </>
      }
      columns={shippingRateListColumns}
      rowId={(rate) => rate.id}
      rowName={(rate) => `${t(`methods.${rate.method}`)} ${t(`zones.${rate.zone}`)} ${rate.minValue}`}
      rowTestId="shipping-rate-row"
      testId="shipping-rate-list"
      empty={filtered ? t("shippingRates.emptyFiltered") : t("shippingRates.empty")}
      exportPath={`${base}/export.csv`}
    />
  );
}
