import type { ReactNode } from "react";
import { useLocation } from "react-router";
import type { ListDefinition } from "~/domain/list-query";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { useTranslation, type Namespace } from "~/i18n/translation";
import { NewButton } from "./form-page";
import type { ListColumn, Translate } from "./list-columns";
import { ListView, type BulkAction, type ListPageData } from "./list-page";

/**
 * A list of records that each have a form page (catalogue, content), declared as data: where it
 * lives, its definition and columns, its texts (keys of its namespace) and test ids. `RecordList`
 * renders it with `ListView`: the list's address in the page's language, the "new" button, the CSV
 * export at `<path>/export.csv` and "export selected" after the list's own bulk actions — so a
 * route names only what is its own (filters, bulk actions, notices, columns that depend on what
 * the loader read, such as a state computed at the loader's `now`).
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
  /** The "new" page below `path` (`/form` unless said). */
  newItemPath?: string;
  /** Names a row for its checkbox. */
  rowName: (row: Row, locale: Locale) => string;
}

export function RecordList<Row extends { id: number }, Sort extends string, Filters extends Record<string, unknown>>({
  spec,
  list,
  filters,
  keep,
  above,
  columns = spec.columns ?? [],
  bulkActions = [],
}: {
  spec: RecordListSpec<Row, Sort, Filters>;
  list: ListPageData<Row, Sort, Filters>;
  columns?: readonly ListColumn<Row>[];
  filters?: ReactNode;
  keep?: readonly (keyof Filters & string)[];
  above?: ReactNode;
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
      above={above}
      searchPlaceholder={text.searchPlaceholder ? t(text.searchPlaceholder) : undefined}
      filters={filters}
      keep={keep}
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
