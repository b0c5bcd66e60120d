import { data } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { exchangePhotoKey } from "~/features/exchanges/exchanges.server";
import { privateFileResponse } from "~/features/media/media.server";
import { routeRecordId } from "~/features/orders/orders-admin-route.server";
import type { Route } from "./+types/exchange-photo";

/**
 * The photo a customer attached to an exchange request, for staff whose role opens Orders (the
 * back-office layout's middleware and this loader both check). Private in R2 (under private/):
 * streamed, never cached by a shared cache, no public URL.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const id = routeRecordId(args.params.id);
  const key = id === null ? null : await exchangePhotoKey(env.DB, id);
  const object = key ? await env.MEDIA.get(key) : null;
  if (!key || !object) throw data(null, { status: 404 });
  return privateFileResponse(object, key);
}
