import { expect, type Page, test } from "./test";

/**
 * A navigation that cancels a pending fetch (the search typeahead, a page's data, the address
 * pickers) must not leave an AbortError in the browser console: aborting is expected, not a fault.
 */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/abort/i.test(message.text())) problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => {
    if (/abort/i.test(`${error.name} ${error.message}`)) problems.push(`pageerror: ${error.name} ${error.message}`);
  });
  return problems;
}

// Keyboard and console, not layout: the desktop project.
test("typing a search and leaving at once, and clicking links quickly, log no AbortError", { tag: "@desktop" }, async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto("/shop");
  const dialog = page.getByTestId("search-dialog");
  await page
    .getByTestId("top-bar")
    .getByRole("button", { name: /^Search$/ })
    .click();
  // The dialog's code loads on first use (app/ui/deferred-part.tsx).
  await expect(dialog.locator("form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const input = dialog.getByRole("combobox");
  for (let round = 0; round < 3; round += 1) {
    await input.fill("");
    await input.pressSequentially("jers", { delay: 20 });
    // The suggestions request is on its way (after the typing pause): submit, which navigates away.
    await page.waitForTimeout(260);
    await input.press("Enter");
    await page.waitForURL(/search=jers/);
    await page
      .getByTestId("top-bar")
      .getByRole("button", { name: /^Search$/ })
      .click();
  }
  await page.keyboard.press("Escape");
  // Client-side navigations that interrupt each other: each one's data request is cancelled by the next.
  const categories = page.getByTestId("category-filter").getByRole("link");
  const count = Math.min(await categories.count(), 5);
  for (let index = 0; index < count; index += 1) {
    await categories.nth(index).dispatchEvent("click");
    await page.waitForTimeout(10);
  }
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(500);
  expect(problems).toEqual([]);
});
