import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { type BackInStockEmailPayload, backInStockSubjectTemplate, renderBackInStockEmail } from "./back-in-stock-email";
import { type ContactMessageEmailPayload, contactMessageSubject, renderContactMessageEmail } from "./contact-message-email";
import {
  type CustomDesignEmailPayload,
  customDesignEmailSubject,
  customDesignEmailTemplates,
  isCustomDesignEmailTemplate,
  renderCustomDesignEmail,
} from "./custom-design-email";
import { emailDocument, escapeHtml, fill } from "./email-text";
import { type ExchangeEmailPayload, exchangeEmailSubject, exchangeEmailTemplates, isExchangeEmailTemplate, renderExchangeEmail } from "./exchange-email";
import { type OrderPlacedEmailPayload, orderPlacedSubject, renderOrderPlacedEmail } from "./order-placed-email";
import { type OrderStatusEmailPayload, orderStatusSubject, renderOrderStatusEmail } from "./order-status-email";
import { type PaymentEmailPayload, paymentEmailSubject, type PaymentEmailTemplate, paymentEmailTemplates, renderPaymentEmail } from "./payment-emails";
import { renderTaxDocumentEmail, type TaxDocumentEmailPayload, taxDocumentEmailSubject } from "./tax-document-email";

/**
 * The e-mails the shop sends, rendered in the recipient's language as plain text and simple HTML
 * (inline styles only: mail clients ignore style sheets). Texts live in the `auth` namespace.
 */
export const emailTemplates = [
  "verify-email",
  "reset-password",
  "account-locked",
  "affiliate-received",
  "contact-message",
  "order-placed",
  "order-status",
  "tax-document",
  "back-in-stock",
  ...paymentEmailTemplates,
  ...exchangeEmailTemplates,
  ...customDesignEmailTemplates,
] as const;
export type EmailTemplate = (typeof emailTemplates)[number];

export interface LinkEmailPayload {
  /** Recipient's first name. */
  name: string;
  /** Absolute URL the button opens. */
  link: string;
}

/** What a template's mail is filled with: a link mail, a contact-form message to the shop, an order summary, an order's new status, a payment or an exchange mail. */
export type EmailPayload =
  | LinkEmailPayload
  | ContactMessageEmailPayload
  | OrderPlacedEmailPayload
  | OrderStatusEmailPayload
  | PaymentEmailPayload
  | ExchangeEmailPayload
  | CustomDesignEmailPayload
  | TaxDocumentEmailPayload
  | BackInStockEmailPayload;

/** Templates rendered by their own module; the rest are link mails. */
type LinkEmailTemplate = Exclude<
  EmailTemplate,
  "contact-message" | "order-placed" | "order-status" | "tax-document" | "back-in-stock" | PaymentEmailTemplate | (typeof exchangeEmailTemplates)[number]
>;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const texts = serverTexts((messages) => messages.auth.email);
/** The affiliate acknowledgement's own texts (`affiliate` namespace); greeting and signature are shared. */
const affiliateTexts = serverTexts((messages) => messages.affiliate.email);

function isPaymentTemplate(template: EmailTemplate): template is PaymentEmailTemplate {
  return (paymentEmailTemplates as readonly string[]).includes(template);
}

function templateTexts(template: LinkEmailTemplate, locale: Locale): { subject: string; body: string; action: string; note?: string } {
  if (template === "affiliate-received") return affiliateTexts[locale];
  if (template === "account-locked") return texts[locale].locked;
  return template === "verify-email" ? texts[locale].verify : texts[locale].reset;
}

export function isEmailTemplate(value: string): value is EmailTemplate {
  return (emailTemplates as readonly string[]).includes(value);
}

export function emailSubject(template: EmailTemplate, locale: Locale): string {
  if (template === "contact-message") return contactMessageSubject(locale, "");
  if (isPaymentTemplate(template)) return paymentEmailSubject(template, locale, "");
  if (template === "order-status") return orderStatusSubject(locale, "", "unknown");
  if (template === "order-placed") return orderPlacedSubject(locale, "");
  if (template === "tax-document") return taxDocumentEmailSubject(locale, { kind: "receipt", number: "", orderNumber: "" });
  if (template === "back-in-stock") return fill(backInStockSubjectTemplate(locale), { product: "" });
  if (isExchangeEmailTemplate(template)) return exchangeEmailSubject(template, locale);
  if (isCustomDesignEmailTemplate(template)) return customDesignEmailSubject(template, locale, "");
  return templateTexts(template, locale).subject;
}

export function renderEmail(template: EmailTemplate, locale: Locale, mailPayload: EmailPayload): RenderedEmail {
  if (template === "contact-message") return renderContactMessageEmail(locale, mailPayload as ContactMessageEmailPayload);
  if (isPaymentTemplate(template)) return renderPaymentEmail(template, locale, mailPayload as PaymentEmailPayload);
  if (template === "order-status") return renderOrderStatusEmail(locale, mailPayload as OrderStatusEmailPayload);
  if (template === "order-placed") return renderOrderPlacedEmail(locale, mailPayload as OrderPlacedEmailPayload);
  if (template === "tax-document") return renderTaxDocumentEmail(locale, mailPayload as TaxDocumentEmailPayload);
  if (template === "back-in-stock") return renderBackInStockEmail(locale, mailPayload as BackInStockEmailPayload);
  if (isExchangeEmailTemplate(template)) return renderExchangeEmail(template, locale, mailPayload as ExchangeEmailPayload);
  if (isCustomDesignEmailTemplate(template)) return renderCustomDesignEmail(template, locale, mailPayload as CustomDesignEmailPayload);
  const payload = mailPayload as LinkEmailPayload;
  const t = texts[locale];
  const part = templateTexts(template, locale);
  const greeting = fill(t.greeting, { name: payload.name });
  // The lock notice is not something the owner asked for, so "ignore this if you did not ask" does not fit it.
  const note = part.note ?? t.ignore;
  const text = [greeting, "", part.body, "", `${part.action}: ${payload.link}`, "", note, "", t.signature].join("\n");
  const link = escapeHtml(payload.link);
  const html = emailDocument(
    locale,
    part.subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(part.body)}</p>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(part.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.linkFallback)}<br><a href="${link}" style="color:#1d4ed8;word-break:break-all">${link}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(note)}</p>
<p>${escapeHtml(t.signature)}</p>
`,
  );
  return { subject: part.subject, text, html };
}
