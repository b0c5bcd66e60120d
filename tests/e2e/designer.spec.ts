import { crc32, deflateSync } from "node:zlib";

import { expect, type Page, test } from "./test";

/**
 * The custom-product designer (issue 6 item 2) in both languages (English on the desktop
 * project, Thai on the phone): pick every option, type a team name (Thai "น้ำ" counts as one character) and a number,
 * add a ready-made image and drag it (it stays inside the print area), wait for the autosave to
 * put ?design= into the URL, reload and find the draft restored. Screenshots go to test-results/.
 */
const languages = [
  { prefix: "", tag: "@desktop", back: "Back", saved: /Saved at/, options: "Options" },
  { prefix: "/th", tag: "@phone", back: "ด้านหลัง", saved: /บันทึกแล้วเมื่อ/, options: "ตัวเลือก" },
];

async function canvasReady(page: Page) {
  await expect(page.getByTestId("designer-canvas").locator("canvas").first()).toBeVisible({ timeout: 20_000 });
}

for (const language of languages) {
  test(`designs a jersey, autosaves and restores it after a reload (${language.prefix || "/"})`, { tag: language.tag }, async ({ page }, testInfo) => {
    await page.goto(`${language.prefix}/custom/select/1`);
    await expect(page.getByTestId("designer-page")).toBeVisible();
    await canvasReady(page);
    await expect(page.getByRole("heading", { name: language.options })).toBeVisible();

    // Every attribute needs a choice; the problems list names what is missing until then.
    await expect(page.getByTestId("designer-problems")).toBeVisible();
    await page.getByTestId("option-pattern-stripes").click();
    await page.getByTestId("option-collar-polo").click();
    await page.getByTestId("option-sleeve-short").click();
    await page.getByTestId("option-colour-red").click();
    await expect(page.getByTestId("option-colour-red")).toHaveAttribute("aria-checked", "true");

    await page.locator("#banner-front-left").fill("Pryde FC น้ำ");
    await expect(page.getByTestId("banner-front-left-count")).toHaveText("10 / 25");
    // The center banner is the player's number: letters are refused at once, at most 3 digits.
    await page.locator("#banner-front-center").fill("1A");
    await expect(page.getByTestId("banner-front-center-error")).toBeVisible();
    await expect(page.locator("#banner-front-center")).toHaveAttribute("aria-invalid", "true");
    await page.locator("#banner-front-center").fill("12345678");
    await expect(page.locator("#banner-front-center")).toHaveValue("123");
    await expect(page.getByTestId("banner-front-center-error")).toBeHidden();

    await page.getByTestId("preset-1").click();
    await expect(page.getByTestId("layers").locator("li")).toHaveCount(1);

    // Drag the image far to the bottom right: it ends inside the print area, never outside.
    const canvas = page.getByTestId("designer-canvas").locator("canvas").last();
    const box = (await canvas.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + box.width, centre.y + box.height, { steps: 8 });
    await page.mouse.up();

    await page.getByTestId("quantity-m").fill("12");
    await expect(page.getByTestId("autosave")).toHaveText(language.saved, { timeout: 10_000 });
    await expect(page).toHaveURL(/[?&]design=\d+/);
    await expect(page.getByTestId("designer-problems")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath("designer-front.png"), fullPage: false });

    await page.getByRole("button", { name: language.back, exact: true }).click();
    await page.locator("#banner-back-right").fill("SOMCHAI");
    await page.locator("#banner-back-center").fill("7");
    await expect(page.getByTestId("autosave")).toHaveText(language.saved, { timeout: 10_000 });
    // The save after the last change has gone through once the text is "Saved" again.
    await page.waitForTimeout(2_000);
    await expect(page.getByTestId("autosave")).toHaveText(language.saved, { timeout: 10_000 });
    await page.screenshot({ path: testInfo.outputPath("designer-back.png"), fullPage: false });

    await page.reload();
    await canvasReady(page);
    await expect(page.locator("#banner-front-left")).toHaveValue("Pryde FC น้ำ");
    await expect(page.getByTestId("quantity-m")).toHaveValue("12");
    await expect(page.getByTestId("option-colour-red")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("layers").locator("li")).toHaveCount(1);
    await page.getByRole("button", { name: language.back, exact: true }).click();
    await expect(page.locator("#banner-back-right")).toHaveValue("SOMCHAI");
    await page.screenshot({ path: testInfo.outputPath("designer-restored.png"), fullPage: false });
  });
}

test("undo and redo cover options and texts, from the buttons and the keyboard", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/custom/select/1");
  await canvasReady(page);
  await page.getByTestId("option-colour-red").click();
  await page.locator("#banner-front-center").fill("9");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.locator("#banner-front-center")).toHaveValue("");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("option-colour-red")).toHaveAttribute("aria-checked", "false");
  await page.getByTestId("designer-canvas").focus();
  await page.keyboard.press("Control+Shift+Z");
  await expect(page.getByTestId("option-colour-red")).toHaveAttribute("aria-checked", "true");
});

