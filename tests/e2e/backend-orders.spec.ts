import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * Orders end to end (issue 5 items 7 and 11): staff key in a paid order at the counter (POS), open
 * it, queue it for packing and ship it with a carrier and a tracking number; the shopper then finds
 * it on /tracking with the carrier's link. Desktop in English, phone in Thai.
 */

const journeys = [
  {
    project: "desktop",
    prefix: "",
    texts: {
      save: "Create the paid order",
      created: "The POS order is created and paid.",
      queued: "The order is queued for packing.",
      shipped: "The order is shipped.",
      track: "Track",
      shippedStatus: "Shipped",
      carrier: "Kerry Express",
    },
  },
  {
    project: "phone",
    prefix: "/th",
    texts: {
      save: "สร้างคำสั่งซื้อที่ชำระแล้ว",
      created: "สร้างคำสั่งซื้อหน้าร้านและบันทึกการชำระเงินแล้ว",
      queued: "คำสั่งซื้อเข้าคิวแพ็กสินค้าแล้ว",
      shipped: "จัดส่งคำสั่งซื้อแล้ว",
      track: "ติดตาม",
      shippedStatus: "จัดส่งแล้ว",
      carrier: "เคอรี่ เอ็กซ์เพรส",
    },
  },
] as const;

for (const journey of journeys) {
  test(
    `staff ship a paid order with a tracking number and the shopper sees it on /tracking (${journey.project})`,
    { tag: `@${journey.project}` },
    async ({ page, browser }) => {
      const { prefix, texts } = journey;
      await signInAsAdmin(page, prefix);

      // A paid order keyed in at the counter.
      await page.goto(`${prefix}/backend/orders/fulfillment/form`);
      const firstLine = page.getByTestId("pos-line").first();
      const select = firstLine.getByRole("combobox");
      const value = await select.locator("option:not([disabled])").nth(1).getAttribute("value");
      await select.selectOption(value!);
      await page.locator('input[name="walkInName"]').fill("Walk-in e2e");
      await page.getByRole("button", { name: texts.save }).click();
      await expect(page.getByTestId("snackbar")).toContainText(texts.created);
      const orderNumber = (await page.locator("h1").textContent())!.match(/PR\d{6}[0-9A-Z]{8}/)![0];

      // Queue it, then ship it with a carrier and a tracking number.
      await page.getByTestId("change-to-awaiting_fulfilment").click();
      await expect(page.getByTestId("snackbar")).toContainText(texts.queued);
      const ship = page.getByTestId("action-fulfilment_done");
      await ship.getByRole("combobox").selectOption({ label: texts.carrier });
      const trackingNumber = `KEX${Date.now().toString().slice(-9)}`;
      await ship.getByRole("textbox").first().fill(trackingNumber);
      await page.getByTestId("change-to-fulfilment_done").click();
      await expect(page.getByTestId("snackbar")).toContainText(texts.shipped);
      await expect(page.getByTestId("shipment-row")).toContainText(trackingNumber);

      // The shopper, without a session, tracks it.
      const shopper = await browser.newPage();
      await shopper.goto(`${prefix}/tracking`);
      await shopper.getByTestId("tracking-form").getByRole("textbox").fill(orderNumber);
      await shopper.getByRole("button", { name: texts.track, exact: true }).click();
      await expect(shopper.getByTestId("tracking-status")).toHaveText(texts.shippedStatus);
      await expect(shopper.getByTestId("tracking-carrier")).toHaveText(texts.carrier);
      await expect(shopper.getByTestId("tracking-link")).toHaveAttribute("href", `https://th.kerryexpress.com/en/track/?track=${trackingNumber}`);
      await expect(shopper.getByTestId("tracking-page")).not.toContainText("Walk-in e2e");
      await shopper.close();
    },
  );
}

