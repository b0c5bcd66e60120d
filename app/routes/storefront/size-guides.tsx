import { data } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { listSizeGuides } from "~/features/catalog/size-guides.server";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";
import { SizeGuideTable } from "~/ui/size-guide-table";

import type { Route } from "./+types/size-guides";

/** Spec §2 /size-guides: every size guide with its table; `#<slug>` jumps to one (the product page links there). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "shop");
  return data({ meta: { title: t("meta.sizeGuidesTitle"), description: t("meta.sizeGuidesDescription") }, guides: await listSizeGuides(env.DB) });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("shop:sizeGuides.heading") }] } satisfies BreadcrumbHandle;

export default function SizeGuides({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("shop");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { guides } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6" data-testid="size-guides-page">
      <PageTitle title={t("sizeGuides.heading")} intro={t("sizeGuides.intro")} />
      {guides.length === 0 ? <p className="mt-8 text-center">{t("sizeGuides.empty")}</p> : null}
      {guides.length > 1 ? (
        <nav className="mt-4" aria-label={t("sizeGuides.heading")}>
          <ul className="flex flex-wrap gap-2">
            {guides.map((guide) => (
              <li key={guide.id}>
                <a href={`#${guide.slug}`} className="inline-flex rounded-full border border-line px-4 py-1.5 text-sm hover:bg-surface-muted">
                  {localized(guide, "name", locale)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {guides.map((guide) => {
        const name = localized(guide, "name", locale);
        const note = localized(guide, "note", locale);
        return (
          <section key={guide.id} id={guide.slug} className="mt-8 scroll-mt-20" aria-labelledby={`guide-${guide.slug}`} data-testid="size-guide">
            <h2 id={`guide-${guide.slug}`} className="text-xl font-semibold">
              {name}
            </h2>
            {note ? <p className="mt-1 mb-3 text-sm text-ink-muted">{note}</p> : null}
            <SizeGuideTable table={guide.table} caption={name} locale={locale} />
          </section>
        );
      })}
    </div>
  );
}
