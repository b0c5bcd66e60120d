import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { csvDateTime, type ListColumn, type ListContext } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

/**
 * The home-content lists of the back office (spec §2 /backend/home/…; issue 4 item 11, issue 15):
 * activities, collections and size guides on the one list pattern (app/ui/backend/README.md "List
 * pages") — what each URL may say and what each column shows on the page, in the print view and in
 * the CSV export. Rows come from the area's *-admin.server.ts modules.
 */
export const activityStates = ["draft", "scheduled", "published"] as const;
export const collectionStates = ["published", "hidden", "featured"] as const;

export const activityListDefinition = defineList({
  sorts: ["published", "title", "slug", "updated"],
  defaultSort: "published",
  defaultDirection: "desc",
  filters: { status: filter.choice(activityStates) },
  pageSize: 20,
});
export const collectionListDefinition = defineList({
  sorts: ["order", "name", "slug", "products"],
  defaultSort: "order",
  defaultDirection: "asc",
  filters: { status: filter.choice(collectionStates) },
  pageSize: 50,
});
export const sizeGuideListDefinition = defineList({
  sorts: ["order", "name", "slug", "updated"],
  defaultSort: "order",
  defaultDirection: "asc",
  filters: {},
  pageSize: 50,
});
export type ActivityListQuery = QueryOf<typeof activityListDefinition>;
export type CollectionListQuery = QueryOf<typeof collectionListDefinition>;
export type SizeGuideListQuery = QueryOf<typeof sizeGuideListDefinition>;

export interface ActivityListRow {
  id: number;
  slug: string;
  titleEn: string;
  titleTh: string;
  publishedAt: number | null;
  updatedAt: number;
  /** When the list was read: a publication time after it is "scheduled". */
  now: number;
}
export interface CollectionListRow {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  isPublished: boolean;
  isFeatured: boolean;
  sortOrder: number;
  productCount: number;
}
export interface SizeGuideListRow {
  id: number;
  slug: string;
  nameEn: string;
  nameTh: string;
  sortOrder: number;
  updatedAt: number;
}

const activityState = (row: ActivityListRow) => (row.publishedAt === null ? "draft" : row.publishedAt > row.now ? "scheduled" : "published");
const activityTones = { draft: "neutral", scheduled: "warning", published: "success" } as const;

/** The row's title, linked to its edit page. */
const editLink =
  <Row extends { id: number }>(path: (row: Row) => string, title: (row: Row, locale: Locale) => string) =>
  (row: Row, { locale }: ListContext) => (
    <Link to={localizePath(locale, path(row))} className="font-semibold text-primary-dark underline">
      {title(row, locale)}
    </Link>
  );
const slugColumn = <Row extends { slug: string }>(): ListColumn<Row> => ({
  id: "slug",
  label: "columns.slug",
  sort: "slug",
  className: "font-mono text-xs",
  cell: (row) => row.slug,
  csv: (row) => row.slug,
});
const bothLanguages = <Row,>(field: string, en: (row: Row) => string, th: (row: Row) => string): ListColumn<Row>[] => [
  { id: `${field}En`, label: `columns.${field}En`, csv: en },
  { id: `${field}Th`, label: `columns.${field}Th`, csv: th },
];
const updatedColumn = <Row extends { updatedAt: number }>(): ListColumn<Row> => ({
  id: "updated",
  label: "columns.updated",
  sort: "updated",
  className: "hidden whitespace-nowrap md:table-cell",
  cell: (row, { locale }) => formatDate(row.updatedAt, locale),
  csv: (row) => csvDateTime(row.updatedAt),
});
const orderColumn = <Row extends { sortOrder: number }>(): ListColumn<Row> => ({
  id: "order",
  label: "columns.order",
  sort: "order",
  numeric: true,
  cell: (row) => row.sortOrder,
  csv: (row) => row.sortOrder,
});

const titleOf = (row: ActivityListRow, locale: Locale) => localized(row, "title", locale);
const nameOf = (row: { nameEn: string; nameTh: string }, locale: Locale) => localized(row, "name", locale);

