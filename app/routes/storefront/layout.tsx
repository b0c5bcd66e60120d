import { Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { loadStorefrontChrome } from "~/features/content/site.server";
import { readSessionId } from "~/features/sessions/session-cookie.server";
import { type Locale, localeFromPathname } from "~/i18n/config";
import { ErrorScreen } from "~/ui/error-screen";
import { StorefrontChrome } from "~/ui/storefront-chrome";

import type { Route } from "./+types/layout";

/**
 * The shopper layout (spec §2), mounted twice: route id "en/storefront" at `/` and
 * "th/storefront" at `/th`. Its loader gives every page the menu categories, the shop's contact
 * settings and the cart badge in one D1 batch.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = getCloudflare(context);
  return loadStorefrontChrome(env.DB, readSessionId(request));
}

/** The id this module is mounted under for a language. */
export function storefrontRouteId(locale: Locale) {
  return `${locale}/storefront` as const;
}

export default function StorefrontLayout({ loaderData }: Route.ComponentProps) {
  const locale = localeFromPathname(useLocation().pathname);
  // A page for paper (a shopper's printed tax document, `handle.printView`) has no shop frame around it.
  const printView = useMatches().some((match) => (match.handle as { printView?: boolean } | undefined)?.printView === true);
  if (printView) {
    return (
      <main className="min-h-screen bg-surface-muted p-4 print:bg-transparent print:p-0">
        <Outlet />
      </main>
    );
  }
  return (
    <StorefrontChrome locale={locale} chrome={loaderData}>
      <Outlet />
    </StorefrontChrome>
  );
}

/**
 * Page errors and 404s keep the shop's header and footer: the layout's own data is still there
 * when a page below it failed. When the layout's loader itself failed, the bare error page shows.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const locale = localeFromPathname(useLocation().pathname);
  const chrome = useRouteLoaderData<typeof loader>(storefrontRouteId(locale));
  if (!chrome) return <ErrorScreen error={error} />;
  return (
    <StorefrontChrome locale={locale} chrome={chrome}>
      <ErrorScreen error={error} embedded />
    </StorefrontChrome>
  );
}
