import { data } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { privateFileResponse } from "~/features/media/media.server";
import { findSlipKey } from "~/features/orders/orders-admin.server";
import { routeRecordId } from "~/features/orders/orders-admin-route.server";
import type { Route } from "./+types/payment-slip";

/**
 * A payment's transfer slip (issue 5 item 4, staff side): streamed from R2 to staff whose role opens
 * Orders — the back-office layout's middleware and this loader both check — and never cached by a
 * shared cache. Slips are personal data (names, account numbers): they have no public URL.
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const orderId = routeRecordId(args.params.id);
  const paymentId = routeRecordId(args.params.paymentId);
  if (orderId === null || paymentId === null) throw data(null, { status: 404 });
  const key = await findSlipKey(env.DB, orderId, paymentId);
  const object = key ? await env.MEDIA.get(key) : null;
  if (!key || !object) throw data(null, { status: 404 });
  return privateFileResponse(object, key);
}
