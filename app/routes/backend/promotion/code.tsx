import { staffListLoader } from "~/features/backoffice/list-page.server";
import { discountCodeColumns, discountCodeListDefinition, discountCodeListSpec } from "~/features/promotions/discount-code-list";
import { listDiscountCodes } from "~/features/promotions/discount-codes.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/code";

/**
 * Discount codes (spec §2 /backend/promotion/code; issue 16): the back-office list pattern — search
 * by code, filter by state, sort, pages, CSV of the filtered list (./code/export.csv), print view —
 * with each code's uses / limit and the discount it gave in all. The "promotion" group (roles 1–3).
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "promotions", "meta.codes", {
    definition: discountCodeListDefinition,
    fetch: (d1, query, scope) => listDiscountCodes(d1, query, scope),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function DiscountCodes({ loaderData: { list: codes } }: Route.ComponentProps) {
  return <RecordList spec={discountCodeListSpec} list={codes} columns={discountCodeColumns(codes.now)} />;
}
