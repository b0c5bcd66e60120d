import { data } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { requireCustomer } from "~/features/accounts/guards.server";
import { ShopperDocumentPage } from "~/features/billing/printed-document-page";
import { shopperPrintedDocument } from "~/features/billing/shopper-document-page.server";
import { findOwnOrder } from "~/features/purchases/purchases.server";
import { localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";

import type { Route } from "./+types/my-purchase-document";

/**
 * A customer's copy of one of their order's tax documents (issue 17), for the screen and for paper
 * (Print / Save as PDF), without the shop's frame. Another customer's order, or a number the order
 * does not have, is a 404, whatever the spelling of the address.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const order = await findOwnOrder(env.DB, viewer.customerId, args.params.orderNumber);
  if (!order) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const back = localizePath(getLocale(args.context) as "en" | "th", `/my-purchase/${encodeURIComponent(order.orderNumber)}`);
  return shopperPrintedDocument(args, order, back);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function MyPurchaseDocument({ loaderData }: Route.ComponentProps) {
  return <ShopperDocumentPage page={loaderData} />;
}
