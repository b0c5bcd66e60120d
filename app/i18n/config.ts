/** Languages the shop speaks. English is the default and lives at `/…`; Thai lives at `/th/…`. */
export const locales = ["en", "th"] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = "en";

/** Cookie that remembers the language a visitor chose, followed by visits to `/` (spec §9: 365 days). */
export const localeCookieName = "lng";
export const localeCookieMaxAge = 365 * 24 * 60 * 60;

export function isLocale(value: unknown): value is Locale {
  return value === "en" || value === "th";
}

/**
 * The language a URL path is in: `/th` and `/th/…` are Thai, everything else English. `/th.data`
 * is the Thai home page's data request (React Router single fetch, client navigation) — Thai too.
 */
export function localeFromPathname(pathname: string): Locale {
  return pathname === "/th" || pathname === "/th.data" || pathname.startsWith("/th/") ? "th" : "en";
}

/** The path without its language prefix: `/th/shop` → `/shop`, `/th` → `/`. */
export function stripLocale(pathname: string): string {
  if (pathname === "/th") return "/";
  if (pathname.startsWith("/th/")) return pathname.slice(3);
  return pathname || "/";
}

/** A path in the given language: (`th`, `/shop`) → `/th/shop`; (`en`, `/th/shop`) → `/shop`. */
export function localizePath(locale: Locale, path: string): string {
  const bare = stripLocale(path.startsWith("/") ? path : `/${path}`);
  if (locale === "en") return bare;
  return bare === "/" ? "/th" : `/th${bare}`;
}

/** BCP 47 tag for formatting: Thai pages show Buddhist-era years through the th-TH calendar. */
export function intlLocale(locale: Locale): string {
  return locale === "th" ? "th-TH" : "en-GB";
}
