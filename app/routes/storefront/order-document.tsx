import { getCloudflare } from "~/cloudflare";
import { refuseOwnerOnlyPage } from "~/features/accounts/guards.server";
import { getViewer } from "~/features/accounts/viewer.server";
import { ShopperDocumentPage } from "~/features/billing/printed-document-page";
import { shopperPrintedDocument } from "~/features/billing/shopper-document-page.server";
import { canSeeOrder, findOrderByNumber, openGuestOrderLink, orderPagePath } from "~/features/payments/order-payment.server";
import type { Locale } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";

import type { Route } from "./+types/order-document";

/**
 * A printed tax document of an order seen from its own page (issue 17): the guest's way in (the
 * e-mailed link with ?key= moves the order to this browser, as the order link does, and comes back
 * here without the key). Only the order's customer or the guest session that holds it may open it;
 * anyone else is sent to sign in (signed out) or gets 404.
 */
export const handle = { printView: true };

export async function loader(args: Route.LoaderArgs) {
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const viewer = getViewer(args.context);
  const order = await findOrderByNumber(env.DB, args.params.id);
  const here = new URL(args.request.url).pathname;
  const opened = order ? await openGuestOrderLink(env.DB, args.request, viewer, order, locale, here) : null;
  if (opened) throw opened;
  if (!order || !canSeeOrder(order, viewer)) refuseOwnerOnlyPage(args);
  return shopperPrintedDocument(args, order, orderPagePath(locale, order.orderNumber));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function OrderDocument({ loaderData }: Route.ComponentProps) {
  return <ShopperDocumentPage page={loaderData} />;
}
