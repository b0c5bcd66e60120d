import { type FormMetadata, getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { clsx } from "clsx";
import { ArrowDown, ArrowUp, ArrowUpDown, Download, Printer, Search } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Form, Link, useLocation } from "react-router";

import { ariaSort, type ListDefinition, listHref, type ListQuery, listQueryParams, sortToggle } from "~/domain/list-query";
import { localeFromPathname } from "~/i18n/config";
import { type Namespace, useTranslation } from "~/i18n/translation";
import { type ConfirmStepData, confirmStepValue } from "~/ui/confirm";
import { ConfirmButton, ConfirmStep } from "~/ui/confirm-dialog";
import { DayHint } from "~/ui/form/day-hint";
import { AnswerErrors } from "~/ui/form/fields";
import { Pagination } from "~/ui/pagination";
import { useHydrated } from "~/ui/use-hydrated";

import type { ListColumn, ListContext, Translate } from "./list-columns";
import { PageHeading, Panel } from "./page-parts";

/**
 * The back office's one list page (issue 15; app/ui/backend/README.md "List pages"). A route
 * declares its columns, filter controls and bulk actions and renders `<ListView>` with what
 * `loadListPage` returned; everything else is here:
 *
 * - search, filters, sort and page live in the URL (a GET form and links), so a list state can be
 *   bookmarked and everything works without JavaScript;
 * - column headers sort (links, `aria-sort`), an empty state, page links;
 * - bulk selection: a checkbox per row and one for the page, all belonging to one POST form
 *   (`ids`, or `all=1` with the page's `pageIds`) on Conform, whose refusals show above the list
 *   in the page's language; destructive actions ask first (ConfirmButton); an action with `href`
 *   sends the selection there by GET instead (packing slips, CSV);
 * - "Export CSV" (the filtered list, every page) and a print view (`?print=1`: every row, no frame).
 */
export interface ListPageData<Row, Sort extends string, Filters extends Record<string, unknown>> {
  rows: Row[];
  total: number;
  query: ListQuery<Sort, Filters>;
  page: number;
  pageCount: number;
  print: boolean;
  truncated: boolean;
}

export interface BulkAction {
  /** The `intent` the action receives. */
  intent: string;
  label: string;
  /** A page that takes the selection by GET (`ids=…`) instead of the list's own action. */
  href?: string;
  /** Destructive: asks first — a dialog with JavaScript, the action's ConfirmStep without. */
  confirm?: { title: string; description: string; confirmLabel: string };
}

/** What a list's action answered when it did not redirect (listActionAnswer in list-page.server.ts). */
export interface ListAnswer {
  /** The bulk form's reply: its form errors are keys of the list's namespace or of `lists`. */
  result?: SubmissionResult<string[]> | null;
  /** A refusal the server wrote out, when it names rows or numbers. */
  refusal?: string | null;
  confirm?: ConfirmStepData | null;
}

interface ListViewProps<Row, Sort extends string, Filters extends Record<string, unknown>> {
  list: ListPageData<Row, Sort, Filters>;
  definition: ListDefinition<Sort, Filters>;
  /** The list's path in the page's language. */
  base: string;
  /** The namespace of the column labels. */
  namespace: Namespace;
  title: string;
  intro?: string;
  /** Next to the heading (a "new" button); not printed. */
  headerActions?: ReactNode;
  /** Between the heading and the search (tabs, notices, a step of a bulk action); not printed. */
  above?: ReactNode;
  /**
   * What the list's action answered (parseBulkAction, listActionAnswer), shown before `above`: its
   * refusal, in the list's namespace or `lists`, and the confirm step of a bulk action that asks
   * first (`confirm`) sent without JavaScript.
   */
  answer?: ListAnswer | null;
  columns: readonly ListColumn<Row>[];
  rowId: (row: Row) => number;
  /** Names the row for its checkbox ("Select P-2025…"). */
  rowName: (row: Row) => string;
  rowTestId: string;
  testId: string;
  searchPlaceholder?: string;
  /** Filter controls named as the definition's filters, inside the search form. */
  filters?: ReactNode;
  /** Filters set outside the search form (tabs): the form keeps them. */
  keep?: readonly (keyof Filters & string)[];
  /** The empty state's sentence. */
  empty: string;
  bulkActions?: readonly BulkAction[];
  /** The list's CSV route; the export link adds the query. */
  exportPath?: string;
}

