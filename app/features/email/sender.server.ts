import { and, eq, inArray, lte, or } from "drizzle-orm";

import type { Env } from "~/cloudflare";
import { database } from "~/db/client";
import { emailOutbox } from "~/db/schema/messaging";
import { isLocale } from "~/i18n/config";
import { loadResources } from "~/i18n/resources";

import { type EmailPayload, isEmailTemplate, renderEmail } from "./templates";

/**
 * Delivers due mails from the outbox through an HTTP e-mail API with a Resend-style contract:
 * `POST EMAIL_API_URL` with `Authorization: Bearer EMAIL_API_KEY` and JSON
 * `{ from, to, subject, html, text }` → 2xx `{ id }`. Run by the cron sweep and right after a mail
 * is enqueued (ctx.waitUntil). Without EMAIL_API_URL (the local default) nothing is sent: the
 * outbox is the mailbox and its rows stay "pending".
 *
 * Rows are claimed with one UPDATE (status "sending" plus a lease in next_attempt_at), so a cron
 * and a waitUntil running at once never send the same mail twice; a claim whose worker died is
 * taken again when its lease runs out. A failure schedules a retry with exponential backoff; after
 * `maxAttempts` the row is "failed" (visible to staff in the outbox).
 */
export const maxAttempts = 8;
const batchSize = 20;
const leaseMs = 2 * 60_000;
const requestTimeoutMs = 10_000;

/** Wait before attempt n+1 after n failed attempts: 1, 2, 4, 8 … minutes, at most 6 hours. */
export function retryDelayMs(failedAttempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, failedAttempts - 1), 6 * 60 * 60_000);
}

export interface SendReport {
  sent: number;
  retrying: number;
  failed: number;
}

type EmailEnv = Pick<Env, "DB" | "EMAIL_API_URL" | "EMAIL_API_KEY" | "EMAIL_FROM">;

export async function sendPendingEmails(env: EmailEnv, now = Date.now()): Promise<SendReport> {
  const report: SendReport = { sent: 0, retrying: 0, failed: 0 };
  const apiUrl = env.EMAIL_API_URL?.trim();
  if (!apiUrl) return report;
  await loadResources();

  const db = database(env.DB);
  const due = and(or(eq(emailOutbox.status, "pending"), eq(emailOutbox.status, "sending")), lte(emailOutbox.nextAttemptAt, now));
  const claimed = await db
    .update(emailOutbox)
    .set({ status: "sending", nextAttemptAt: now + leaseMs })
    .where(and(due, inArray(emailOutbox.id, db.select({ id: emailOutbox.id }).from(emailOutbox).where(due).orderBy(emailOutbox.id).limit(batchSize))))
    .returning();

  for (const mail of claimed) {
    const attempts = mail.attempts + 1;
    let error: string | null = null;
    try {
      if (!isEmailTemplate(mail.template) || !isLocale(mail.locale)) throw new Error(`unknown template ${mail.template}/${mail.locale}`);
      const rendered = renderEmail(mail.template, mail.locale, JSON.parse(mail.payloadJson) as EmailPayload);
      const response = await fetch(apiUrl, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(env.EMAIL_API_KEY ? { authorization: `Bearer ${env.EMAIL_API_KEY}` } : {}),
        },
        body: JSON.stringify({
          from: env.EMAIL_FROM || "Pryde <no-reply@pryde.test>",
          to: [mail.toAddress],
          subject: mail.subject,
          html: rendered.html,
          text: rendered.text,
        }),
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      if (!response.ok) error = `HTTP ${response.status}: ${(await response.text()).slice(0, 300)}`;
      else await response.body?.cancel();
    } catch (caught) {
      error = caught instanceof Error ? caught.message : String(caught);
    }

    if (error === null) {
      await db.update(emailOutbox).set({ status: "sent", attempts, sentAt: Date.now(), lastError: null }).where(eq(emailOutbox.id, mail.id));
      report.sent += 1;
    } else if (attempts >= maxAttempts) {
      await db.update(emailOutbox).set({ status: "failed", attempts, lastError: error }).where(eq(emailOutbox.id, mail.id));
      report.failed += 1;
    } else {
      await db
        .update(emailOutbox)
        .set({ status: "pending", attempts, lastError: error, nextAttemptAt: now + retryDelayMs(attempts) })
        .where(eq(emailOutbox.id, mail.id));
      report.retrying += 1;
    }
  }
  return report;
}
