import { holdRequests } from "./hold-requests";
import { expect, type Page, test } from "./test";

/** The switchers live in the top bar on desktop and inside the drawer on phones. */
async function preferencesArea(page: Page, isMobile: boolean) {
  if (!isMobile) return page.getByTestId("top-bar");
  await page.getByRole("button", { name: /Open menu|เปิดเมนู/ }).click();
  const drawer = page.getByTestId("mobile-drawer");
  await expect(drawer).toBeVisible();
  // Its code loads on first use (app/ui/deferred-part.tsx) and takes over the open drawer.
  await expect(drawer).toHaveAttribute("data-hydrated", "true");
  return drawer;
}

test.describe("home and shop in both languages", () => {
  test("the English home page shows the shop and its new products", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page).toHaveTitle(/Pryde/);
    await expect(page.getByTestId("hero")).toBeVisible();
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByTestId("footer")).toContainText("Privacy policy");
  });

  test("the Thai home page speaks Thai, and nothing moves when the flash sale's countdown starts", async ({ page }) => {
    await page.addInitScript(() => {
      const tally = window as unknown as { layoutShift: number };
      tally.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tally.layoutShift += (entry as PerformanceEntry & { value: number }).value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/th");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByTestId("footer")).toContainText("นโยบายความเป็นส่วนตัว");
    // The countdown appears once the page is live; on a phone the Thai one used to push the sale's grid down (CLS 0.08).
    await expect(page.getByTestId("home-flash-sale-ends-timer")).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
  });

  for (const [path, lang, title] of [
    ["/shop", "en", /Shop/],
    ["/th/shop", "th", /ร้านค้า/],
  ] as const) {
    test(`${path} lists products with prices, filters by category and pages`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await expect(page).toHaveTitle(title);
      const cards = page.getByTestId("product-card");
      expect(await cards.count()).toBeGreaterThan(4);
      await expect(cards.first().getByTestId("price")).toContainText("฿");

      const filter = page.getByTestId("category-filter").getByRole("link").nth(1);
      await filter.click();
      await expect(page).toHaveURL(/[?&]category=\d+/);
      await expect(page.getByTestId("product-card").first()).toBeVisible();
    });
  }

  test("a search from the shop narrows the list, best matches first", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/shop?search=hoodie");
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toBeVisible();
    // Products named "…hoodie…" first; the rest of the "Hoodies & jackets" category may follow.
    const texts = (await cards.allInnerTexts()).map((text) => text.toLowerCase());
    const named = texts.filter((text) => text.includes("hoodie")).length;
    expect(named).toBeGreaterThan(0);
    expect(texts.slice(0, named).every((text) => text.includes("hoodie"))).toBe(true);
  });
});

test.describe("preferences", () => {
  test("switching the language keeps the page", async ({ page, isMobile }) => {
    await page.goto("/shop?page=2");
    const area = await preferencesArea(page, isMobile);
    await area.getByTestId("language-switcher").getByRole("link", { name: /ไทย/ }).click();
    await expect(page).toHaveURL(/\/th\/shop\?page=2$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");

    // The choice is remembered: the bare home page now opens in Thai.
    await page.goto("/");
    await expect(page).toHaveURL(/\/th$/);
  });

  test("switching the currency changes the prices shown and says payment is in THB", async ({ page, isMobile }) => {
    await page.goto("/shop");
    const firstPrice = page.getByTestId("product-card").first().getByTestId("price");
    const baht = await firstPrice.innerText();
    expect(baht).toContain("฿");

    const area = await preferencesArea(page, isMobile);
    await area.getByTestId("currency-switcher").getByRole("combobox").selectOption("USD");
    await expect(firstPrice).toContainText("$");
    expect(await firstPrice.innerText()).not.toBe(baht);
    await expect(page.getByTestId("currency-note").first()).toContainText("THB");

    await page.reload();
    await expect(page.getByTestId("product-card").first().getByTestId("price")).toContainText("$");
  });
});

test.describe("not found", () => {
  for (const [path, project, text] of [
    ["/en/shop", "desktop", "Not found this page."],
    ["/no-such-page", "desktop", "Not found this page."],
    ["/th/no-such-page", "phone", "ไม่พบหน้าที่คุณต้องการ"],
  ] as const) {
    test(`${path} answers the 404 page inside the shop's layout`, { tag: `@${project}` }, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId("error-page")).toContainText(text);
      await expect(page.getByTestId("top-bar")).toBeVisible();
      await page.getByTestId("error-page").getByRole("link").click();
      await expect(page.getByTestId("product-card").first()).toBeVisible();
    });
  }
});