export function ListView<Row, Sort extends string, Filters extends Record<string, unknown>>(props: ListViewProps<Row, Sort, Filters>) {
  const { list, definition, base, namespace, title, intro, testId } = props;
  const { t: translate } = useTranslation(namespace);
  const { t } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const context: ListContext = { t: translate as unknown as Translate, locale };
  const here = listHref(base, definition, list.query);
  const [bulkForm] = useForm({ id: useId(), lastResult: props.answer?.result });

  if (list.print) return <PrintList {...props} context={context} here={here} />;

  const search = listQueryParams(definition, list.query, { page: 1 }).toString();
  return (
    <div data-testid={`${testId}-page`}>
      <PageHeading title={title} intro={intro}>
        {props.headerActions}
      </PageHeading>
      <ActionAnswer answer={props.answer} form={bulkForm} namespace={namespace} bulkActions={props.bulkActions} here={here} />
      {props.above}
      <ListSearch {...props} />
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted" data-testid={`${testId}-count`} aria-live="polite">
          {t("resultCount", { count: list.total })}
        </p>
        <div className="flex flex-wrap gap-2">
          {props.exportPath ? (
            <Link
              to={search ? `${props.exportPath}?${search}` : props.exportPath}
              reloadDocument
              className="btn-ghost border border-line text-sm"
              title={t("exportHint")}
              data-testid="list-export"
            >
              <Download className="size-4" aria-hidden />
              {t("exportCsv")}
            </Link>
          ) : null}
          <Link
            to={`${base}?${new URLSearchParams([...new URLSearchParams(search), ["print", "1"]])}`}
            className="btn-ghost border border-line text-sm"
            data-testid="list-print"
          >
            <Printer className="size-4" aria-hidden />
            {t("printView")}
          </Link>
        </div>
      </div>
      {list.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid={`${testId}-empty`}>
          {props.empty}
        </p>
      ) : (
        // Keyed by the address: another page or filter starts with nothing ticked.
        <SelectableTable key={here} {...props} context={context} here={here} form={bulkForm} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} href={(page) => listHref(base, definition, list.query, { page })} />
    </div>
  );
}

function ActionAnswer({
  answer,
  form,
  namespace,
  bulkActions = [],
  here,
}: {
  answer?: ListAnswer | null;
  form: FormMetadata<Record<string, unknown>>;
  namespace: Namespace;
  bulkActions?: readonly BulkAction[];
  here: string;
}) {
  const step = answer?.confirm ?? null;
  const asked = step ? bulkActions.find((action) => action.confirm && action.intent === confirmStepValue(step, "intent")) : undefined;
  return (
    <>
      <AnswerErrors form={form} namespace={[namespace, "lists"]} answered={Boolean(answer?.result || answer?.refusal)} refusal={answer?.refusal} />
      {step && asked?.confirm ? <ConfirmStep step={step} action={here} cancelTo={here} {...asked.confirm} /> : null}
    </>
  );
}

