import "./zod-setup";

import { data, Links, Meta, Outlet, redirect, Scripts, ScrollRestoration, useLocation, useMatches, useRouteLoaderData } from "react-router";

import { isBackOfficeMatch } from "~/i18n/back-office-messages";
import { usePageNamespaces } from "~/i18n/client-messages";

import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { getCloudflare } from "./cloudflare";
import { viewerMiddleware, viewerOf } from "./features/accounts/viewer.server";
import { getDisplayRates } from "./features/currency/exchange-rates.server";
import { readCurrency, readPreferredLocale } from "./features/preferences/preferences.server";
import { refusedBodyMiddleware } from "./features/security/door.server";
import type { Viewer } from "./features/sessions/sessions.server";
import { type Locale, localeFromPathname, localizePath, stripLocale } from "./i18n/config";
import { getInstance, getLocale, i18nextMiddleware } from "./i18n/i18next.server";
import { BackendErrorScreen, ErrorScreen } from "./ui/error-screen";
import { NavigationProgress } from "./ui/navigation-progress";
import { useNonce } from "./ui/nonce";
import { usePageFontPreloads } from "./ui/page-fonts";
import { takeToast } from "./ui/toast.server";

// The body guard's refusal (workers/form-body.ts) comes before the viewer: a refused request renews no session.
export const middleware: Route.MiddlewareFunction[] = [i18nextMiddleware, refusedBodyMiddleware, viewerMiddleware];

export const links: Route.LinksFunction = () => [
  // `precedence` makes it one of React's stylesheet resources, which React writes at the top of the
  // head, before the scripts' modulepreloads: in place it came after ~20 of them, and on a phone's
  // six connections the only render-blocking file waited behind the JavaScript (issue 19, LCP).
  { rel: "stylesheet", href: stylesheet, precedence: "default" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { env, ctx } = getCloudflare(context);
  const url = new URL(request.url);
  // Only the bare home page follows a remembered language; every other URL says its language.
  if (url.pathname === "/" && readPreferredLocale(request) === "th") throw redirect(`/th${url.search}`);
  const currency = readCurrency(request);
  // Prices in Baht need no rates: only a page shown in another currency reads them (a KV read).
  const [exchangeRates, viewer] = await Promise.all([currency === "THB" ? null : getDisplayRates(env, ctx), viewerOf(context)]);
  const locale = getLocale(context) as Locale;
  // A message carried over a redirect (saved, signed in): shown once as the page's toast.
  const toast = takeToast(request, viewer, getInstance(context), locale);
  return data(
    {
      locale,
      origin: env.PUBLIC_ORIGIN || url.origin,
      currency,
      exchangeRates,
      viewer: viewerSummary(viewer),
      snackbar: toast?.snackbar ?? null,
    },
    toast ? { headers: { "Set-Cookie": toast.clearCookie } } : undefined,
  );
}

/** What the page chrome may know of the viewer (top bar icons, menus); nothing more leaves the server. */
function viewerSummary(viewer: Viewer) {
  switch (viewer.kind) {
    case "customer":
      return { kind: "customer" as const, firstName: viewer.firstName, avatarKey: viewer.avatarKey, emailVerified: viewer.emailVerified };
    case "staff":
      return { kind: "staff" as const, fullName: viewer.fullName, roleId: viewer.roleId };
    default:
      return { kind: "guest" as const };
  }
}

export type RootLoaderData = Awaited<ReturnType<typeof loader>>["data"];

export function useRootData(): RootLoaderData | undefined {
  return useRouteLoaderData<typeof loader>("root");
}

/** Canonical URL and its other-language alternate for every page (hreflang). */
function AlternateLinks({ origin }: { origin: string }) {
  const { pathname, search } = useLocation();
  const bare = stripLocale(pathname);
  const locale = localeFromPathname(pathname);
  return (
    <>
      <link rel="canonical" href={`${origin}${localizePath(locale, bare)}${search}`} />
      <link rel="alternate" hrefLang="en" href={`${origin}${localizePath("en", bare)}${search}`} />
      <link rel="alternate" hrefLang="th" href={`${origin}${localizePath("th", bare)}${search}`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}${localizePath("en", bare)}${search}`} />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRootData();
  const { pathname } = useLocation();
  const locale = rootData?.locale ?? localeFromPathname(pathname);
  const nonce = useNonce();
  usePageFontPreloads(locale);
  // The strings the browser loads for this page (app/entry.client.tsx); in the browser, waits for them.
  const namespaces = usePageNamespaces();
  // The back office's pages load all of its strings instead (app/entry.client.tsx).
  const backOffice = isBackOfficeMatch(useMatches().map((match) => match.id));
  return (
    <html lang={locale} data-i18n={namespaces.join(" ")} data-back-office={backOffice ? "" : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2B6FF5" />
        <Meta />
        <Links />
        {rootData ? <AlternateLinks origin={rootData.origin} /> : null}
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        <NavigationProgress />
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

/** Last resort: errors the storefront layout could not catch (e.g. its own data failed). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  // A refusal by the back-office guard lands here (middleware errors skip the layout's boundary): it
  // is drawn in the frame it carries, and "back" leads to the dashboard rather than to the shop. The
  // matched routes say where it happened, whatever the address's spelling (`/BACKEND/%75ser`).
  const inBackOffice = isBackOfficeMatch(useMatches().map((match) => match.id));
  if (BackendErrorScreen && inBackOffice) return <BackendErrorScreen error={error} />;
  return <ErrorScreen error={error} />;
}
