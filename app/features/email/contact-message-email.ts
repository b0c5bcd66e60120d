import { formatDate } from "~/domain/dates";
import type { Locale } from "~/i18n/config";
import { serverTexts } from "~/i18n/resources";

import { emailDocument, escapeHtml, fill } from "./email-text";

/**
 * The e-mail a contact-form message sends to the shop's own address (template "contact-message"),
 * in the language of the page it was sent from. Everything in it was typed by a visitor, so every
 * value is escaped and nothing becomes a link except the sender's address.
 */
export interface ContactMessageEmailPayload {
  name: string;
  email: string;
  title: string;
  note: string;
  /** Epoch ms the message was sent. */
  sentAt: number;
}

const texts = serverTexts((messages) => messages.content.email);

export function contactMessageSubject(locale: Locale, title: string): string {
  return fill(texts[locale].subject, { title: title.slice(0, 150) });
}

export function renderContactMessageEmail(locale: Locale, payload: ContactMessageEmailPayload): { subject: string; text: string; html: string } {
  const t = texts[locale];
  const subject = contactMessageSubject(locale, payload.title);
  const intro = fill(t.intro, {
    language: t.languages[locale],
    date: formatDate(payload.sentAt, locale, { dateStyle: "medium", timeStyle: "short" }),
  });
  const reply = fill(t.reply, { email: payload.email });
  const rows: [string, string][] = [
    [t.name, payload.name],
    [t.email, payload.email],
    [t.title, payload.title],
  ];
  const text = [t.heading, intro, "", ...rows.map(([label, value]) => `${label}: ${value}`), "", `${t.note}:`, payload.note, "", reply].join("\n");
  const mailto = `mailto:${encodeURIComponent(payload.email).replace(/%40/g, "@")}`;
  const html = emailDocument(
    locale,
    subject,
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(t.heading)}</p>
<p style="font-size:13px;color:#6b7280">${escapeHtml(intro)}</p>
<table style="border-collapse:collapse;margin:16px 0">
${rows.map(([label, value]) => `<tr><th style="text-align:left;padding:4px 12px 4px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`).join("\n")}
</table>
<p style="font-weight:bold;margin:16px 0 4px">${escapeHtml(t.note)}</p>
<p style="white-space:pre-wrap;margin:0;padding:12px;background:#f4f6fb;border-radius:8px">${escapeHtml(payload.note)}</p>
<p style="margin-top:24px"><a href="${escapeHtml(mailto)}" style="color:#1d4ed8">${escapeHtml(reply)}</a></p>
`,
  );
  return { subject, text, html };
}
