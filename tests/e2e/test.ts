import { type Browser, type BrowserContext, expect, test as base } from "@playwright/test";

export { expect, type Browser, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";

interface CachedAsset {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Serves files that never change from memory once a worker has fetched them: the built client's
 * fingerprinted files (/assets/: scripts, styles, fonts) and media whose key carries a content hash
 * (/media/…-<hex>.svg: product pictures, uploads; app/features/media/media.server.ts serves them as
 * immutable). A new browser context starts with an empty cache, so without this every test's first
 * page downloads some 30 modules and the fonts, and /shop its dozen pictures, through the shop again.
 * Only responses the shop marks immutable are kept; cookies, storage and every page and API answer
 * stay each test's own. E2E_NO_ASSET_CACHE=1 turns it off (to watch the real asset traffic).
 */
const immutableFiles = /\/(assets\/|media\/.*-[0-9a-f]{8,}\.[a-z0-9]+(\?|$))/i;

async function serveAssetsFromMemory(context: BrowserContext, cache: Map<string, CachedAsset>): Promise<void> {
  await context.route(immutableFiles, async (route) => {
    try {
      const url = route.request().url();
      let asset = cache.get(url);
      if (!asset) {
        const response = await route.fetch();
        asset = { status: response.status(), headers: response.headers(), body: await response.body() };
        if (asset.status === 200 && /\bimmutable\b/.test(asset.headers["cache-control"] ?? "")) cache.set(url, asset);
      }
      await route.fulfill(asset);
    } catch {
      // The page moved on (a navigation cancels its pending requests) or the context closed.
    }
  });
}

/**
 * React's hydration errors (#418 text, #419/#423 a boundary, #425): the browser threw the server's
 * HTML away and rendered the page again, so what the server sent and what the browser shows differ
 * (a "-0" in the stock report's totals was one). A test whose page hydrates fails on them.
 */
const hydrationError = /Minified React error #(418|419|423|425)\b|Hydration failed|didn't match/;

/** `test` with the asset memory on every context (the default one and those a test opens itself), and the default page watched for hydration errors. */
export const test = base.extend<object, { browser: Browser }>({
  page: async ({ page }, provide) => {
    const problems: string[] = [];
    page.on("pageerror", (error) => {
      if (hydrationError.test(error.message)) problems.push(`${page.url()}: ${error.message.slice(0, 120)}`);
    });
    await provide(page);
    expect(problems, "hydration errors").toEqual([]);
  },
  browser: [
    async ({ browser }, use) => {
      if (process.env.E2E_NO_ASSET_CACHE) return use(browser);
      const cache = new Map<string, CachedAsset>();
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (options) => {
        const context = await newContext(options);
        await serveAssetsFromMemory(context, cache);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
});
