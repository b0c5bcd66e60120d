import { type BrowserContext, expect, test } from "./test";

// Contexts are reused between tests (tests/e2e/test.ts, ContextPool): the second test gets the context the
// first one filled, and must find nothing of it but the cached files.
test.describe.configure({ mode: "serial" });

let filled: BrowserContext | undefined;
let cachedScript = "";

test("a test fills its context: a session, a cookie, storage, a permission, a route", { tag: "@desktop" }, async ({ page, context, browser }) => {
  // A page of its own (Playwright's browser.newPage): its context goes back to the pool as well (first, so
  // that the next test's page gets the context filled below: a pool hands out the last one back).
  const ownPage = await browser.newPage();
  await ownPage.goto("/shop");
  await ownPage.context().close();
  await page.goto("/login");
  const login = page.getByTestId("login-page");
  await login.getByLabel("E-mail").fill("customer@pryde.test");
  await login.getByLabel("Password").fill("Customer123");
  await login.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("snackbar")).toBeVisible();
  expect((await context.cookies()).length).toBeGreaterThan(0);
  await page.evaluate(async () => {
    document.cookie = "left=behind; path=/";
    localStorage.setItem("left", "behind");
    sessionStorage.setItem("left", "behind");
    await new Promise((resolve, reject) => {
      const request = indexedDB.open("left-behind");
      request.onsuccess = () => resolve(request.result.close());
      request.onerror = () => reject(request.error);
    });
  });
  await context.grantPermissions(["clipboard-read"]);
  await context.route("**/shop", (route) => route.fulfill({ body: "routed" }));
  cachedScript = await page.evaluate(
    () => performance.getEntriesByType("resource").find((entry) => /\/assets\/entry\.client-[^/]*\.js$/.test(entry.name))?.name ?? "",
  );
  expect(cachedScript).not.toBe("");
  filled = context;
});

test("the next test in the worker gets that context back empty, its cache kept", { tag: "@desktop" }, async ({ page, context, browser }) => {
  // The context of the first test's own page takes more than one page now.
  const other = await browser.newContext();
  await other.newPage();
  await other.newPage();
  expect(filled, "the first test ran in this worker").toBeDefined();
  expect(context, "the context is reused (otherwise this test proves nothing)").toBe(filled);
  expect(context.pages()).toEqual([page]);
  expect(await context.cookies()).toEqual([]);

  await page.goto("/my-profile");
  await expect(page).toHaveURL(/\/login/);
  const left = await page.evaluate(async () => ({
    cookie: document.cookie,
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).map((database) => database.name),
    clipboard: (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state,
  }));
  expect(left).toEqual({ cookie: expect.not.stringContaining("left=") as unknown as string, local: 0, session: 0, databases: [], clipboard: "prompt" });

  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The fingerprinted script the first test loaded now comes from Chromium's cache.
  const fromCache = await page.evaluate((name) => (performance.getEntriesByName(name)[0] as PerformanceResourceTiming | undefined)?.transferSize, cachedScript);
  expect(fromCache).toBe(0);
});
