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
 * D1 read replication (issue 19, docs/decisions/0019-d1-round-trips.md): after a request that wrote,
 * the D1 Sessions API bookmark of that write, so the shopper's next requests read from a replica at
 * least as new as their own change. Kept beside the session cookie (the session id must stay an
 * opaque id) for a few minutes: replicas catch up in seconds.
 */
export const d1BookmarkCookieName = "pryde_d1";
const d1BookmarkSeconds = 300;

export function readD1Bookmark(request: Request): string | null {
  const value = readCookie(request, d1BookmarkCookieName);
  return value && /^[A-Za-z0-9_.:-]{1,200}$/.test(value) ? value : null;
}

export function d1BookmarkCookie(request: Request, bookmark: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${d1BookmarkCookieName}=${bookmark}; Path=/; Max-Age=${d1BookmarkSeconds}; HttpOnly; SameSite=Lax${secure}`;
}