// The drawer is the phone navigation.
test.describe("mobile drawer", { tag: "@phone" }, () => {
  for (const [home, openLabel, lang] of [
    ["/", "Open menu", "en"],
    ["/th", "เปิดเมนู", "th"],
  ] as const) {
    test(`opens from ${home}, lists categories and opens the shop filtered by one`, async ({ page }) => {
      await page.goto(home);
      const drawer = page.getByTestId("mobile-drawer");
      await expect(drawer).toBeHidden();
      await page.getByRole("button", { name: openLabel }).click();
      await expect(drawer).toBeVisible();
      await expect(drawer).toHaveAttribute("data-hydrated", "true");
      const box = await drawer.boundingBox();
      expect(Math.round(box?.width ?? 0)).toBe(300);
      await expect(drawer.getByRole("link", { name: lang === "th" ? "คำถามที่พบบ่อย" : "FAQs" })).toBeVisible();

      const category = drawer.locator('a[href*="category="]').first();
      await category.click();
      await expect(page).toHaveURL(new RegExp(`${lang === "th" ? "/th" : ""}/shop\\?category=\\d+`));
      await expect(drawer).toBeHidden();
      await expect(page.getByTestId("product-card").first()).toBeVisible();
    });
  }

  test("closes with its close button", async ({ page }) => {
    await page.goto("/shop");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("mobile-drawer");
    await expect(drawer).toBeVisible();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();
  });
});

/**
 * The frame's dialogs are the server's HTML until their code loads on first use (app/ui/deferred-part.tsx).
 * Whatever happens first — the shopper's press, hydration, the dialog's code arriving, React's
 * script that reveals a streamed part — the dialog the shopper sees must stay as they left it.
 */
const frameDialogs = [
  {
    name: "drawer",
    project: "phone",
    testId: "mobile-drawer",
    chunk: /\/assets\/mobile-drawer-[^/]*\.js$/,
    opener: (page: Page) => page.getByRole("button", { name: "Open menu" }),
    live: (page: Page) => page.getByTestId("mobile-drawer"),
    close: (page: Page) => page.getByTestId("mobile-drawer").getByRole("button", { name: "Close menu" }),
  },
  {
    name: "search dialog",
    project: "desktop",
    testId: "search-dialog",
    chunk: /\/assets\/search-dialog-[^/]*\.js$/,
    opener: (page: Page) => page.getByTestId("top-bar").getByRole("button", { name: "Search", exact: true }),
    live: (page: Page) => page.getByTestId("search-dialog").locator("form"),
    close: (page: Page) => page.getByTestId("search-dialog").getByRole("button", { name: "Close" }),
  },
  {
    name: "terms dialog",
    project: "desktop",
    testId: "membership-terms-dialog",
    chunk: /\/assets\/membership-terms-dialog-[^/]*\.js$/,
    opener: (page: Page) => page.getByTestId("footer").getByRole("button", { name: "Membership terms" }),
    live: (page: Page) => page.getByTestId("membership-terms-dialog"),
    close: (page: Page) => page.getByTestId("membership-terms-dialog").getByRole("button", { name: "Close" }).first(),
  },
] as const;

