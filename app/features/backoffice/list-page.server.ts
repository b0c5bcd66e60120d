import { parseWithZod } from "@conform-to/zod/v4";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";

import { getCloudflare } from "~/cloudflare";
import { toCsv } from "~/domain/inventory-csv";
import { type ListDefinition, type ListQuery, maxExportRows, pageCountOf, pageWindowOf, parseListQuery, selectedIds } from "~/domain/list-query";
import { isPastLastPage, parsePageNumber } from "~/domain/page-number";
import { pageAddressOf } from "~/domain/return-path";
import { localeFromPathname } from "~/i18n/config";
import { getInstance } from "~/i18n/i18next.server";
import type { Namespace } from "~/i18n/translation";
import type { ListColumn, ListContext, Translate } from "~/ui/backend/list-columns";
import type { ListAnswer, SectionPageData } from "~/ui/backend/list-page";

import { staffRoute } from "./staff-route.server";

/**
 * The server half of the back-office list pattern (app/ui/backend/README.md "List pages"): a route
 * hands its list (`ListSource`: the definition and a fetch) to `loadListPage` in its loader, and a
 * child `export.csv` route hands the same list to `listCsvResponse`. Both read the one query from
 * the URL, so the file is exactly the filtered list the page shows — every page of it.
 */
export interface ListScope {
  limit: number;
  offset: number;
  /** Only these rows (an export of the selection), still under the query's filters. */
  ids?: number[];
}

export interface ListSource<Row, Sort extends string, Filters extends Record<string, unknown>, Extra extends object = object> {
  definition: ListDefinition<Sort, Filters>;
  /** The rows in `scope` under the query, and how many rows the query has in all. */
  fetch(d1: D1Database, query: ListQuery<Sort, Filters>, scope: ListScope): Promise<{ rows: Row[]; total: number } & Extra>;
}

interface LoaderArgs {
  request: Request;
  context: Readonly<RouterContextProvider>;
}

/**
 * One page of a list (or, with `?print=1`, every row for the print view), with its query. A page
 * past the last one is a 404 in the page's language (the back-office frame's error page), never a
 * quietly different page; an odd query is the defaults.
 */
export async function loadListPage<Row, Sort extends string, Filters extends Record<string, unknown>, Extra extends object>(
  args: LoaderArgs,
  source: ListSource<Row, Sort, Filters, Extra>,
) {
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const query = parseListQuery(source.definition, url.searchParams);
  const print = url.searchParams.get("print") === "1";
  const scope = print ? { limit: maxExportRows, offset: 0 } : pageWindowOf(query.page, source.definition.pageSize);
  const result = await source.fetch(env.DB, query, scope);
  const pageCount = print ? 1 : pageCountOf(result.total, source.definition.pageSize);
  if (!print && isPastLastPage(query.page, pageCount)) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return { ...result, query, page: print ? 1 : query.page, pageCount, print, truncated: result.rows.length < result.total && print };
}

/**
 * The loader of a list route (`{ list, meta }`): the staff guard first — `staffRoute`, the matched
 * route's permission, before anything is read — then one page of the list (loadListPage) and the
 * page title (`titleKey` in `namespace`). Lists that read more than their rows write their own.
 */
export async function staffListLoader<Row, Sort extends string, Filters extends Record<string, unknown>, Extra extends object>(
  args: LoaderArgs & Parameters<typeof staffRoute>[0],
  namespace: Namespace,
  titleKey: string,
  source: ListSource<Row, Sort, Filters, Extra>,
) {
  const { t, title } = staffRoute(args, namespace);
  return data({ list: await loadListPage(args, source), meta: { title: title(t(titleKey)) } });
}

/**
 * The filtered list as CSV: every row under the URL's query (or only the ticked `ids`), the
 * columns that have a `csv` value, headers in the page's language. UTF-8 with a BOM so Excel reads
 * Thai; cells that a spreadsheet would run as a formula are made inert (toCsv).
 */
