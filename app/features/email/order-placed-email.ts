import { formatBaht } from "~/domain/money";
import { intlLocale, type Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The "order placed" e-mail (template "order-placed"), written to the outbox in the order batch,
 * in the shopper's language: the lines, the totals with the VAT included, and the link to the
 * order's payment page. Amounts are Baht (what is charged), whatever currency the page showed.
 */
export interface OrderPlacedEmailPayload {
  orderNumber: string;
  /** The recipient's first name (shipping address). */
  name: string;
  lines: { name: string; options: string; quantity: number; lineTotalSatang: number }[];
  subtotalSatang: number;
  discountSatang: number;
  pointsSatang: number;
  shippingSatang: number;
  vatSatang: number;
  vatPercent: number;
  totalSatang: number;
  paymentMethod: "paypal" | "transfer";
  /** Absolute link to /cart/checkout/{orderNumber}. */
  link: string;
}

const texts = serverTexts((messages) => messages.checkoutMessages.orderEmail);

export function orderPlacedSubject(locale: Locale, orderNumber: string): string {
  return fill(texts[locale].subject, { orderNumber });
}

export function renderOrderPlacedEmail(locale: Locale, payload: OrderPlacedEmailPayload): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const baht = (amount: number) => formatBaht(amount, intlLocale(locale));
  const subject = orderPlacedSubject(locale, payload.orderNumber);
  const greeting = fill(t.greeting, { name: payload.name });
  const intro = fill(t.intro, { orderNumber: payload.orderNumber });
  const payment = payload.paymentMethod === "paypal" ? t.payPaypal : t.payTransfer;
  const totals: [string, string][] = [
    [t.subtotal, baht(payload.subtotalSatang)],
    ...(payload.discountSatang > 0 ? [[t.discount, `−${baht(payload.discountSatang)}`] as [string, string]] : []),
    ...(payload.pointsSatang > 0 ? [[t.points, `−${baht(payload.pointsSatang)}`] as [string, string]] : []),
    [t.shipping, baht(payload.shippingSatang)],
    [t.total, baht(payload.totalSatang)],
    [fill(t.vat, { rate: String(payload.vatPercent) }), baht(payload.vatSatang)],
  ];
  const lineText = (line: OrderPlacedEmailPayload["lines"][number]) =>
    `${line.quantity} × ${line.name}${line.options ? ` (${line.options})` : ""} — ${baht(line.lineTotalSatang)}`;
  const text = [
    greeting,
    "",
    intro,
    "",
    ...payload.lines.map(lineText),
    "",
    ...totals.map(([label, value]) => `${label}: ${value}`),
    "",
    payment,
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
<p>${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;width:100%;margin:16px 0">
${payload.lines.map((line) => `<tr><td style="padding:4px 0">${line.quantity} × ${escapeHtml(line.name)}${line.options ? `<br><span style="color:#6b7280;font-size:13px">${escapeHtml(line.options)}</span>` : ""}</td><td style="padding:4px 0;text-align:right;white-space:nowrap">${escapeHtml(baht(line.lineTotalSatang))}</td></tr>`).join("\n")}
</table>
<table style="border-collapse:collapse;width:100%;border-top:1px solid #e5e7eb">
${totals.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 0;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0;text-align:right">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p>${escapeHtml(payment)}</p>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#6b7280"><a href="${link}" style="color:#1d4ed8;word-break:break-all">${link}</a></p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