/** The top bar's buttons answer to React: the page is hydrated. */
async function waitForHydration(page: Page) {
  await expect(page.getByTestId("top-bar")).toHaveAttribute("data-hydrated", "true");
}

test.describe("frame dialogs before their code loads", () => {
  for (const dialogCase of frameDialogs) {
    const { name, project, testId } = dialogCase;
    test.describe(name, { tag: `@${project}` }, () => {
      async function expectOpenAndLive(page: Page) {
        const dialog = page.getByTestId(testId);
        await expect(dialog).toBeVisible();
        await expect(dialogCase.live(page)).toHaveAttribute("data-hydrated", "true");
        await expect(dialog).toBeVisible();
        await expect.poll(() => dialog.evaluate((element) => element.matches(":modal") && element.contains(document.activeElement))).toBe(true);
        await dialogCase.close(page).click();
        await expect(dialog).toBeHidden();
      }

      test("pressed before the page is hydrated", async ({ page }) => {
        const release = await holdRequests(page, /\/assets\/entry\.client-[^/]*\.js$/);
        await page.goto("/shop", { waitUntil: "domcontentloaded" });
        await dialogCase.opener(page).click();
        await expect(page.getByTestId(testId)).toBeVisible();
        release();
        await expectOpenAndLive(page);
      });

      test("pressed while its code loads", async ({ page }) => {
        const release = await holdRequests(page, dialogCase.chunk);
        await page.goto("/shop");
        await waitForHydration(page);
        await dialogCase.opener(page).click();
        await expect(page.getByTestId(testId)).toBeVisible();
        release();
        await expectOpenAndLive(page);
      });

      test("its code arrives between the press and the release", async ({ page }) => {
        const release = await holdRequests(page, dialogCase.chunk);
        await page.goto("/shop");
        await waitForHydration(page);
        await dialogCase.opener(page).scrollIntoViewIfNeeded();
        const box = await dialogCase.opener(page).boundingBox();
        await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) / 2, (box?.y ?? 0) + (box?.height ?? 0) / 2);
        await page.mouse.down();
        release();
        await expect(dialogCase.live(page)).toHaveAttribute("data-hydrated", "true");
        await page.mouse.up();
        await expectOpenAndLive(page);
      });

      test("closed again before its code arrived, it stays closed and opens later", async ({ page }) => {
        const release = await holdRequests(page, dialogCase.chunk);
        await page.goto("/shop");
        await waitForHydration(page);
        await dialogCase.opener(page).click();
        await expect(page.getByTestId(testId)).toBeVisible();
        await dialogCase.close(page).click();
        await expect(page.getByTestId(testId)).toBeHidden();
        release();
        await expect(dialogCase.live(page)).toHaveAttribute("data-hydrated", "true");
        await expect(page.getByTestId(testId)).toBeHidden();
        await dialogCase.opener(page).click();
        await expectOpenAndLive(page);
      });

      test("its server HTML was lost before the press, it opens once its code arrives", async ({ page }) => {
        await page.goto("/shop");
        await waitForHydration(page);
        // As a client render of the frame would leave it: the kept element empty.
        await page.getByTestId(testId).evaluate((dialog) => dialog.remove());
        await dialogCase.opener(page).click();
        await expectOpenAndLive(page);
      });

      // Issue 19's flaky drawer: React streamed the dialog as a hidden part that a script reveals; when
      // hydration reached it first, a re-render dropped the server's HTML and the dialog opened closed.
      test("hydrated before React's reveal script runs", async ({ page }) => {
        await page.addInitScript(() => {
          let reveal: ((...args: unknown[]) => void) | undefined;
          Object.defineProperty(window, "$RC", {
            configurable: true,
            set: (script: (...args: unknown[]) => void) => (reveal = script),
            get:
              () =>
              (...args: unknown[]) =>
                setTimeout(() => reveal?.(...args), 1500),
          });
        });
        await page.goto("/shop");
        await waitForHydration(page);
        await page.waitForTimeout(2000);
        await dialogCase.opener(page).click();
        await expectOpenAndLive(page);
      });

      test("opens and closes without JavaScript", async ({ browser }, testInfo) => {
        const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
        const page = await context.newPage();
        await page.goto("/shop");
        await dialogCase.opener(page).click();
        const dialog = page.getByTestId(testId);
        await expect(dialog).toBeVisible();
        await dialogCase.close(page).click();
        await expect(dialog).toBeHidden();
        await context.close();
      });
    });
  }
});

