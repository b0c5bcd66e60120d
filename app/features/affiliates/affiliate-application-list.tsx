import { Check, X } from "lucide-react";
import { Form, Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { formatThaiNationalId } from "~/domain/thai-national-id";
import { localizePath } from "~/i18n/config";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import type { TableSpec } from "~/ui/backend/list-page";
import { Badge } from "~/ui/backend/page-parts";

import { channelLabels, socialChannels } from "./affiliate-schemas";

/**
 * Affiliate applications in the back office (spec §2 /backend/member, the applications tab; issue 3
 * item 16): the review list — status tabs (pending first, the queue), search by name, e-mail, phone
 * or national id, pages, print, CSV without the national ids — and, read-only, a member's own
 * applications on their detail page. Labels are keys of the "staff" namespace.
 */
export const affiliateStatusFilters = ["pending", "approved", "rejected", "all"] as const;

export const affiliateApplicationListDefinition = defineList({
  // "queue": pending oldest first, decided newest first (the tab's own order).
  sorts: ["queue", "submitted", "name"],
  defaultSort: "queue",
  defaultDirection: "asc",
  // `tab` only tells the members page which list it shows; the list keeps it in its links.
  filters: { tab: filter.choice(["affiliates"]), status: filter.choice(affiliateStatusFilters) },
  pageSize: 20,
});
export type AffiliateApplicationListQuery = QueryOf<typeof affiliateApplicationListDefinition>;

/** An application as the loaders give it (the row type of affiliates.server.ts, without importing server code). */
export interface AffiliateApplicationView {
  id: number;
  customerId: number | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  nationalId: string;
  socialChannels: Record<string, string>;
  note: string;
  status: "pending" | "approved" | "rejected";
  reviewedAt: number | null;
  reviewerName: string | null;
  createdAt: number;
}

const tones = { approved: "success", rejected: "error", pending: "warning" } as const;
const applicantName = (row: AffiliateApplicationView) => `${row.firstName} ${row.lastName}`;
const channelsText = (row: AffiliateApplicationView) =>
  socialChannels.filter((channel) => row.socialChannels[channel]).map((channel) => `${channelLabels[channel]}: ${row.socialChannels[channel]}`);
const longDate = (ms: number, locale: "en" | "th") => formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" });

export const affiliateApplicationColumns: readonly ListColumn<AffiliateApplicationView>[] = [
  {
    id: "applicant",
    label: "affiliates.columns.applicant",
    sort: "name",
    cell: (row, { t, locale }) => (
      <>
        <span className="font-semibold">{applicantName(row)}</span>
        <span className="block text-xs text-ink-muted">
          {row.customerId !== null ? (
            <Link to={localizePath(locale, `/backend/member/detail/${row.customerId}`)} className="text-primary-dark underline">
              {t("affiliates.member")}
            </Link>
          ) : (
            t("affiliates.guest")
          )}
        </span>
      </>
    ),
    csv: (row) => applicantName(row),
  },
  { id: "account", label: "affiliates.columns.account", csv: (row, { t }) => t(row.customerId !== null ? "affiliates.member" : "affiliates.guest") },
  {
    id: "contact",
    label: "affiliates.columns.contact",
    cell: (row) => (
      <>
        <span className="block break-all">{row.email}</span>
        <span className="block whitespace-nowrap text-ink-muted">{row.phone}</span>
      </>
    ),
    csv: (row) => row.email,
  },
  { id: "phone", label: "affiliates.columns.phone", csv: (row) => row.phone },
  {
    id: "nationalId",
    label: "affiliates.columns.nationalId",
    className: "whitespace-nowrap tabular-nums",
    cell: (row) => <span data-testid="national-id">{formatThaiNationalId(row.nationalId)}</span>,
  },
  {
    id: "channels",
    label: "affiliates.columns.channels",
    className: "max-w-xs break-words",
    cell: (row) => (
      <div data-testid="channels-and-note">
        <ul>
          {channelsText(row).map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
        {row.note ? <p className="mt-1 whitespace-pre-line text-ink-muted">{row.note}</p> : null}
      </div>
    ),
    csv: (row) => channelsText(row).join("; "),
  },
  { id: "note", label: "affiliates.columns.note", csv: (row) => row.note },
  {
    id: "submitted",
    label: "affiliates.columns.submitted",
    sort: "submitted",
    className: "whitespace-nowrap",
    cell: (row, { locale }) => longDate(row.createdAt, locale),
    csv: (row) => csvDateTime(row.createdAt),
  },
  {
    id: "status",
    label: "affiliates.columns.status",
    cell: (row, { t, locale }) => (
      <>
        <Badge tone={tones[row.status]} testId="status">
          {t(`affiliates.statuses.${row.status}`)}
        </Badge>
        {row.reviewedAt !== null ? (
          <span className="mt-1 block text-xs text-ink-muted" data-testid="reviewed-by">
            {t("affiliates.reviewedBy", { name: row.reviewerName ?? t("affiliates.reviewerUnknown"), date: longDate(row.reviewedAt, locale) })}
          </span>
        ) : null}
      </>
    ),
    csv: (row, { t }) => t(`affiliates.statuses.${row.status}`),
  },
  {
    id: "reviewer",
    label: "affiliates.columns.reviewer",
    csv: (row, { t }) => (row.reviewedAt === null ? "" : (row.reviewerName ?? t("affiliates.reviewerUnknown"))),
  },
  { id: "reviewedAt", label: "affiliates.columns.reviewedAt", csv: (row) => csvDateTime(row.reviewedAt) },
];

/** The applications as a table of rows a page holds (a member's own, on their detail page). */
export const affiliateApplicationsTable: TableSpec<AffiliateApplicationView> = {
  namespace: "staff",
  columns: affiliateApplicationColumns,
  rowId: (row) => row.id,
  rowTestId: "application",
  testId: "affiliate-applications",
};

/**
 * The review buttons of a pending application. The form posts to the list's own address (the
 * tab, its status and page), where the action answers and comes back to.
 */
export const affiliateReviewColumn: ListColumn<AffiliateApplicationView> = {
  id: "review",
  label: "affiliates.columns.review",
  screenOnly: true,
  cell: (row, { t }) =>
    row.status === "pending" ? (
      <Form method="post" className="flex gap-2">
        <input type="hidden" name="id" value={row.id} />
        <button type="submit" name="intent" value="approve" className="btn-ghost border border-success/40 text-success" data-testid="approve">
          <Check className="size-4" aria-hidden />
          {t("affiliates.approve")}
        </button>
        <button type="submit" name="intent" value="reject" className="btn-ghost border border-error/40 text-error" data-testid="reject">
          <X className="size-4" aria-hidden />
          {t("affiliates.reject")}
        </button>
      </Form>
    ) : null,
};
