import { emailStatuses } from "~/domain/email-status";

/**
 * The query of the back-office outbox list (/backend/setting/outbox): `?status=&q=&page=`. A URL is
 * not a form: anything odd becomes the default (all statuses, no search, page 1) instead of an error.
 */
export const outboxPageSize = 20;
export const outboxSearchMaxLength = 100;
export const outboxStatusFilters = ["all", ...emailStatuses] as const;
export type OutboxStatusFilter = (typeof outboxStatusFilters)[number];

export interface OutboxListQuery {
  status: OutboxStatusFilter;
  search: string;
  page: number;
}

export function isOutboxStatusFilter(value: unknown): value is OutboxStatusFilter {
  return typeof value === "string" && (outboxStatusFilters as readonly string[]).includes(value);
}

export function parseOutboxListQuery(url: URL): OutboxListQuery {
  const statusText = url.searchParams.get("status") ?? "all";
  const search = (url.searchParams.get("q") ?? "").trim().slice(0, outboxSearchMaxLength);
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  return { status: isOutboxStatusFilter(statusText) ? statusText : "all", search, page };
}

/** The list URL for a query (defaults left out, so the plain path is the first page of everything). */
export function outboxListHref(base: string, query: Partial<OutboxListQuery>): string {
  const params = new URLSearchParams();
  if (query.status && query.status !== "all") params.set("status", query.status);
  if (query.search) params.set("q", query.search);
  if (query.page && query.page > 1) params.set("page", String(query.page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}
