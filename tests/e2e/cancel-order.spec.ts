import { orderStatusId } from "../../app/domain/order-status";
import { fillBangkokAddress } from "./address-steps";
import { registerCustomer } from "./customer-account";
import { mailedText } from "./mailbox";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Issue 20, "cancelling an unpaid order": a new customer orders a tote by bank transfer and, before
 * paying, cancels it from My purchases (asked first, in a dialog). The order shows as cancelled, an
 * e-mail in the order's language confirms it, and staff see in the order's
 * timeline that the customer did it. English on a desktop, Thai on a phone. (What the batch gives
 * back — stock, flash-sale counts, the code's use, points — is checked row by row in
 * tests/integration/order-status.spec.ts and purchases.spec.ts.)
 */
const runs = [
  { lang: "en", prefix: "", tag: "@desktop", subject: /cancelled/i },
  { lang: "th", prefix: "/th", tag: "@phone", subject: /ยกเลิก/ },
] as const;

async function hydrated(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

for (const { lang, prefix, tag, subject } of runs) {
  test(`(${lang}) a customer cancels an order they have not paid for yet`, { tag }, async ({ page, browser }, testInfo) => {
    test.setTimeout(90_000);
    const email = await registerCustomer(page, prefix, `cancel-${lang}`);

    await page.goto(`${prefix}/shop/canvas-tote-bag`);
    await hydrated(page, "add-to-cart-form");
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();

    await page.goto(`${prefix}/cart/checkout`);
    await hydrated(page, "checkout-form");
    const form = page.getByTestId("checkout-form");
    await fillBangkokAddress(form);
    await page.getByTestId("payment-transfer").check();
    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
    const orderNumber = new URL(page.url()).pathname.split("/").pop()!;

    // My purchases: the unpaid order offers cancelling (and no refund request); it asks first.
    await page.goto(`${prefix}/my-purchase/${orderNumber}`);
    const detail = page.getByTestId("purchase-detail");
    await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "waiting_payment");
    await expect(page.getByTestId("intent-request-refund")).toHaveCount(0);
    await expect(page.getByTestId("intent-cancel")).toHaveAttribute("data-hydrated", "true");
    await page.getByTestId("intent-cancel").click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText(orderNumber);
    await page.screenshot({ path: testInfo.outputPath(`cancel-ask-${lang}.png`) });
    await dialog.getByTestId("confirm-yes").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();
    await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByTestId("intent-cancel")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`cancel-done-${lang}.png`), fullPage: true });

    // The e-mail confirms it, in the language the order was placed in.
    expect(await mailedText(email, subject)).toContain(orderNumber);

    // Staff see who cancelled it.
    const staff = await browser.newContext();
    const backOffice = await staff.newPage();
    await signInAsAdmin(backOffice, prefix);
    await backOffice.goto(`${prefix}/backend/orders/fulfillment?q=${orderNumber}`);
    await backOffice
      .getByTestId("order-row")
      .getByRole("link", { name: new RegExp(orderNumber) })
      .click();
    const cancelled = backOffice.getByTestId("order-timeline").locator(`[data-testid="history-row"][data-to-status="${orderStatusId.cancelled}"]`);
    await expect(cancelled).toHaveAttribute("data-actor", "customer");
    await expect(cancelled).toContainText("Malee");
    await staff.close();
  });
}
