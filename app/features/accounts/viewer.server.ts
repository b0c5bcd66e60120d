import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { getCloudflare } from "~/cloudflare";
import { readSessionId, sessionCookieName } from "~/features/sessions/session-cookie.server";
import { clearedSessionCookie, resolveViewer, sessionCookie, type Viewer } from "~/features/sessions/sessions.server";

interface ViewerState {
  /** Set once the session is read. */
  viewer?: Viewer;
  read: Promise<Viewer>;
}

const viewerContext = createContext<ViewerState>();

/**
 * Pages whose loaders take the viewer with `await viewerOf(context)` (the root's, the product
 * page's, the cart's, the designer's) or not at all (the custom landing and garment pages, the
 * content pages): their D1 reads start at once and share the session's round trip (issue 19,
 * docs/decisions/0019-d1-round-trips.md). Every other request reads the session first, so
 * `getViewer` is ready in every loader, action and guard. A page listed here by mistake fails
 * loudly: `getViewer` throws before the session is read.
 */
const pagesReadingViewerLate =
  /^(?:\/th)?(?:\/|\/_root|\/shop|\/shop\/[^/]+|\/cart|\/custom|\/custom\/select|\/custom\/select\/[^/]+|\/collection|\/activities|\/activities\/[^/]+|\/faqs|\/size-guides)?(?:\.data)?$/;

function readsViewerLate(request: Request): boolean {
  return (request.method === "GET" || request.method === "HEAD") && pagesReadingViewerLate.test(new URL(request.url).pathname);
}

/**
 * Root middleware: who is asking (guest, customer or staff), from the session cookie, for every
 * loader and action. Renews the session's idle lifetime and forgets a cookie whose session is gone.
 */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = getCloudflare(context);
  const cookieSessionId = readSessionId(request);
  const resolving = resolveViewer(env.DB, cookieSessionId);
  const state: ViewerState = { read: resolving.then(({ viewer }) => (state.viewer = viewer)) };
  // Awaited below in any case; this keeps a failure from being reported twice.
  state.read.catch(() => undefined);
  context.set(viewerContext, state);
  if (!readsViewerLate(request)) await state.read;
  const response = await next();
  const { viewer, renewed } = await resolving;

  // An action that signed in or out already set the cookie it wants: leave it alone.
  const setsSession = response.headers.getSetCookie().some((cookie) => cookie.startsWith(`${sessionCookieName}=`));
  if (setsSession) return response;
  if (renewed && viewer.sessionId) return withCookie(response, sessionCookie(request, viewer.sessionId, renewed.owner));
  if (cookieSessionId && !viewer.sessionId) return withCookie(response, clearedSessionCookie(request));
  return response;
};

function withCookie(response: Response, cookie: string): Response {
  try {
    response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (e.g. a Response.redirect): copy.
    const copy = new Response(response.body, response);
    copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

export function getViewer(context: Readonly<RouterContextProvider>): Viewer {
  const { viewer } = context.get(viewerContext);
  // Never a guest by default: a page listed in pagesReadingViewerLate must await viewerOf instead.
  if (!viewer) throw new Error("The session is not read yet on this page: use `await viewerOf(context)`.");
  return viewer;
}

/** The viewer, once the session is read (in the same D1 round trip as the page's own reads). */
export function viewerOf(context: Readonly<RouterContextProvider>): Promise<Viewer> {
  return context.get(viewerContext).read;
}
