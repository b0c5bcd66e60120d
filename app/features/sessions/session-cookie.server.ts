import { readCookie } from "~/features/preferences/preferences.server";

/**
 * Name of the cookie that carries the opaque session id (DESIGN §5: sessions live in D1; the
 * cookie is HttpOnly, SameSite=Lax, Secure on https). Guest carts hang off this id too.
 */
export const sessionCookieName = "pryde_session";

export function readSessionId(request: Request): string | null {
  const value = readCookie(request, sessionCookieName);
  return value && /^[A-Za-z0-9_-]{16,128}$/.test(value) ? value : null;
}

/**
 * D1 read replication (issue 19, docs/decisions/0019-d1-round-trips.md): after a form post or API
 * call, the shopper's next requests read D1's primary for a short while ("first-primary"), so they
 * see their own change even before the replicas have it. The cookie says only that, never a D1
 * bookmark: a bookmark is a position in the database's history, and comparing two would tell
 * whether a post wrote (a password reset for a known or an unknown address must look alike).
 */
export const d1PrimaryCookieName = "pryde_d1";
const d1PrimarySeconds = 60;

export function readsPrimary(request: Request): boolean {
  return readCookie(request, d1PrimaryCookieName) === "primary";
}

export function d1PrimaryCookie(request: Request): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${d1PrimaryCookieName}=primary; Path=/; Max-Age=${d1PrimarySeconds}; HttpOnly; SameSite=Lax${secure}`;
}
