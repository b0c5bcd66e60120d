import { type CurrencyCode, isCurrencyCode } from "~/domain/currency";
import { isLocale, type Locale, localeCookieMaxAge, localeCookieName } from "~/i18n/config";

/** The shopper's display currency is remembered like the language: a cookie, one year. */
export const currencyCookieName = "currency";

export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.get("cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1) continue;
    if (part.slice(0, separator).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(separator + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

function preferenceCookie(request: Request, name: string, value: string): string {
  const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${localeCookieMaxAge}; SameSite=Lax${secure}`;
}

export function readPreferredLocale(request: Request): Locale | null {
  const value = readCookie(request, localeCookieName);
  return isLocale(value) ? value : null;
}

export function localeCookie(request: Request, locale: Locale): string {
  return preferenceCookie(request, localeCookieName, locale);
}

export function readCurrency(request: Request): CurrencyCode {
  const value = readCookie(request, currencyCookieName);
  return isCurrencyCode(value) ? value : "THB";
}

export function currencyCookie(request: Request, currency: CurrencyCode): string {
  return preferenceCookie(request, currencyCookieName, currency);
}
