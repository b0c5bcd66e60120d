import { clsx } from "clsx";
import { data, Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { throwIfPastLastPage } from "~/features/backoffice/list-page.server";
import { listOutbox } from "~/features/email/outbox-admin.server";
import { outboxListHref, outboxStatusFilters, parseOutboxListQuery } from "~/features/email/outbox-list-query";
import { OutboxStatusBadge, shortError } from "~/features/email/outbox-ui";
import { intlLocale, localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { DataTable, PageHeading, SearchForm } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/outbox";

/**
 * The e-mail outbox (DESIGN §5 "locally the outbox is the mailbox"; issue 5 item 14), "settings"
 * group (roles 1–2): every mail the shop wrote, newest first, with its delivery state. Status links
 * (`?status=`), a search on address or subject (`?q=`) and 20 a page (`?page=`) — GET links and
 * forms only, so it works without JavaScript. Each row opens the mail (outbox-mail.tsx).
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const query = parseOutboxListQuery(new URL(args.request.url));
  const mails = await listOutbox(env.DB, query);
  throwIfPastLastPage(query.page, mails.pageCount);
  return data({
    mails,
    status: query.status,
    search: query.search,
    meta: { title: `${i18n.getFixedT(locale, "outbox")("meta.list")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("outbox");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/setting/outbox");
  const { mails, status, search } = loaderData;
  const number = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0 });
  const when = (ms: number) => formatDate(ms, locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <div data-testid="outbox-page">
      <PageHeading title={t("list.heading")} intro={t("list.intro")} />
      <nav aria-label={t("list.filter")} className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="outbox-filter">
        <span className="font-semibold">{t("list.filter")}:</span>
        {outboxStatusFilters.map((filter) => (
          <Link
            key={filter}
            to={outboxListHref(base, { status: filter, search })}
            aria-current={filter === status ? "page" : undefined}
            className={clsx(
              "rounded-full border px-3 py-1",
              filter === status ? "border-primary-dark bg-primary-dark text-white" : "border-line hover:bg-surface-muted",
            )}
          >
            {t(`statuses.${filter}`)}
          </Link>
        ))}
      </nav>
      <SearchForm
        action={base}
        label={t("list.search")}
        placeholder={t("list.searchPlaceholder")}
        submitLabel={t("list.searchSubmit")}
        clearLabel={t("list.clearSearch")}
        defaultValue={search}
        hidden={status === "all" ? {} : { status }}
      />
      <p className="mb-2 text-sm text-ink-muted" data-testid="outbox-count">
        {t("list.resultCount", { count: mails.total })}
      </p>
      <DataTable
        caption={t("list.heading")}
        testId="outbox-list"
        rowCount={mails.rows.length}
        empty={search || status !== "all" ? t("list.empty") : t("list.emptyAll")}
        columns={[
          { label: t("list.columns.status") },
          { label: t("list.columns.to") },
          { label: t("list.columns.subject") },
          { label: t("list.columns.template") },
          { label: t("list.columns.created") },
          { label: t("list.columns.attempts"), numeric: true },
          { label: t("list.columns.nextAttempt") },
          { label: t("list.columns.lastError") },
        ]}
      >
        {mails.rows.map((mail) => (
          <tr key={mail.id} data-testid="outbox-row" data-status={mail.status}>
            <td className="px-3 py-2">
              <OutboxStatusBadge status={mail.status} />
            </td>
            <td className="px-3 py-2 break-all">{mail.toAddress}</td>
            <td className="min-w-48 px-3 py-2">
              <Link
                to={localizePath(locale, `/backend/setting/outbox/${mail.id}`)}
                className="font-semibold text-primary-dark underline"
                aria-label={t("list.view", { subject: mail.subject, to: mail.toAddress })}
              >
                {mail.subject || t("detail.none")}
              </Link>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              <code className="text-xs">{mail.template}</code>
            </td>
            <td className="px-3 py-2 whitespace-nowrap">{when(mail.createdAt)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{number.format(mail.attempts)}</td>
            <td className="px-3 py-2 whitespace-nowrap">
              {mail.status === "pending" || mail.status === "sending" ? when(mail.nextAttemptAt) : t("detail.none")}
            </td>
            <td className="max-w-64 px-3 py-2 text-xs break-words text-ink-muted" title={mail.lastError ?? undefined}>
              {mail.lastError ? shortError(mail.lastError) : t("detail.none")}
            </td>
          </tr>
        ))}
      </DataTable>
      <Pagination page={mails.page} pageCount={mails.pageCount} href={(page) => outboxListHref(base, { status, search, page })} />
    </div>
  );
}
