import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from "drizzle-orm";

import { database } from "~/db/client";
import { authThrottle } from "~/db/schema/accounts";
import { backInStockRequests, products, variants } from "~/db/schema/catalog";
import { productStatusIds } from "~/domain/catalog";
import { recordFailureStatement, throttleWindowMs } from "~/features/accounts/throttle.server";
import { isTokenShaped, newToken } from "~/features/accounts/tokens.server";
import { backInStockSubjectTemplate } from "~/features/email/back-in-stock-email";
import { integerSql } from "~/features/reports/report-summary.server";
import type { Locale } from "~/i18n/config";

/**
 * Back-in-stock alerts (issue 20). A shopper asks on a sold-out variant; when its stock rises above
 * zero, ONE e-mail per open request goes into the outbox in the same db.batch as the stock change
 * and the request is marked notified in that batch, so it is sent exactly once.
 *
 * Every path that raises stock appends {@link backInStockStatements} after its stock UPDATE. The
 * statements are set-based and look at every open request whose variant now has stock, not at the
 * variants the caller changed: a path cannot pass the wrong ids, and a request left open by an
 * earlier path (a product published after its restock) is answered by the next one. Open requests
 * are few and sit in a partial index, so the sweep stays cheap.
 */

/** Requests a client address may make per throttle window (the contact form's counter table). */
export const backInStockRequestsPerWindow = 10;

function throttleKey(address: string): string {
  return `back-in-stock:ip:${address.slice(0, 64)}`;
}

/** What an open request's variant must be to be announced: in stock, sold and on a published product. */
const sellableNow = `v.stock > 0 AND v.is_active = 1 AND p.status_id = ${productStatusIds.published}`;
const open = "r.notified_at IS NULL AND r.cancelled_at IS NULL";

/** The request's language, falling back to English where a Thai text is empty. */
const inLocale = (en: string, th: string) => `CASE WHEN r.locale = 'th' AND ${th} <> '' THEN ${th} ELSE ${en} END`;

/** "Black / M" in the request's language, attributes in their order (as the inventory pages show it). */
const optionLabel = `coalesce((SELECT group_concat(label, ' / ') FROM (
  SELECT ${inLocale("o.name_en", "o.name_th")} AS label FROM variant_options AS vo
  JOIN attribute_options AS o ON o.id = vo.option_id
  JOIN attributes AS a ON a.id = o.attribute_id
  WHERE vo.variant_id = v.id ORDER BY a.sort_order, a.id)), '')`;

/** A text of ours (a translation) as an SQL string literal. */
const textSql = (value: string) => `'${value.replace(/'/g, "''")}'`;

/**
 * The SQL that announces every open request whose variant is sellable now: an outbox row per
 * request (its payload built in SQL: name and options in the request's language, absolute links on
 * the origin where the shopper asked), then the requests marked notified. Both select the same
 * rows; a batch is one transaction, so nothing changes between them. CROSS JOIN keeps SQLite's join
 * order: it walks the partial index of OPEN requests and looks each variant up by key, rather than
 * reading every published variant on each stock change (EXPLAIN QUERY PLAN: SCAN r USING INDEX
 * back_in_stock_open_unique, then two primary-key searches). Values are literals (the clock
 * and our own subjects) because Drizzle's D1 batch cannot bind a raw statement's parameters.
 */
