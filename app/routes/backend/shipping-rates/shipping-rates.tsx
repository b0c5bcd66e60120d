import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { NewButton } from "~/ui/backend/form-page";
import { ordersAdminContext } from "~/features/orders/orders-admin-route.server";
import { listShippingRates } from "~/features/orders/shipping-rates-admin.server";
import { baht } from "~/features/orders/orders-admin-ui";
import { intlLocale, localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/shipping-rates";

/**
 * Shipping rates (spec §2 /backend/shipping-rates; issue 5 item 12): every rate with its method,
 * zone, country, basis, bracket, price, delivery days and whether checkout uses it. Roles with the
 * "shipping-rates" menu group (1, 2); the back-office layout's middleware refuses the others.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const rates = await listShippingRates(env.DB);
  return data({ rates, meta: { title: title(t("meta.shippingRates")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ShippingRates({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/shipping-rates");
  const number = (value: number) => new Intl.NumberFormat(intlLocale(locale)).format(value);
  return (
    <div data-testid="shipping-rates-page">
      <PageHeading title={t("shippingRates.heading")} intro={t("shippingRates.intro")}>
        <NewButton to={`${base}/form`} testId="new-shipping-rate">
          {t("shippingRates.newRate")}
        </NewButton>
      </PageHeading>
      <DataTable
        caption={t("shippingRates.heading")}
        testId="shipping-rate-list"
        rowCount={loaderData.rates.length}
        empty={t("shippingRates.empty")}
        columns={[
          { label: t("shippingRates.columns.method") },
          { label: t("shippingRates.columns.zone") },
          { label: t("shippingRates.columns.country"), className: "hidden md:table-cell" },
          { label: t("shippingRates.carrierColumn"), className: "hidden md:table-cell" },
          { label: t("shippingRates.columns.basis"), className: "hidden md:table-cell" },
          { label: t("shippingRates.columns.bracket") },
          { label: t("shippingRates.columns.price"), numeric: true },
          { label: t("shippingRates.columns.days"), className: "hidden sm:table-cell" },
          { label: t("shippingRates.columns.active") },
        ]}
      >
        {loaderData.rates.map((rate) => (
          <tr key={rate.id} data-testid="shipping-rate-row">
            <td className="px-3 py-2">
              <Link to={`${base}/form/${rate.id}`} className="font-semibold text-primary-dark underline">
                {t(`methods.${rate.method}`)}
              </Link>
            </td>
            <td className="px-3 py-2">{t(`zones.${rate.zone}`)}</td>
            <td className="hidden px-3 py-2 md:table-cell">{rate.countryCode ?? t("shippingRates.anyCountry")}</td>
            <td className="hidden px-3 py-2 md:table-cell">{localized(rate, "carrierName", locale) || t("shippingRates.anyCarrier")}</td>
            <td className="hidden px-3 py-2 md:table-cell">{t(`bases.${rate.basis}`)}</td>
            <td className="px-3 py-2 whitespace-nowrap tabular-nums">
              {rate.maxValue === null
                ? t("shippingRates.bracketOpen", { min: number(rate.minValue) })
                : t("shippingRates.bracket", { min: number(rate.minValue), max: number(rate.maxValue) })}
            </td>
            <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{baht(rate.priceSatang, locale)}</td>
            <td className="hidden px-3 py-2 whitespace-nowrap sm:table-cell">
              {t("shippingRates.days", { min: rate.deliveryDaysMin, max: rate.deliveryDaysMax })}
            </td>
            <td className="px-3 py-2">
              <Badge tone={rate.isActive ? "success" : "neutral"}>{rate.isActive ? t("shippingRates.activeYes") : t("shippingRates.activeNo")}</Badge>
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
