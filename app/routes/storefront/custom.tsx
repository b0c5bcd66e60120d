import { Link } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { customProductCards } from "~/features/custom/custom-pages.server";
import { CustomProductGrid } from "~/features/custom/custom-ui";
import { type Locale, localizePath } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";

import type { Route } from "./+types/custom";

/**
 * Spec §2 /custom: what customising is, its four steps (design → staff review → e-mail → pay), and
 * the garments to start from. Public and cacheable like the other content pages.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "custom");
  return { products: await customProductCards(env.DB, locale), meta: { title: t("meta.title"), description: t("meta.description") } };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = { breadcrumb: ({ t }) => [{ text: t("custom:meta.title") }] } satisfies BreadcrumbHandle;

const steps = ["design", "review", "email", "pay"] as const;

export default function CustomLandingPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("custom");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6" data-testid="custom-landing">
      <h1 className="text-2xl font-bold md:text-3xl">{t("landing.heading")}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{t("landing.intro")}</p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={localizePath(locale, "/custom/select")} className="btn-primary" data-testid="start-designing">
          {t("landing.start")}
        </Link>
        <Link to={localizePath(locale, "/custom/create_backup")} className="btn-ghost border border-line">
          {t("landing.saved")}
        </Link>
      </div>
      <h2 className="mt-10 text-xl font-semibold">{t("landing.stepsHeading")}</h2>
      <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="custom-steps">
        {steps.map((step, index) => (
          <li key={step} className="rounded-xl border border-line bg-surface p-4">
            <p className="flex size-8 items-center justify-center rounded-full bg-primary font-bold text-white" aria-hidden>
              {index + 1}
            </p>
            <h3 className="mt-3 font-semibold">{t(`landing.steps.${step}.title`)}</h3>
            <p className="mt-1 text-sm text-ink-muted">{t(`landing.steps.${step}.body`)}</p>
          </li>
        ))}
      </ol>
      <h2 className="mt-10 text-xl font-semibold">{t("landing.productsHeading")}</h2>
      <CustomProductGrid products={loaderData.products} locale={locale} />
    </div>
  );
}
