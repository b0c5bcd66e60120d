import { data } from "react-router";
import { staffRoute, requiredRecordId } from "~/features/backoffice/staff-route.server";
import { privateFileResponse } from "~/features/media/media.server";
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
  const object = key ? await env.MEDIA.get(key) : null;
  if (!key || !object) throw data(null, { status: 404 });
  return privateFileResponse(object, key);
}
