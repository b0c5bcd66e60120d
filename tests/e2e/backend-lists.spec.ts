import listsEn from "../../app/i18n/locales/en/lists";
import listsTh from "../../app/i18n/locales/th/lists";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * The back-office list pattern on the order list (issue 15), as staff use it: search and sort in
 * the URL, tick orders, print their packing slips, mark them shipped with a carrier and tracking
 * numbers — with JavaScript and without it (real forms and links only). And the list on a phone in
 * Thai: it fits the screen (the table scrolls in its own box).
 */
const ordersPath = "/backend/orders/fulfillment";

/** A paid POS order for `name`, queued for packing; its order number. */
async function orderAwaitingFulfilment(page: Page, name: string): Promise<string> {
  await page.goto(`${ordersPath}/form`);
  const select = page.getByTestId("pos-line").first().getByRole("combobox");
  const value = await select.locator("option:not([disabled])").nth(1).getAttribute("value");
  await select.selectOption(value!);
  await page.locator('input[name="walkInName"]').fill(name);
  await page.getByRole("button", { name: "Create the paid order" }).click();
  await expect(page.getByTestId("change-to-awaiting_fulfilment")).toBeVisible();
  const orderNumber = (await page.locator("h1").textContent())!.match(/PR\d{6}[0-9A-Z]{8}/)![0];
  await page.getByTestId("change-to-awaiting_fulfilment").click();
  await expect(page.getByTestId("change-to-fulfilment_done")).toBeVisible();
  return orderNumber;
}

async function twoOrders(page: Page) {
  const stamp = `Lists${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const numbers = [await orderAwaitingFulfilment(page, `${stamp} Alpha`), await orderAwaitingFulfilment(page, `${stamp} Beta`)];
  return { stamp, numbers: numbers.sort() };
}

/** Search, sort by order number, tick both, packing slips, then mark shipped. */
async function searchSortShip(page: Page, stamp: string, numbers: string[], javaScript: boolean) {
  await page.goto(ordersPath);
  await page.getByTestId("list-search-input").fill(stamp);
  await page.getByTestId("list-search-submit").click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  await expect(page.getByTestId("order-row")).toHaveCount(2);

  await page.getByTestId("sort-number").click();
  await expect(page).toHaveURL(/sort=number&dir=asc/);
  await expect(page.getByTestId("column-number")).toHaveAttribute("aria-sort", "ascending");
  await expect(page.getByTestId("order-row").first()).toContainText(numbers[0]!);
  await page.getByTestId("sort-number").click();
  await expect(page).toHaveURL(/sort=number&dir=desc/);
  await expect(page.getByTestId("order-row").first()).toContainText(numbers[1]!);

  // Tick both: with JavaScript the page's box ticks every row; without, each row's own box.
  if (javaScript) {
    await page.getByTestId("select-all").check();
    await expect(page.getByTestId("bulk-count")).toContainText("2 selected");
  } else {
    for (const box of await page.getByTestId("select-row").all()) await box.check();
  }

  await page.getByTestId("bulk-packing-slips").click();
  await expect(page).toHaveURL(/\/packing-slips\?/);
  await expect(page.getByTestId("packing-slip")).toHaveCount(2);
  await expect(page.getByTestId("backend-sidebar")).toHaveCount(0);
  await page.goBack();

  // Going back, the browser puts back the ticks the page was left with (form state of the history
  // entry) in a task of its own, which can run after the load event: a click before it landed on a
  // box that it then ticked, and the click unticked it ("did not change its state"). Wait for it.
  if (javaScript) await expect(page.getByTestId("select-all")).toBeChecked();
  for (const box of await page.getByTestId("select-row").all()) await expect(box).toBeChecked();
  // …and the page counts what the browser put back.
  if (javaScript) await expect(page.getByTestId("bulk-count")).toContainText("2 selected");
  if (javaScript) await page.getByTestId("select-all").check();
  else for (const box of await page.getByTestId("select-row").all()) await box.check();
  await page.getByTestId("bulk-mark-shipped").click();
  const step = page.getByTestId("bulk-ship");
  await expect(step.getByTestId("bulk-ship-order")).toHaveCount(2);
  await step.getByLabel("Carrier").selectOption({ label: "Kerry Express" });
  for (const [index, order] of (await step.getByTestId("bulk-ship-order").all()).entries()) {
    await order.getByRole("textbox").fill(`KEX${Date.now().toString().slice(-7)}${index}`);
  }
  await page.getByTestId("bulk-ship-submit").click();

  await expect(page.getByTestId("snackbar")).toContainText("Marked shipped: 2");
  await expect(page).toHaveURL(new RegExp(`${ordersPath}\\?q=${stamp}`));
  await expect(page.getByTestId("bulk-ship")).toHaveCount(0);
  for (const row of await page.getByTestId("order-row").all()) {
    await expect(row.locator('[data-status="fulfilment_done"]')).toBeVisible();
  }
}

test.describe("the order list", { tag: "@desktop" }, () => {
  // Two POS orders are keyed in and queued first.
  test.setTimeout(120_000);

  test("with JavaScript: search, sort, tick all, packing slips, mark shipped", async ({ page }) => {
    await signInAsAdmin(page);
    const { stamp, numbers } = await twoOrders(page);
    await searchSortShip(page, stamp, numbers, true);
  });

  test("without JavaScript: the same with real forms and links only", async ({ page, browser }, testInfo) => {
    await signInAsAdmin(page);
    const { stamp, numbers } = await twoOrders(page);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const noScript = await context.newPage();
    await signInAsAdmin(noScript);
    await searchSortShip(noScript, stamp, numbers, false);
    await context.close();
  });

  test("the CSV export link downloads the filtered list", async ({ page }) => {
    await signInAsAdmin(page);
    await page.goto(`${ordersPath}?q=PR`);
    const download = page.waitForEvent("download");
    await page.getByTestId("list-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

test("a bulk action with no row ticked says so above the list, in English and in Thai", { tag: "@desktop" }, async ({ page }) => {
  await signInAsAdmin(page);
  // A plain bulk button posts the list's form (a page load)…
  await page.goto(ordersPath);
  await page.getByTestId("bulk-mark-shipped").click();
  await expect(page.getByTestId("form-error")).toHaveText(listsEn.validation.noneSelected);
  // …one that asks first posts from its dialog, without leaving the page.
  await page.goto("/th/backend/products/all-product");
  const unpublish = page.getByTestId("bulk-unpublish");
  await expect(unpublish).toHaveAttribute("data-hydrated", "true");
  await unpublish.click();
  await page.getByTestId("confirm-yes").click();
  await expect(page.getByTestId("form-error")).toHaveText(listsTh.validation.noneSelected);
});

test("on a phone in Thai, the order list fits the screen", { tag: "@phone" }, async ({ page }, testInfo) => {
  await signInAsAdmin(page, "/th");
  await page.goto(`/th${ordersPath}`);
  await expect(page.getByTestId("order-list-page")).toBeVisible();
  await expect(page.getByTestId("list-search-submit")).toHaveText("กรอง");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("orders-phone-th.png"), fullPage: true });
});
