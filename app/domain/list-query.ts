import { maxPageNumber, parsePageNumber } from "./page-number";

/**
 * The query of a back-office list page, read from its URL (issue 15 "back-office kit"): search `q`,
 * the list's own filters, sort `sort` + `dir`, and `page`. A URL is not a form: anything odd (an
 * unknown sort, a filter value that is not one of the list's, a malformed page) means "not given",
 * never an error, so a hand-edited or stale address still shows the list. A page past the last one
 * is the caller's 404 (app/domain/page-number.ts, the storefront's rule).
 *
 * A list declares itself once (`defineList`) and its page, its CSV export and its print view all
 * read the same query, so the export is exactly the rows the page shows, on every page.
 */
export type SortDirection = "asc" | "desc";

/** Reads one filter's URL value: the value, or null for absent or odd (= no filter). */
export type FilterParser<T> = (raw: string) => T | null;

export interface ListDefinition<Sort extends string = string, Filters extends Record<string, unknown> = Record<string, unknown>> {
  /** The keys a column may sort by (`?sort=`). */
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  filters: { [K in keyof Filters]: FilterParser<Filters[K]> };
  pageSize: number;
}

export interface ListQuery<Sort extends string = string, Filters extends Record<string, unknown> = Record<string, unknown>> {
  q: string;
  sort: Sort;
  dir: SortDirection;
  page: number;
  filters: { [K in keyof Filters]: Filters[K] | null };
}

export type QueryOf<D> = D extends ListDefinition<infer Sort, infer Filters> ? ListQuery<Sort, Filters> : never;

export const maxSearchLength = 100;
/** The most rows an export or a print view holds: more is a report, not a list. */
export const maxExportRows = 5000;
/** The most rows one bulk action takes. */
export const maxBulkIds = 200;

export function defineList<const Sort extends string, Filters extends Record<string, unknown>>(definition: ListDefinition<Sort, Filters>) {
  return definition;
}

export function parseListQuery<Sort extends string, Filters extends Record<string, unknown>>(
  definition: ListDefinition<Sort, Filters>,
  params: URLSearchParams,
): ListQuery<Sort, Filters> {
  const sortText = params.get("sort") ?? "";
  const sort = (definition.sorts as readonly string[]).includes(sortText) ? (sortText as Sort) : definition.defaultSort;
  const dirText = params.get("dir");
  const dir: SortDirection = dirText === "asc" || dirText === "desc" ? dirText : defaultDirectionFor(definition, sort);
  const filters = {} as { [K in keyof Filters]: Filters[K] | null };
  for (const name of Object.keys(definition.filters) as (keyof Filters & string)[]) {
    const raw = (params.get(name) ?? "").trim();
    filters[name] = raw === "" ? null : definition.filters[name](raw);
  }
  return { q: cleanSearch(params.get("q")), sort, dir, page: parsePageNumber(params.get("page")), filters };
}

// eslint-disable-next-line no-control-regex -- control characters never belong in a search
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/** The search as typed, trimmed, without control characters, at most `maxSearchLength` characters. */
export function cleanSearch(value: string | null): string {
  return (value ?? "").replace(controlCharacters, " ").trim().slice(0, maxSearchLength);
}

/**
 * The digits to look for in phone numbers, for a search that reads as a phone number (digits with
 * spaces, dashes, dots, a plus or parentheses), else null: a name or order number that happens to hold
 * digits ("Lists9x2", "lst3f41c0d") must not match every phone containing "92" or "3410".
 */
export function phoneDigitsOfSearch(search: string): string | null {
  if (!/^[\d\s().+-]+$/.test(search)) return null;
  const digits = search.replace(/\D/g, "");
  return digits.length >= 3 ? digits : null;
}

export interface QueryChanges<Sort extends string, Filters extends Record<string, unknown>> {
  q?: string;
  sort?: Sort;
  dir?: SortDirection;
  page?: number;
  filters?: Partial<{ [K in keyof Filters]: Filters[K] | null }>;
}

/**
 * The URL parameters of a query with some changes, leaving out what is the default (page 1, the
 * default sort), so each list state has one address. Changing the search, a filter or the sort
 * starts again at page 1 unless a page is given.
 */
