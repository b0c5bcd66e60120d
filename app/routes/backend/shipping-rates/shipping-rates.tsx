import { staffListLoader } from "~/features/backoffice/list-page.server";
import { shippingRateListDefinition, shippingRateListSpec } from "~/features/orders/shipping-rate-list";
import { listShippingRates } from "~/features/orders/shipping-rates-admin.server";
import { RecordList } from "~/ui/backend/record-list";

import type { Route } from "./+types/shipping-rates";

/**
 * Shipping rates (spec §2 /backend/shipping-rates; issue 5 item 12): every rate with its method,
 * zone, country, basis, bracket, price, delivery days and whether checkout uses it — the back-office
 * list pattern (search, filters, sort, pages, CSV at ./export.csv, print view). Roles with the
 * "shipping-rates" menu group (1, 2); the back-office layout's middleware refuses the others.
 */
export const loader = (args: Route.LoaderArgs) =>
  staffListLoader(args, "ordersAdmin", "meta.shippingRates", { definition: shippingRateListDefinition, fetch: listShippingRates });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function ShippingRates({ loaderData: { list } }: Route.ComponentProps) {
  return <RecordList spec={shippingRateListSpec} list={list} />;
}
