import { useLocation } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { flashSaleStates } from "~/domain/promotions";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { flashSaleColumns, flashSaleListDefinition } from "~/features/promotions/flash-sale-list";
import { listFlashSales } from "~/features/promotions/flash-sales.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { NewButton } from "~/ui/backend/form-page";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
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

export default function FlashSales({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/promotion/flash-sale");
  const { sales } = loaderData;
  return (
    <ListView
      list={sales}
      definition={flashSaleListDefinition}
      base={base}
      namespace="promotions"
      title={t("flashSales.heading")}
      intro={t("flashSales.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-flash-sale">
          {t("flashSales.new")}
        </NewButton>
      }
      searchPlaceholder={t("flashSales.searchPlaceholder")}
      filters={
        <FilterSelect
          name="state"
          label={t("flashSales.columns.state")}
          value={sales.query.filters.state}
          allLabel={t("flashSales.states.all")}
          options={flashSaleStates.map((state) => ({ value: state, label: t(`flashSales.states.${state}`) }))}
        />
      }
      columns={flashSaleColumns(sales.now)}
      rowId={(sale) => sale.id}
      rowName={(sale) => sale.nameEn}
      rowTestId="flash-sale-row"
      testId="flash-sale-list"
      empty={sales.query.q || sales.query.filters.state ? t("flashSales.empty") : t("flashSales.emptyAll")}
    />
  );
}
