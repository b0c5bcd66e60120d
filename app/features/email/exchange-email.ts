import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The e-mails an exchange sends the customer at each step (app/features/exchanges/exchanges.server.ts),
 * in the order's language. Texts live in the `exchanges` namespace (`email`); every value is escaped.
 */
export const exchangeEmailTemplates = ["exchange-requested", "exchange-approved", "exchange-rejected", "exchange-shipped", "exchange-restocked"] as const;
export type ExchangeEmailTemplate = (typeof exchangeEmailTemplates)[number];

export interface ExchangeEmailPayload {
  name: string;
  orderNumber: string;
  exchangeId: number;
  /** Absolute URL of the exchange's status page. */
  link: string;
  productName: string;
  variantLabel: string;
  wantedLabel: string;
  quantity: number;
  /** Staff's words to the customer (approve, reject, ship). */
  note?: string;
  carrierName?: string;
  trackingNumber?: string;
  trackingUrl?: string;
}

const texts = serverTexts((messages) => messages.exchanges.email);

const stepKey: Record<ExchangeEmailTemplate, "requested" | "approved" | "rejected" | "shipped" | "restocked"> = {
  "exchange-requested": "requested",
  "exchange-approved": "approved",
  "exchange-rejected": "rejected",
  "exchange-shipped": "shipped",
  "exchange-restocked": "restocked",
};

export function isExchangeEmailTemplate(value: string): value is ExchangeEmailTemplate {
  return (exchangeEmailTemplates as readonly string[]).includes(value);
}

export function exchangeEmailSubject(template: ExchangeEmailTemplate, locale: Locale): string {
  return texts[locale][stepKey[template]].subject;
}

export function renderExchangeEmail(
  template: ExchangeEmailTemplate,
  locale: Locale,
  payload: ExchangeEmailPayload,
): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const part = t[stepKey[template]];
  const values = { number: String(payload.exchangeId), order: payload.orderNumber };
  const subject = fill(part.subject, values);
  const greeting = fill(t.greeting, { name: payload.name });
  const body = fill(part.body, values);
  const rows: [string, string][] = [
    [t.order, payload.orderNumber],
    [t.item, [payload.productName, payload.variantLabel].filter(Boolean).join(" — ")],
    [t.wanted, payload.wantedLabel || payload.variantLabel],
    [t.quantity, String(payload.quantity)],
  ];
  if (payload.carrierName) rows.push([t.carrier, payload.carrierName]);
  if (payload.trackingNumber) rows.push([t.tracking, payload.trackingNumber]);
  const note = payload.note ? `${t.note}: ${payload.note}` : "";
  const text = [
    greeting,
    "",
    body,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(note ? ["", note] : []),
    ...(payload.trackingUrl ? ["", `${t.track}: ${payload.trackingUrl}`] : []),
    "",
    `${t.action}: ${payload.link}`,
    "",
    t.signature,
  ].join("\n");
  const link = escapeHtml(payload.link);
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(body)}</p>
<table style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
${note ? `<p style="white-space:pre-wrap;padding:12px;background:#f4f6fb;border-radius:8px">${escapeHtml(note)}</p>` : ""}
${payload.trackingUrl ? `<p><a href="${escapeHtml(payload.trackingUrl)}" style="color:#1d4ed8">${escapeHtml(t.track)}</a></p>` : ""}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.action)}</a></p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
