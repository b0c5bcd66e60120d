import { staffRoute } from "~/features/backoffice/staff-route.server";
import { flashSaleStates } from "~/domain/promotions";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { flashSaleColumns, flashSaleListDefinition, flashSaleListSpec } from "~/features/promotions/flash-sale-list";
import { listFlashSales } from "~/features/promotions/flash-sales.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
import type { Route } from "./+types/flash-sale";

/**
 * Flash sales (spec §2 /backend/promotion/flash-sale; issue 16): the back-office list pattern — search
 * by name, filter by state (scheduled, live, ended, inactive), sort, pages, print view — with each
 * sale's items and sold / units. The "promotion" group (roles 1–3).
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "promotions");
  const sales = await loadListPage(args, { definition: flashSaleListDefinition, fetch: (d1, query, scope) => listFlashSales(d1, query, scope) });
  return { sales, meta: { title: title(t("meta.flashSales")) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function FlashSales({ loaderData: { sales } }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  return (
    <RecordList
      spec={flashSaleListSpec}
      list={sales}
      columns={flashSaleColumns(sales.now)}
      filters={
        <FilterSelects
          query={sales.query}
          allLabel={t("flashSales.states.all")}
          selects={[
            {
              name: "state",
              label: t("flashSales.columns.state"),
              options: flashSaleStates.map((state) => ({ value: state, label: t(`flashSales.states.${state}`) })),
            },
          ]}
        />
      }
    />
  );
}
