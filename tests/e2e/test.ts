import { type BrowserContext, type BrowserContextOptions, expect, test as base } from "@playwright/test";

export { expect, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

/** The storage a reset empties for each origin a context's pages went to (not "all": it must keep the HTTP cache). */
const storageTypes = [
  "cookies",
  "local_storage",
  "indexeddb",
  "cache_storage",
  "service_workers",
  "file_systems",
  "websql",
  "shared_storage",
  "storage_buckets",
].join(",");

/** Options a context given at creation keeps and a reset would undo, or that carry a test's own state: such a context is never pooled. */
const unpooledOptions = [
  "storageState",
  "permissions",
  "geolocation",
  "extraHTTPHeaders",
  "offline",
  "httpCredentials",
  "proxy",
  "recordVideo",
  "recordHar",
  "clientCertificates",
];

/**
 * Browser contexts handed out again within a worker, one set per combination of options, emptied between
 * uses: no cookies, permissions, routes, pages (so no session storage), local storage, IndexedDB or other
 * origin storage survive, but Chromium's HTTP cache and the V8 code cache it feeds do. A new context starts
 * with both empty, so every test's first page downloaded and compiled some 30 modules and the fonts again:
 * reuse cut a page load's browser CPU by about 28 % (docs/performance.md, "CI time, fourth pass").
 * Pages send no `Cache-Control`, so only the fingerprinted files (`immutable`) come from the cache.
 * isolation.spec.ts proves a test sees nothing of the one before it. E2E_FRESH_CONTEXTS=1 turns it off.
 */
class ContextPool {
  private readonly idle = new Map<string, BrowserContext[]>();
  private readonly leased = new Map<BrowserContext, string>();
  private readonly origins = new WeakMap<BrowserContext, Set<string>>();
  private readonly closeForReal = new WeakMap<BrowserContext, () => Promise<void>>();

  constructor(private readonly create: (options?: BrowserContextOptions) => Promise<BrowserContext>) {}

  async lease(options?: BrowserContextOptions): Promise<BrowserContext> {
    const defined = Object.entries(options ?? {}).filter(([, value]) => value !== undefined);
    if (defined.some(([name]) => unpooledOptions.includes(name))) return this.create(options);
    const key = JSON.stringify(defined.sort(([a], [b]) => a.localeCompare(b)));
    const context = this.idle.get(key)?.pop() ?? (await this.open(options));
    this.leased.set(context, key);
    return context;
  }

  /** Called after each test: a context the test did not close goes back too. */
  async releaseAll(): Promise<void> {
    for (const context of [...this.leased.keys()]) await this.release(context);
  }

  async closeAll(): Promise<void> {
    for (const context of [...this.leased.keys(), ...[...this.idle.values()].flat()]) await this.closeForReal.get(context)?.();
    this.idle.clear();
    this.leased.clear();
  }

  private async open(options?: BrowserContextOptions): Promise<BrowserContext> {
    const context = await this.create(options);
    const origins = new Set<string>();
    context.on("page", (page) =>
      page.on("framenavigated", (frame) => {
        const origin = new URL(frame.url()).origin;
        if (origin.startsWith("http")) origins.add(origin);
      }),
    );
    this.origins.set(context, origins);
    this.closeForReal.set(context, context.close.bind(context));
    context.close = () => this.release(context);
    return context;
  }

  private async release(context: BrowserContext): Promise<void> {
    const key = this.leased.get(context);
    if (key === undefined) return;
    this.leased.delete(context);
    try {
      await this.empty(context);
    } catch {
      // A context that cannot be emptied (its browser gone, a page that will not close) is not handed out again.
      await this.closeForReal
        .get(context)?.()
        .catch(() => {});
      return;
    }
    this.idle.set(key, [...(this.idle.get(key) ?? []), context]);
  }

  private async empty(context: BrowserContext): Promise<void> {
    // Any page of the context serves for its storage; a new one only if the test left none open.
    const [kept, ...others] = context.pages();
    for (const page of others) await page.close();
    const page = kept ?? (await context.newPage());
    // Leaving the page cancels what it still had in flight (an answer setting a cookie after the clear below).
    await page.goto("about:blank");
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await context.clearCookies();
    await context.clearPermissions();
    const origins = this.origins.get(context)!;
    if (origins.size) {
      const session = await context.newCDPSession(page);
      for (const origin of origins) await session.send("Storage.clearDataForOrigin", { origin, storageTypes });
      await session.detach();
      origins.clear();
    }
    await page.close();
  }
}

/**
 * React's hydration errors (#418 text, #419/#423 a boundary, #425): the browser threw the server's
 * HTML away and rendered the page again, so what the server sent and what the browser shows differ
 * (a "-0" in the stock report's totals was one). A test whose page hydrates fails on them.
 */
const hydrationError = /Minified React error #(418|419|423|425)\b|Hydration failed|didn't match/;

/** `test` with pooled contexts (the default one and those a test opens itself) and the default page watched for hydration errors. */
export const test = base.extend<{ contextsReturned: void }, { contextPool: ContextPool }>({
  page: async ({ page }, provide) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => {
      if (hydrationError.test(error.message)) problems.push(`${page.url()}: ${error.message.slice(0, 120)}`);
    });
    await provide(page);
    expect(problems, "hydration errors").toEqual([]);
  },
  contextPool: [
    async ({ browser }, use) => {
      const pool = new ContextPool(browser.newContext.bind(browser));
      if (!process.env.E2E_FRESH_CONTEXTS) {
        browser.newContext = (options) => pool.lease(options);
        // Playwright's own newPage marks the context as the page's alone (no second page), a mark a pooled context would keep.
        browser.newPage = async (options) => (await pool.lease(options)).newPage();
      }
      await use(pool);
      await pool.closeAll();
    },
    { scope: "worker" },
  ],
  contextsReturned: [
    async ({ contextPool }, use) => {
      await use();
      await contextPool.releaseAll();
    },
    { auto: true },
  ],
});

/** Headers for a form POST sent through a context's request client: React Router refuses a form POST from another origin. */
export function sameOriginFormHeaders(): { origin: string } {
  return { origin: new URL(base.info().project.use.baseURL!).origin };
}
