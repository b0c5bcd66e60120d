import { fillBangkokAddress } from "./address-steps";
import { mailedLink } from "./mailbox";
import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * A custom team order end to end (issue 6 e2e), in English on the desktop and in Thai on the phone:
 * a guest designs a jersey in the react-konva designer (every option, a team name and a number on
 * the front, a player name on the back, a ready-made logo on each side, sizes), sends it for review
 * with a Thai delivery address → the order page says it is in review; staff open the review page,
 * see the previews and the print images, confirm → the confirmation e-mail (read in the outbox) links
 * to /cart/checkout/{number}, which now asks the shopper to pay. Screenshots go to test-results/.
 */
const journeys = [
  {
    project: "desktop",
    lang: "en",
    prefix: "",
    texts: {
      back: "Back",
      front: "Front",
      saved: /Saved at/,
      inReview: /in review/i,
      confirmed: "Confirmed: the shopper has the pay link.",
      waiting: /Waiting for payment/i,
    },
  },
  {
    project: "phone",
    lang: "th",
    prefix: "/th",
    texts: {
      back: "ด้านหลัง",
      front: "ด้านหน้า",
      saved: /บันทึกแล้วเมื่อ/,
      inReview: /ตรวจ/,
      confirmed: "ยืนยันแล้ว ลูกค้าได้รับลิงก์ชำระเงินแล้ว",
      waiting: /รอชำระเงิน/,
    },
  },
] as const;

type Journey = (typeof journeys)[number];

async function canvasReady(page: Page) {
  await expect(page.getByTestId("designer-canvas").locator("canvas").first()).toBeVisible({ timeout: 20_000 });
}

async function staffPage(browser: Browser, journey: Journey): Promise<Page> {
  const { prefix } = journey;
  const context = await browser.newContext(
    journey.project === "phone" ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : { viewport: { width: 1280, height: 900 } },
  );
  const page = await context.newPage();
  await signInAsAdmin(page, prefix);
  return page;
}

/** The newest e-mail to this address, as the outbox keeps it: the link it carries (a path on this shop). */
async function staffConfirm(browser: Browser, journey: Journey, orderNumber: string, email: string, screenshot: (name: string) => string): Promise<string> {
  const { prefix, texts } = journey;
  const page = await staffPage(browser, journey);
  try {
    // The queue lists the order; its review page shows the previews and the print images.
    await page.goto(`${prefix}/backend/orders/fulfillment/custom-form`);
    await page.getByTestId("review-link").filter({ hasText: orderNumber }).click();
    await expect(page.getByTestId("custom-review-detail")).toBeVisible();
    await expect(page.getByTestId("design-status")).toHaveText(journey.lang === "th" ? "รอตรวจ" : "To review");
    const previews = page.getByTestId("review-previews").locator("img");
    await expect(previews).toHaveCount(2);
    for (const image of await previews.all()) await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(100);
    const print = await page.request.get((await page.getByTestId("download-print-front").getAttribute("href")) ?? "");
    expect(print.status()).toBe(200);
    expect(print.headers()["content-type"]).toBe("image/png");
    await expect(page.getByTestId("review-texts")).toContainText("SOMCHAI");
    await page.screenshot({ path: screenshot("review"), fullPage: true });

    await page.getByTestId("review-price").fill("520");
    await page.getByTestId("submit-confirm").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.confirmed);
    await expect(page.getByTestId("design-status")).toHaveText(journey.lang === "th" ? "ยืนยันแล้ว" : "Confirmed");

    // The shopper's e-mail: its link is the order's payment page.
    return await mailedLink(email, /https?:\/\/\S+\/cart\/checkout\/PR\w+(\?key=[\w-]+)?/);
  } finally {
    await page.context().close();
  }
}

