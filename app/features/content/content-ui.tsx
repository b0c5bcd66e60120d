import { clsx } from "clsx";
import { Link } from "react-router";

import { formatDate } from "~/domain/dates";
import { type Locale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { MediaImage } from "~/ui/media-image";

/**
 * Pieces shared by the home page and the content pages: the localized pick of a bilingual column,
 * an activity tile, and the frame for staff-written rich text.
 */

/**
 * A link stored by staff (content areas, slides): a site path gets the page's language prefix, a web
 * address is kept as it is, anything else is no link.
 */
export function staffLink(locale: Locale, value: string | null): { to: string; external: boolean } | null {
  const trimmed = value?.trim() ?? "";
  if (/^\/(?![/\\])/.test(trimmed)) return { to: localizePath(locale, trimmed), external: false };
  if (/^https?:\/\/[^\s]+$/i.test(trimmed)) return { to: trimmed, external: true };
  return null;
}

export const activityPath = (slug: string) => `/activities/${encodeURIComponent(slug)}`;

export interface ActivityTileData {
  id: number;
  slug: string;
  titleEn: string;
  titleTh: string;
  summaryEn: string;
  summaryTh: string;
  coverImageKey: string | null;
  publishedAt: number;
}

/** An activity as a card; the whole card is one link (the title's, stretched), so it is one tab stop. */
export function ActivityCard({ activity, locale, priority = false }: { activity: ActivityTileData; locale: Locale; priority?: boolean }) {
  const { t } = useTranslation("content");
  const title = localized(activity, "title", locale);
  const summary = localized(activity, "summary", locale);
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-line bg-surface" data-testid="activity-card">
      <div className="aspect-video bg-surface-muted">
        {activity.coverImageKey ? (
          <MediaImage
            imageKey={activity.coverImageKey}
            width={640}
            height={360}
            priority={priority}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02] motion-reduce:transition-none"
          />
        ) : null}
      </div>
      <div className="flex flex-1 flex-col p-4">
        <time dateTime={new Date(activity.publishedAt).toISOString()} className="text-xs text-ink-muted">
          {formatDate(activity.publishedAt, locale)}
        </time>
        <h3 className="mt-1 font-semibold">
          <Link
            to={localizePath(locale, activityPath(activity.slug))}
            className="after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-primary"
          >
            {title}
          </Link>
        </h3>
        {summary ? <p className="mt-1 line-clamp-3 text-sm text-ink-muted">{summary}</p> : null}
        <span className="mt-auto pt-3 text-sm font-semibold text-primary-dark" aria-hidden>
          {t("activities.readMore")}
        </span>
      </div>
    </article>
  );
}

/** Typography for rich text (no typography plugin: descendant selectors on the frame). */
const richTextClasses = [
  "leading-relaxed text-ink break-words",
  "[&_p]:my-4 [&_p:first-child]:mt-0",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-bold [&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h4]:mt-4 [&_h4]:font-semibold",
  "[&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1",
  "[&_a]:text-primary-dark [&_a]:underline [&_a:hover]:text-primary-darker",
  "[&_blockquote]:my-4 [&_blockquote]:border-l-4 [&_blockquote]:border-line [&_blockquote]:pl-4 [&_blockquote]:text-ink-muted",
  "[&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  // The editor's image sizes (spec §9) by class: the storefront drops every style attribute.
  "[&_img.rich-image-50]:w-1/2 [&_img.rich-image-75]:w-3/4",
  "[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_td]:border [&_td]:border-line [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-line [&_th]:px-2 [&_th]:py-1",
].join(" ");

/**
 * Staff-written rich text. `html` must already have been through `stripUnsafeHtml`
 * (app/domain/html-text.ts) on the server — the loader does it, so the browser gets clean markup.
 */
export function RichText({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  return <div className={clsx(richTextClasses, className)} data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
