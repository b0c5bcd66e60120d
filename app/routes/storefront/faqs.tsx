import { ChevronDown } from "lucide-react";
import { data, Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { htmlToParagraphs } from "~/domain/html-text";
import { listPublishedFaqs } from "~/features/content/content-pages.server";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";

import type { Route } from "./+types/faqs";

/**
 * Spec §2 /faqs: published questions in the staff's order, as an accordion of native
 * <details>/<summary> (keyboard and screen-reader friendly, works without JavaScript). Answers are
 * shown as plain paragraphs; only the page's language is sent.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const rows = await listPublishedFaqs(env.DB);
  return data({
    faqs: rows.map((faq) => ({
      id: faq.id,
      question: localized(faq, "question", locale),
      answer: htmlToParagraphs(localized(faq, "answer", locale)),
    })),
    meta: { title: t("meta.faqsTitle"), description: t("meta.faqsDescription") },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("menu.faqs") }] } satisfies BreadcrumbHandle;

export default function FaqsPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { faqs } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6" data-testid="faqs-page">
      <PageTitle title={t("faqs.heading")} intro={t("faqs.intro")} />
      {faqs.length ? (
        <div className="mt-6 divide-y divide-line rounded-xl border border-line" data-testid="faq-list">
          {faqs.map((faq) => (
            <details key={faq.id} id={`faq-${faq.id}`} className="group" data-testid="faq">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-4 py-4 font-semibold hover:bg-surface-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary md:px-6 [&::-webkit-details-marker]:hidden">
                <span>{faq.question}</span>
                <ChevronDown className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180 motion-reduce:transition-none" aria-hidden />
              </summary>
              <div className="px-4 pb-5 text-ink-muted md:px-6" data-testid="faq-answer">
                {faq.answer.map((paragraph, index) => (
                  <p key={index} className={index ? "mt-3" : undefined}>
                    {paragraph}
                  </p>
                ))}
              </div>
            </details>
          ))}
        </div>
      ) : (
        <p className="mt-8 rounded-xl border border-dashed border-line px-6 py-16 text-center text-ink-muted" data-testid="empty-state">
          {t("faqs.empty")}
        </p>
      )}
      <div className="mt-8 rounded-xl bg-surface-muted p-6 text-center">
        <p className="font-semibold">{t("faqs.moreQuestions")}</p>
        <Link to={localizePath(locale, "/contact")} className="btn-primary mt-4">
          {t("faqs.contactUs")}
        </Link>
      </div>
    </div>
  );
}
