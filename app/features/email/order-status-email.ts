import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The e-mail a shopper gets when staff change their order's status (template "order-status"), in
 * the language the order was placed in (orders.locale). Texts live in the `tracking` namespace: the
 * mail says what the tracking page says. Values come from the order and from staff (a rejection
 * reason), so every value is escaped; only the tracking links become links.
 */
export interface OrderStatusEmailPayload {
  orderNumber: string;
  /** The new status's name ("paid", "fulfilment_done", …); its label comes from `tracking.statuses`. */
  status: string;
  /** A rejected transfer slip (slip_review → waiting_payment): the mail asks for a new slip. */
  slipRejected?: boolean;
  reason?: string;
  carrierName?: string;
  trackingNumber?: string;
  /** The carrier's own tracking page for this parcel. */
  carrierTrackingUrl?: string;
  /** Absolute URL of the shop's /tracking page for this order. */
  trackingPageUrl: string;
}

const texts = serverTexts((messages) => messages.tracking);

function statusLabel(locale: Locale, status: string): string {
  const labels = texts[locale].statuses as Record<string, string>;
  return labels[status] ?? labels.unknown!;
}

export function orderStatusSubject(locale: Locale, orderNumber: string, status: string): string {
  return fill(texts[locale].email.subject, { number: orderNumber, status: statusLabel(locale, status) });
}

/** Only http(s) links are written into a mail. */
function safeLink(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : null;
  } catch {
    return null;
  }
}

export function renderOrderStatusEmail(locale: Locale, payload: OrderStatusEmailPayload): { subject: string; text: string; html: string } {
  const t = texts[locale].email;
  const bodies = t.bodies as Record<string, string>;
  const subject = orderStatusSubject(locale, payload.orderNumber, payload.status);
  const paragraphs = [
    fill(t.intro, { number: payload.orderNumber }),
    fill(t.statusLine, { status: statusLabel(locale, payload.status) }),
    payload.slipRejected ? t.slipRejected : (bodies[payload.status] ?? bodies.unknown!),
    payload.reason ? fill(t.reason, { reason: payload.reason.slice(0, 500) }) : null,
    payload.carrierName && payload.trackingNumber ? fill(t.shipment, { carrier: payload.carrierName, tracking: payload.trackingNumber }) : null,
  ].filter((line): line is string => Boolean(line));
  const links: [string, string][] = [];
  const carrierLink = safeLink(payload.carrierTrackingUrl);
  if (carrierLink) links.push([t.trackAtCarrier, carrierLink]);
  const pageLink = safeLink(payload.trackingPageUrl);
  if (pageLink) links.push([t.trackHere, pageLink]);

  const text = [t.greeting, "", ...paragraphs, "", ...links.map(([label, url]) => `${label}: ${url}`), "", t.signature].join("\n");
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(t.greeting)}</p>
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join("\n")}
${links.map(([label, url]) => `<p style="margin:16px 0"><a href="${escapeHtml(url)}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(label)}</a></p>`).join("\n")}
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