test("cancelling an order asks first in a dialog naming the order; going back changes nothing (with JavaScript)", async ({ page }, testInfo) => {
  const prefix = testInfo.project.name === "phone" ? "/th" : "";
  await signInAsAdmin(page, prefix);
  await page.goto(`${prefix}/backend/orders/fulfillment/form`);
  const select = page.getByTestId("pos-line").first().getByRole("combobox");
  await select.selectOption((await select.locator("option:not([disabled])").nth(1).getAttribute("value"))!);
  await page.locator('input[name="walkInName"]').fill("Cancel e2e");
  await page.getByRole("button", { name: prefix ? "สร้างคำสั่งซื้อที่ชำระแล้ว" : "Create the paid order" }).click();
  await expect(page.getByTestId("snackbar")).toBeVisible();
  const orderNumber = (await page.locator("h1").textContent())!.match(/PR\d{6}[0-9A-Z]{8}/)![0];

  // The button opens a dialog; "Go back" closes it and nothing changes. (Before hydration it is a
  // plain submit button that leads to the no-JavaScript confirm step, tested in integration.)
  await expect(page.getByTestId("change-to-cancelled")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await page.getByTestId("change-to-cancelled").click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("role", "alertdialog");
  await expect(dialog).toContainText(orderNumber);
  await dialog.getByTestId("confirm-no").click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByTestId("change-to-cancelled")).toBeVisible();
  await expect(page.getByTestId("confirm-step")).toHaveCount(0);

  // Confirming cancels it (no separate confirm step with JavaScript).
  await expect(page.getByTestId("change-to-cancelled")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await page.getByTestId("change-to-cancelled").click();
  await page.getByTestId("confirm-dialog").getByTestId("confirm-yes").click();
  await expect(page.getByTestId("snackbar")).toContainText(prefix ? "ยกเลิกคำสั่งซื้อแล้ว" : "The order is cancelled");
  await expect(page.getByTestId("confirm-step")).toHaveCount(0);
  await expect(page.getByTestId("change-to-cancelled")).toHaveCount(0);
});

/**
 * The form kit with and without JavaScript (issue 15): on the POS form a row is added by the list
 * button (in the browser with JavaScript, by a round trip without), saving no item says so on the
 * list in the page's language, and a good order lands on its page with the toast.
 */
const kitRuns = [
  {
    tag: "@desktop",
    javaScript: true,
    prefix: "",
    addLine: "Add a line",
    linesRequired: "Add at least one item",
    created: "The POS order is created and paid.",
  },
  {
    tag: "@desktop",
    javaScript: false,
    prefix: "/th",
    addLine: "เพิ่มรายการ",
    linesRequired: "เพิ่มสินค้าอย่างน้อยหนึ่งรายการ",
    created: "สร้างคำสั่งซื้อหน้าร้านและบันทึกการชำระเงินแล้ว",
  },
  {
    tag: "@desktop",
    javaScript: false,
    prefix: "",
    addLine: "Add a line",
    linesRequired: "Add at least one item",
    created: "The POS order is created and paid.",
  },
  {
    tag: "@phone",
    javaScript: true,
    prefix: "/th",
    addLine: "เพิ่มรายการ",
    linesRequired: "เพิ่มสินค้าอย่างน้อยหนึ่งรายการ",
    created: "สร้างคำสั่งซื้อหน้าร้านและบันทึกการชำระเงินแล้ว",
  },
] as const;

/** The test's own page with JavaScript; a fresh context without it. */
async function signedInPage(page: Page, browser: Browser, javaScript: boolean, prefix: string): Promise<Page> {
  const target = javaScript ? page : await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await signInAsAdmin(target, prefix);
  return target;
}

for (const run of kitRuns) {
  test(
    `the POS form adds a row, shows a list error and a toast ${run.javaScript ? "with" : "without"} JavaScript (${run.prefix || "/en"})`,
    { tag: run.tag },
    async ({ page: fixture, browser }, testInfo) => {
      const page = await signedInPage(fixture, browser, run.javaScript, run.prefix);
      await page.goto(`${run.prefix}/backend/orders/fulfillment/form`);
      await expect(page.getByTestId("pos-line")).toHaveCount(3);
      await page.getByRole("button", { name: run.addLine }).click();
      await expect(page.getByTestId("pos-line")).toHaveCount(4);

      await page.locator('input[name="walkInName"]').fill("Kit e2e");
      await page.getByTestId("save").click();
      await expect(page.getByTestId("error-lines")).toHaveText(run.linesRequired);
      await page.screenshot({ path: testInfo.outputPath(`pos-error-${run.javaScript ? "js" : "nojs"}.png`), fullPage: true });

      const select = page.getByTestId("pos-line").last().getByRole("combobox");
      await select.selectOption((await select.locator("option:not([disabled])").nth(1).getAttribute("value"))!);
      await page.locator('input[name="walkInName"]').fill("Kit e2e");
      await page.getByTestId("save").click();
      await expect(page).toHaveURL(/\/backend\/orders\/fulfillment\/\d+$/);
      await expect(page.getByTestId("snackbar")).toContainText(run.created);
      if (!run.javaScript) await page.context().close();
    },
  );
}
