import { chooseOption } from "./product-steps";
import { expect, type Page, test } from "./test";

/**
 * The shop works under its Content-Security-Policy (DESIGN §4.15, workers/security-headers.ts):
 * Chromium walks the storefront, the designer, checkout, the payment page (PromptPay QR, then
 * PayPal's button to the checkout) and the back office, and not one thing is blocked. Each page
 * records `securitypolicyviolation` events from its first script on, and the console is watched too.
 */
test.describe.configure({ mode: "serial" });

async function watch(page: Page): Promise<string[]> {
  const found: string[] = [];
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) found.push(`console: ${message.text()}`);
  });
  return found;
}

async function violationsOn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

/** Opens a page, lets it hydrate and settle, and collects what the policy blocked there. */
async function visit(page: Page, path: string, ready?: () => Promise<void>): Promise<string[]> {
  await page.goto(path);
  await page.waitForLoadState("networkidle");
  if (ready) await ready();
  return (await violationsOn(page)).map((violation) => `${path}: ${violation}`);
}

// One walk is enough; it signs in the one demo customer.
test("the storefront, designer, checkout, payment page and back office run with no CSP violation", { tag: "@desktop" }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  const consoleMessages = await watch(page);
  const violations: string[] = [];

  const response = await page.goto("/");
  expect(response?.headers()["content-security-policy"]).toContain("'nonce-");
  violations.push(...(await visit(page, "/")));
  violations.push(...(await visit(page, "/shop")));
  violations.push(...(await visit(page, "/th/shop")));
  violations.push(
    ...(await visit(page, "/shop/muay-thai-spirit-tee", async () => {
      await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    })),
  );
  violations.push(
    ...(await visit(page, "/custom/select/1", async () => {
      await expect(page.getByTestId("designer-canvas").locator("canvas").first()).toBeVisible({ timeout: 20_000 });
    })),
  );
  violations.push(...(await visit(page, "/faqs")));

  // A customer: cart, checkout by bank transfer, the payment page with the PromptPay QR, then PayPal.
  await page.goto("/login");
  const login = page.getByTestId("login-page");
  await login.getByLabel("E-mail").fill("customer@pryde.test");
  await login.getByLabel(/^Password/).fill("Customer123");
  await login.getByRole("button", { name: /^Sign in$/ }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto("/shop/muay-thai-spirit-tee");
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await chooseOption(page.getByTestId("attribute-picker").filter({ has: page.locator("legend", { hasText: /^Size/ }) }), "m");
  await expect(page).toHaveURL(/\?variant=\d+$/);
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page.getByTestId("snackbar")).toContainText("Added to your cart");
  violations.push(...(await visit(page, "/cart")));
  violations.push(
    ...(await visit(page, "/cart/checkout", async () => {
      await expect(page.getByTestId("checkout-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    })),
  );
  await page.getByTestId("payment-transfer").check();
  await page.getByTestId("place-order").click();
  await expect(page).toHaveURL(/\/cart\/checkout\/PR\d{6}[0-9A-Z]{8}$/, { timeout: 15_000 });
  const paymentPath = new URL(page.url()).pathname;
  violations.push(
    ...(await visit(page, paymentPath, async () => {
      await expect(page.getByTestId("promptpay-qr").locator("svg")).toBeVisible();
    })),
  );
  await page.getByTestId("switch-method").click();
  await expect(page.getByTestId("paypal-section")).toBeVisible();
  violations.push(...(await violationsOn(page)).map((violation) => `${paymentPath} (PayPal): ${violation}`));
  await page.getByTestId("pay-paypal").click();
  // PayPal's approval page (the local stand-in) is reached: form-action lets the form go there.
  await expect(page.getByTestId("fake-paypal-approve")).toBeVisible({ timeout: 15_000 });
  // A question asked in a dialog: Radix locks the page's scroll with a <style> element of its own, which needs the page's nonce.
  const orderPath = `/my-purchase/${paymentPath.split("/").pop()}`;
  violations.push(
    ...(await visit(page, orderPath, async () => {
      await expect(page.getByTestId("intent-cancel")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await page.getByTestId("intent-cancel").click();
      await expect(page.getByTestId("confirm-dialog")).toBeVisible();
      await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("confirm-dialog")).toBeHidden();
    })),
  );

  // The back office: dashboard (charts), an order, the e-mail outbox preview.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  const staffConsole = await watch(staffPage);
  try {
    await staffPage.goto("/backend/login");
    const form = staffPage.getByTestId("staff-login-page");
    await form.getByLabel("E-mail").fill("admin@pryde.test");
    await form.getByLabel("Password").fill("Staff12345");
    await form.getByRole("button").last().click();
    await expect(staffPage).toHaveURL(/\/backend\/dashboard$/);
    violations.push(...(await visit(staffPage, "/backend/dashboard")));
    const orderNumber = paymentPath.split("/").pop()!;
    await staffPage.goto(`/backend/orders/fulfillment?q=${orderNumber}`);
    await staffPage
      .getByTestId("order-row")
      .getByRole("link", { name: new RegExp(orderNumber) })
      .click();
    await expect(staffPage.getByTestId("order-detail-page")).toBeVisible();
    violations.push(...(await visit(staffPage, new URL(staffPage.url()).pathname)));
    violations.push(...(await visit(staffPage, "/backend/setting/outbox")));
    // One mail: its HTML is shown in a sandboxed srcdoc frame, which inherits the page's policy.
    await staffPage.getByTestId("outbox-row").first().getByRole("link").first().click();
    await expect(staffPage.getByTestId("outbox-html-frame")).toBeVisible();
    violations.push(...(await visit(staffPage, new URL(staffPage.url()).pathname)));
    violations.push(...(await visit(staffPage, "/backend/products/all-product")));
    violations.push(...(await visit(staffPage, "/th/backend/dashboard")));
    violations.push(...staffConsole);
  } finally {
    await staff.close();
  }

  expect([...violations, ...consoleMessages]).toEqual([]);
});

// Headers do not depend on the screen.
test("built assets carry their own security headers", { tag: "@desktop" }, async ({ page, request }) => {
  await page.goto("/");
  const script = page.locator('script[type="module"][src^="/assets/"], link[rel="modulepreload"][href^="/assets/"]').first();
  const path = (await script.getAttribute("src")) ?? (await script.getAttribute("href"));
  for (const asset of [path!, "/favicon.svg"]) {
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()["x-content-type-options"], asset).toBe("nosniff");
    expect(response.headers()["content-security-policy"], asset).toContain("default-src 'none'");
  }
});