function ListSearch<Row, Sort extends string, Filters extends Record<string, unknown>>({
  list,
  definition,
  base,
  keep = [],
  filters,
  searchPlaceholder,
  testId,
}: ListViewProps<Row, Sort, Filters>) {
  const { t } = useTranslation("lists");
  const { query } = list;
  const kept = keep.map((name) => [name, query.filters[name]] as const).filter(([, value]) => value !== null && value !== undefined);
  const sorted = query.sort !== definition.defaultSort || query.dir !== definition.defaultDirection;
  const filtered = Boolean(query.q) || Object.entries(query.filters).some(([name, value]) => value !== null && !keep.includes(name as keyof Filters & string));
  const clearHref = listHref(base, definition, { ...query, q: "", page: 1, filters: Object.fromEntries(kept) as ListQuery<Sort, Filters>["filters"] });
  return (
    <Form method="get" action={base} role="search" className={clsx("mb-4 flex flex-wrap items-end gap-3", dayHintRoom)} data-testid={`${testId}-search`}>
      {kept.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={String(value)} />
      ))}
      {sorted ? (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      ) : null}
      <label className="flex min-w-0 flex-[2_1_16rem] flex-col gap-1 text-sm font-semibold">
        {t("search")}
        <span className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-muted" aria-hidden />
          <input
            type="search"
            name="q"
            defaultValue={query.q}
            placeholder={searchPlaceholder}
            maxLength={100}
            className="w-full rounded-md border border-line py-2 pr-3 pl-9 font-normal focus-visible:outline-2 focus-visible:outline-primary"
            data-testid="list-search-input"
          />
        </span>
      </label>
      {filters}
      <div className="flex items-end gap-2">
        <button type="submit" className="btn-primary" data-testid="list-search-submit">
          {filters ? t("apply") : t("searchSubmit")}
        </button>
        {filtered ? (
          <Link to={clearHref} className="btn-ghost" data-testid="list-clear">
            {t("clear")}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

const shown = <Row,>(column: ListColumn<Row>) => column.cell !== undefined;

/** A filter control for the search form: a select named as the filter, "all" first. */
export function FilterSelect({
  name,
  label,
  value,
  allLabel,
  options,
}: {
  name: string;
  label: string;
  value: string | number | null;
  allLabel: string;
  options: readonly { value: string | number; label: string }[];
}) {
  return (
    <label className="flex min-w-0 flex-[1_1_9rem] flex-col gap-1 text-sm font-semibold">
      {label}
      <select
        name={name}
        defaultValue={value === null ? "" : String(value)}
        className="rounded-md border border-line bg-surface px-3 py-2 font-normal focus-visible:outline-2 focus-visible:outline-primary"
        data-testid={`filter-${name}`}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A select for each of several filters of one query (FilterSelect), "all" first in each. */
export function FilterSelects({
  query,
  allLabel,
  selects,
}: {
  query: { filters: Record<string, unknown> };
  allLabel: string;
  selects: readonly { name: string; label: string; options: readonly { value: string | number; label: string }[] }[];
}) {
  return selects.map((select) => (
    <FilterSelect key={select.name} {...select} value={(query.filters[select.name] ?? null) as string | number | null} allLabel={allLabel} />
  ));
}

/**
 * For a filter form: taller rows and room below when it holds a day filter that writes its day out
 * under the input (Thai pages), so the day clears the next row and the form's edge.
 */
export const dayHintRoom = "has-[[data-day-hint]]:gap-y-7 has-[[data-day-hint]]:pb-7";

/** A day filter (`YYYY-MM-DD`); on Thai pages the chosen day is printed under it in the Buddhist era (DayHint). */
export function FilterDate({ name, label, value }: { name: string; label: string; value: string | null }) {
  const locale = localeFromPathname(useLocation().pathname);
  const [day, setDay] = useState(value ?? "");
  // A preset link or the back button brings a new value without remounting: the input follows its
  // defaultValue, and so must the day written out under it.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    setDay(value ?? "");
  }
  const hintId = `filter-${name}-day`;
  return (
    // The day sits under the input out of the flow, so the filter's label and input line up with the
    // other filters'; the form leaves it room (dayHintRoom).
    <div className="relative flex min-w-0 flex-[1_1_9rem] flex-col gap-1" data-day-hint={locale === "th" ? "" : undefined}>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        {label}
        <input
          type="date"
          name={name}
          defaultValue={value ?? ""}
          onChange={(event) => setDay(event.currentTarget.value)}
          aria-describedby={locale === "th" ? hintId : undefined}
          className="rounded-md border border-line px-3 py-2 font-normal"
          data-testid={`filter-${name}`}
        />
      </label>
      {locale === "th" ? <DayHint id={hintId} day={day} locale={locale} className="absolute top-full left-0 mt-0.5 whitespace-nowrap" /> : null}
    </div>
  );
}

function ColumnHeaders<Row, Sort extends string, Filters extends Record<string, unknown>>({
  columns,
  list,
  definition,
  base,
  context,
  selectAll,
  print,
}: {
  columns: readonly ListColumn<Row>[];
  /** The list's URL state; without it (a table of rows the page holds) no header sorts. */
  list?: ListPageData<Row, Sort, Filters>;
  definition?: ListDefinition<Sort, Filters>;
  base?: string;
  context: ListContext;
  selectAll?: ReactNode;
  print?: boolean;
}) {
  const { t } = useTranslation("lists");
  return (
    <thead className="bg-surface-muted text-left text-ink-muted">
      <tr>
        {selectAll ? (
          <th scope="col" className="w-8 py-2 pr-1 pl-3">
            {selectAll}
          </th>
        ) : null}
        {columns
          .filter((column) => shown(column) && !(print && column.screenOnly))
          .map((column) => {
            const label = context.t(column.label);
            const sorting = list && definition && base !== undefined ? { list, definition, base } : null;
            const sortable = column.sort && !print && sorting && (sorting.definition.sorts as readonly string[]).includes(column.sort);
            const state = sortable ? ariaSort(sorting.list.query, column.sort) : undefined;
            const Icon = state === "ascending" ? ArrowUp : state === "descending" ? ArrowDown : ArrowUpDown;
            return (
              <th
                key={column.id}
                scope="col"
                aria-sort={state}
                className={clsx("px-2 py-2 font-semibold whitespace-nowrap sm:px-3", column.numeric && "text-right", !print && column.className)}
                data-testid={`column-${column.id}`}
              >
                {sortable ? (
                  <Link
                    to={listHref(
                      sorting.base,
                      sorting.definition,
                      sorting.list.query,
                      sortToggle(sorting.definition, sorting.list.query, column.sort!) as { sort: Sort; dir: "asc" | "desc" },
                    )}
                    className={clsx(
                      "inline-flex items-center gap-1 hover:text-ink focus-visible:outline-2 focus-visible:outline-primary",
                      state !== "none" && "text-ink",
                    )}
                    title={t("sortBy", { column: label })}
                    data-testid={`sort-${column.id}`}
                  >
                    {label}
                    <Icon className={clsx("size-3.5", state === "none" && "opacity-40")} aria-hidden />
                  </Link>
                ) : (
                  label
                )}
              </th>
            );
          })}
      </tr>
    </thead>
  );
}

function SelectableTable<Row, Sort extends string, Filters extends Record<string, unknown>>(
  props: ListViewProps<Row, Sort, Filters> & { context: ListContext; here: string; form: FormMetadata<Record<string, unknown>> },
) {
  const { list, columns, rowId, rowName, rowTestId, testId, title, bulkActions = [], context, here, form } = props;
  const { t } = useTranslation("lists");
  const formId = form.id;
  const tableRef = useRef<HTMLTableElement>(null);
  const [count, setCount] = useState(0);
  const selectable = bulkActions.length > 0;

  // The boxes are plain form controls (ticked before hydration, they still count); the page only
  // reads them to show the count and to tick every one with the page's box.
  const recount = useCallback((source?: HTMLInputElement) => {
    const table = tableRef.current;
    if (!table) return;
    const boxes = [...table.querySelectorAll<HTMLInputElement>('input[name="ids"]')];
    const all = table.querySelector<HTMLInputElement>('input[name="all"]');
    if (source && source === all) for (const box of boxes) box.checked = all.checked;
    const ticked = boxes.filter((box) => box.checked).length;
    if (all) {
      all.checked = ticked === boxes.length && ticked > 0;
      all.indeterminate = ticked > 0 && ticked < boxes.length;
    }
    setCount(ticked);
  }, []);
  // Back from another page, the browser ticks the boxes again as they were left (form state restore).
  useEffect(() => recount(), [recount]);

  return (
    <>
      {selectable ? (
        <Form
          method="post"
          action={here}
          reloadDocument
          {...getFormProps(form)}
          className="mb-2 flex flex-wrap items-center gap-2 rounded-lg border border-line bg-surface px-3 py-2 print:hidden"
          aria-label={t("selection.actions")}
          data-testid="bulk-form"
        >
          {list.rows.map((row) => (
            <input key={rowId(row)} type="hidden" name="pageIds" value={rowId(row)} />
          ))}
          <p className="mr-auto text-sm text-ink-muted" aria-live="polite" data-testid="bulk-count">
            {count > 0 ? t("selection.count", { count }) : t("selection.hint")}
          </p>
          {bulkActions.map((action) =>
            action.confirm ? (
              <ConfirmButton
                key={action.intent}
                name="intent"
                value={action.intent}
                className="btn-ghost border border-error/40 text-sm text-error"
                testId={`bulk-${action.intent}`}
                {...action.confirm}
              >
                {action.label}
              </ConfirmButton>
            ) : (
              <button
                key={action.intent}
                type="submit"
                name="intent"
                value={action.intent}
                formMethod={action.href ? "get" : undefined}
                formAction={action.href}
                className="btn-ghost border border-line text-sm"
                data-testid={`bulk-${action.intent}`}
              >
                {action.label}
              </button>
            ),
          )}
        </Form>
      ) : null}
      <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
        <table ref={tableRef} className="w-full text-sm" data-testid={testId}>
          <caption className="sr-only">{title}</caption>
          <ColumnHeaders
            {...props}
            selectAll={
              selectable ? (
                <input
                  type="checkbox"
                  name="all"
                  value="1"
                  form={formId}
                  className="size-4"
                  aria-label={t("selection.selectAll")}
                  onChange={(event) => recount(event.currentTarget)}
                  data-testid="select-all"
                />
              ) : undefined
            }
          />
          <tbody className="divide-y divide-line">
            {list.rows.map((row) => (
              <tr key={rowId(row)} data-testid={rowTestId} data-id={rowId(row)}>
                {selectable ? (
                  <td className="w-8 py-2 pr-1 pl-3 align-top">
                    <input
                      type="checkbox"
                      name="ids"
                      value={rowId(row)}
                      form={formId}
                      className="size-4"
                      aria-label={t("selection.selectRow", { name: rowName(row) })}
                      onChange={() => recount()}
                      data-testid="select-row"
                    />
                  </td>
                ) : null}
                <Cells row={row} columns={columns} context={context} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Cells<Row>({ row, columns, context }: { row: Row; columns: readonly ListColumn<Row>[]; context: ListContext }) {
  return columns.filter(shown).map((column) => (
    <td key={column.id} className={clsx("px-2 py-2 align-top sm:px-3", column.numeric && "text-right tabular-nums", column.className)}>
      {column.cell!(row, context)}
    </td>
  ));
}

interface ListTableProps<Row> {
  rows: readonly Row[];
  columns: readonly ListColumn<Row>[];
  /** The namespace of the column labels (and of the cells' `t`). */
  namespace: Namespace;
  /** The table's name for screen readers. */
  caption: string;
  rowId: (row: Row) => number;
  rowTestId: string;
  testId: string;
  /** The empty state's sentence; without one an empty table shows nothing. */
  empty?: string;
}

/**
 * A table declared as data next to its columns (as `RecordListSpec` declares a list), spread into
 * `ListTable` or `SectionList`; the page gives the rows, the caption or title and the empty sentence.
 */
export type TableSpec<Row> = Pick<ListTableProps<Row>, "columns" | "namespace" | "rowId" | "rowTestId" | "testId">;

/**
 * The list's table for rows a page already holds, without a list's URL state (no search, sort or
 * bulk): an import's preview, a record's own options, a panel of a detail page (`SectionList`).
 * The same columns (`ListColumn`), markup and empty state as `ListView`.
 */
export function ListTable<Row>({ rows, columns, namespace, caption, rowId, rowTestId, testId, empty }: ListTableProps<Row>) {
  const { t } = useTranslation(namespace);
  const locale = localeFromPathname(useLocation().pathname);
  const context: ListContext = { t: t as unknown as Translate, locale };
  if (rows.length === 0) {
    return empty ? (
      <p className="rounded-lg border border-dashed border-line bg-surface p-6 text-center text-ink-muted" data-testid={`${testId}-empty`}>
        {empty}
      </p>
    ) : null;
  }
  return (
    <div className="relative overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders columns={columns} context={context} />
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={rowId(row)} data-testid={rowTestId} data-id={rowId(row)}>
              <Cells row={row} columns={columns} context={context} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One page of a list inside a detail page (`sectionPage` in list-page.server.ts). */
export interface SectionPageData<Row> {
  rows: Row[];
  total: number;
  page: number;
  pageCount: number;
  /** The page's URL parameter, the list's own so that the page's other lists keep theirs. */
  param: string;
}

/**
 * A list inside a detail page (a member's orders and points, a variant's stock movements): a
 * titled panel with `ListTable` and page links by the list's own parameter (`?orders=2`), which
 * keep the rest of the address. The list as a whole — search, filters, CSV — is its own page.
 */
export function SectionList<Row>({
  list,
  title,
  panelTestId,
  children,
  ...table
}: Omit<ListTableProps<Row>, "rows" | "caption"> & { list: SectionPageData<Row>; title: string; panelTestId: string; children?: ReactNode }) {
  const location = useLocation();
  const href = (page: number) => {
    const params = new URLSearchParams(location.search);
    if (page > 1) params.set(list.param, String(page));
    else params.delete(list.param);
    const search = params.toString();
    return `${location.pathname}${search ? `?${search}` : ""}#${panelTestId}`;
  };
  return (
    <Panel title={title} id={panelTestId} testId={panelTestId}>
      {children}
      <ListTable {...table} rows={list.rows} caption={title} />
      <Pagination page={list.page} pageCount={list.pageCount} href={href} />
    </Panel>
  );
}

/** `?print=1`: every filtered row, all columns, no frame, forms or links; a print button once scripts run. */
function PrintList<Row, Sort extends string, Filters extends Record<string, unknown>>(
  props: ListViewProps<Row, Sort, Filters> & { context: ListContext; here: string },
) {
  const { list, columns, rowId, rowTestId, testId, title, context, here } = props;
  const { t } = useTranslation("lists");
  const hydrated = useHydrated();
  return (
    <div data-testid={`${testId}-print`}>
      <div className="mb-4 flex flex-wrap gap-2 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()} data-testid="print-now">
            <Printer className="size-4" aria-hidden />
            {t("print")}
          </button>
        ) : null}
        <Link to={here} className="btn-ghost border border-line" data-testid="print-back">
          {t("backToList")}
        </Link>
      </div>
      <h1 className="text-xl font-bold">{title}</h1>
      <p className="mb-3 text-sm text-ink-muted">{t("resultCount", { count: list.total })}</p>
      {list.truncated ? <p className="mb-3 text-sm text-warning">{t("truncated", { count: list.rows.length, total: list.total })}</p> : null}
      {list.rows.length === 0 ? (
        <p data-testid={`${testId}-empty`}>{props.empty}</p>
      ) : (
        <table className="w-full border-collapse text-xs" data-testid={testId}>
          <caption className="sr-only">{title}</caption>
          <ColumnHeaders {...props} print />
          <tbody>
            {list.rows.map((row) => (
              <tr key={rowId(row)} data-testid={rowTestId} className="break-inside-avoid border-b border-line">
                {columns
                  .filter((column) => shown(column) && !column.screenOnly)
                  .map((column) => (
                    <td key={column.id} className={clsx("px-2 py-1 align-top", column.numeric && "text-right tabular-nums")}>
                      {column.cell!(row, context)}
                    </td>
                  ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
