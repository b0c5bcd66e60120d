import { formatBaht } from "~/domain/money";
import { intlLocale, type Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml } from "./email-text";

/**
 * The payment e-mails (docs/decisions/0013-payments.md): "payment received" and "slip received" to
 * the shopper in the order's language, and "slip to review" to the shop's own address. Texts live
 * in the `payments` namespace. Values are escaped; the only link is the one the server made.
 */
export const paymentEmailTemplates = ["payment-received", "slip-received", "slip-to-review"] as const;
export type PaymentEmailTemplate = (typeof paymentEmailTemplates)[number];

export interface PaymentEmailPayload {
  orderNumber: string;
  totalSatang: number;
  /** Absolute URL: the order's payment page (shopper) or the back-office orders (shop). */
  link: string;
}

const texts = serverTexts((messages) => messages.payments.email);

function part(template: PaymentEmailTemplate, locale: Locale) {
  const t = texts[locale];
  if (template === "payment-received") return { ...t.paymentReceived, action: t.view };
  if (template === "slip-received") return { ...t.slipReceived, action: t.view };
  return t.slipToReview;
}

export function paymentEmailSubject(template: PaymentEmailTemplate, locale: Locale, orderNumber: string): string {
  return part(template, locale).subject.replace("{{number}}", orderNumber);
}

export function renderPaymentEmail(
  template: PaymentEmailTemplate,
  locale: Locale,
  payload: PaymentEmailPayload,
): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const p = part(template, locale);
  const subject = paymentEmailSubject(template, locale, payload.orderNumber);
  const amount = formatBaht(payload.totalSatang, intlLocale(locale));
  const rows: [string, string][] = [
    [t.orderNumber, payload.orderNumber],
    [t.amount, amount],
  ];
  const text = [t.greeting, "", p.body, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `${p.action}: ${payload.link}`, "", t.signature].join(
    "\n",
  );
  const link = escapeHtml(payload.link);
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(p.body)}</p>
<table style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(p.action)}</a></p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