export function listQueryParams<Sort extends string, Filters extends Record<string, unknown>>(
  definition: ListDefinition<Sort, Filters>,
  query: ListQuery<Sort, Filters>,
  changes: QueryChanges<Sort, Filters> = {},
): URLSearchParams {
  const params = new URLSearchParams();
  const q = changes.q ?? query.q;
  const filters = { ...query.filters, ...changes.filters };
  const sort = changes.sort ?? query.sort;
  const dir = changes.dir ?? (changes.sort === undefined ? query.dir : defaultDirectionFor(definition, sort));
  const page = changes.page ?? (changes.q !== undefined || changes.filters || changes.sort ? 1 : query.page);
  if (q) params.set("q", q);
  for (const [name, value] of Object.entries(filters)) if (value !== null && value !== undefined && value !== "") params.set(name, String(value));
  if (sort !== definition.defaultSort || dir !== definition.defaultDirection) {
    params.set("sort", sort);
    params.set("dir", dir);
  }
  if (page > 1) params.set("page", String(page));
  return params;
}

export function listHref<Sort extends string, Filters extends Record<string, unknown>>(
  base: string,
  definition: ListDefinition<Sort, Filters>,
  query: ListQuery<Sort, Filters>,
  changes: QueryChanges<Sort, Filters> = {},
): string {
  const search = listQueryParams(definition, query, changes).toString();
  return search ? `${base}?${search}` : base;
}

function defaultDirectionFor(definition: ListDefinition, sort: string): SortDirection {
  return sort === definition.defaultSort ? definition.defaultDirection : "asc";
}

/** Where a column header's link leads: the same column again turns the direction round, another one starts at its default. */
export function sortToggle(definition: ListDefinition, query: ListQuery, sort: string): { sort: string; dir: SortDirection } {
  if (query.sort === sort) return { sort, dir: query.dir === "asc" ? "desc" : "asc" };
  return { sort, dir: defaultDirectionFor(definition, sort) };
}

/** aria-sort of a column header. */
export function ariaSort(query: Pick<ListQuery, "sort" | "dir">, sort: string | undefined): "ascending" | "descending" | "none" | undefined {
  if (!sort) return undefined;
  if (query.sort !== sort) return "none";
  return query.dir === "asc" ? "ascending" : "descending";
}

export function pageCountOf(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The rows of one page: offset and limit (a page past `maxPageNumber` asks for nothing). */
export function pageWindowOf(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (Math.min(page, maxPageNumber) - 1) * pageSize };
}

/** Filter readers for `defineList`. */
export const filter = {
  /** A row id (1, 2, …), optionally one of `allowed`. */
  id:
    (allowed?: readonly number[]): FilterParser<number> =>
    (raw) => {
      if (!/^[1-9]\d{0,9}$/.test(raw)) return null;
      const id = Number(raw);
      return !allowed || allowed.includes(id) ? id : null;
    },
  /** One of a fixed set of words. */
  choice:
    <const T extends string>(values: readonly T[]): FilterParser<T> =>
    (raw) =>
      (values as readonly string[]).includes(raw) ? (raw as T) : null,
  /** A calendar day "YYYY-MM-DD" that exists. */
  day: (): FilterParser<string> => (raw) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw);
    if (!match) return null;
    const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    return date.getUTCFullYear() >= 2000 && date.getUTCFullYear() <= 2200 && date.toISOString().slice(0, 10) === raw ? raw : null;
  },
};

/**
 * The rows a bulk action (or an export of the selection) is for: the ticked `ids`, or with
 * `all=1` (the select-all box) every row the page listed (`pageIds`). Odd values are dropped,
 * duplicates once, at most `maxBulkIds`.
 */
export function selectedIds(params: URLSearchParams | FormData): number[] {
  const values = params.get("all") === "1" ? params.getAll("pageIds") : params.getAll("ids");
  const ids = new Set<number>();
  for (const value of values) {
    if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) continue;
    ids.add(Number(value));
    if (ids.size >= maxBulkIds) break;
  }
  return [...ids];
}