// The footer is the server's HTML in the browser (its code is never downloaded: app/ui/deferred-part.tsx keptPart).
test.describe("footer links", { tag: "@desktop" }, () => {
  test("navigate within the page with JavaScript, and as plain links without it", async ({ page, browser }, testInfo) => {
    await page.goto("/shop");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByTestId("footer").locator('a[href="/faqs"]').click();
    await expect(page).toHaveURL(/\/faqs$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByTestId("footer")).toBeVisible();

    const context = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
    const plain = await context.newPage();
    await plain.goto("/th/shop");
    await plain.getByTestId("footer").locator('a[href="/th/faqs"]').click();
    await expect(plain).toHaveURL(/\/th\/faqs$/);
    await context.close();
  });
});

// The top bar, the breadcrumbs and the bottom bar are the server's HTML until what they show changes
// (app/ui/deferred-part.tsx keptPart with dependsOn): their code loads on the first navigation.
test("the error page's code and strings load only when a page fails", { tag: "@desktop" }, async ({ page }) => {
  const errorCode = /\/assets\/(error-page|errors)-[\w-]+\.js$/;
  const loaded: string[] = [];
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (errorCode.test(path)) loaded.push(path);
  });
  await page.goto("/shop");
  await waitForHydration(page);
  expect(loaded).toEqual([]);
  // No such product: its loader answers 404 and the storefront layout's error boundary shows the page.
  const response = await page.goto("/shop/no-such-product");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-page")).toContainText("Not found this page.");
  await expect(page).toHaveTitle("404 Not Found");
  await waitForHydration(page);
  expect(loaded.some((path) => path.includes("/error-page-"))).toBe(true);
  expect(loaded.filter((path) => path.includes("/errors-"))).toHaveLength(1);
  // Hydrated: its link navigates within the page.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await page.getByTestId("error-page").getByRole("link").click();
  await expect(page.getByTestId("product-card").first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test.describe("kept frame parts", () => {
  const frameCode = /\/assets\/(top-bar|bottom-bar|breadcrumb-trail)-[\w-]+\.js$/;

  test("the top bar and breadcrumbs follow a navigation from their kept HTML", { tag: "@desktop" }, async ({ page }) => {
    const loaded: string[] = [];
    page.on("request", (request) => {
      if (frameCode.test(new URL(request.url()).pathname)) loaded.push(new URL(request.url()).pathname);
    });
    await page.goto("/shop");
    await waitForHydration(page);
    expect(loaded).toEqual([]);
    const topBar = page.getByTestId("top-bar");
    const shopLink = (page: Page) => page.getByTestId("top-bar").locator('a[href="/shop"][aria-haspopup]');
    await expect(shopLink(page)).toHaveAttribute("aria-current", "page");
    const currentStep = page.getByTestId("breadcrumbs").locator('[aria-current="page"]');
    const shopStep = await currentStep.innerText();
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await topBar.locator('a[href="/custom"]').click();
    await expect(page).toHaveURL(/\/custom$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByTestId("top-bar").locator('a[href="/custom"]')).toHaveAttribute("aria-current", "page");
    await expect(shopLink(page)).not.toHaveAttribute("aria-current", "page");
    await expect(currentStep).not.toHaveText(shopStep);
    expect(loaded.some((path) => path.includes("top-bar"))).toBe(true);
    await expect(page.getByTestId("top-bar")).toHaveAttribute("data-hydrated", "true");
    // The stylesheet is one of React's resources (root.tsx `precedence`): still one after a navigation.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(1);
  });

  test("the kept top bar's language links load the other language's document", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/shop?page=2");
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByTestId("top-bar").getByTestId("language-switcher").locator('a[hreflang="th"]').click();
    await expect(page).toHaveURL(/\/th\/shop\?page=2$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
  });

  test("the bottom bar marks the page it navigated to", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/shop");
    await waitForHydration(page);
    const bottomBar = page.getByTestId("bottom-bar");
    await expect(bottomBar.locator('a[href="/shop"]')).toHaveAttribute("aria-current", "page");
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await bottomBar.locator('a[href="/activities"]').click();
    await expect(page).toHaveURL(/\/activities$/);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await expect(page.getByTestId("bottom-bar").locator('a[href="/activities"]')).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("bottom-bar").locator('a[href="/shop"]')).not.toHaveAttribute("aria-current", "page");
  });
});