for (const journey of journeys) {
  test(
    `(${journey.lang}) a guest designs a jersey, sends it; staff confirm; the e-mail link opens the payment page`,
    { tag: `@${journey.project}` },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(120_000);
      const { prefix, texts } = journey;
      const email = `team-${journey.lang}-${Date.now()}@example.test`;

      await page.goto(`${prefix}/custom`);
      await page.getByTestId("design-1").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/custom/select/1$`));
      await canvasReady(page);

      await page.getByTestId("option-pattern-stripes").click();
      await page.getByTestId("option-collar-v-neck").click();
      await page.getByTestId("option-sleeve-short").click();
      await page.getByTestId("option-colour-navy").click();
      await page.locator("#banner-front-left").fill(journey.lang === "th" ? "ไพรด์ เอฟซี" : "Pryde FC");
      await page.locator("#banner-front-center").fill("10");
      await page.getByTestId("preset-2").click();
      await page.getByRole("button", { name: texts.back, exact: true }).click();
      await page.locator("#banner-back-right").fill("SOMCHAI");
      await page.locator("#banner-back-center").fill("10");
      await page.getByTestId("preset-1").click();
      await page.getByTestId("quantity-m").fill("6");
      await page.getByTestId("quantity-l").fill("6");
      await expect(page.getByTestId("autosave")).toHaveText(texts.saved, { timeout: 15_000 });
      await expect(page.getByTestId("designer-problems")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath("designer-back.png") });
      await page.getByRole("button", { name: texts.front, exact: true }).click();
      await page.screenshot({ path: testInfo.outputPath("designer-front.png") });

      // Send: the designer renders the images and opens the send step.
      await page.getByTestId("send-for-review").click();
      await expect(page.getByTestId("custom-send-step")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId("preview-front")).toBeVisible();
      await expect.poll(() => page.getByTestId("preview-front").evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(100);
      await expect(page.getByTestId("send-sizes")).toHaveText("M × 6, L × 6");
      const form = page.getByTestId("send-form");
      await form.locator('input[name="email"]').fill(email);
      await fillBangkokAddress(form, { firstName: "Somchai", lastName: "Jaidee", phone: "0812345678", address: "99/1 ถนนพระราม 4" });
      await expect(page.getByTestId("zipcode")).toHaveValue("10330");
      await page.screenshot({ path: testInfo.outputPath("send-step.png"), fullPage: true });
      await page.getByTestId("send-submit").click();

      await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
      const orderNumber = page.url().split("/").pop()!;
      await expect(page.locator("main")).toContainText(texts.inReview);

      const payPath = await staffConfirm(browser, journey, orderNumber, email, (name) => testInfo.outputPath(`${name}.png`));
      // A guest's link carries the order's key (it would open the order on another device too).
      expect(payPath).toMatch(new RegExp(`^${prefix}/cart/checkout/${orderNumber}\\?key=[\\w-]+$`));
      await page.goto(payPath);
      await expect(page.locator("main")).toContainText(texts.waiting);
      await expect(page.locator("main")).toContainText("6,240");
      await page.screenshot({ path: testInfo.outputPath("pay-page.png"), fullPage: true });
    },
  );
}

// Desktop only: the journey above covers the phone.
test(
  "staff ask for changes; the e-mail link reopens the design with their message; the shopper sends it again",
  { tag: "@desktop" },
  async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const journey = journeys[0];
    const email = `changes-${Date.now()}@example.test`;
    await page.goto("/custom/select/2");
    await canvasReady(page);
    for (const option of ["pattern-solid", "collar-round", "sleeve-short", "colour-white"]) await page.getByTestId(`option-${option}`).click();
    await page.locator("#banner-front-center").fill("7");
    await page.getByTestId("quantity-s").fill("10");
    await expect(page.getByTestId("autosave")).toHaveText(journey.texts.saved, { timeout: 15_000 });
    await page.getByTestId("send-for-review").click();
    await expect(page.getByTestId("custom-send-step")).toBeVisible({ timeout: 30_000 });
    const form = page.getByTestId("send-form");
    await form.locator('input[name="email"]').fill(email);
    await fillBangkokAddress(form, { firstName: "Mali", lastName: "Srisuk", phone: "0898765432", address: "12 Nimman Soi 5" });
    await page.getByTestId("send-submit").click();
    await expect(page).toHaveURL(/\/cart\/checkout\/PR\w+$/, { timeout: 15_000 });
    const orderNumber = page.url().split("/").pop()!;

    const staff = await staffPage(browser, journey);
    await staff.goto(`/backend/orders/fulfillment/custom-form?order=${orderNumber}`);
    const ask = staff.getByTestId("review-request-changes");
    await ask.locator("textarea").fill("Please make the number bigger.");
    await ask.getByTestId("submit-request-changes").click();
    await expect(staff.getByTestId("design-status")).toHaveText("Changes requested");
    const designerLink = await mailedLink(email, /https?:\/\/\S+\/custom\/select\/2\?design=\d+/);

    await page.goto(designerLink);
    await canvasReady(page);
    await expect(page.getByTestId("review-message")).toContainText("Please make the number bigger.");
    await page.getByTestId("quantity-m").fill("5");
    await expect(page.getByTestId("autosave")).toHaveText(journey.texts.saved, { timeout: 15_000 });
    await page.screenshot({ path: testInfo.outputPath("changes-requested.png") });
    await page.getByTestId("send-for-review").click();
    await expect(page.getByTestId("custom-send-step")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("send-sizes")).toHaveText("S × 10, M × 5");
    await page.getByTestId("send-submit").click();
    await expect(page).toHaveURL(new RegExp(`/cart/checkout/${orderNumber}$`), { timeout: 15_000 });

    await staff.goto(`/backend/orders/fulfillment/custom-form?order=${orderNumber}`);
    await expect(staff.getByTestId("design-status")).toHaveText("To review");
    await expect(staff.getByTestId("review-history")).toContainText("Sent again with changes");
    await staff.context().close();
  },
);
