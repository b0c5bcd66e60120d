import { locales, localizePath } from "../i18n/config";

/**
 * sitemap.xml and robots.txt for search engines. Every storefront page exists in English (`/…`)
 * and Thai (`/th/…`): the sitemap lists both, each naming the other as its hreflang alternate (and
 * English as x-default), with absolute URLs from the shop's public origin.
 */
export interface SitemapPage {
  /** Bare, locale-neutral path ("/activities/new-kits"). */
  path: string;
  /** Epoch ms of the last change, when known. */
  lastModified?: number | null;
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[char]!);
}

function lastmod(epochMs: number | null | undefined): string | null {
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs) || epochMs <= 0 || epochMs > 8.64e15) return null;
  return new Date(epochMs).toISOString();
}

/** The origin without a trailing slash ("https://pryde.shop/" → "https://pryde.shop"). */
function bareOrigin(origin: string): string {
  return origin.replace(/\/+$/, "");
}

export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const base = bareOrigin(origin);
  const url = (locale: (typeof locales)[number], path: string) => escapeXml(`${base}${localizePath(locale, path)}`);
  const entries = pages.flatMap((page) => {
    const alternates = [
      ...locales.map((locale) => `    <xhtml:link rel="alternate" hreflang="${locale}" href="${url(locale, page.path)}"/>`),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${url("en", page.path)}"/>`,
    ].join("\n");
    const modified = lastmod(page.lastModified);
    return locales.map((locale) =>
      [`  <url>`, `    <loc>${url(locale, page.path)}</loc>`, ...(modified ? [`    <lastmod>${modified}</lastmod>`] : []), alternates, `  </url>`].join("\n"),
    );
  });
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">`,
    ...entries,
    `</urlset>`,
    "",
  ].join("\n");
}

/**
 * Paths crawlers should leave alone, in both languages: the back office, the cart and checkout,
 * the customer's own pages, sign-in flows, preference switches and machine endpoints.
 */
export const privatePathPrefixes = [
  "/backend",
  "/cart",
  "/my-",
  "/login",
  "/logout",
  "/register",
  "/verify",
  "/forgot-password",
  "/reset-password",
  "/auth",
  "/tracking",
  "/exchange",
  "/custom/create_backup",
  "/paypal-callback",
] as const;

const machinePaths = ["/api/", "/change-language", "/change-currency", "/resources/"] as const;

export function robotsTxt(origin: string): string {
  const disallowed = [...privatePathPrefixes.flatMap((path) => locales.map((locale) => (locale === "en" ? path : `/th${path}`))), ...machinePaths];
  return ["User-agent: *", "Allow: /", ...disallowed.map((path) => `Disallow: ${path}`), "", `Sitemap: ${bareOrigin(origin)}/sitemap.xml`, ""].join("\n");
}
