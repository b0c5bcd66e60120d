import type { DocumentKind } from "~/domain/tax-documents";
import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * "Your tax invoice / receipt / credit note is ready" (template "tax-document", issue 17): written in
 * the batch that issues the document, so the mail exists exactly when the document does, in the
 * order's language. The link is absolute and opens the shopper's printed copy (My purchases, or the
 * guest's order key link). Every value is escaped; the only link is the one the server made.
 */
export interface TaxDocumentEmailPayload {
  orderNumber: string;
  kind: DocumentKind;
  number: string;
  /** The document this one lowers (a credit note). */
  creditFor?: string;
  /** Absolute URL of the shopper's printed copy. */
  link: string;
}

const texts = serverTexts((messages) => messages.documents);

export function taxDocumentEmailSubject(locale: Locale, payload: Pick<TaxDocumentEmailPayload, "kind" | "number" | "orderNumber">): string {
  const t = texts[locale];
  return fill(t.email.subject, { kind: t.kinds[payload.kind], number: payload.number, order: payload.orderNumber });
}

/** Only http(s) links are written into a mail. */
function safeLink(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.toString() : "";
  } catch {
    return "";
  }
}

export function renderTaxDocumentEmail(locale: Locale, payload: TaxDocumentEmailPayload): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const subject = taxDocumentEmailSubject(locale, payload);
  const values = { kind: t.kinds[payload.kind], number: payload.number, order: payload.orderNumber };
  const body = fill(payload.kind === "credit_note" ? t.email.creditBody : t.email.body, values);
  const link = safeLink(payload.link);
  const text = [t.email.greeting, "", body, "", `${t.email.action}: ${link}`, t.email.printHint, "", t.email.signature].join("\n");
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">Pryde</p>
<p>${escapeHtml(t.email.greeting)}</p>
<p>${escapeHtml(body)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#2B6FF5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(t.email.action)}</a></p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(t.email.printHint)}</p>
<p>${escapeHtml(t.email.signature)}</p>
`,
  );
  return { subject, text, html };
}
