import { data, useLocation } from "react-router";
import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { listSponsoredOrders } from "~/features/orders/orders-admin.server";
import { ordersAdminContext } from "~/features/orders/orders-admin-route.server";
import { sponsoredKinds, sponsoredListColumns, sponsoredListDefinition } from "~/features/orders/sponsored-list";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import type { Route } from "./+types/sponsored";

/**
 * Distributor and sponsor orders (spec §2 /backend/orders/sponsored; menu "sponsored (distributor
 * and sponsor)"; issue 5 item 11): their own list on the back-office list pattern — filter by kind,
 * sponsor and status, search by order number or partner name, sort, pages, CSV at ./export.csv,
 * print view. A sponsor order is linked to a sponsor (the POS form can do that); a distributor
 * order is an order of a customer whose distributor (affiliate) application was approved.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { t, title } = ordersAdminContext(args.context);
  const list = await loadListPage(args, { definition: sponsoredListDefinition, fetch: listSponsoredOrders });
  return data({ list, meta: { title: title(t("meta.sponsored")) } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SponsoredOrders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/orders/sponsored");
  const { list } = loaderData;
  const { query } = list;
  return (
    <div data-testid="sponsored-page">
      <ListView
        list={list}
        definition={sponsoredListDefinition}
        base={base}
        namespace="ordersAdmin"
        title={t("sponsored.heading")}
        intro={t("sponsored.intro")}
        searchPlaceholder={t("sponsored.searchPlaceholder")}
        filters={
          <>
            <FilterSelect
              name="kind"
              label={t("sponsored.kind")}
              value={query.filters.kind}
              allLabel={t("common.all")}
              options={sponsoredKinds.map((kind) => ({ value: kind, label: t(`sponsored.kinds.${kind}`) }))}
            />
            <FilterSelect
              name="sponsor"
              label={t("sponsored.sponsorFilter")}
              value={query.filters.sponsor}
              allLabel={t("common.all")}
              options={list.sponsors.map((sponsor) => ({ value: sponsor.id, label: localized(sponsor, "name", locale) }))}
            />
            <FilterSelect
              name="status"
              label={t("sponsored.columns.status")}
              value={query.filters.status}
              allLabel={t("common.all")}
              options={orderStatusIds.map((statusId) => ({ value: statusId, label: tb(`orderStatus.${statusLabelKey(statusId)}`) }))}
            />
          </>
        }
        columns={sponsoredListColumns}
        rowId={(row) => row.id}
        rowName={(row) => row.orderNumber}
        rowTestId="sponsored-row"
        testId="sponsored-list"
        empty={t("sponsored.empty")}
        exportPath={`${base}/export.csv`}
      />
    </div>
  );
}
