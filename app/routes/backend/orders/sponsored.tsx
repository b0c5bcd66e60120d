import { useLocation } from "react-router";

import { orderStatusIds, statusLabelKey } from "~/domain/order-status";
import { staffListLoader } from "~/features/backoffice/list-page.server";
import { listSponsoredOrders } from "~/features/orders/orders-admin.server";
import { sponsoredKinds, sponsoredListDefinition, sponsoredListSpec } from "~/features/orders/sponsored-list";
import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/sponsored";

/**
 * Distributor and sponsor orders (spec §2 /backend/orders/sponsored; menu "sponsored (distributor
 * and sponsor)"; issue 5 item 11): their own list on the back-office list pattern — filter by kind,
 * sponsor and status, search by order number or partner name, sort, pages, CSV at ./export.csv,
 * print view. A sponsor order is linked to a sponsor (the POS form can do that); a distributor
 * order is an order of a customer whose distributor (affiliate) application was approved.
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "ordersAdmin", "meta.sponsored", { definition: sponsoredListDefinition, fetch: listSponsoredOrders });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function SponsoredOrders({ loaderData: { list } }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  return (
    <RecordList
      spec={sponsoredListSpec}
      list={list}
      filters={
        <FilterSelects
          query={list.query}
          allLabel={t("common.all")}
          selects={[
            { name: "kind", label: t("sponsored.kind"), options: sponsoredKinds.map((kind) => ({ value: kind, label: t(`sponsored.kinds.${kind}`) })) },
            {
              name: "sponsor",
              label: t("sponsored.sponsorFilter"),
              options: list.sponsors.map((row) => ({ value: row.id, label: localized(row, "name", locale) })),
            },
            {
              name: "status",
              label: t("sponsored.columns.status"),
              options: orderStatusIds.map((statusId) => ({ value: statusId, label: tb(`orderStatus.${statusLabelKey(statusId)}`) })),
            },
          ]}
        />
      }
    />
  );
}
