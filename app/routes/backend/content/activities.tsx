import { Plus } from "lucide-react";
import { Link, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { throwIfPastLastPage } from "~/features/backoffice/list-page.server";
import { listActivities, activityPageSize } from "~/features/content/activities-admin.server";
import { localeFromPathname, localizePath, type Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { Badge, DataTable, PageHeading } from "~/ui/backend/data-table";
import { Pagination } from "~/ui/pagination";
import type { Route } from "./+types/activities";

/**
 * Activities list (spec §2 /backend/home/activities; issue 4 item 11), roles 1, 2, 4 ("home"
 * group): drafts first, then by publication, 20 a page (`?page=`).
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const url = new URL(args.request.url);
  const pageText = url.searchParams.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const list = await listActivities(env.DB, page);
  const pageCount = Math.max(1, Math.ceil(list.total / activityPageSize));
  throwIfPastLastPage(page, pageCount);
  return {
    ...list,
    pageCount,
    now: Date.now(),
    meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.activities")} | ${i18n.getFixedT(locale, "backend")("title")}` },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Activities({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const base = localizePath(locale, "/backend/home/activities");
  const { rows, page, pageCount, now } = loaderData;
  return (
    <div className="space-y-4" data-testid="activities-page">
      <PageHeading title={t("activities.heading")} intro={t("activities.intro")}>
        <Link to={`${base}/form`} className="btn-primary" data-testid="create-activity">
          <Plus className="size-4" aria-hidden />
          {t("activities.create")}
        </Link>
      </PageHeading>
      <DataTable
        caption={t("activities.heading")}
        testId="activity-list"
        rowCount={rows.length}
        empty={t("activities.empty")}
        columns={[
          { label: t("activities.columns.title") },
          { label: t("activities.columns.slug") },
          { label: t("activities.columns.status") },
          { label: t("activities.columns.published") },
          { label: t("common.actions"), className: "sr-only" },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id} data-testid={`activity-${row.slug}`}>
            <td className="px-3 py-2 font-semibold">{locale === "th" ? row.titleTh : row.titleEn}</td>
            <td className="px-3 py-2 font-mono text-xs">{row.slug}</td>
            <td className="px-3 py-2">
              {row.publishedAt === null ? (
                <Badge tone="neutral">{t("activities.draft")}</Badge>
              ) : row.publishedAt > now ? (
                <Badge tone="warning">{t("activities.scheduled")}</Badge>
              ) : (
                <Badge tone="success">{t("activities.published")}</Badge>
              )}
            </td>
            <td className="px-3 py-2 whitespace-nowrap">
              {row.publishedAt === null ? "—" : formatDate(row.publishedAt, locale, { dateStyle: "medium", timeStyle: "short" })}
            </td>
            <td className="px-3 py-2 text-right">
              <Link to={`${base}/form/${row.id}`} className="font-semibold text-primary-dark underline">
                {t("common.edit")}
              </Link>
            </td>
          </tr>
        ))}
      </DataTable>
      {pageCount > 1 ? <Pagination page={page} pageCount={pageCount} href={(number) => `${base}?page=${number}`} /> : null}
    </div>
  );
}
