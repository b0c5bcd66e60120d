import { getCloudflare } from "~/cloudflare";
import { customProductCards } from "~/features/custom/custom-pages.server";
import { CustomProductGrid } from "~/features/custom/custom-ui";
import type { Locale } from "~/i18n/config";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import type { BreadcrumbHandle } from "~/ui/breadcrumbs";
import { storefrontMeta } from "~/ui/meta";
import { PageTitle } from "~/ui/page-title";

import type { Route } from "./+types/custom-select";

/** Spec §2 /custom/select: choose the garment to design; each opens the designer (/custom/select/{id}). */
export async function loader({ context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  const locale = getLocale(context) as Locale;
  const t = getInstance(context).getFixedT(locale, "custom");
  return { products: await customProductCards(env.DB, locale), meta: { title: t("meta.selectTitle"), description: t("meta.description") } };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => storefrontMeta(loaderData?.meta, matches, location.pathname);

export const handle = {
  breadcrumb: ({ t }) => [{ text: t("custom:meta.title"), to: "/custom" }, { text: t("custom:select.heading") }],
} satisfies BreadcrumbHandle;

export default function CustomSelectPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("custom");
  const locale: Locale = i18n.language === "th" ? "th" : "en";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6" data-testid="custom-select">
      <PageTitle title={t("select.heading")} />
      <CustomProductGrid products={loaderData.products} locale={locale} />
    </div>
  );
}
