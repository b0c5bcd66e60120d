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

  test("the Thai home page speaks Thai", async ({ page }) => {
    await page.goto("/th");
    await expect(page.locator("html")).toHaveAttribute("lang", "th");
    await expect(page.getByTestId("product-card").first()).toBeVisible();
    await expect(page.getByTestId("footer")).toContainText("นโยบายความเป็นส่วนตัว");
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
