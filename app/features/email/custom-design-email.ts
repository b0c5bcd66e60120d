import { formatBaht } from "~/domain/money";
import { intlLocale, type Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The e-mails of a custom design's review (app/features/custom/custom-orders.server.ts), in the
 * order's language: received, confirmed (with the pay link), changes requested (with the designer
 * link), declined. Texts live in the `customMessages` namespace (`email`); every value is escaped.
 */
export const customDesignEmailTemplates = ["design-submitted", "design-confirmed", "design-changes-requested", "design-rejected"] as const;
export type CustomDesignEmailTemplate = (typeof customDesignEmailTemplates)[number];

export interface CustomDesignEmailPayload {
  name: string;
  orderNumber: string;
  productName: string;
  quantity: number;
  totalSatang: number;
  /** Absolute URL: the order's page (pay), or the designer (changes). */
  link: string;
  /** Staff's words to the shopper. */
  message?: string;
}

const texts = serverTexts((messages) => messages.customMessages.email);

const stepKey: Record<CustomDesignEmailTemplate, "submitted" | "confirmed" | "changes" | "rejected"> = {
  "design-submitted": "submitted",
  "design-confirmed": "confirmed",
  "design-changes-requested": "changes",
  "design-rejected": "rejected",
};

export function isCustomDesignEmailTemplate(value: string): value is CustomDesignEmailTemplate {
  return (customDesignEmailTemplates as readonly string[]).includes(value);
}

export function customDesignEmailSubject(template: CustomDesignEmailTemplate, locale: Locale, orderNumber: string): string {
  return fill(texts[locale][stepKey[template]].subject, { order: orderNumber });
}

export function renderCustomDesignEmail(
  template: CustomDesignEmailTemplate,
  locale: Locale,
  payload: CustomDesignEmailPayload,
): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const part = t[stepKey[template]];
  const subject = customDesignEmailSubject(template, locale, payload.orderNumber);
  const greeting = fill(t.greeting, { name: payload.name });
  const rows: [string, string][] = [
    [t.order, payload.orderNumber],
    [t.product, payload.productName],
    [t.quantity, String(payload.quantity)],
    [t.total, formatBaht(payload.totalSatang, intlLocale(locale))],
  ];
  const message = payload.message ? `${t.message}: ${payload.message}` : "";
  const text = [
    greeting,
    "",
    part.body,
    "",
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(message ? ["", message] : []),
    "",
    `${part.action}: ${payload.link}`,
    "",
    t.signature,
  ].join("\n");
  const link = escapeHtml(payload.link);
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(part.body)}</p>
<table style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
${payload.message ? `<p style="font-weight:bold;margin:16px 0 4px">${escapeHtml(t.message)}</p><p style="white-space:pre-wrap;padding:12px;background:#f4f6fb;border-radius:8px;margin:0">${escapeHtml(payload.message)}</p>` : ""}
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(part.action)}</a></p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
