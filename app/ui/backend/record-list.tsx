import type { ReactNode } from "react";
import { useLocation } from "react-router";

import type { ListDefinition } from "~/domain/list-query";
import { type Locale, localeFromPathname, localizePath } from "~/i18n/config";
import { type Namespace, useTranslation } from "~/i18n/translation";

import { NewButton } from "./form-page";
import type { ListColumn, Translate } from "./list-columns";
import { type BulkAction, FilterSelect, type ListAnswer, type ListPageData, ListView } from "./list-page";
import { ListTabs, type ListTabsOf } from "./list-tabs";

/**
 * A filter of fixed values (a state, a status, a kind) as a select: the label, the "all" option and
 * each value's label are keys of the list's namespace (or `ns:key`). Made with `choiceFilter`, which
 * ties `valueKey` to the values' type.
 */
export interface ChoiceFilter {
  /** The filter's name in the list's definition (and in the URL). */
  name: string;
  label: string;
  all: string;
  values: readonly (string | number)[];
  valueKey: (value: string | number) => string;
}

export function choiceFilter<Value extends string | number>(filter: {
  name: string;
  label: string;
  all: string;
  values: readonly Value[];
  valueKey: (value: Value) => string;
}): ChoiceFilter {
  // Sound: RecordList only ever hands `valueKey` a value taken from `values`.
  return filter as unknown as ChoiceFilter;
}

/**
 * A list of records that each have a form page (catalogue, content), declared as data: where it
 * lives, its definition and columns, its texts (keys of its namespace) and test ids. `RecordList`
 * renders it with `ListView`: the list's address in the page's language, the "new" button, the CSV
 * export at `<path>/export.csv` and "export selected" after the list's own bulk actions — so a
 * route names only what is its own (filters whose choices it loaded, bulk actions, notices,
 * columns that depend on what the loader read, such as a state computed at the loader's `now`).
 * Filters of fixed values are data too (`choiceFilters`), shown before the route's own.
 */
export interface RecordListSpec<Row, Sort extends string, Filters extends Record<string, unknown>> {
  /** The list's path in English (`/backend/products/category`). */
  path: string;
  namespace: Namespace;
  definition: ListDefinition<Sort, Filters>;
  /** The columns, unless they depend on the loaded list: then the route passes `columns`. */
  columns?: readonly ListColumn<Row>[];
  /** False for a list that has no `<path>/export.csv` route (no export link, no "export selected"). */
  csv?: boolean;
  /** Keys in `namespace`; `emptyFiltered` when a search or filter found nothing. */
  text: { heading: string; intro?: string; newItem?: string; searchPlaceholder?: string; empty: string; emptyFiltered?: string };
  testIds: { list: string; row: string; newItem?: string };
  choiceFilters?: readonly ChoiceFilter[];
  /** The "new" page below `path` (`/form` unless said). */
  newItemPath?: string;
  /** Names a row for its checkbox. */
  rowName: (row: Row, locale: Locale) => string;
}

export function RecordList<Row extends { id: number }, Sort extends string, Filters extends Record<string, unknown>, TabName extends keyof Filters & string>({
  spec,
  list,
  filters,
  keep = [],
  above,
  tabs,
  answer,
  columns = spec.columns ?? [],
  bulkActions = [],
}: {
  spec: RecordListSpec<Row, Sort, Filters>;
  list: ListPageData<Row, Sort, Filters>;
  columns?: readonly ListColumn<Row>[];
  filters?: ReactNode;
  keep?: readonly (keyof Filters & string)[];
  above?: ReactNode;
  /** One filter as tabs below `above`; the search form keeps it. */
  tabs?: ListTabsOf<Filters, TabName>;
  answer?: ListAnswer | null;
  bulkActions?: readonly BulkAction[];
}) {
  const { t: translate } = useTranslation(spec.namespace);
  const t = translate as unknown as Translate;
  const { t: tl } = useTranslation("lists");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, spec.path);
  const exportPath = spec.csv === false ? undefined : `${base}/export.csv`;
  const { text, testIds, query } = { ...spec, query: list.query };
  const filtered = Boolean(query.q) || Object.values(query.filters).some((value) => value !== null);
  const choices = (spec.choiceFilters ?? []).map((filter) => (
    <FilterSelect
      key={filter.name}
      name={filter.name}
      label={t(filter.label)}
      value={((query.filters as Record<string, unknown>)[filter.name] ?? null) as string | number | null}
      allLabel={t(filter.all)}
      options={filter.values.map((value) => ({ value, label: t(filter.valueKey(value)) }))}
    />
  ));
  return (
    <ListView
      list={list}
      definition={spec.definition}
      base={base}
      namespace={spec.namespace}
      title={t(text.heading)}
      intro={text.intro ? t(text.intro) : undefined}
      headerActions={
        text.newItem ? (
          <NewButton to={`${base}${spec.newItemPath ?? "/form"}`} testId={testIds.newItem}>
            {t(text.newItem)}
          </NewButton>
        ) : undefined
      }
      above={
        tabs ? (
          <>
            {above}
            <ListTabs spec={spec} query={query} {...tabs} />
          </>
        ) : (
          above
        )
      }
      answer={answer}
      searchPlaceholder={text.searchPlaceholder ? t(text.searchPlaceholder) : undefined}
      filters={
        choices.length > 0 || filters ? (
          <>
            {choices}
            {filters}
          </>
        ) : undefined
      }
      keep={tabs ? [...keep, tabs.name] : keep}
      columns={columns}
      rowId={(row) => row.id}
      rowName={(row) => spec.rowName(row, locale)}
      rowTestId={testIds.row}
      testId={testIds.list}
      empty={t(filtered && text.emptyFiltered ? text.emptyFiltered : text.empty)}
      exportPath={exportPath}
      bulkActions={exportPath ? [...bulkActions, { intent: "export", label: tl("exportSelected"), href: exportPath }] : bulkActions}
    />
  );
}
