import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL } from "drizzle-orm";
import { database } from "~/db/client";
import { contains } from "~/db/contains-text";
import { invoices } from "~/db/schema/billing";
import { orders } from "~/db/schema/orders";
import type { ListScope } from "~/features/backoffice/list-page.server";
import { parseDocumentLines } from "./billing.server";
import type { InvoiceListQuery, InvoiceListRow } from "./invoice-list";

/** Reading tax documents for the back office's lists and print views (issue 17). */

/** Midnight of a "YYYY-MM-DD" day in Bangkok (UTC+7 all year), as epoch ms. */
function bangkokMidnight(day: string): number {
  const [year, month, date] = day.split("-").map(Number);
  return Date.UTC(year!, month! - 1, date!) - 7 * 60 * 60 * 1000;
}

const invoiceSorts = { issued: invoices.issuedAt, number: invoices.number, total: invoices.totalSatang } as const;

export async function listInvoices(d1: D1Database, query: InvoiceListQuery, scope: ListScope): Promise<{ rows: InvoiceListRow[]; total: number }> {
  const db = database(d1);
  const { kind, state, from, to } = query.filters;
  const search = query.q
    ? or(
        contains(invoices.number, query.q),
        contains(orders.orderNumber, query.q),
        contains(invoices.billingName, query.q),
        contains(invoices.billingTaxId, query.q.replace(/[-\s]/g, "")),
      )
    : undefined;
  const conditions: (SQL | undefined)[] = [
    search,
    kind === null ? undefined : eq(invoices.kind, kind),
    state === null ? undefined : state === "void" ? isNotNull(invoices.voidedAt) : isNull(invoices.voidedAt),
    from === null ? undefined : gte(invoices.issuedAt, bangkokMidnight(from)),
    to === null ? undefined : lt(invoices.issuedAt, bangkokMidnight(to) + 24 * 60 * 60 * 1000),
    scope.ids ? inArray(invoices.id, scope.ids.length ? scope.ids : [0]) : undefined,
  ];
  const where = and(...conditions);
  const direction = query.dir === "asc" ? asc : desc;
  const [totals, rows] = await db.batch([
    db.select({ total: count() }).from(invoices).innerJoin(orders, eq(orders.id, invoices.orderId)).where(where),
    db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        number: invoices.number,
        orderNumber: orders.orderNumber,
        billingName: invoices.billingName,
        billingTaxId: invoices.billingTaxId,
        vatSatang: invoices.vatSatang,
        totalSatang: invoices.totalSatang,
        issuedAt: invoices.issuedAt,
        voidedAt: invoices.voidedAt,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where)
      .orderBy(direction(invoiceSorts[query.sort]), desc(invoices.id))
      .limit(scope.limit)
      .offset(scope.offset),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}

/** One tax document as printed, with its order number, the invoice it corrects and the one it replaces. */
export async function loadInvoiceDocument(d1: D1Database, id: number) {
  const db = database(d1);
  const [row] = await db
    .select({ document: invoices, orderNumber: orders.orderNumber })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  if (!row) return null;
  const referenced = [row.document.originalInvoiceId, row.document.replacesId].filter((value): value is number => value !== null);
  const references = referenced.length
    ? await db.select({ id: invoices.id, number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(inArray(invoices.id, referenced))
    : [];
  const find = (target: number | null) => references.find((reference) => reference.id === target) ?? null;
  const { linesJson, ...document } = row.document;
  return {
    ...document,
    orderNumber: row.orderNumber,
    lines: parseDocumentLines(linesJson),
    originalInvoice: find(document.originalInvoiceId),
    replaces: find(document.replacesId),
  };
}
export type InvoiceDocument = NonNullable<Awaited<ReturnType<typeof loadInvoiceDocument>>>;
