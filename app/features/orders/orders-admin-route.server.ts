import type { RouterContextProvider } from "react-router";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";

/** A translator for keys built at run time (`methods.${name}`), which the typed `t` cannot check. */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * What the back-office order and shipping-rate route modules do the same way: the page's language
 * and translator (`ordersAdmin` namespace) and the page title. Notices after a write are toasts
 * (`redirectWithToast`, app/ui/toast.server.ts) keyed `ordersAdmin:…`.
 */
export function ordersAdminContext(context: Readonly<RouterContextProvider>) {
  const locale = getLocale(context) as Locale;
  const instance = getInstance(context);
  const t = instance.getFixedT(locale, "ordersAdmin") as unknown as Translate;
  const backendT = instance.getFixedT(locale, "backend") as unknown as Translate;
  const statusLabel = (name: string) => backendT(`orderStatus.${name}`);
  const backendTitle = instance.getFixedT(locale, "backend")("title");
  return { locale, t, statusLabel, title: (page: string) => `${page} | ${backendTitle}` };
}

/** @deprecated Notice names → their keys in `ordersAdmin` (see ordersNoticeFrom). */
const notices: Record<string, string> = {
  "rate-created": "shippingRates.created",
  "rate-saved": "shippingRates.saved",
  "rate-deleted": "shippingRates.deleted",
  "pos-created": "pos.created",
  "payment-refunded": "paymentProblems.refunded",
  "exchange-approve": "exchanges.done.approve",
  "exchange-reject": "exchanges.done.reject",
  "exchange-ship": "exchanges.done.ship",
  "exchange-restock": "exchanges.done.restock",
  paid: "actions.done.paid",
  waiting_payment: "actions.done.waiting_payment",
  awaiting_fulfilment: "actions.done.awaiting_fulfilment",
  fulfilment_done: "actions.done.fulfilment_done",
  completed: "actions.done.completed",
  cancelled: "actions.done.cancelled",
  refund_request: "actions.done.refund_request",
  refunded: "actions.done.refunded",
  slip_review: "actions.done.slip_review",
  in_review: "actions.done.in_review",
};

/**
 * @deprecated The old `?notice=<name>` of a page (only known names are shown). Notices are toasts
 * now and no route of this area redirects with `?notice=` any more; this stays only while the order
 * list (routes/backend/orders/fulfillment.tsx) and the exchange list still read it — delete it,
 * with `notices`, together with their last call.
 */
export function ordersNoticeFrom(request: Request, t: Translate): string | null {
  const name = new URL(request.url).searchParams.get("notice") ?? "";
  const key = Object.hasOwn(notices, name) ? notices[name] : undefined;
  return key ? t(key) : null;
}

/** A positive row id from the URL, or null (the caller answers 404). */
export function routeRecordId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
