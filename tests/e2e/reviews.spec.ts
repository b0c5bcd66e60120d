import { keyInPosOrderForDemoCustomer } from "./pos-order";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Reviews end to end (issue 20): staff key in a POS order for the demo customer and take it to
 * completed; the customer follows "Write a review" on that purchase, gives stars and text; staff
 * approve it in /backend/products/reviews; the product page shows the review and the average.
 * English on a desktop, Thai on a phone.
 */
const journeys = [
  { project: "desktop", prefix: "", choice: 3, texts: { email: "E-mail", password: /^Password/, signIn: /^Sign in$/, average: /out of 5/ } },
  { project: "phone", prefix: "/th", choice: 5, texts: { email: "อีเมล", password: /^รหัสผ่าน/, signIn: /^เข้าสู่ระบบ$/, average: /จาก 5/ } },
] as const;

async function fitsTheScreen(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide on a ${clientWidth}px screen`).toBeLessThanOrEqual(clientWidth + 1);
}

for (const { project, prefix, choice, texts } of journeys) {
  test(`a customer reviews a completed purchase and staff approve it (${project})`, { tag: `@${project}` }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, prefix);

    // A POS order for the demo customer, taken through packing and delivery to completed.
    const orderNumber = await keyInPosOrderForDemoCustomer(page, prefix, { choice });
    await page.getByTestId("change-to-awaiting_fulfilment").click();
    await expect(page.getByTestId("change-to-fulfilment_done")).toBeVisible();
    const ship = page.getByTestId("action-fulfilment_done");
    await ship.getByRole("combobox").selectOption({ index: 1 });
    await ship
      .getByRole("textbox")
      .first()
      .fill(`KEX${Date.now().toString().slice(-9)}`);
    await page.getByTestId("change-to-fulfilment_done").click();
    await page.getByTestId("change-to-completed").click();
    await expect(page.getByTestId("change-to-completed")).toHaveCount(0);

    // The customer, in their own browser, writes a review from the purchase.
    const customerContext = await browser.newContext({ viewport: page.viewportSize()!, isMobile: project === "phone", hasTouch: project === "phone" });
    const customer = await customerContext.newPage();
    await customer.goto(`${prefix}/my-purchase/${orderNumber}`);
    const login = customer.getByTestId("login-page");
    await login.getByLabel(texts.email).fill("customer@pryde.test");
    await login.getByLabel(texts.password).fill("Customer123");
    await login.getByRole("button", { name: texts.signIn }).click();
    await expect(customer).toHaveURL(new RegExp(`${prefix}/my-purchase/${orderNumber}$`));
    await customer.getByTestId("write-review").first().click();
    await expect(customer).toHaveURL(new RegExp(`${prefix}/shop/[^/]+/review$`));
    const productPath = new URL(customer.url()).pathname.replace(/\/review$/, "");
    await fitsTheScreen(customer);

    const body = `e2e ${project} ${Date.now()}: soft fabric, fits as expected.`;
    const form = customer.getByTestId("review-form");
    await form.locator('input[name="rating"][value="4"]').check();
    await form.locator('textarea[name="body"]').fill(body);
    await form.getByTestId("review-submit").click();
    await expect(customer).toHaveURL(new RegExp(`${productPath}#reviews$`));
    await expect(customer.getByTestId("snackbar")).toBeVisible();
    // Waiting for staff: not shown yet, and the form says so.
    await expect(customer.getByTestId("own-review-status")).toBeVisible();
    await expect(customer.getByTestId("review-list").getByText(body)).toHaveCount(0);

    // Staff find it in the back office and approve it.
    await page.goto(`${prefix}/backend/products/reviews?status=pending`);
    await page.getByTestId("list-search-input").fill(body);
    await page.getByTestId("list-search-submit").click();
    await expect(page.getByTestId("review-row")).toHaveCount(1);
    await fitsTheScreen(page);
    await page.getByTestId("review-row").getByTestId("review-approve").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();
    await expect(page.getByTestId("review-row")).toHaveCount(0);

    // The product page shows the review and the average.
    await customer.goto(productPath);
    await expect(customer.getByTestId("review-list").getByText(body)).toBeVisible();
    await expect(customer.getByTestId("review-summary")).toContainText(texts.average);
    await expect(customer.getByTestId("review-summary")).toHaveAttribute("data-count", /^[1-9]/);
    await fitsTheScreen(customer);
    await customerContext.close();
  });
}
