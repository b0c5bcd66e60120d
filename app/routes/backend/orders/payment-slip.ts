import { requiredRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { servePrivateFile } from "~/features/media/media.server";
import { findSlipKey } from "~/features/orders/orders-admin.server";

import type { Route } from "./+types/payment-slip";

/**
 * A payment's transfer slip (issue 5 item 4, staff side): streamed from R2 to staff whose role opens
 * Orders — the back-office layout's middleware and this loader both check — and never cached by a
 * shared cache. Slips are personal data (names, account numbers): they have no public URL.
 */
export async function loader(args: Route.LoaderArgs) {
  const { env } = staffRoute(args);
  const orderId = requiredRecordId(args.params.id);
  const paymentId = requiredRecordId(args.params.paymentId);
  const key = await findSlipKey(env.DB, orderId, paymentId);
  return servePrivateFile(env.MEDIA, key);
}
