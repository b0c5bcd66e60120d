import { getCloudflare } from "~/cloudflare";
import { requireCustomer } from "~/features/accounts/guards.server";
import { getCustomerExchange } from "~/features/exchanges/exchanges.server";
import { servePrivateFile } from "~/features/media/media.server";

import type { Route } from "./+types/exchange-photo";

/**
 * The photo a customer attached to an exchange request. It may show their home or their face, so it
 * has no public URL: only the customer who asked sees it here (staff see it in the back office).
 */
export async function loader(args: Route.LoaderArgs) {
  const viewer = requireCustomer(args);
  const { env } = getCloudflare(args.context);
  const id = /^[1-9][0-9]{0,8}$/.test(args.params.id) ? Number(args.params.id) : null;
  const exchange = id === null ? null : await getCustomerExchange(env.DB, viewer.customerId, id);
  const key = exchange?.exchange.photoKey ?? null;
  return servePrivateFile(env.MEDIA, key);
}
