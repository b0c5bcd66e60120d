import { signInAsAdmin } from "./staff-session";
import { expect, test } from "./test";

/**
 * The discount-code form (issue 16) with and without JavaScript, in English and Thai: a field error
 * on a bad value, the usage-limit-0 question, and a success toast. Screenshots for a look at the form.
 */
// Each language with and without JavaScript once, the four spread over both screens.
for (const javaScriptEnabled of [true, false]) {
  for (const prefix of ["", "/th"]) {
    const screen = (prefix === "") === javaScriptEnabled ? "@desktop" : "@phone";
    test(`the discount-code form ${javaScriptEnabled ? "with" : "without"} JavaScript at ${prefix || "/"}`, { tag: screen }, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: testInfo.project.use.viewport ?? undefined });
      const page = await context.newPage();
      await signInAsAdmin(page, prefix);
      await page.goto(`${prefix}/backend/promotion/code/form`);
      const code = `E2E-${javaScriptEnabled ? "JS" : "NOJS"}-${prefix ? "TH" : "EN"}-${Date.now().toString(36).toUpperCase()}`;
      await page.locator('input[name="code"]').fill(code);
      await page.locator('input[name="value"]').fill("150");
      await page.getByTestId("save").click();
      await expect(page.getByTestId("error-value")).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath("code-form-error.png"), fullPage: true });
      await page.locator('input[name="value"]').fill("15");
      await page.locator('input[name="usageLimit"]').fill("0");
      await page.getByTestId("save").click();
      // The server's question: a dialog in view wherever the page was scrolled with JavaScript, a panel without.
      const question = page.getByTestId(javaScriptEnabled ? "confirm-dialog" : "confirm-step");
      await expect(question).toBeVisible();
      // Behind the question the form still holds what was typed (without JavaScript a new page: the server's answer carries it).
      const usageLimit = page.locator('input[name="usageLimit"]:not([type="hidden"])');
      await expect(usageLimit).toHaveValue("0");
      if (javaScriptEnabled) {
        // "Go back" closes it and keeps what was typed; saving again asks again.
        await question.getByTestId("confirm-no").click();
        await expect(question).toBeHidden();
        await expect(usageLimit).toHaveValue("0");
        await page.getByTestId("save").click();
        await expect(question).toBeVisible();
      }
      await question.getByTestId("confirm-yes").click();
      await expect(page.getByTestId("snackbar")).toBeVisible();
      await expect(page.getByTestId("code-state")).toBeVisible();
      await context.close();
    });
  }
}
