import { and, count, desc, eq, inArray, or } from "drizzle-orm";
import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { emailOutbox } from "~/db/schema/messaging";
import { isLocale } from "~/i18n/config";
import { outboxPageSize, type OutboxListQuery } from "./outbox-list-query";
import { isEmailTemplate, renderEmail, type EmailPayload, type RenderedEmail } from "./templates";

/**
 * The outbox as staff read it (DESIGN §5 "locally the outbox is the mailbox"; issue 5 item 14):
 * a filtered, searchable, paged list, one mail rendered as its recipient gets it, and "send again
 * now" for a mail still waiting or given up on. Delivery itself is sender.server.ts (cron retries).
 */
export type OutboxRow = typeof emailOutbox.$inferSelect;
export type OutboxListRow = Omit<OutboxRow, "payloadJson">;

export interface OutboxList {
  rows: OutboxListRow[];
  total: number;
  page: number;
  pageCount: number;
}

/** One page of mails, newest first (count and page in one batch); a page past the end shows the last page. */
export async function listOutbox(d1: D1Database, query: OutboxListQuery): Promise<OutboxList> {
  const db = database(d1);
  const where = and(
    query.status === "all" ? undefined : eq(emailOutbox.status, query.status),
    query.search ? or(contains(emailOutbox.toAddress, query.search), contains(emailOutbox.subject, query.search)) : undefined,
  );
  const pageRows = (page: number) =>
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
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(outboxPageSize)
      .offset((page - 1) * outboxPageSize);
  const [totalRows, rows] = await db.batch([db.select({ total: count() }).from(emailOutbox).where(where), pageRows(query.page)]);
  const total = totalRows[0]?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / outboxPageSize));
  if (query.page <= pageCount) return { rows, total, page: query.page, pageCount };
  return { rows: await pageRows(pageCount), total, page: pageCount, pageCount };
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
