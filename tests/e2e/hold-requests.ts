import type { Page } from "./test";

/** Holds the browser's requests for a file until `release()`: what a slow network does to code loaded on use. */
export async function holdRequests(page: Page, url: RegExp) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.fallback();
  });
  return release;
}
