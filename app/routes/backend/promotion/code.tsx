import { staffRoute } from "~/features/backoffice/staff-route.server";
import { discountCodeStates } from "~/domain/promotions";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { discountCodeColumns, discountCodeListDefinition, discountCodeListSpec } from "~/features/promotions/discount-code-list";
import { listDiscountCodes } from "~/features/promotions/discount-codes.server";
import { useTranslation } from "~/i18n/translation";
import { FilterSelects } from "~/ui/backend/list-page";
import { RecordList } from "~/ui/backend/record-list";
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

export default function DiscountCodes({ loaderData: { codes } }: Route.ComponentProps) {
  const { t } = useTranslation("promotions");
  return (
    <RecordList
      spec={discountCodeListSpec}
      list={codes}
      columns={discountCodeColumns(codes.now)}
      filters={
        <FilterSelects
          query={codes.query}
          allLabel={t("codes.states.all")}
          selects={[
            {
              name: "state",
              label: t("codes.columns.state"),
              options: discountCodeStates.map((state) => ({ value: state, label: t(`codes.states.${state}`) })),
            },
          ]}
        />
      }
    />
  );
}
