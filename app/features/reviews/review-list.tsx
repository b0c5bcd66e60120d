import { Form, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { reviewRatings, type ReviewStatus, reviewStatuses } from "~/domain/reviews";
import { localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import type { ListColumn } from "~/ui/backend/list-columns";
import { Badge } from "~/ui/backend/page-parts";
import { choiceFilter, type RecordListSpec } from "~/ui/backend/record-list";

import { Stars } from "./stars";

/**
 * The back office's review list (/backend/products/reviews, issue 20) on the list pattern
 * (app/ui/backend/README.md "List pages"): search by product, customer or text, filter by status and
 * stars, newest first; approve or hide per row and in bulk. Rows come from reviews.server.ts.
 */
export const reviewListPath = "/backend/products/reviews";

export const reviewListDefinition = defineList({
  sorts: ["updated", "rating", "product"],
  defaultSort: "updated",
  defaultDirection: "desc",
  filters: { status: filter.choice(reviewStatuses), rating: filter.id(reviewRatings) },
  pageSize: 20,
});
export type ReviewListQuery = QueryOf<typeof reviewListDefinition>;

export interface ReviewListRow {
  id: number;
  productId: number;
  productSlug: string;
  productNameEn: string;
  productNameTh: string;
  customerId: number;
  customerEmail: string;
  customerFirstName: string;
  customerLastName: string;
  rating: number;
  body: string;
  hasPhoto: number;
  status: ReviewStatus;
  createdAt: number;
  updatedAt: number;
}

const statusTones = { pending: "warning", approved: "success", hidden: "neutral" } as const;

/** Approve or hide one review: a form of its own (the row's box belongs to the bulk form). */
function RowActions({ row, approveLabel, hideLabel }: { row: ReviewListRow; approveLabel: string; hideLabel: string }) {
  return (
    <Form method="post" reloadDocument className="flex flex-wrap gap-1 print:hidden">
      <input type="hidden" name="ids" value={row.id} />
      {row.status !== "approved" ? (
        <button type="submit" name="intent" value="approve" className="btn-ghost border border-line px-2 py-1 text-xs" data-testid="review-approve">
          {approveLabel}
        </button>
      ) : null}
      {row.status !== "hidden" ? (
        <button type="submit" name="intent" value="hide" className="btn-ghost border border-line px-2 py-1 text-xs" data-testid="review-hide">
          {hideLabel}
        </button>
      ) : null}
    </Form>
  );
}

export const reviewListColumns: readonly ListColumn<ReviewListRow>[] = [
  {
    id: "product",
    label: "list.columns.product",
    sort: "product",
    className: "min-w-40",
    cell: (row, { locale }) => (
      <Link
        to={localizePath(locale, `/shop/${encodeURIComponent(row.productSlug)}`)}
        reloadDocument
        discover="none"
        className="font-semibold text-primary-dark underline"
      >
        {localized(row, "productName", locale)}
      </Link>
    ),
    csv: (row, { locale }) => localized(row, "productName", locale),
  },
  {
    id: "customer",
    label: "list.columns.customer",
    cell: (row) => (
      <>
        <div>
          {row.customerFirstName} {row.customerLastName}
        </div>
        <div className="text-xs break-all text-ink-muted">{row.customerEmail}</div>
      </>
    ),
    csv: (row) => `${row.customerFirstName} ${row.customerLastName}`.trim(),
  },
  { id: "email", label: "list.columns.email", csv: (row) => row.customerEmail },
  {
    id: "rating",
    label: "list.columns.rating",
    sort: "rating",
    className: "whitespace-nowrap",
    cell: (row, { t }) => <Stars rating={row.rating} label={t("stars", { count: row.rating })} />,
    csv: (row) => row.rating,
  },
  {
    id: "body",
    label: "list.columns.body",
    className: "min-w-60 max-w-md",
    cell: (row, { t, locale }) => (
      <>
        <p className="whitespace-pre-line break-words">{row.body}</p>
        {row.hasPhoto ? (
          <a href={localizePath(locale, `${reviewListPath}/${row.id}/photo`)} className="text-xs text-primary-dark underline" data-testid="review-photo-link">
            {t("list.photo")}
          </a>
        ) : null}
      </>
    ),
    csv: (row) => row.body,
  },
  {
    id: "status",
    label: "list.columns.status",
    cell: (row, { t }) => <Badge tone={statusTones[row.status]}>{t(`statuses.${row.status}`)}</Badge>,
    csv: (row, { t }) => t(`statuses.${row.status}`),
  },
  {
    id: "updated",
    label: "list.columns.updated",
    sort: "updated",
    className: "whitespace-nowrap",
    cell: (row, { locale }) => formatDate(row.updatedAt, locale),
    csv: (row) => new Date(row.updatedAt).toISOString(),
  },
  {
    id: "actions",
    label: "list.columns.actions",
    screenOnly: true,
    cell: (row, { t }) => <RowActions row={row} approveLabel={t("list.approve")} hideLabel={t("list.hide")} />,
  },
];

export const reviewListSpec: RecordListSpec<ReviewListRow, ReviewListQuery["sort"], ReviewListQuery["filters"]> = {
  path: reviewListPath,
  namespace: "reviewsAdmin",
  definition: reviewListDefinition,
  columns: reviewListColumns,
  text: {
    heading: "list.heading",
    intro: "list.intro",
    searchPlaceholder: "list.searchPlaceholder",
    empty: "list.empty",
    emptyFiltered: "lists:emptyFiltered",
  },
  testIds: { list: "review-list", row: "review-row" },
  choiceFilters: [
    choiceFilter({ name: "status", label: "list.columns.status", all: "list.allStatuses", values: reviewStatuses, valueKey: (status) => `statuses.${status}` }),
    choiceFilter({
      name: "rating",
      label: "list.columns.rating",
      all: "list.allRatings",
      values: reviewRatings,
      valueKey: (rating) => `starsFilter.${rating}`,
    }),
  ],
  rowName: (row, locale) => `${localized(row, "productName", locale)} · ${row.customerFirstName}`,
};