export const activityListColumns: readonly ListColumn<ActivityListRow>[] = [
  { id: "title", label: "activities.columns.title", sort: "title", cell: editLink((row) => `/backend/home/activities/form/${row.id}`, titleOf) },
  ...bothLanguages<ActivityListRow>(
    "title",
    (row) => row.titleEn,
    (row) => row.titleTh,
  ),
  slugColumn(),
  {
    id: "status",
    label: "activities.columns.status",
    cell: (row, { t }) => <Badge tone={activityTones[activityState(row)]}>{t(`activities.${activityState(row)}`)}</Badge>,
    csv: (row, { t }) => t(`activities.${activityState(row)}`),
  },
  {
    id: "published",
    label: "activities.columns.published",
    sort: "published",
    className: "whitespace-nowrap",
    cell: (row, { locale }) => (row.publishedAt === null ? "—" : formatDate(row.publishedAt, locale, { dateStyle: "medium", timeStyle: "short" })),
    csv: (row) => csvDateTime(row.publishedAt),
  },
  updatedColumn(),
];

export const collectionListColumns: readonly ListColumn<CollectionListRow>[] = [
  {
    id: "name",
    label: "collections.columns.name",
    sort: "name",
    cell: editLink<CollectionListRow>((row) => `/backend/home/collections/form/${row.id}`, nameOf),
  },
  ...bothLanguages<CollectionListRow>(
    "name",
    (row) => row.nameEn,
    (row) => row.nameTh,
  ),
  slugColumn(),
  {
    id: "products",
    label: "collections.columns.products",
    sort: "products",
    numeric: true,
    cell: (row, { t }) => t("collections.productCount", { count: row.productCount }),
    csv: (row) => row.productCount,
  },
  {
    id: "status",
    label: "collections.columns.status",
    className: "space-x-1",
    cell: (row, { t }) => (
      <>
        {row.isPublished ? <Badge tone="success">{t("collections.published")}</Badge> : <Badge tone="neutral">{t("collections.hidden")}</Badge>}
        {row.isFeatured ? <Badge tone="warning">{t("collections.featured")}</Badge> : null}
      </>
    ),
    csv: (row, { t }) =>
      [t(row.isPublished ? "collections.published" : "collections.hidden"), row.isFeatured ? t("collections.featured") : ""].filter(Boolean).join(", "),
  },
  orderColumn(),
];

export const sizeGuideListColumns: readonly ListColumn<SizeGuideListRow>[] = [
  { id: "name", label: "sizeGuides.columns.name", sort: "name", cell: editLink<SizeGuideListRow>((row) => `/backend/home/size-guide/${row.id}`, nameOf) },
  ...bothLanguages<SizeGuideListRow>(
    "name",
    (row) => row.nameEn,
    (row) => row.nameTh,
  ),
  slugColumn(),
  orderColumn(),
  updatedColumn(),
];

export const activityListSpec: RecordListSpec<ActivityListRow, ActivityListQuery["sort"], ActivityListQuery["filters"]> = {
  path: "/backend/home/activities",
  namespace: "contentAdmin",
  definition: activityListDefinition,
  columns: activityListColumns,
  text: {
    heading: "activities.heading",
    intro: "activities.intro",
    newItem: "activities.create",
    empty: "activities.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "activity-list", row: "activity-row", newItem: "create-activity" },
  rowName: titleOf,
  choiceFilters: [
    choiceFilter({ name: "status", label: "activities.columns.status", all: "common.all", values: activityStates, valueKey: (state) => `activities.${state}` }),
  ],
};
export const collectionListSpec: RecordListSpec<CollectionListRow, CollectionListQuery["sort"], CollectionListQuery["filters"]> = {
  path: "/backend/home/collections",
  namespace: "contentAdmin",
  definition: collectionListDefinition,
  columns: collectionListColumns,
  text: {
    heading: "collections.heading",
    intro: "collections.intro",
    newItem: "collections.create",
    empty: "collections.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "collection-list", row: "collection-row", newItem: "create-collection" },
  rowName: nameOf,
  choiceFilters: [
    choiceFilter({
      name: "status",
      label: "collections.columns.status",
      all: "common.all",
      values: collectionStates,
      valueKey: (state) => `collections.${state}`,
    }),
  ],
};
export const sizeGuideListSpec: RecordListSpec<SizeGuideListRow, SizeGuideListQuery["sort"], SizeGuideListQuery["filters"]> = {
  path: "/backend/home/size-guide",
  namespace: "contentAdmin",
  definition: sizeGuideListDefinition,
  columns: sizeGuideListColumns,
  text: {
    heading: "sizeGuides.heading",
    intro: "sizeGuides.intro",
    newItem: "sizeGuides.create",
    empty: "sizeGuides.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "size-guide-list", row: "size-guide-row", newItem: "create-size-guide" },
  newItemPath: "/create",
  rowName: nameOf,
};
