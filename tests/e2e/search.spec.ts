import { expect, type Page, test } from "./test";

/**
 * Opens the search dialog from the top bar (it is there on phones and desktops alike) and waits for
 * its code, which loads on first use (app/ui/deferred-part.tsx): the typeahead and the "same search
 * does nothing" rule need JavaScript.
 */
async function openSearch(page: Page) {
  const dialog = page.getByTestId("search-dialog");
  await page
    .getByTestId("top-bar")
    .getByRole("button", { name: /^(Search|ค้นหา)$/ })
    .click();
  await expect(dialog).toBeVisible();
  await expect(dialog.locator("form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  return { dialog, input: dialog.getByRole("combobox") };
}

/** The lowest price shown on each product card, in baht. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page.getByTestId("product-card").getByTestId("price").allInnerTexts();
  return texts.map((text) => Number(text.replace(/[–-].*$/su, "").replace(/[^0-9.]/gu, "")));
}

test.describe("Thai search", () => {
  // Keyboard use (arrows, Enter, Escape) on desktop; tapping and submitting on the phone.
  test("a Thai word typed in the search dialog shows suggestions; Enter on one opens the product", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/th");
    const { dialog, input } = await openSearch(page);
    await input.pressSequentially("ฟุตบอล", { delay: 30 });
    const listbox = dialog.getByRole("listbox");
    const options = listbox.getByRole("option");
    await expect(options.first()).toBeVisible();
    await expect(input).toHaveAttribute("aria-expanded", "true");
    const names = await options.allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(6);
    for (const name of names) expect(name).toContain("ฟุตบอล");
    await expect(options.first()).toContainText("฿");

    await input.press("ArrowDown");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await expect(input).toHaveAttribute("aria-activedescendant", (await options.first().getAttribute("id"))!);
    await input.press("ArrowDown");
    await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
    await input.press("ArrowUp");
    await expect(options.first()).toHaveAttribute("aria-selected", "true");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/th\/shop\/[a-z0-9-]*football[a-z0-9-]*$/);
  });

  test("clicking a suggestion opens that product", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/th/shop");
    const { dialog, input } = await openSearch(page);
    await input.fill("ผู้รักษาประตู");
    const option = dialog.getByRole("option", { name: /เสื้อผู้รักษาประตู/ });
    await expect(option).toBeVisible();
    await option.click();
    await expect(page).toHaveURL(/\/th\/shop\/goalkeeper-jersey$/);
  });

  test("submitting a Thai word lists the products whose names contain it, and the same search again does nothing", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/th/shop?page=2");
    const { dialog, input } = await openSearch(page);
    await input.fill("กระเป๋า");
    await input.press("Enter");
    await expect(page).toHaveURL(/\/th\/shop\?search=%E0%B8%81%E0%B8%A3%E0%B8%B0%E0%B9%80%E0%B8%9B%E0%B9%8B%E0%B8%B2$/);
    const cards = page.getByTestId("product-card");
    await expect(cards.first()).toContainText("กระเป๋า");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("กระเป๋า");
    await expect(dialog).toBeHidden();

    // Spec §5: the same text (or nothing) does not search again.
    let navigations = 0;
    page.on("framenavigated", () => (navigations += 1));
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/shop") && !request.url().includes("/resources/")) requests.push(request.url());
    });
    await openSearch(page);
    await expect(input).toHaveValue("กระเป๋า");
    await input.press("Enter");
    await expect(dialog).toBeHidden();
    const shopSearch = page.getByTestId("shop-search-form").getByRole("searchbox");
    await shopSearch.fill("  กระเป๋า ");
    await shopSearch.press("Enter");
    await shopSearch.fill("");
    await shopSearch.press("Enter");
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
    expect(navigations).toBe(0);

    // A different text does.
    await shopSearch.fill("หมวก");
    await shopSearch.press("Enter");
    await expect(page).toHaveURL(/search=%E0%B8%AB%E0%B8%A1%E0%B8%A7%E0%B8%81/);
    await expect(cards.first()).toContainText("หมวก");
  });

  test("Escape closes the search dialog", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/th");
    const { dialog, input } = await openSearch(page);
    await input.fill("เสื้อ");
    await expect(dialog.getByRole("option").first()).toBeVisible();
    await input.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("a search with no result says so and offers all products and the categories", { tag: "@phone" }, async ({ page }) => {
    await page.goto(`/th/shop?search=${encodeURIComponent("ไม่มีแน่นอน")}`);
    const empty = page.getByTestId("empty-state");
    await expect(empty).toContainText("ไม่พบสินค้าที่ตรงกับ");
    await empty.getByRole("link", { name: "เสื้อกีฬา" }).click();
    await expect(page).toHaveURL(/\/th\/shop\?category=2$/);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });
});

test.describe("sorting the shop", () => {
  test("choosing an order re-lists the products in it", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/th/shop");
    const sort = page.getByTestId("sort-form").getByLabel("เรียงตาม");
    await expect(sort).toHaveValue("newest");
    await sort.selectOption("price-asc");
    await expect(page).toHaveURL(/\/th\/shop\?sort=price-asc$/);
    // The URL may change a moment before the new list is on screen.
    const sorted = (prices: number[], direction: 1 | -1) => prices.every((price, index) => index === 0 || (price - prices[index - 1]!) * direction >= 0);
    await expect.poll(async () => sorted(await cardPrices(page), 1)).toBe(true);
    const ascending = await cardPrices(page);

    await page.getByTestId("sort-form").getByLabel("เรียงตาม").selectOption("price-desc");
    await expect(page).toHaveURL(/sort=price-desc/);
    await expect.poll(async () => sorted(await cardPrices(page), -1)).toBe(true);
    const descending = await cardPrices(page);
    expect(descending[0]).toBeGreaterThan(ascending[0]!);

    // Paging keeps the order.
    await page.getByTestId("pagination").getByRole("link", { name: /2/ }).first().click();
    await expect(page).toHaveURL(/sort=price-desc&page=2/);
  });

  test("without JavaScript the sort form has a button and still works", { tag: "@desktop" }, async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/shop?search=jersey");
    const form = page.getByTestId("sort-form");
    await expect(form.getByLabel("Sort by")).toHaveValue("relevance");
    await form.getByLabel("Sort by").selectOption("price-asc");
    await form.getByRole("button", { name: "Sort" }).click();
    await expect(page).toHaveURL(/\/shop\?search=jersey&sort=price-asc$/);
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(3);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    await context.close();
  });
});