function backInStockSqlTexts(now: number): [string, string] {
  const prefix = "CASE r.locale WHEN 'th' THEN '/th' ELSE '' END";
  const at = integerSql(now);
  return [
    `INSERT INTO email_outbox (to_address, locale, template, subject, payload_json, status, attempts, next_attempt_at, created_at)
     SELECT email, locale, 'back-in-stock',
       replace(CASE locale WHEN 'th' THEN ${textSql(backInStockSubjectTemplate("th"))} ELSE ${textSql(backInStockSubjectTemplate("en"))} END,
         '{{product}}', product_name || CASE WHEN variant_label <> '' THEN ' — ' || variant_label ELSE '' END),
       json_object('productName', product_name, 'variantLabel', variant_label, 'link', link, 'unsubscribeLink', unsubscribe_link),
       'pending', 0, ${at}, ${at}
     FROM (
       SELECT r.id, r.email, r.locale,
         ${inLocale("p.name_en", "p.name_th")} AS product_name,
         ${optionLabel} AS variant_label,
         r.link_origin || ${prefix} || '/shop/' || p.slug || '?variant=' || v.id AS link,
         r.link_origin || ${prefix} || '/back-in-stock/unsubscribe?token=' || r.unsubscribe_token AS unsubscribe_link
       FROM back_in_stock_requests AS r CROSS JOIN variants AS v CROSS JOIN products AS p
       WHERE v.id = r.variant_id AND p.id = v.product_id AND ${open} AND ${sellableNow}
       ORDER BY r.id
     )`,
    `UPDATE back_in_stock_requests AS r SET notified_at = ${at}
     WHERE ${open} AND EXISTS (SELECT 1 FROM variants AS v JOIN products AS p ON p.id = v.product_id WHERE v.id = r.variant_id AND ${sellableNow})`,
  ];
}

/**
 * The back-in-stock statements for a D1 batch. EVERY path that raises stock appends them AFTER its
 * stock UPDATE, in the same batch (the list is in tests/integration/back-in-stock.spec.ts).
 */
export function backInStockStatements(d1: D1Database, now: number): D1PreparedStatement[] {
  return backInStockSqlTexts(now).map((text) => d1.prepare(text));
}

/** {@link backInStockStatements} for a Drizzle batch: `...backInStockSql(now).map((query) => db.run(query))`. */
export function backInStockSql(now: number): SQL[] {
  return backInStockSqlTexts(now).map((text) => sql.raw(text));
}

export type BackInStockRequestResult = { ok: true } | { ok: false; reason: "not-found" | "in-stock" | "throttled" };

/**
 * Records a request. The answer is the same whether the e-mail is new, already waiting, or has an
 * account: it never tells a visitor anything about an address. A request only exists for a variant
 * that is sold out right now (the INSERT checks it), so it is answered by the next restock.
 */
export async function requestBackInStock(
  d1: D1Database,
  input: { variantId: number; email: string; customerId: number | null; locale: Locale; linkOrigin: string; clientAddress: string },
  now = Date.now(),
): Promise<BackInStockRequestResult> {
  const db = database(d1);
  const key = throttleKey(input.clientAddress);
  const [counters, variantRows] = await db.batch([
    db
      .select({ count: authThrottle.count, windowStart: authThrottle.windowStart })
      .from(authThrottle)
      .where(inArray(authThrottle.key, [key])),
    db
      .select({ stock: variants.stock })
      .from(variants)
      .innerJoin(products, eq(products.id, variants.productId))
      .where(and(eq(variants.id, input.variantId), eq(variants.isActive, true), eq(products.statusId, productStatusIds.published))),
  ]);
  const counter = counters[0];
  if (counter && counter.windowStart > now - throttleWindowMs && counter.count >= backInStockRequestsPerWindow) return { ok: false, reason: "throttled" };
  const variant = variantRows[0];
  if (!variant) return { ok: false, reason: "not-found" };
  if (variant.stock > 0) return { ok: false, reason: "in-stock" };

  await d1.batch([
    // A second request while one is open is the same request (the partial unique index); stock that
    // came back since the read above makes the SELECT empty, and the shopper can simply buy.
    d1
      .prepare(
        `INSERT INTO back_in_stock_requests (variant_id, email, customer_id, locale, link_origin, unsubscribe_token, created_at)
         SELECT id, ?2, ?3, ?4, ?5, ?6, ?7 FROM variants WHERE id = ?1 AND stock = 0
         ON CONFLICT DO NOTHING`,
      )
      .bind(input.variantId, input.email.trim().toLowerCase(), input.customerId, input.locale, input.linkOrigin, newToken(), now),
    countRequest(d1, key, now),
  ]);
  return { ok: true };
}

