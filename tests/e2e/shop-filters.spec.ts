import { expect, type Locator, type Page, test } from "./test";

/**
 * Issue 20: filters with counts on /shop, in both languages, on the desktop sidebar and the phone's
 * disclosure. Ids and test ids, not copy; numbers are read from the page itself.
 */

/** The filter form the screen shows: the sidebar on a desktop, the opened disclosure on a phone. */
async function filterForm(page: Page): Promise<Locator> {
  const phone = (page.viewportSize()?.width ?? 1280) < 1024;
  if (phone) {
    const drawer = page.getByTestId("filters-drawer");
    if ((await drawer.getAttribute("open")) === null) await drawer.locator("summary").click();
    const form = drawer.getByTestId("filter-form");
    await expect(form).toBeVisible();
    return form;
  }
  return page.getByTestId("filters-sidebar").getByTestId("filter-form");
}

async function resultCount(page: Page): Promise<number> {
  return Number((await page.getByTestId("result-count").innerText()).replace(/\D/gu, ""));
}

/** The count shown next to a size or colour. */
async function optionCount(form: Locator, attribute: string, code: string): Promise<number> {
  const label = form.locator("label", { has: form.page().getByTestId(`facet-option-${attribute}-${code}`) });
  return Number((await label.getByTestId("facet-count").innerText()).replace(/\D/gu, ""));
}

for (const prefix of ["", "/th"]) {
  test(`${prefix || "/en"}: choose a size and a price, counts follow, remove a chip, go back, clear all`, async ({ page }) => {
    await page.goto(`${prefix}/shop`);
    const all = await resultCount(page);
    let form = await filterForm(page);
    await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    const mCount = await optionCount(form, "size", "m");
    expect(mCount).toBeGreaterThan(0);
    expect(mCount).toBeLessThanOrEqual(all);

    // A ticked size applies at once (JavaScript); the listing is what its count said.
    await form.getByTestId("facet-option-size-m").check();
    await expect(page).toHaveURL(/[?&]size=m\b/u);
    await expect(page.getByTestId("filter-chip-size-m")).toBeVisible();
    expect(await resultCount(page)).toBe(mCount);

    // A price cap applies on Enter; M's count follows it (only M is chosen: its count is the listing).
    form = await filterForm(page);
    await form.getByTestId("facet-max").fill("400");
    await form.getByTestId("facet-max").press("Enter");
    await expect(page).toHaveURL(/[?&]max=400\b/u);
    await expect(page.getByTestId("filter-chip-price")).toBeVisible();
    const capped = await resultCount(page);
    expect(capped).toBeLessThan(mCount);
    form = await filterForm(page);
    expect(await optionCount(form, "size", "m")).toBe(capped);

    // Removing the size chip keeps the price.
    await page.getByTestId("filter-chip-size-m").click();
    await expect(page).not.toHaveURL(/[?&]size=/u);
    await expect(page).toHaveURL(/[?&]max=400\b/u);
    await expect(page.getByTestId("filter-chip-size-m")).toHaveCount(0);

    // The back button brings the size back.
    await page.goBack();
    await expect(page).toHaveURL(/[?&]size=m\b/u);
    await expect(page.getByTestId("filter-chip-size-m")).toBeVisible();
    expect(await resultCount(page)).toBe(capped);

    // Clear all: every product again, no chips.
    await page.getByTestId("clear-filters").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop$`, "u"));
    await expect(page.getByTestId("filter-chips")).toHaveCount(0);
    expect(await resultCount(page)).toBe(all);
  });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the Apply button applies the ticked filters", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/shop");
    const form = await filterForm(page);
    await form.getByTestId("facet-option-size-l").check();
    await form.getByTestId("facet-in-stock").locator("input").check();
    await form.getByTestId("apply-filters").click();
    await expect(page).toHaveURL(/size=l.*stock=1|stock=1.*size=l/u);
    await expect(page.getByTestId("filter-chip-size-l")).toBeVisible();
    await expect(page.getByTestId("filter-chip-in-stock")).toBeVisible();
  });
});
