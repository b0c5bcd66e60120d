import { createContext, data, type MiddlewareFunction } from "react-router";

/**
 * What the Worker's door (workers/app.ts) tells React Router about a request (DESIGN §4.15).
 *
 * The body guard (workers/form-body.ts) decides in the Worker, before React Router runs; the
 * error page, though, is React Router's (root ErrorBoundary, in the page's language). So the
 * Worker passes its verdict here and {@link refusedBodyMiddleware}, the root's first middleware
 * after i18n, throws the status before the viewer is read (no session renewal) and before any
 * loader or action runs: nothing is written.
 */
export type RefusedBodyStatus = 400 | 413 | 415;

export const refusedBodyContext = createContext<RefusedBodyStatus | null>(null);

/** The Content-Security-Policy nonce of this response (workers/security-headers.ts), for app/entry.server.tsx. */
export const cspNonceContext = createContext<string>("");

export const refusedBodyMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  const status = context.get(refusedBodyContext);
  if (status !== null) throw data(null, { status });
  return next();
};
