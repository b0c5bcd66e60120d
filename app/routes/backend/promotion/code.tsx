import { useLocation } from "react-router";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { discountCodeStates } from "~/domain/promotions";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { discountCodeColumns, discountCodeListDefinition } from "~/features/promotions/discount-code-list";
import { listDiscountCodes } from "~/features/promotions/discount-codes.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { NewButton } from "~/ui/backend/form-page";
import { FilterSelect, ListView } from "~/ui/backend/list-page";
import type { Route } from "./+types/code";

/**
 * Discount codes (spec §2 /backend/promotion/code; issue 16): the back-office list pattern — search
 * by code, filter by state, sort, pages, CSV of the filtered list (./code/export.csv), print view —
 * with each code's uses / limit and the discount it gave in all. The "promotion" group (roles 1–3).
 */
export async function loader(args: Route.LoaderArgs) {
  const { t, title } = staffRoute(args, "promotions");
  const codes = await loadListPage(args, { definition: discountCodeListDefinition, fetch: (d1, query, scope) => listDiscountCodes(d1, query, scope) });
  return { codes, meta: { title: title(t("meta.codes")) } };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DiscountCodes({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/promotion/code");
  const { codes } = loaderData;
  return (
    <ListView
      list={codes}
      definition={discountCodeListDefinition}
      base={base}
      namespace="promotions"
      title={t("codes.heading")}
      intro={t("codes.intro")}
      headerActions={
        <NewButton to={`${base}/form`} testId="new-code">
          {t("codes.new")}
        </NewButton>
      }
      searchPlaceholder={t("codes.searchPlaceholder")}
      filters={
        <FilterSelect
          name="state"
          label={t("codes.columns.state")}
          value={codes.query.filters.state}
          allLabel={t("codes.states.all")}
          options={discountCodeStates.map((state) => ({ value: state, label: t(`codes.states.${state}`) }))}
        />
      }
      columns={discountCodeColumns(codes.now)}
      rowId={(code) => code.id}
      rowName={(code) => code.code}
      rowTestId="code-row"
      testId="code-list"
      empty={codes.query.q || codes.query.filters.state ? t("codes.empty") : t("codes.emptyAll")}
      exportPath={`${base}/export.csv`}
      bulkActions={[{ intent: "export", label: t("lists:exportSelected"), href: `${base}/export.csv` }]}
    />
  );
}