export async function listCsvResponse<Row, Sort extends string, Filters extends Record<string, unknown>>(
  args: LoaderArgs,
  source: ListSource<Row, Sort, Filters>,
  options: { namespace: Namespace; columns: readonly ListColumn<Row>[]; filename: string },
): Promise<Response> {
  const { env } = getCloudflare(args.context);
  const url = new URL(args.request.url);
  const locale = localeFromPathname(url.pathname);
  const query = parseListQuery(source.definition, url.searchParams);
  const ids = url.searchParams.has("ids") || url.searchParams.get("all") === "1" ? selectedIds(url.searchParams) : undefined;
  const { rows } = await source.fetch(env.DB, query, { limit: maxExportRows, offset: 0, ids });
  const context: ListContext = { t: getInstance(args.context).getFixedT(locale, options.namespace) as unknown as Translate, locale };
  const columns = options.columns.filter((column) => column.csv);
  const csv = toCsv([columns.map((column) => context.t(column.label)), ...rows.map((row) => columns.map((column) => column.csv!(row, context) ?? ""))]);
  const day = new Date().toISOString().slice(0, 10);
  return csvFileResponse(csv, `${options.filename}-${day}.csv`);
}

/** A CSV document (toCsv) as a download: never cached, never sniffed as something else. Lists and reports. */
export function csvFileResponse(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
    },
  });
}

/**
 * The form of a list's bulk actions (app/ui/backend/list-page.tsx): the `intent` its button posts,
 * one of the list's. A post naming another is refused with `unknownAction` (the list's
 * namespace's `validation.unknownAction`). The ticked rows are read by `selectedIds`.
 */
export function bulkActionSchema<const Intent extends string>(intents: readonly [Intent, ...Intent[]]) {
  return z.object({ intent: z.enum(intents, { error: "unknownAction" }) });
}

/**
 * A list's bulk action as its form posted it: `{ ok, intent, ids, submission }`, or the 400 to
 * return — the bulk form's error `unknownAction`, or `noneSelected` (lists:validation) when no row
 * is ticked, shown above the list in the page's language. `reply` is the rest of the answer of a
 * route that answers more than a list does (a step, another form's result), so that its actions
 * keep one answer type.
 */
export function parseBulkAction<const Intent extends string, Reply extends ListAnswer = ListAnswer>(
  formData: FormData,
  intents: readonly [Intent, ...Intent[]],
  // Without `reply`, Reply is ListAnswer, whose fields are all optional.
  reply: Reply = {} as Reply,
) {
  const submission = parseWithZod(formData, { schema: bulkActionSchema(intents) });
  const refuse = (key: "unknownAction" | "noneSelected") => ({
    ok: false as const,
    answer: data({ ...reply, result: submission.reply({ formErrors: [key] }) }, { status: 400 }),
  });
  if (submission.status !== "success") return refuse("unknownAction");
  const ids = selectedIds(formData);
  if (ids.length === 0) return refuse("noneSelected");
  return { ok: true as const, intent: submission.value.intent, ids, submission };
}

/**
 * What a list's action answers when it does not redirect (`ListView`'s `answer`): the bulk form's
 * refusal as message keys (`result`, from `parseBulkAction` or `submission.reply({ formErrors })`)
 * or as a sentence the server wrote out (`refusal`), or, for a destructive action sent without
 * JavaScript, the confirm step to show.
 */
export function listActionAnswer(status: number, answer: ListAnswer) {
  return data<ListAnswer>({ result: answer.result ?? null, refusal: answer.refusal ?? null, confirm: answer.confirm ?? null }, { status });
}

/**
 * Where a list's bulk action sends the browser afterwards (with redirectWithToast): the same list
 * and query from page 1 — the action may have moved rows off later pages, and a page past the end
 * is a 404.
 */
export function listAddressAfterAction(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("page");
  return pageAddressOf(url);
}

/**
 * The list pattern's page rule for a list that reads its page itself (inventory, outbox, gallery,
 * activities until they move onto the kit): a page past the last one is a 404 in the page's
 * language, like the kit's lists and the storefront's (app/domain/page-number.ts).
 */
export function throwIfPastLastPage(page: number, pageCount: number): void {
  if (isPastLastPage(page, pageCount)) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
}

/**
 * One page of a list inside a detail page (`SectionList`), read from its own URL parameter
 * (`?orders=2`) so that two lists on one page page apart. `fetch` gets the window, and a page past
 * the last one is a 404, as for the kit's lists.
 */
export async function loadSectionPage<Row>(
  request: Request,
  param: string,
  pageSize: number,
  fetch: (scope: { limit: number; offset: number }) => Promise<{ rows: Row[]; total: number }>,
): Promise<SectionPageData<Row>> {
  const page = parsePageNumber(new URL(request.url).searchParams.get(param));
  const { rows, total } = await fetch(pageWindowOf(page, pageSize));
  const pageCount = pageCountOf(total, pageSize);
  throwIfPastLastPage(page, pageCount);
  return { rows, total, page, pageCount, param };
}
