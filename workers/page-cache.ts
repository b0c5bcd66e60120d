import { TtlLru } from "../app/features/cache/ttl-lru";
import { readCurrency, readPreferredLocale } from "../app/features/preferences/preferences.server";
import { readSessionId } from "../app/features/sessions/session-cookie.server";
import { isBackOfficePath } from "./parts";

/**
 * A cache of public storefront pages for anonymous shoppers: this isolate's LRU first, then the
 * data centre's Cache API (VersionedPageCache below), keyed by the content version that every
 * back-office write bumps.
 *
 * Why: a product listing is the same HTML for every visitor without a session, in a given
 * language and display currency; rendering it costs most of the request (loaders + React SSR).
 * What is safe to share: only GET requests for public storefront pages, from visitors without a
 * session cookie (no cart, not signed in — anything personal bypasses), keyed by the full URL,
 * the display currency and, for `/`, the remembered language. Only complete 200 HTML responses
 * that set no cookie and are not marked private or no-store are kept, for PAGE_CACHE_SECONDS (15 s
 * by default); a change made in the back office shows on the next request (a new version), one made
 * by shoppers (stock) within that lifetime. See docs/decisions/0005-storefront-performance.md.
 */
const publicPage =
  /^(?:\/th)?(?:\/|\/shop|\/shop\/[^/]+|\/collection|\/activities|\/activities\/[^/]+|\/faqs|\/custom|\/custom\/select|\/size-guides|\/size-guides-temp|\/privacy-policy)?$/;
/** The same pages' data for client-side navigations (`/th.data`, `/shop.data`; the home page's is `/_root.data`). */
const publicPageData =
  /^(?:\/th)?(?:\/_root|\/shop|\/shop\/[^/]+|\/collection|\/activities|\/activities\/[^/]+|\/faqs|\/custom|\/custom\/select|\/size-guides)?\.data$/;

/**
 * A read of a public storefront page or its data, by anyone: its catalogue reads may be shared
 * (app/features/cache/shared-reads.server.ts) even when the page itself is not (a session).
 */
export function readsPublicContent(request: Request): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (request.headers.has("authorization")) return false;
  const { pathname } = new URL(request.url);
  return publicPage.test(pathname) || publicPageData.test(pathname);
}

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
  return (
    response.status === 200 &&
    !response.headers.has("set-cookie") &&
    !/\b(?:private|no-store)\b/i.test(response.headers.get("cache-control") ?? "") &&
    (response.headers.get("content-type") ?? "").startsWith("text/html")
  );
}

interface CachedPage {
  body: ArrayBuffer;
  headers: [string, string][];
}

export class PageCache {
  private readonly pages: TtlLru<CachedPage>;

  constructor(maxEntries = 300) {
    this.pages = new TtlLru(maxEntries);
  }

  get(key: string, now: number): Response | null {
    const page = this.pages.get(key, now);
    if (!page) return null;
    const headers = new Headers(page.headers);
    headers.set("x-page-cache", "hit");
    return new Response(page.body, { status: 200, headers });
  }

  set(key: string, body: ArrayBuffer, headers: Headers, now: number, ttlMs: number): void {
    this.pages.set(key, { body, headers: [...headers.entries()] }, now, ttlMs);
  }

  get size(): number {
    return this.pages.size;
  }
}

export function pageCacheTtlMs(setting: string | undefined): number {
  const seconds = Number(setting ?? "15");
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 300) * 1000 : 0;
}

/**
 * The version of everything staff can change on public pages (catalogue, prices, banners, home
 * content, settings). Every back-office write that succeeds bumps it, and cached pages are keyed
 * by it, so a change shows on the next request instead of after the cache's lifetime. Orders do not
 * bump it (a stock label may lag by the lifetime; the cart and checkout always re-read stock).
 */
export const contentVersionKey = "content-version";

export async function readContentVersion(kv: KVNamespace): Promise<string> {
  return (await kv.get(contentVersionKey)) ?? "0";
}

export async function bumpContentVersion(kv: KVNamespace, now = Date.now()): Promise<void> {
  await kv.put(contentVersionKey, `${now.toString(36)}${Math.random().toString(36).slice(2, 6)}`);
}

/**
 * A form post that changed something in the back office. Read from the path as the server saw it,
 * in any spelling (React Router matches paths without regard to case or percent-encoding): bumping
 * once too often costs a cache miss, missing one would show a stale page.
 */
export function isBackOfficeWrite(request: Request, status: number): boolean {
  if (request.method === "GET" || request.method === "HEAD" || status >= 400) return false;
  return isBackOfficePath(new URL(request.url).pathname);
}

/** The shared cache's key for a page at a content version: a URL, as the Cache API requires, never fetched. */
export function sharedCacheUrl(key: string, version: string): string {
  return `https://page-cache.invalid/${encodeURIComponent(key)}?v=${encodeURIComponent(version)}`;
}

// The page's own Cache-Control, kept aside while the shared copy carries the cache's lifetime.
const pageCacheControl = "x-page-cache-control";

/** What the shared cache needs of `caches.default` (and tests can fake). */
export interface SharedCache {
  match(request: RequestInfo): Promise<Response | undefined>;
  put(request: RequestInfo, response: Response): Promise<void>;
}

/**
 * Two levels: this isolate's LRU answers without any I/O; the data centre's Cache API
 * (`caches.default`) answers for every isolate and machine there. Both keyed by the content version.
 */
export class VersionedPageCache {
  constructor(
    private readonly local: PageCache,
    private readonly shared: SharedCache | null,
  ) {}

  async get(key: string, version: string, now: number, ttlMs: number): Promise<Response | null> {
    const versioned = `${key}|${version}`;
    const local = this.local.get(versioned, now);
    if (local) return local;
    const stored = await this.shared?.match(sharedCacheUrl(key, version));
    if (!stored || stored.status !== 200) return null;
    const body = await stored.arrayBuffer();
    const headers = new Headers(stored.headers);
    headers.delete("cache-control");
    const own = headers.get(pageCacheControl);
    headers.delete(pageCacheControl);
    if (own) headers.set("cache-control", own);
    // The shared copy may be older than this isolate's lifetime setting allows; Cache API honours s-maxage.
    this.local.set(versioned, body, headers, now, ttlMs);
    return this.local.get(versioned, now);
  }

  async set(key: string, version: string, body: ArrayBuffer, headers: Headers, now: number, ttlMs: number): Promise<void> {
    this.local.set(`${key}|${version}`, body, headers, now, ttlMs);
    if (!this.shared) return;
    const stored = new Headers(headers);
    const own = headers.get("cache-control");
    if (own) stored.set(pageCacheControl, own);
    stored.set("cache-control", `public, s-maxage=${Math.max(1, Math.round(ttlMs / 1000))}`);
    await this.shared.put(sharedCacheUrl(key, version), new Response(body, { status: 200, headers: stored }));
  }
}
