import { database } from "~/db/client";
import { emailOutbox } from "~/db/schema/messaging";
import type { Locale } from "~/i18n/config";

import { type EmailPayload, emailSubject, type EmailTemplate } from "./templates";

export interface OutgoingEmail {
  to: string;
  locale: Locale;
  template: EmailTemplate;
  /** Defaults to the template's subject in the recipient's language. */
  subject?: string;
  payload: EmailPayload;
}

/**
 * The insert of one mail into the outbox (DESIGN §5), to put in the same `db.batch` as the change
 * that causes it: the mail exists exactly when the change happened. The sender delivers it later.
 */
export function outboxInsert(d1: D1Database, mail: OutgoingEmail, now = Date.now()) {
  return database(d1)
    .insert(emailOutbox)
    .values({
      toAddress: mail.to,
      locale: mail.locale,
      template: mail.template,
      subject: mail.subject ?? emailSubject(mail.template, mail.locale),
      payloadJson: JSON.stringify(mail.payload),
      status: "pending",
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
}
