import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { emailStatuses } from "~/domain/email-status";
import { defineList, filter, type QueryOf } from "~/domain/list-query";
import { type Locale, localizePath } from "~/i18n/config";
import { csvDateTime, type ListColumn } from "~/ui/backend/list-columns";
import type { RecordListSpec } from "~/ui/backend/record-list";

import type { OutboxListRow } from "./outbox-admin.server";
import { OutboxStatusBadge, shortError } from "./outbox-ui";

/**
 * The outbox list (/backend/setting/outbox; issue 15): search on address or subject, the status
 * (tabs), the template; newest first by default, sortable by address, subject, status, attempts.
 * Columns for the page, the print view and the CSV.
 */
export const outboxListDefinition = defineList({
  sorts: ["created", "to", "subject", "status", "attempts"],
  defaultSort: "created",
  defaultDirection: "desc",
  filters: { status: filter.choice(emailStatuses) },
  pageSize: 20,
});
export type OutboxListQuery = QueryOf<typeof outboxListDefinition>;

const when = (ms: number, locale: Locale) => formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" });
const waiting = (mail: OutboxListRow) => mail.status === "pending" || mail.status === "sending";

export const outboxListColumns: readonly ListColumn<OutboxListRow>[] = [
  {
    id: "status",
    label: "list.columns.status",
    sort: "status",
    cell: (mail) => <OutboxStatusBadge status={mail.status} />,
    csv: (mail, { t }) => t(`statuses.${mail.status}`),
  },
  { id: "to", label: "list.columns.to", sort: "to", className: "whitespace-nowrap", cell: (mail) => mail.toAddress, csv: (mail) => mail.toAddress },
  {
    id: "subject",
    label: "list.columns.subject",
    sort: "subject",
    className: "min-w-48",
    cell: (mail, { t, locale }) => (
      <Link
        to={localizePath(locale, `/backend/setting/outbox/${mail.id}`)}
        className="font-semibold text-primary-dark underline"
        aria-label={t("list.view", { subject: mail.subject, to: mail.toAddress })}
      >
        {mail.subject || t("detail.none")}
      </Link>
    ),
    csv: (mail) => mail.subject,
  },
  {
    id: "template",
    label: "list.columns.template",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (mail) => <code className="text-xs">{mail.template}</code>,
    csv: (mail) => mail.template,
  },
  {
    id: "created",
    label: "list.columns.created",
    sort: "created",
    className: "whitespace-nowrap",
    cell: (mail, { locale }) => when(mail.createdAt, locale),
    csv: (mail) => csvDateTime(mail.createdAt),
  },
  { id: "attempts", label: "list.columns.attempts", sort: "attempts", numeric: true, cell: (mail) => mail.attempts, csv: (mail) => mail.attempts },
  {
    id: "nextAttempt",
    label: "list.columns.nextAttempt",
    className: "hidden md:table-cell whitespace-nowrap",
    cell: (mail, { t, locale }) => (waiting(mail) ? when(mail.nextAttemptAt, locale) : t("detail.none")),
    csv: (mail) => (waiting(mail) ? csvDateTime(mail.nextAttemptAt) : ""),
  },
  {
    id: "lastError",
    label: "list.columns.lastError",
    className: "max-w-64 text-xs break-words text-ink-muted",
    cell: (mail, { t }) => (mail.lastError ? <span title={mail.lastError}>{shortError(mail.lastError)}</span> : t("detail.none")),
    csv: (mail) => mail.lastError,
  },
];

export const outboxListSpec: RecordListSpec<OutboxListRow, OutboxListQuery["sort"], OutboxListQuery["filters"]> = {
  path: "/backend/setting/outbox",
  namespace: "outbox",
  definition: outboxListDefinition,
  columns: outboxListColumns,
  text: { heading: "list.heading", intro: "list.intro", searchPlaceholder: "list.searchPlaceholder", empty: "list.emptyAll", emptyFiltered: "list.empty" },
  testIds: { list: "outbox-list", row: "outbox-row" },
  rowName: (mail) => mail.subject || mail.toAddress,
};
