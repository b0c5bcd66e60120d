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
