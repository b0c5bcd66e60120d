import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { exchangePhotoKey } from "~/features/exchanges/exchanges.server";
import { servePrivateFile } from "~/features/media/media.server";

import type { Route } from "./+types/exchange-photo";

/**
 * The photo a customer attached to an exchange request, for staff whose role opens Orders (the
 * back-office layout's middleware and this loader both check). Private in R2 (under private/):
 * streamed, never cached by a shared cache, no public URL.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = staffRoute(args);
  const key = await exchangePhotoKey(env.DB, requiredRecordId(args.params.id));
  return servePrivateFile(env.MEDIA, key);
}
