import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { sessionCookieName, readSessionId } from "~/features/sessions/session-cookie.server";
import { clearedSessionCookie, resolveViewer, sessionCookie, type Viewer } from "~/features/sessions/sessions.server";

const viewerContext = createContext<Viewer>();

/**
 * Root middleware: who is asking (guest, customer or staff), from the session cookie, for every
 * loader and action. Renews the session's idle lifetime and forgets a cookie whose session is gone.
 */
export const viewerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { env } = getCloudflare(context);
  const cookieSessionId = readSessionId(request);
  const { viewer, renewed } = await resolveViewer(env.DB, cookieSessionId);
  context.set(viewerContext, viewer);
  const response = await next();

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
  return context.get(viewerContext);
}