/** A plain red PNG of the given size (a tiny upload that prints below 150 DPI). */
function redPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from([215, 38, 30]))]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("an upload is placed on the garment and a low resolution is a warning, not a refusal", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/custom/select/1");
  await canvasReady(page);
  await page.getByTestId("upload").setInputFiles({ name: "badge.png", mimeType: "image/png", buffer: redPng(120, 120) });
  await expect(page.getByTestId("layers").locator("li")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId("low-resolution")).toContainText("DPI");
  await page.getByTestId("designer-canvas").focus();
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("layers").locator("li")).toHaveCount(0);
});

test("send for review renders the images and goes on to the send step", async ({ page }) => {
  await page.goto("/custom/select/1");
  await canvasReady(page);
  await page.getByTestId("send-for-review").click();
  await expect(page.getByTestId("designer-problems")).toContainText("Choose a pattern");
  for (const option of ["pattern-solid", "collar-round", "sleeve-short", "colour-white"]) await page.getByTestId(`option-${option}`).click();
  await page.locator("#banner-front-center").fill("10");
  await page.getByTestId("quantity-l").fill("10");
  // Straight away, before the first autosave: the designer saves first, then sends.
  await page.getByTestId("send-for-review").click();
  await expect(page).toHaveURL(/[?&]design=\d+.*step=send/, { timeout: 20_000 });
});

/**
 * The send step is a form-kit form: with JavaScript (English, desktop) a bad e-mail is marked before
 * anything is sent; without it (Thai, phone width) the server marks it, the Thai pickers get their
 * next list from the "show the choices" button, and the design is sent (the order's page).
 */
test("the send step marks a bad e-mail with and without JavaScript and sends without it", async ({ page, browser }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/custom/select/1");
  await canvasReady(page);
  for (const option of ["pattern-solid", "collar-round", "sleeve-short", "colour-white"]) await page.getByTestId(`option-${option}`).click();
  await page.getByTestId("quantity-m").fill("10");
  await page.getByTestId("send-for-review").click();
  await expect(page).toHaveURL(/[?&]design=\d+.*step=send/, { timeout: 20_000 });
  const sendUrl = new URL(page.url());

  const form = page.getByTestId("send-form");
  await expect(form).toHaveAttribute("data-hydrated", "true");
  await form.locator('input[name="email"]').fill("not-an-email");
  await form.locator('input[name="email"]').blur();
  await expect(form.getByTestId("error-email")).toBeVisible();
  await expect(form.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByTestId("error-email")).not.toHaveText(/[\u0E00-\u0E7F]/);
  await expect(form.locator('input[name="firstName"]')).toHaveAttribute("maxlength", "100");
  await page.getByTestId("send-submit").click();
  await expect(page.getByTestId("form-error")).toBeVisible();
  await expect(page).toHaveURL(/step=send/);
  await page.screenshot({ path: testInfo.outputPath("send-step-error-en-desktop.png"), fullPage: true });

  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    storageState: await page.context().storageState(),
  });
  const plain = await context.newPage();
  await plain.goto(`/th${sendUrl.pathname}${sendUrl.search}`);
  const plainForm = plain.getByTestId("send-form");
  await plainForm.locator('input[name="email"]').fill("not-an-email");
  await plainForm.locator('input[name="firstName"]').fill("Mali");
  await plainForm.locator('input[name="lastName"]').fill("Srisuk");
  await plainForm.locator('input[name="phone"]').fill("0898765432");
  await plainForm.locator('input[name="address"]').fill("12 ถนนวิทยุ");
  await plain.getByTestId("send-submit").click();
  await expect(plainForm.getByTestId("error-email")).toHaveText(/[\u0E00-\u0E7F]/);
  await expect(plainForm.getByTestId("error-province")).toBeVisible();
  await expect(plain.getByTestId("form-error")).toBeVisible();
  await plain.screenshot({ path: testInfo.outputPath("send-step-error-th-phone.png"), fullPage: true });

  // Without JavaScript each Thai list comes from the server ("show the choices"); nothing is sent meanwhile.
  await plainForm.locator('input[name="email"]').fill("mali@example.test");
  const showChoices = plainForm.locator('button[name="intent"][value="area"]');
  await plain.getByTestId("province").selectOption("กรุงเทพมหานคร");
  await showChoices.click();
  await expect(plainForm.getByTestId("error-email")).toHaveCount(0);
  await plain.getByTestId("district").selectOption("ปทุมวัน");
  await showChoices.click();
  await plain.getByTestId("subdistrict").selectOption("ลุมพินี");
  await expect(plainForm.locator('input[name="firstName"]')).toHaveValue("Mali");
  // The subdistrict's only zipcode is filled in by the server.
  await plain.getByTestId("send-submit").click();
  await expect(plain).toHaveURL(/\/th\/cart\/checkout\/PR[0-9A-Z]+$/);
  await context.close();
});