test.describe("kept forms", () => {
  const formCode = /\/assets\/(add-to-cart-form|fields|hooks|use-deferred-schema-form)-[\w-]+\.js$/;

  test(
    "the product page's add to cart loads its code when reached for; typed and sent before it arrives, it goes with what was typed",
    { tag: "@desktop" },
    async ({ page }) => {
      const loaded: string[] = [];
      page.on("request", (request) => {
        if (formCode.test(new URL(request.url()).pathname)) loaded.push(new URL(request.url()).pathname);
      });
      await page.goto("/shop/classic-logo-tee");
      await waitForHydration(page);
      await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true");
      expect(loaded).toEqual([]);
      const release = await holdRequests(page, /\/assets\/add-to-cart-form-[\w-]+\.js$/);
      await page.getByTestId("add-quantity").fill("2");
      await page.getByTestId("add-to-cart").click();
      await expect(page).toHaveURL(/\/shop\/classic-logo-tee$/);
      await expect(page.getByTestId("cart-badge")).toHaveCount(0);
      release();
      await expect(page.getByTestId("cart-badge").first()).toHaveText("2");
      await expect(page.getByTestId("snackbar")).toBeVisible();
      await expect(page).toHaveURL(/\/shop\/classic-logo-tee$/);
      expect(loaded.some((path) => path.includes("add-to-cart-form"))).toBe(true);
    },
  );

  // A returning shopper's browser has the code cached: it can arrive between the finger going down on
  // "Add to cart" and coming up. The live form must not replace the button under the press (the click,
  // which would end on another element, would be lost).
  test("add to cart pressed while its code arrives still adds once", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/shop/classic-logo-tee");
    await waitForHydration(page);
    const release = await holdRequests(page, /\/assets\/add-to-cart-form-[\w-]+\.js$/);
    const arrived = page.waitForResponse(/\/assets\/add-to-cart-form-[\w-]+\.js$/);
    const button = page.getByTestId("add-to-cart");
    await button.scrollIntoViewIfNeeded();
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await arrived;
    // Long enough for the module to run and React to commit what it is allowed to.
    await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(resolve)), 100)));
    await page.mouse.up();
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
    await expect(page.getByTestId("snackbar")).toBeVisible();
    await expect(page.getByTestId("add-to-cart-form")).toHaveCount(1);
  });
});

test("English pages download no Thai font files; Thai pages do", { tag: "@desktop" }, async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
  });
  // Both show the Baht sign (in Unicode's Thai block) and the language switch's "ไทย".
  await page.goto("/shop", { waitUntil: "networkidle" });
  expect(fonts.some((path) => path.includes("-latin-"))).toBe(true);
  expect(fonts.filter((path) => /-thai-\d+-normal/.test(path))).toEqual([]);
  fonts.length = 0;
  await page.goto("/th/shop", { waitUntil: "networkidle" });
  expect(fonts.some((path) => /-thai-\d+-normal/.test(path))).toBe(true);
});
