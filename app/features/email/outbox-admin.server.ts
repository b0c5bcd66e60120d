import { and, asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { emailOutbox } from "~/db/schema/messaging";
import { maskSecretLinks } from "~/domain/secret-links";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { isLocale } from "~/i18n/config";

import type { OutboxListQuery } from "./outbox-list";
import { type EmailPayload, isEmailTemplate, type RenderedEmail, renderEmail } from "./templates";

/**
 * The outbox as staff read it (DESIGN §5 "locally the outbox is the mailbox"; issue 5 item 14):
 * a filtered, searchable, paged list, one mail rendered as its recipient gets it, and "send again
 * now" for a mail still waiting or given up on. Delivery itself is sender.server.ts (cron retries).
 */
export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxListRow = Omit<OutboxRow, "payloadJson">;

const outboxSorts = {
  created: [emailOutbox.createdAt],
  to: [sql`lower(${emailOutbox.toAddress})`],
  subject: [sql`lower(${emailOutbox.subject})`],
  status: [emailOutbox.status],
  attempts: [emailOutbox.attempts],
} satisfies Record<OutboxListQuery["sort"], unknown[]>;

/**
 * The mails under the outbox list's query (outbox-list.tsx): one page, or every row for the export
 * and the print view, or only `ids`; count and rows in one batch, ties newest first. Secret links
 * are masked in what staff read, the CSV included.
 */
export async function listOutbox(d1: D1Database, query: OutboxListQuery, scope: ListScope): Promise<{ rows: OutboxListRow[]; total: number }> {
  const db = database(d1);
  const where = and(
    query.filters.status === null ? undefined : eq(emailOutbox.status, query.filters.status),
    query.q ? or(contains(emailOutbox.toAddress, query.q), contains(emailOutbox.subject, query.q)) : undefined,
    scope.ids ? inArray(emailOutbox.id, scope.ids.length ? scope.ids : [0]) : undefined,
  );
  const direction = query.dir === "asc" ? asc : desc;
  const [totalRows, rows] = await db.batch([
    db.select({ total: count() }).from(emailOutbox).where(where),
    db
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        locale: emailOutbox.locale,
        template: emailOutbox.template,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        nextAttemptAt: emailOutbox.nextAttemptAt,
        lastError: emailOutbox.lastError,
        sentAt: emailOutbox.sentAt,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(...outboxSorts[query.sort].map((column) => direction(column)), desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, subject: maskSecretLinks(row.subject), lastError: row.lastError === null ? null : maskSecretLinks(row.lastError) })),
    total: totalRows[0]?.total ?? 0,
  };
}

export type OutboxPreview = { ok: true; rendered: RenderedEmail } | { ok: false };

/**
 * The mail as its recipient sees it, rendered from the stored template, language and data the way
 * the sender does. A row the templates cannot render (a template since removed, data of another
 * shape) is `{ ok: false }`: the page shows the raw data instead of failing.
 */
export function previewOutboxMail(mail: Pick<OutboxRow, "template" | "locale" | "payloadJson">): OutboxPreview {
  if (!isEmailTemplate(mail.template) || !isLocale(mail.locale)) return { ok: false };
  try {
    const payload: unknown = JSON.parse(mail.payloadJson);
    if (payload === null || typeof payload !== "object" || Array.isArray(payload)) return { ok: false };
    const rendered = renderEmail(mail.template, mail.locale, payload as EmailPayload);
    if (typeof rendered.html !== "string" || typeof rendered.text !== "string") return { ok: false };
    return { ok: true, rendered };
  } catch {
    return { ok: false };
  }
}

/** The stored data, indented for reading (as stored when it is not JSON after all). */
export function prettyPayload(payloadJson: string): string {
  try {
    return JSON.stringify(JSON.parse(payloadJson), null, 2);
  } catch {
    return payloadJson;
  }
}

/** One mail as staff may read it: every secret link parameter masked (~/domain/secret-links), in every part of it. */
export function outboxMailForStaff(mail: OutboxRow) {
  const preview = previewOutboxMail(mail);
  const { payloadJson, ...headers } = mail;
  return {
    mail: { ...headers, subject: maskSecretLinks(headers.subject), lastError: headers.lastError === null ? null : maskSecretLinks(headers.lastError) },
    preview: preview.ok ? { html: maskSecretLinks(preview.rendered.html), text: maskSecretLinks(preview.rendered.text) } : null,
    payload: maskSecretLinks(prettyPayload(payloadJson)),
  };
}

export async function loadOutboxMail(d1: D1Database, id: number): Promise<OutboxRow | null> {
  return (await database(d1).select().from(emailOutbox).where(eq(emailOutbox.id, id)).get()) ?? null;
}

/** Statuses a mail can be sent again from: one waiting (its next attempt may be hours away) or one given up on. */
export const resendableStatuses = ["pending", "failed"] as const;

export function isResendable(status: string): boolean {
  return (resendableStatuses as readonly string[]).includes(status);
}

export type ResendResult = { ok: true } | { ok: false; reason: "not-found" | "not-resendable" };

/**
 * "Send again now": the mail is due at once (pending, next attempt now) and keeps its attempts, so
 * the sender's give-up count goes on from where it was. One conditional UPDATE: a mail the sender
 * claimed ("sending") or delivered meanwhile is left alone.
 */
export async function resendOutboxMail(d1: D1Database, id: number, now = Date.now()): Promise<ResendResult> {
  const db = database(d1);
  const updated = await db
    .update(emailOutbox)
    .set({ status: "pending", nextAttemptAt: now })
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, [...resendableStatuses])))
    .returning({ id: emailOutbox.id });
  if (updated.length > 0) return { ok: true };
  return (await loadOutboxMail(d1, id)) ? { ok: false, reason: "not-resendable" } : { ok: false, reason: "not-found" };
}

/**
 * "Send a copy": a new outbox row with the same recipient, language, template, subject and data —
 * so a reset or verification mail carries the very link the customer already has (no new token is
 * made, nothing is shown to staff; the copy goes only to the stored address). One INSERT … SELECT.
 */
export async function queueOutboxCopy(d1: D1Database, id: number, now = Date.now()): Promise<{ ok: true; id: number } | { ok: false }> {
  const row = await d1
    .prepare(
      `INSERT INTO email_outbox (to_address, locale, template, subject, payload_json, status, attempts, next_attempt_at, created_at)
       SELECT to_address, locale, template, subject, payload_json, 'pending', 0, ?, ? FROM email_outbox WHERE id = ? RETURNING id`,
    )
    .bind(now, now, id)
    .first<{ id: number }>();
  return row ? { ok: true, id: row.id } : { ok: false };
}
