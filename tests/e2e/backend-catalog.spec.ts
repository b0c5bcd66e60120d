import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * The back-office catalogue (issue 4 item 8): an administrator creates a variation product with two
 * variants in English on a desktop and finds it in the shop; on a phone, a category in Thai. The
 * forms are the form kit's (issue 15): a category form works the same with and without JavaScript,
 * in English and Thai (a field error, then a toast after saving), and so does adding a variant row.
 */
test.describe("back-office catalogue", () => {
  test("an administrator creates a product with two variants and it is listed in the shop", { tag: "@desktop" }, async ({ page }) => {
    // A long journey (three row submits and a save) on a machine shared with other runs.
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36).toUpperCase();
    const name = `Relay Team Tee ${stamp}`;
    await signInAsAdmin(page);
    await page.goto("/backend/dashboard");
    const products = page.getByTestId("backend-menu").getByTestId("menu-group-products");
    await products.locator("summary").click();
    await products.getByRole("link", { name: "All products" }).click();
    await expect(page).toHaveURL(/\/backend\/products\/all-product$/);
    await page.getByTestId("new-product").click();
    await expect(page).toHaveURL(/\/backend\/products\/all-product\/form$/);

    const form = page.getByTestId("product-form");
    await form.getByLabel("Name (English)").fill(name);
    await form.getByLabel("Name (Thai)").fill("เสื้อทีมวิ่งผลัด");
    await form.getByLabel("SKU", { exact: true }).first().fill(`RLY-${stamp}`);
    await form.getByLabel("Category").selectOption({ label: "T-shirts" });
    await form.getByLabel("Status").selectOption({ label: "Published" });
    await form.getByLabel("Kind").selectOption("variation");
    await form.getByLabel("Product type").selectOption({ label: "Apparel (Colour × Size)" });
    // With JavaScript the row shows the type's options at once (no "show the type's options" button).
    await expect(form.getByTestId("refresh")).toHaveCount(0);
    await expect(form.getByTestId("variant-row").first().getByLabel("Colour")).toBeVisible();
    await form.getByTestId("add-variant").click();
    await expect(form.getByTestId("variant-row")).toHaveCount(2);

    const rows = [
      { colour: "Black", size: "M", sku: `RLY-${stamp}-BLACK-M`, price: "450", stock: "8" },
      { colour: "White", size: "L", sku: `RLY-${stamp}-WHITE-L`, price: "490.50", stock: "3" },
    ];
    for (const [index, row] of rows.entries()) {
      const variant = form.getByTestId("variant-row").nth(index);
      await variant.getByLabel("Colour").selectOption({ label: row.colour });
      await variant.getByLabel("Size").selectOption({ label: row.size });
      await variant.getByLabel(/^SKU/).fill(row.sku);
      await variant.getByLabel("Price (Baht)", { exact: true }).fill(row.price);
      await variant.getByLabel("Stock", { exact: true }).fill(row.stock);
    }
    await form.getByTestId("save").click();
    await expect(page).toHaveURL(/\/backend\/products\/all-product\/form\/\d+$/);
    await expect(page.getByTestId("snackbar")).toContainText("Created.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
    await expect(page.getByTestId("variant-row")).toHaveCount(2);

    // In the list with its price range and total stock.
    await page.goto(`/backend/products/all-product?q=${encodeURIComponent(stamp)}`);
    const listed = page.getByTestId("product-row");
    await expect(listed).toHaveCount(1);
    await expect(listed).toContainText(name);
    await expect(listed).toContainText("฿450.00 – ฿490.50");
    await expect(listed).toContainText("11");

    // And in the shop.
    await page.goto(`/shop?search=${encodeURIComponent(name)}`);
    await expect(page.getByRole("link", { name })).toBeVisible();
  });

  test("an administrator creates a category in Thai on a phone", { tag: "@phone" }, async ({ page }) => {
    const stamp = Date.now().toString(36);
    await signInAsAdmin(page);
    await page.goto("/th/backend/products/category");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("หมวดหมู่สินค้า");
    await page.getByTestId("new-category").click();
    await expect(page).toHaveURL(/\/th\/backend\/products\/category\/form$/);

    const form = page.getByTestId("category-form");
    // A required name left empty: the message is in Thai and nothing is saved.
    await form.getByLabel("ชื่อ (ภาษาอังกฤษ)").fill(`Rain gear ${stamp}`);
    await form.getByLabel("สลัก (ส่วนของที่อยู่เว็บ)").fill("Not valid!");
    await form.getByLabel("ชื่อ (ภาษาไทย)").fill("ชุดกันฝน");
    await form.getByTestId("save").click();
    await expect(page.getByTestId("error-slug")).toContainText("ใช้ได้เฉพาะอักษรภาษาอังกฤษตัวเล็ก");

    await form.getByLabel("สลัก (ส่วนของที่อยู่เว็บ)").fill(`rain-gear-${stamp}`);
    await form.getByLabel("รายละเอียด (ภาษาไทย)").fill("เสื้อกันฝนและอุปกรณ์สำหรับหน้าฝน");
    await form.getByTestId("save").click();
    await expect(page).toHaveURL(/\/th\/backend\/products\/category\/form\/\d+$/);
    await expect(page.getByTestId("snackbar")).toContainText("สร้างแล้ว");

    await page.getByRole("link", { name: "กลับไปที่รายการ" }).click();
    await expect(page.getByTestId("category-list")).toContainText("ชุดกันฝน");
    await expect(page.getByTestId("category-list")).toContainText(`rain-gear-${stamp}`);
  });
});

