import { type Locale, localizePath } from "~/i18n/config";

/**
 * Where a shopper opens an order's printed document (issue 17): under My purchases for a customer's
 * order, under the order's own page for a guest's (the e-mailed link adds the guest key, which moves
 * the order to that browser like the order link does). The document is named by its number, which is
 * known before the batch that issues it, so the e-mail in that batch can link to it.
 */
export function shopperDocumentPath(locale: Locale, order: { orderNumber: string; customerId: number | null }, number: string): string {
  const base = order.customerId !== null ? "/my-purchase" : "/cart/checkout";
  return localizePath(locale, `${base}/${encodeURIComponent(order.orderNumber)}/documents/${encodeURIComponent(number)}`);
}

/** The e-mail's absolute link; a guest order's carries its key (?key=). */
export function shopperDocumentEmailLink(
  origin: string,
  locale: Locale,
  order: { orderNumber: string; customerId: number | null; guestKey: string | null },
  number: string,
): string {
  const path = `${origin}${shopperDocumentPath(locale, order, number)}`;
  return order.customerId === null && order.guestKey ? `${path}?key=${encodeURIComponent(order.guestKey)}` : path;
}

/** A document number as it may appear in a path: letters, digits and dashes (anything else is not looked up). */
export function isDocumentNumber(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9-]{3,40}$/.test(value);
}
