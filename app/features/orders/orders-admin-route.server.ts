import { redirect, type RouterContextProvider } from "react-router";
import type { Translate } from "~/features/catalog-admin/form-data";
import { localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";

/**
 * What the back-office order and shipping-rate route modules do the same way: the page's language
 * and translator (`ordersAdmin` namespace), the page title, and the notices after a redirect
 * (`?notice=<name>`: only known names are shown, nothing typed is echoed).
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

/** Notice names → their keys in `ordersAdmin`. */
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

export function ordersNoticeFrom(request: Request, t: Translate): string | null {
  const name = new URL(request.url).searchParams.get("notice") ?? "";
  const key = Object.hasOwn(notices, name) ? notices[name] : undefined;
  return key ? t(key) : null;
}

export function redirectWithOrdersNotice(locale: Locale, path: string, notice: string): Response {
  return redirect(`${localizePath(locale, path)}?notice=${encodeURIComponent(notice)}`);
}

/** A positive row id from the URL, or null (the caller answers 404). */
export function routeRecordId(value: string | undefined): number | null {
  return value !== undefined && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null;
}
