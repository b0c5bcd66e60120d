import { readCurrency, readPreferredLocale } from "../app/features/preferences/preferences.server";
import { readSessionId } from "../app/features/sessions/session-cookie.server";

/**
 * A short-lived, in-isolate cache of public storefront pages for anonymous shoppers.
 *
 * Why: a product listing is the same HTML for every visitor without a session, in a given
 * language and display currency; rendering it costs most of the request (loaders + React SSR).
 * What is safe to share: only GET requests for public storefront pages, from visitors without a
 * session cookie (no cart, not signed in — anything personal bypasses), keyed by the full URL,
 * the display currency and, for `/`, the remembered language. Only complete 200 HTML responses
 * that set no cookie are kept, for PAGE_CACHE_SECONDS (15 s by default), so a change made in the
 * back office shows within seconds. See docs/decisions/0005-storefront-performance.md.
 */
const publicPage =
  /^(?:\/th)?(?:\/|\/shop|\/shop\/[^/]+|\/collection|\/activities|\/activities\/[^/]+|\/faqs|\/custom|\/custom\/select|\/size-guides|\/size-guides-temp|\/privacy-policy)?$/;

export function pageCacheKey(request: Request): string | null {
  if (request.method !== "GET") return null;
  if (request.headers.has("authorization")) return null;
  const url = new URL(request.url);
  if (!publicPage.test(url.pathname)) return null;
  if (readSessionId(request)) return null;
  const language = url.pathname === "/" ? (readPreferredLocale(request) ?? "") : "";
  return `${url.pathname}${url.search}|${readCurrency(request)}|${language}`;
}

export function isShareableResponse(response: Response): boolean {
  return response.status === 200 && !response.headers.has("set-cookie") && (response.headers.get("content-type") ?? "").startsWith("text/html");
}

interface CachedPage {
  body: ArrayBuffer;
  headers: [string, string][];
  expiresAt: number;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();

  constructor(private readonly maxEntries = 300) {}

  get(key: string, now: number): Response | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (page.expiresAt <= now) {
      this.pages.delete(key);
      return null;
    }
    // Least recently used goes first when full: re-insert on use.
    this.pages.delete(key);
    this.pages.set(key, page);
    const headers = new Headers(page.headers);
    headers.set("x-page-cache", "hit");
    return new Response(page.body, { status: 200, headers });
  }

  set(key: string, body: ArrayBuffer, headers: Headers, now: number, ttlMs: number): void {
    if (ttlMs <= 0) return;
    this.pages.delete(key);
    this.pages.set(key, { body, headers: [...headers.entries()], expiresAt: now + ttlMs });
    while (this.pages.size > this.maxEntries) {
      const oldest = this.pages.keys().next().value;
      if (oldest === undefined) break;
      this.pages.delete(oldest);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}

export function pageCacheTtlMs(setting: string | undefined): number {
  const seconds = Number(setting ?? "15");
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : 0;
}
