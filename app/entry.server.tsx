import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type EntryContext, type HandleErrorFunction, isRouteErrorResponse, type RouterContextProvider, ServerRouter } from "react-router";

import { cspNonceContext } from "./features/security/door.server";
import type { Locale } from "./i18n/config";
import { getLocale } from "./i18n/i18next.server";
import { resources } from "./i18n/resources";
import { TranslationProvider } from "./i18n/translation";
import { NonceProvider } from "./ui/nonce";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const locale = getLocale(loadContext) as Locale;
  // The Content-Security-Policy nonce the Worker chose (workers/security-headers.ts): on React's
  // streaming scripts, React Router's hydration scripts and <Scripts>/<ScrollRestoration> in root.tsx.
  const nonce = loadContext.get(cspNonceContext);
  let shellRendered = false;
  const userAgent = request.headers.get("user-agent");
  const body = await renderToReadableStream(
    // The language the middleware read from the URL; the browser hydrates with the same strings.
    <NonceProvider value={nonce}>
      <TranslationProvider locale={locale} messages={resources[locale]}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </TranslationProvider>
    </NonceProvider>,
    {
      nonce,
      signal: AbortSignal.timeout(streamTimeout + 1000),
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers get the whole document at once.
  if ((userAgent && isbot(userAgent)) || routerContext.isSpaMode) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/** Unexpected errors are logged (the page shows a plain 500); a shopper's 4xx is not an incident. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  console.error(error);
};
