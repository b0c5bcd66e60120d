import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { plainTextExcerpt, stripUnsafeHtml } from "~/domain/html-text";
import { getPublishedActivity } from "~/features/content/content-pages.server";
import { RichText } from "~/features/content/content-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { MediaImage } from "~/ui/media-image";
import { mediaUrl } from "~/ui/media-url";
import { storefrontMeta } from "~/ui/meta";
import { useNonce } from "~/ui/nonce";

import type { Route } from "./+types/activity";

/**
 * Spec §2 /activities/{slug}: one published activity. Unknown, draft and scheduled (future) slugs
 * are 404. The body is rich text the back office sanitised on save; it is cleaned once more here
 * (app/domain/html-text.ts) before it reaches the page, and only the page's language is sent.
 */
const maxSlugLength = 200;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const slug = params.slug;
  const activity = slug.length <= maxSlugLength ? await getPublishedActivity(env.DB, slug) : null;
  if (!activity) throw data(null, { status: 404 });

  const title = localized(activity, "title", locale);
  const summary = localized(activity, "summary", locale);
  const body = localized(activity, "body", locale);
  const origin = env.PUBLIC_ORIGIN || new URL(request.url).origin;
  // schema.org NewsArticle, so search engines can show the activity as news with its date and picture.
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: title,
    description: summary || plainTextExcerpt(body),
    inLanguage: locale,
    url: `${origin}${localizePath(locale, `/activities/${encodeURIComponent(activity.slug)}`)}`,
    ...(activity.publishedAt ? { datePublished: new Date(activity.publishedAt).toISOString() } : {}),
    dateModified: new Date(activity.updatedAt).toISOString(),
    ...(activity.coverImageKey ? { image: [`${origin}${mediaUrl(activity.coverImageKey)}`] } : {}),
    publisher: { "@type": "Organization", name: "Pryde" },
  };
  return data({
    jsonLd: JSON.stringify(jsonLd).replace(/</g, "\\u003c"),
    activity: {
      slug: activity.slug,
      title,
      summary,
      bodyHtml: stripUnsafeHtml(body),
      coverImageKey: activity.coverImageKey,
      publishedAt: activity.publishedAt,
    },
    meta: {
      title,
      description: summary || plainTextExcerpt(body),
      image: activity.coverImageKey ? mediaUrl(activity.coverImageKey) : null,
    },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = {
  breadcrumb: ({ data, t }) => [{ text: t("menu.activities"), to: "/activities" }, ...(data ? [{ text: data.activity.title }] : [])],
} satisfies BreadcrumbHandle<{ activity: { title: string } }>;

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const nonce = useNonce();
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { activity } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-6" data-testid="activity-page">
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: loaderData.jsonLd }} />
      <header>
        <h1 className="text-2xl font-bold md:text-4xl">{activity.title}</h1>
        <p className="mt-2 text-sm text-ink-muted">
          <time dateTime={new Date(activity.publishedAt).toISOString()}>
            {t("activities.published", { date: formatDate(activity.publishedAt, locale, { dateStyle: "long" }) })}
          </time>
        </p>
        {activity.summary ? <p className="mt-4 text-lg text-ink-muted">{activity.summary}</p> : null}
      </header>
      {activity.coverImageKey ? (
        <MediaImage
          imageKey={activity.coverImageKey}
          width={1200}
          height={675}
          priority
          className="mt-6 aspect-video w-full rounded-xl bg-surface-muted object-cover"
        />
      ) : null}
      <RichText html={activity.bodyHtml} className="mt-6" testId="activity-body" />
      <p className="mt-10 border-t border-line pt-6">
        <Link to={localizePath(locale, "/activities")} className="btn-ghost -ml-3 text-primary-dark">
          <ArrowLeft className="size-4" aria-hidden />
          {t("activities.backToList")}
        </Link>
      </p>
    </article>
  );
}
