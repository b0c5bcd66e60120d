import { staffListLoader } from "~/features/backoffice/list-page.server";
import { flashSaleColumns, flashSaleListDefinition, flashSaleListSpec } from "~/features/promotions/flash-sale-list";
import { listFlashSales } from "~/features/promotions/flash-sales.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/flash-sale";

/**
 * Flash sales (spec §2 /backend/promotion/flash-sale; issue 16): the back-office list pattern — search
 * by name, filter by state (scheduled, live, ended, inactive), sort, pages, print view — with each
 * sale's items and sold / units. The "promotion" group (roles 1–3).
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "promotions", "meta.flashSales", {
    definition: flashSaleListDefinition,
    fetch: (d1, query, scope) => listFlashSales(d1, query, scope),
  });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function FlashSales({ loaderData: { list: sales } }: Route.ComponentProps) {
  return <RecordList spec={flashSaleListSpec} list={sales} columns={flashSaleColumns(sales.now)} />;
}
