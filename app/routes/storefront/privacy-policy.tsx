import { data } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { formatDate } from "~/domain/dates";
import { plainTextExcerpt, stripUnsafeHtml } from "~/domain/html-text";
import { privacyNumbers } from "~/domain/privacy";
import { loadPolicyPage } from "~/features/content/content-pages.server";
import { RichText } from "~/features/content/content-ui";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { storefrontMeta } from "~/ui/meta";
import { ReaderLayout } from "~/ui/reader-layout";

import type { Route } from "./+types/privacy-policy";

/**
 * Spec §2 /privacy-policy in the policy/reader layout (logo and a back button, no shop frame): the
 * "privacy" policy text staff edit in the back office. Rich text sanitised on save, cleaned once
 * more here before rendering (app/domain/html-text.ts).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "content");
  const { policy, site } = await loadPolicyPage(env.DB, "privacy");
  const siteName = localized(site, "name", locale);
  const body = policy ? localized(policy, "body", locale) : "";
  const title = (policy && localized(policy, "title", locale)) || t("meta.privacyTitle");
  return data({
    siteName,
    policy: policy ? { title, bodyHtml: stripUnsafeHtml(body), updatedAt: policy.updatedAt } : null,
    meta: { title, description: (body && plainTextExcerpt(body)) || t("meta.privacyDescription") },
  });
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) =>
  storefrontMeta(loaderData?.meta, matches, location.pathname, { siteName: loaderData?.siteName });

export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  const { policy, siteName } = loaderData;
  return (
    <ReaderLayout locale={locale} siteName={siteName}>
      <article data-testid="privacy-policy">
        <h1 className="text-2xl font-bold md:text-3xl">{policy?.title ?? t("meta.privacyTitle")}</h1>
        {policy ? (
          <>
            <p className="mt-2 text-sm text-ink-muted">
              <time dateTime={new Date(policy.updatedAt).toISOString()}>
                {t("privacy.updated", { date: formatDate(policy.updatedAt, locale, { dateStyle: "long" }) })}
              </time>
            </p>
            <RichText html={policy.bodyHtml} className="mt-6" testId="policy-body" />
          </>
        ) : (
          <p className="mt-6 text-ink-muted">{t("privacy.missing")}</p>
        )}
        <PrivacyCommitments />
      </article>
    </ReaderLayout>
  );
}

/**
 * Spec §1's retention and breach notice, worded as in the membership-terms dialog and from the
 * same numbers (app/domain/privacy.ts), whatever staff write in the policy text above.
 */
function PrivacyCommitments() {
  const { t } = useTranslation("terms");
  return (
    <section className="mt-8 space-y-4 rounded-lg border border-line p-4" data-testid="privacy-commitments">
      {(["retention", "breach"] as const).map((section) => (
        <div key={section}>
          <h2 className="font-semibold">{t(`${section}.heading`)}</h2>
          <p className="text-ink-muted" data-testid={`privacy-${section}`}>
            {t(`${section}.body`, privacyNumbers)}
          </p>
        </div>
      ))}
    </section>
  );
}