/** A signed-in administrator's page, with or without JavaScript. */
async function adminPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await signInAsAdmin(page);
  return { context, page };
}

test.describe("the catalogue forms with and without JavaScript", { tag: "@desktop" }, () => {
  for (const javaScriptEnabled of [true, false]) {
    for (const locale of ["en", "th"] as const) {
      test(`a category is refused with a field message, then saved with a toast (JavaScript ${javaScriptEnabled ? "on" : "off"}, ${locale})`, async ({
        browser,
      }) => {
        const { context, page } = await adminPage(browser, javaScriptEnabled);
        const prefix = locale === "th" ? "/th" : "";
        const stamp = `${Date.now().toString(36)}-${javaScriptEnabled ? "js" : "nojs"}-${locale}`;
        await page.goto(`${prefix}/backend/products/category/form`);
        const form = page.getByTestId("category-form");
        await form.locator('[name="nameEn"]').fill(`Kit check ${stamp}`);
        await form.locator('[name="nameTh"]').fill("ทดสอบแบบฟอร์ม");
        await form.locator('[name="slug"]').fill("Not A Slug!");
        await form.getByTestId("save").click();
        await expect(page.getByTestId("error-slug")).toBeVisible();
        await expect(page.getByTestId("error-slug")).toContainText(locale === "th" ? "ใช้ได้เฉพาะอักษรภาษาอังกฤษตัวเล็ก" : "lower-case letters");
        await expect(form.locator('[name="nameEn"]')).toHaveValue(`Kit check ${stamp}`);

        await form.locator('[name="slug"]').fill(`kit-check-${stamp}`);
        await form.getByTestId("save").click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/backend/products/category/form/\\d+$`));
        await expect(page.getByTestId("snackbar")).toContainText(locale === "th" ? "สร้างแล้ว" : "Created.");
        await expect(page.locator('[name="slug"]')).toHaveValue(`kit-check-${stamp}`);
        await context.close();
      });
    }

    test(`a variant row is added and removed on the product form (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const { context, page } = await adminPage(browser, javaScriptEnabled);
      await page.goto("/backend/products/all-product/form");
      const form = page.getByTestId("product-form");
      await form.locator('[name="nameEn"]').fill("Typed and kept");
      await form.locator('[name="kind"]').selectOption("variation");
      await form.locator('[name="productTypeId"]').selectOption({ index: 1 });
      if (!javaScriptEnabled) await form.getByTestId("refresh").click();
      await expect(form.getByTestId("variant-row")).toHaveCount(1);
      await form.getByTestId("add-variant").click();
      await expect(form.getByTestId("variant-row")).toHaveCount(2);
      await form.getByTestId("variant-row").nth(1).getByRole("button").click();
      await expect(form.getByTestId("variant-row")).toHaveCount(1);
      await expect(form.locator('[name="nameEn"]')).toHaveValue("Typed and kept");
      await context.close();
    });
  }
});

/** The product list (issue 15's list pattern): search, sort, tick and publish, the CSV link. */
async function searchSortPublish(page: Page, javaScript: boolean) {
  await page.goto("/backend/products/all-product");
  await page.getByTestId("list-search-input").fill("PRY00");
  await page.getByTestId("list-search-submit").click();
  await expect(page).toHaveURL(/[?&]q=PRY00/);
  const rows = page.getByTestId("product-row");
  expect(await rows.count()).toBeGreaterThan(1);

  await page.getByTestId("sort-price").click();
  await expect(page).toHaveURL(/sort=price&dir=asc/);
  await expect(page.getByTestId("column-price")).toHaveAttribute("aria-sort", "ascending");
  await page.getByTestId("sort-price").click();
  await expect(page).toHaveURL(/sort=price&dir=desc/);
  await expect(page.getByTestId("column-price")).toHaveAttribute("aria-sort", "descending");

  const download = page.waitForEvent("download");
  await page.getByTestId("list-export").click();
  expect((await download).suggestedFilename()).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);

  // Publishing a published product changes nothing but says so: safe next to other runs.
  await page.getByTestId("list-search-input").fill("PRY001");
  await page.getByTestId("list-search-submit").click();
  await expect(rows).toHaveCount(1);
  await rows.getByTestId("select-row").check();
  if (javaScript) await expect(page.getByTestId("bulk-count")).toContainText("1 selected");
  await page.getByTestId("bulk-publish").click();
  await expect(page.getByTestId("snackbar")).toContainText("1 product published.");
  await expect(page).toHaveURL(/[?&]q=PRY001/);
}

test.describe("the product list", { tag: "@desktop" }, () => {
  for (const javaScriptEnabled of [true, false]) {
    test(`search, sort, CSV and bulk publish (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({ browser }) => {
      const { context, page } = await adminPage(browser, javaScriptEnabled);
      await searchSortPublish(page, javaScriptEnabled);
      await context.close();
    });
  }
});

test("on a phone in Thai, the product list fits the screen", { tag: "@phone" }, async ({ page }, testInfo) => {
  await signInAsAdmin(page, "/th");
  await page.goto("/th/backend/products/all-product");
  await expect(page.getByTestId("product-list-page")).toBeVisible();
  await expect(page.getByTestId("list-search-submit")).toHaveText("กรอง");
  await expect(page.getByTestId("bulk-publish")).toHaveText("เผยแพร่");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath("products-phone-th.png"), fullPage: true });
});
