import { data, useLocation } from "react-router";
import { emailStatuses } from "~/domain/email-status";
import { listHref } from "~/domain/list-query";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { loadListPage } from "~/features/backoffice/list-page.server";
import { listOutbox } from "~/features/email/outbox-admin.server";
import { outboxListColumns, outboxListDefinition } from "~/features/email/outbox-list";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { ListView } from "~/ui/backend/list-page";
import { ListTabs } from "~/ui/backend/list-tabs";
import type { Route } from "./+types/outbox";

/**
 * The e-mail outbox (DESIGN §5 "locally the outbox is the mailbox"; issue 5 item 14), "settings"
 * group (roles 1–2): every mail the shop wrote, newest first, with its delivery state — the
 * back-office list pattern (status tabs, search on address or subject, sort, pages, CSV at
 * ./export.csv, print view). Each row opens the mail (outbox-mail.tsx).
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const list = await loadListPage(args, { definition: outboxListDefinition, fetch: listOutbox });
  return data({ list, meta: { title: `${i18n.getFixedT(locale, "outbox")("meta.list")} | ${i18n.getFixedT(locale, "backend")("title")}` } });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("outbox");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/setting/outbox");
  const { list } = loaderData;
  const { query } = list;
  return (
    <ListView
      list={list}
      definition={outboxListDefinition}
      base={base}
      namespace="outbox"
      title={t("list.heading")}
      intro={t("list.intro")}
      above={
        <ListTabs
          label={t("list.filter")}
          testId="outbox-filter"
          tabTestId="outbox-status"
          tabs={[null, ...emailStatuses].map((status) => ({
            key: status ?? "all",
            label: t(`statuses.${status ?? "all"}`),
            href: listHref(base, outboxListDefinition, query, { filters: { status } }),
            active: query.filters.status === status,
          }))}
        />
      }
      keep={["status"]}
      searchPlaceholder={t("list.searchPlaceholder")}
      columns={outboxListColumns}
      rowId={(mail) => mail.id}
      rowName={(mail) => mail.subject || mail.toAddress}
      rowTestId="outbox-row"
      testId="outbox-list"
      empty={query.q || query.filters.status ? t("list.empty") : t("list.emptyAll")}
      exportPath={`${base}/export.csv`}
    />
  );
}
