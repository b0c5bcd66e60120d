import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * The back office's Customize group (issue 6 item 6): on a desktop, staff create a custom product
 * with a mockup, one attribute and one option with a picture, offer a banner and add a preset
 * image; on a phone, in Thai, a preset image and a refused banner limit.
 */
const u32 = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];
const ascii = (value: string) => [...value].map((character) => character.charCodeAt(0));
/** A PNG header (enough for the server's content check), different per salt. */
function png(salt: string) {
  const buffer = Buffer.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    0,
    0,
    0,
    13,
    ...ascii("IHDR"),
    ...u32(600),
    ...u32(600),
    8,
    6,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
    salt.length,
    ...ascii("tEXt"),
    ...ascii(salt),
  ]);
  return { name: `${salt}.png`, mimeType: "image/png", buffer };
}

test.describe("back-office Customize", () => {
  test("staff set up a custom product with an option, a banner and a preset image", { tag: "@desktop" }, async ({ page }) => {
    test.setTimeout(90_000);
    const stamp = Date.now().toString(36);
    const name = `Relay Singlet ${stamp}`;
    await signInAsAdmin(page);
    await page.goto("/backend/dashboard");

    const customize = page.getByTestId("backend-menu").getByTestId("menu-group-customize");
    await customize.locator("summary").click();
    await customize.getByRole("link", { name: "Product setting" }).click();
    await expect(page).toHaveURL(/\/backend\/customizes$/);
    await page.getByTestId("new-custom-product").click();

    const form = page.getByTestId("custom-product-form");
    await form.getByLabel("Name (English)").fill(name);
    await form.getByLabel("Name (Thai)").fill("เสื้อกล้ามวิ่งผลัด");
    await form.getByLabel("Base price (Baht)").fill("350");
    await form.getByLabel("Minimum quantity").fill("10");
    await form.getByLabel("Front mockup").setInputFiles(png(`front-${stamp}`));
    await form.getByLabel("Back mockup").setInputFiles(png(`back-${stamp}`));
    await form.getByLabel("Status").selectOption({ label: "Published" });
    await form.getByTestId("save").click();
    await expect(page).toHaveURL(/\/backend\/customizes\/form\/\d+$/);
    await expect(page.getByTestId("snackbar")).toContainText("Created.");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${name}`);
    const productId = /\/form\/(\d+)/.exec(page.url())![1];

    const addAttribute = page.getByTestId("add-attribute-form");
    await addAttribute.getByLabel("Code").fill("collar");
    await addAttribute.getByLabel("Name (English)").fill("Collar");
    await addAttribute.getByLabel("Name (Thai)").fill("คอเสื้อ");
    await addAttribute.getByTestId("add-attribute").click();
    await expect(page.getByTestId("attribute-row")).toHaveCount(1);
    await page.getByTestId("attribute-row").getByRole("link", { name: "Collar" }).click();
    await expect(page.getByTestId("custom-attribute-page")).toBeVisible();

    await page.getByTestId("new-option").click();
    const option = page.getByTestId("custom-option-form");
    await option.getByLabel("Code").fill("v-neck");
    await option.getByLabel("Name (English)").fill("V-neck");
    await option.getByLabel("Name (Thai)").fill("คอวี");
    await option.getByLabel("Colour (#RRGGBB)").fill("#1C4FD8");
    await option.getByLabel("Price add-on (Baht)").fill("25");
    await option.getByLabel("Image").setInputFiles(png(`swatch-${stamp}`));
    await option.getByTestId("save").click();
    await expect(page.getByTestId("snackbar")).toContainText("Created.");
    await expect(page.getByTestId("custom-option-form").locator("img")).toBeVisible();

    await page.goto(`/backend/banner?product=${productId}`);
    const center = page.getByTestId("banner-front-center");
    await center.getByLabel("Offered").check();
    await center.getByLabel("Maximum characters").fill("8");
    await page.getByTestId("banner-form").getByTestId("save").click();
    await expect(center.getByTestId("error-front.center.maxLength")).toContainText("from 1 to 7");
    await center.getByLabel("Maximum characters").fill("3");
    await center.getByLabel("Label (English)").fill("Number");
    await page.getByTestId("banner-form").getByTestId("save").click();
    await expect(page.getByTestId("snackbar")).toContainText("Saved.");
    await expect(page.getByTestId("banner-front-center").getByLabel("Offered")).toBeChecked();

    await page.goto("/backend/orders/preset-image/form");
    const preset = page.getByTestId("preset-image-form");
    await preset.getByLabel("Name (English)").fill(`Crest ${stamp}`);
    await preset.getByLabel("Name (Thai)").fill("ตราทีม");
    await preset.getByLabel("Image").setInputFiles(png(`crest-${stamp}`));
    await preset.getByTestId("save").click();
    await expect(page.getByTestId("snackbar")).toContainText("Created.");
    await page.goto("/backend/orders/preset-image");
    await expect(page.getByTestId("preset-image-row").filter({ hasText: `Crest ${stamp}` })).toHaveCount(1);
  });

  test("on a phone in Thai, staff add a preset image and see a banner limit refused", { tag: "@phone" }, async ({ page }) => {
    const stamp = Date.now().toString(36);
    await signInAsAdmin(page, "/th");
    await page.goto("/th/backend/orders/preset-image");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("รูปสำเร็จรูป");
    await page.getByTestId("new-preset-image").click();
    const preset = page.getByTestId("preset-image-form");
    await preset.getByLabel("ชื่อ (ภาษาอังกฤษ)").fill(`Tiger ${stamp}`);
    await preset.getByLabel("ชื่อ (ภาษาไทย)").fill("เสือ");
    await preset.getByLabel("รูปภาพ").setInputFiles(png(`tiger-${stamp}`));
    await preset.getByTestId("save").click();
    await expect(page.getByTestId("snackbar")).toContainText("สร้างแล้ว");

    await page.goto("/th/backend/banner");
    const left = page.getByTestId("banner-back-left");
    await left.getByLabel("เปิดให้ใส่ข้อความ").check();
    await left.getByLabel("จำนวนตัวอักษรสูงสุด").fill("26");
    await page.getByTestId("banner-form").getByTestId("save").click();
    await expect(left.getByTestId("error-back.left.maxLength")).toContainText("ตั้งแต่ 1 ถึง 25");
  });
});

/**
 * The form kit with and without JavaScript (issue 15): the preset-image form refuses a missing name
 * with the field's message in the page's language — from the browser's own check of the schema
 * with JavaScript, from the server's without — and a good one lands on its page with the toast.
 */
const kitRuns = [
  { tag: "@desktop", javaScript: true, prefix: "", name: "Name (English)", image: "Image", required: "Name (English) is required", created: "Created." },
  { tag: "@desktop", javaScript: false, prefix: "/th", name: "ชื่อ (ภาษาอังกฤษ)", image: "รูปภาพ", required: "กรุณากรอกชื่อ (ภาษาอังกฤษ)", created: "สร้างแล้ว" },
  { tag: "@desktop", javaScript: false, prefix: "", name: "Name (English)", image: "Image", required: "Name (English) is required", created: "Created." },
  { tag: "@phone", javaScript: true, prefix: "/th", name: "ชื่อ (ภาษาอังกฤษ)", image: "รูปภาพ", required: "กรุณากรอกชื่อ (ภาษาอังกฤษ)", created: "สร้างแล้ว" },
] as const;

/** The test's own page with JavaScript; a fresh context without it. */
async function signedInPage(page: Page, browser: Browser, javaScript: boolean, prefix: string): Promise<Page> {
  const target = javaScript ? page : await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signInAsAdmin(target, prefix);
  return target;
}

for (const run of kitRuns) {
  test(
    `the preset-image form shows a field error and a toast ${run.javaScript ? "with" : "without"} JavaScript (${run.prefix || "/en"})`,
    { tag: run.tag },
    async ({ page: fixture, browser }, testInfo) => {
      const page = await signedInPage(fixture, browser, run.javaScript, run.prefix);
      const stamp = `${Date.now().toString(36)}${run.javaScript ? "j" : "n"}`;
      await page.goto(`${run.prefix}/backend/orders/preset-image/form`);
      const form = page.getByTestId("preset-image-form");
      await form.getByLabel(run.name).fill("");
      await form.getByTestId("save").click();
      await expect(form.getByTestId("error-nameEn")).toHaveText(run.required);
      await page.screenshot({ path: testInfo.outputPath(`preset-error-${run.javaScript ? "js" : "nojs"}.png`), fullPage: true });

      await form.getByLabel(run.name).fill(`Kit ${stamp}`);
      await form.getByLabel(/\(Thai\)|ภาษาไทย/).fill("ทดสอบ");
      await form.getByLabel(run.image).setInputFiles(png(`kit-${stamp}`));
      await form.getByTestId("save").click();
      await expect(page).toHaveURL(/\/backend\/orders\/preset-image\/form\?id=\d+$/);
      await expect(page.getByTestId("snackbar")).toContainText(run.created);
      if (!run.javaScript) await page.context().close();
    },
  );
}

/**
 * The preset-image list on the back-office list pattern (issue 15): search, sort by name, tick a
 * picture and hide it (a toast; the filter then finds it), the CSV link — with JavaScript and with
 * real forms and links only. Two pictures are uploaded first.
 */
async function twoPresetImages(page: Page): Promise<string> {
  const stamp = `List${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  for (const name of ["Alpha", "Beta"]) {
    await page.goto("/backend/orders/preset-image/form");
    const form = page.getByTestId("preset-image-form");
    await form.getByLabel("Name (English)").fill(`${stamp} ${name}`);
    await form.getByLabel("Name (Thai)").fill(`${name} ไทย`);
    await form.getByLabel("Image").setInputFiles(png(`${stamp}-${name}`));
    await form.getByTestId("save").click();
    await expect(page.getByTestId("snackbar")).toContainText("Created.");
  }
  return stamp;
}

async function searchSortHide(page: Page, stamp: string) {
  await page.goto("/backend/orders/preset-image");
  await page.getByTestId("list-search-input").fill(stamp);
  await page.getByTestId("list-search-submit").click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${stamp}`));
  const rows = page.getByTestId("preset-image-row");
  await expect(rows).toHaveCount(2);

  await page.getByTestId("sort-name").click();
  await expect(page).toHaveURL(/sort=name&dir=asc/);
  await expect(page.getByTestId("column-name")).toHaveAttribute("aria-sort", "ascending");
  await expect(rows.first()).toContainText(`${stamp} Alpha`);
  await page.getByTestId("sort-name").click();
  await expect(page).toHaveURL(/sort=name&dir=desc/);
  await expect(rows.first()).toContainText(`${stamp} Beta`);

  await rows.first().getByTestId("select-row").check();
  await page.getByTestId("bulk-hide").click();
  await expect(page.getByTestId("snackbar")).toContainText("1 picture is hidden from shoppers.");
  await expect(page).toHaveURL(new RegExp(`q=${stamp}&sort=name&dir=desc$`));

  await page.getByTestId("filter-active").selectOption("inactive");
  await page.getByTestId("list-search-submit").click();
  await expect(page).toHaveURL(/active=inactive/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`${stamp} Beta`);
  await expect(page.getByTestId("list-export")).toHaveAttribute("href", new RegExp(`/backend/orders/preset-image/export\\.csv\\?q=${stamp}&active=inactive`));
}

test.describe("the preset-image list", { tag: "@desktop" }, () => {
  test.setTimeout(90_000);

  test("with JavaScript: search, sort, hide the ticked picture, filter; the CSV link downloads", async ({ page }) => {
    await signInAsAdmin(page);
    const stamp = await twoPresetImages(page);
    await searchSortHide(page, stamp);
    const download = page.waitForEvent("download");
    await page.getByTestId("list-export").click();
    expect((await download).suggestedFilename()).toMatch(/^preset-images-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test("without JavaScript: the same with real forms and links only", async ({ page, browser }, testInfo) => {
    await signInAsAdmin(page);
    const stamp = await twoPresetImages(page);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    const noScript = await context.newPage();
    await signInAsAdmin(noScript);
    await searchSortHide(noScript, stamp);
    await context.close();
  });
});

test("on a phone in Thai, the outbox and preset-image lists fit the screen", { tag: "@phone" }, async ({ page }, testInfo) => {
  await signInAsAdmin(page, "/th");
  for (const [path, testId] of [
    ["/th/backend/orders/preset-image", "preset-image-list-page"],
    ["/th/backend/setting/outbox", "outbox-list-page"],
    ["/th/backend/orders/exchanges", "exchange-list-page"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByTestId(testId)).toBeVisible();
    await expect(page.getByTestId("list-export")).toHaveText("ส่งออก CSV");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.screenshot({ path: testInfo.outputPath(`${testId}-phone-th.png`), fullPage: true });
  }
});
