import { keyInPosOrderForDemoCustomer } from "./pos-order";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Billing end to end (issue 17): staff find a paid order, issue a full tax invoice / receipt with the
 * buyer filled in, void it with a reason (asks first: the dialog with JavaScript, the confirm step
 * without), issue the order's replacement invoice and lower it with a credit note; the void one
 * prints VOID. English and Thai, the void form with and without JavaScript.
 */
const runs = [
  { prefix: "", javaScript: true },
  { prefix: "", javaScript: false },
  { prefix: "/th", javaScript: true },
  { prefix: "/th", javaScript: false },
] as const;

async function issueInvoice(page: Page, prefix: string, orderNumber: string): Promise<string> {
  await page.goto(`${prefix}/backend/bill/invoices/form`);
  await page.locator('input[name="orderNumber"]').fill(orderNumber);
  await page.getByTestId("find-order-submit").click();
  await expect(page.getByTestId("issue-document")).toBeVisible();
  await page.locator('input[name="buyerName"]').fill("Buyer Co., Ltd.");
  await page.locator('textarea[name="buyerAddress"]').fill("1 Silom Rd, Bangrak, Bangkok 10500");
  await page.locator('input[name="buyerTaxId"]').fill("0105536000312");
  await page.getByTestId("issue-submit").click();
  // A wrong check digit is the tax id's field error; corrected, the invoice is issued.
  await expect(page.getByTestId("error-buyerTaxId")).toBeVisible();
  await page.locator('input[name="buyerTaxId"]').fill("0105536000313");
  await page.getByTestId("issue-submit").click();
  await expect(page).toHaveURL(/\/backend\/bill\/invoices\/form\/\d+$/);
  await expect(page.getByTestId("snackbar")).toBeVisible();
  return page.url();
}

for (const run of runs) {
  test(
    `staff issue a tax invoice, void it ${run.javaScript ? "with" : "without"} JavaScript, reissue it and credit it (${run.prefix || "/en"})`,
    { tag: "@desktop" },
    async ({ page, browser }, testInfo) => {
      // A journey of some fifteen pages: 12 s on a quiet machine, over the default 30 s on a busy one.
      test.setTimeout(90_000);
      await signInAsAdmin(page, run.prefix);
      const orderNumber = await keyInPosOrderForDemoCustomer(page, run.prefix);
      const invoiceUrl = await issueInvoice(page, run.prefix, orderNumber);
      const number = (await page.getByTestId("document-number").textContent())!;

      const voiding = run.javaScript ? page : await (await browser.newContext({ javaScriptEnabled: false })).newPage();
      if (!run.javaScript) await signInAsAdmin(voiding, run.prefix);
      await voiding.goto(invoiceUrl);
      // With JavaScript the button asks in a dialog once hydrated (before that it is the plain submit).
      if (run.javaScript) await expect(voiding.getByTestId("void-button")).toHaveAttribute("data-hydrated", "true");
      await voiding.getByTestId("void-button").click();
      if (run.javaScript) {
        // Empty reason: the dialog asks, the server refuses on the field.
        await voiding.getByTestId("confirm-yes").click();
        await expect(voiding.getByTestId("error-reason")).toBeVisible();
      } else {
        await expect(voiding.getByTestId("error-reason")).toBeVisible();
      }
      await voiding.screenshot({ path: testInfo.outputPath(`void-error-${run.javaScript ? "js" : "nojs"}.png`), fullPage: true });
      await voiding.getByTestId("void-panel").locator('textarea[name="reason"]').fill("Wrong buyer");
      await voiding.getByTestId("void-button").click();
      if (!run.javaScript) await expect(voiding.getByTestId("confirm-step")).toBeVisible();
      else await expect(voiding.getByTestId("confirm-dialog")).toBeVisible();
      await voiding.getByTestId("confirm-yes").click();
      await expect(voiding.getByTestId("snackbar")).toBeVisible();
      await expect(voiding.getByTestId("document-void")).toContainText("Wrong buyer");

      await page.goto(`${invoiceUrl.replace(/\/form\/\d+$/, "")}/printInvoice?id=${invoiceUrl.match(/\d+$/)![0]}`);
      await expect(page.getByTestId("void-mark")).toContainText("Wrong buyer");

      // The replacement, lowered by a credit note for an exchange.
      await issueInvoice(page, run.prefix, orderNumber);
      expect(await page.getByTestId("document-number").textContent()).not.toBe(number);
      await page.locator('select[name="cause"]').selectOption("exchange");
      await page.locator('input[name="correctTotal"]').fill("0.01");
      await page.getByTestId("credit-panel").locator('textarea[name="reason"]').fill("Cheaper size");
      await page.getByTestId("credit-submit").click();
      await expect(page.getByTestId("snackbar")).toBeVisible();
      await expect(page.getByTestId("document-summary")).toBeVisible();
      await expect(page.getByTestId("credit-panel")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath("credit-note.png"), fullPage: true });
    },
  );
}
