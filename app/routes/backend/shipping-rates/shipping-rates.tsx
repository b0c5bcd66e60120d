import { shippingMethodNames } from "~/domain/shipping";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { rateActivity, shippingRateListDefinition, shippingRateListSpec } from "~/features/orders/shipping-rate-list";
import { shippingBases, shippingZones } from "~/features/orders/shipping-rate-schemas";
import { listShippingRates } from "~/features/orders/shipping-rates-admin.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import { data } from "react-router";
import type { Route } from "./+types/shipping-rates";

/**
 * Shipping rates (spec §2 /backend/shipping-rates; issue 5 item 12): every rate with its method,
 * zone, country, basis, bracket, price, delivery days and whether checkout uses it — the back-office
 * list pattern (search, filters, sort, pages, CSV at ./export.csv, print view). Roles with the
 * "shipping-rates" menu group (1, 2); the back-office layout's middleware refuses the others.
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "ordersAdmin");
  return data({
    list: await loadListPage(args, { definition: shippingRateListDefinition, fetch: listShippingRates }),
    meta: { title: title(t("meta.shippingRates")) },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ShippingRates({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const options = <const Value extends string>(values: readonly Value[], label: (value: Value) => string) =>
    values.map((value) => ({ value, label: label(value) }));
  return (
    <RecordList
      spec={shippingRateListSpec}
      list={list}
      filters={
        <FilterSelects
          query={list.query}
          allLabel={t("common.all")}
          selects={[
            { name: "method", label: t("shippingRates.columns.method"), options: options(shippingMethodNames, (value) => t(`methods.${value}`)) },
            { name: "zone", label: t("shippingRates.columns.zone"), options: options(shippingZones, (value) => t(`zones.${value}`)) },
            { name: "basis", label: t("shippingRates.columns.basis"), options: options(shippingBases, (value) => t(`bases.${value}`)) },
            {
              name: "active",
              label: t("shippingRates.columns.active"),
              options: options(rateActivity, (value) => t(value === "active" ? "shippingRates.activeYes" : "shippingRates.activeNo")),
            },
          ]}
        />
      }
    />
  );
}
