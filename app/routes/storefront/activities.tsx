import { data } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { isPastLastPage, parsePageNumber } from "~/domain/page-number";
import { listPublishedActivities } from "~/features/content/content-pages.server";
import { ActivityCard } from "~/features/content/content-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { Pagination } from "~/ui/pagination";

import type { Route } from "./+types/activities";

/**
 * Spec §2 /activities: published activities (news), newest first, paged with `?page=`. A malformed
 * page number means page 1; a page past the end is a 404 (app/domain/page-number.ts).
 */
const activitiesPageSize = 9;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const requested = parsePageNumber(new URL(request.url).searchParams.get("page"));
  const list = await listPublishedActivities(env.DB, { page: requested, pageSize: activitiesPageSize });
  if (isPastLastPage(requested, list.pageCount)) throw data(null, { status: 404 });
  const cover = list.items.find((item) => item.coverImageKey)?.coverImageKey;
  return data({
    ...list,
    meta: {
      title: list.page > 1 ? t("meta.activitiesPageTitle", { page: list.page }) : t("meta.activitiesTitle"),
      description: t("meta.activitiesDescription"),
      image: cover ? mediaUrl(cover) : null,
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.activities") }] } satisfies BreadcrumbHandle;

export default function ActivitiesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { items, page, pageCount } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6" data-testid="activities-page">
      <header className="max-w-3xl">
        <PageTitle title={t("activities.heading")} intro={t("activities.intro")} />
      </header>
      {items.length ? (
        <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((activity, index) => (
            <li key={activity.id}>
              <ActivityCard activity={activity} locale={locale} priority={index < 2} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-xl border border-dashed border-line px-6 py-16 text-center text-ink-muted" data-testid="empty-state">
          {t("activities.empty")}
        </p>
      )}
      <Pagination page={page} pageCount={pageCount} href={(target) => localizePath(locale, target > 1 ? `/activities?page=${target}` : "/activities")} />
    </div>
  );
}
