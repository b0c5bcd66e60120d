import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The one e-mail a back-in-stock request gets (issue 20), in the language the shopper asked in.
 * Its payload is written by SQL (app/features/catalog/back-in-stock.server.ts builds it with
 * json_object in the same batch as the stock change), so this module only reads those four fields.
 * Texts live in the `shop` namespace (`backInStock.mail`); every value is escaped.
 */
export interface BackInStockEmailPayload {
  /** The product's name in the recipient's language. */
  productName: string;
  /** "Black / M" in the recipient's language; empty for a single-variant product. */
  variantLabel: string;
  /** Absolute URL of the product page (localized path) at that variant. */
  link: string;
  /** Absolute URL of the unsubscribe page (`?token=`, masked for staff like other secret links). */
  unsubscribeLink: string;
}

const texts = serverTexts((messages) => messages.shop.backInStock.mail);

/** "Hoodie — Black / M". */
export function backInStockProductLabel(payload: Pick<BackInStockEmailPayload, "productName" | "variantLabel">): string {
  return [payload.productName, payload.variantLabel].filter(Boolean).join(" — ");
}

/** The subject template; `{{product}}` is filled in SQL when the mail is queued and here when it is rendered. */
export function backInStockSubjectTemplate(locale: Locale): string {
  return texts[locale].subject;
}

export function renderBackInStockEmail(locale: Locale, payload: BackInStockEmailPayload): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const product = backInStockProductLabel(payload);
  const subject = fill(t.subject, { product });
  const body = fill(t.body, { product });
  const text = [t.greeting, "", body, "", `${t.action}: ${payload.link}`, "", t.note, "", `${t.unsubscribe} ${payload.unsubscribeLink}`, "", t.signature].join(
    "\n",
  );
  const link = escapeHtml(payload.link);
  const unsubscribe = escapeHtml(payload.unsubscribeLink);
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(t.greeting)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.note)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.unsubscribe)} <a href="${unsubscribe}" style="color:#1d4ed8;word-break:break-all">${unsubscribe}</a></p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject, text, html };
}