/** The throttle's counter (a Drizzle builder) as a D1 statement of the same batch. */
function countRequest(d1: D1Database, key: string, now: number): D1PreparedStatement {
  const query = recordFailureStatement(d1, key, now).toSQL();
  return d1.prepare(query.sql).bind(...query.params);
}

export type UnsubscribeLookup =
  { found: false } | { found: true; open: boolean; productNameEn: string; productNameTh: string; slug: string; variantId: number };

/** What an unsubscribe link is about; a malformed or unknown token is `found: false`, never an error. */
export async function findBackInStockRequest(d1: D1Database, token: string | null): Promise<UnsubscribeLookup> {
  if (!token || !isTokenShaped(token)) return { found: false };
  const row = await database(d1)
    .select({
      notifiedAt: backInStockRequests.notifiedAt,
      cancelledAt: backInStockRequests.cancelledAt,
      variantId: backInStockRequests.variantId,
      productNameEn: products.nameEn,
      productNameTh: products.nameTh,
      slug: products.slug,
    })
    .from(backInStockRequests)
    .innerJoin(variants, eq(variants.id, backInStockRequests.variantId))
    .innerJoin(products, eq(products.id, variants.productId))
    .where(eq(backInStockRequests.unsubscribeToken, token))
    .get();
  if (!row) return { found: false };
  return {
    found: true,
    open: row.notifiedAt === null && row.cancelledAt === null,
    productNameEn: row.productNameEn,
    productNameTh: row.productNameTh,
    slug: row.slug,
    variantId: row.variantId,
  };
}

/** Cancels the token's request if it is still open; whether one was cancelled now. */
export async function cancelBackInStockRequest(d1: D1Database, token: string | null, now = Date.now()): Promise<boolean> {
  if (!token || !isTokenShaped(token)) return false;
  const rows = await database(d1)
    .update(backInStockRequests)
    .set({ cancelledAt: now })
    .where(and(eq(backInStockRequests.unsubscribeToken, token), isNull(backInStockRequests.notifiedAt), isNull(backInStockRequests.cancelledAt)))
    .returning({ id: backInStockRequests.id });
  return rows.length > 0;
}

/** Staff's view of one variant: who is waiting (oldest first) and how many were already e-mailed. */
export async function loadWaitingList(d1: D1Database, variantId: number) {
  const db = database(d1);
  const [waiting, notified] = await db.batch([
    db
      .select({
        id: backInStockRequests.id,
        email: backInStockRequests.email,
        customerId: backInStockRequests.customerId,
        locale: backInStockRequests.locale,
        createdAt: backInStockRequests.createdAt,
      })
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.variantId, variantId), isNull(backInStockRequests.notifiedAt), isNull(backInStockRequests.cancelledAt)))
      .orderBy(asc(backInStockRequests.createdAt), asc(backInStockRequests.id)),
    db
      .select({ total: count() })
      .from(backInStockRequests)
      .where(and(eq(backInStockRequests.variantId, variantId), isNotNull(backInStockRequests.notifiedAt))),
  ]);
  return { waiting, notified: notified[0]?.total ?? 0 };
}
export type WaitingList = Awaited<ReturnType<typeof loadWaitingList>>;

/** Open requests per variant, for the inventory list's page of variants (one grouped query on the open-request index). */
export async function waitingCounts(d1: D1Database, variantIds: readonly number[]): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await database(d1)
    .select({ variantId: backInStockRequests.variantId, total: count() })
    .from(backInStockRequests)
    .where(and(inArray(backInStockRequests.variantId, [...variantIds]), isNull(backInStockRequests.notifiedAt), isNull(backInStockRequests.cancelledAt)))
    .groupBy(backInStockRequests.variantId);
  return new Map(rows.map((row) => [row.variantId, row.total]));
}
