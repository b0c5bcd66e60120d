import { keyInPosOrderForDemoCustomer } from "./pos-order";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * The customer's purchases, points and exchanges pages in a browser: the demo customer signs in,
 * sees the points ledger (seeded welcome bonus and gift) and the exchange page, in English on a
 * desktop and in Thai on a 390 px phone — and no page is wider than the screen. (Orders and exchange
 * requests themselves are covered by tests/integration/purchases.spec.ts and exchanges.spec.ts.)
 */
test.describe.configure({ mode: "serial" });

async function fitsTheScreen(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide on a ${clientWidth}px screen`).toBeLessThanOrEqual(clientWidth + 1);
}

const journeys = [
  {
    lang: "en",
    prefix: "",
    phone: false,
    texts: { email: "E-mail", password: /^Password/, signIn: /^Sign in$/, points: "Loyalty points", bonus: "Welcome bonus", exchanges: "Exchanges" },
  },
  {
    lang: "th",
    prefix: "/th",
    phone: true,
    texts: { email: "อีเมล", password: /^รหัสผ่าน/, signIn: /^เข้าสู่ระบบ$/, points: "คะแนนสะสม", bonus: "โบนัสต้อนรับสมาชิกใหม่", exchanges: "เปลี่ยนสินค้า" },
  },
] as const;

for (const { lang, prefix, phone, texts } of journeys) {
  // One run per language; the Thai one switches to a phone viewport.
  test(`(${lang}) purchases with the points ledger, and the exchange page`, { tag: "@desktop" }, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${prefix}/my-purchase`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
    const login = page.getByTestId("login-page");
    await login.getByLabel(texts.email).fill("customer@pryde.test");
    await login.getByLabel(texts.password).fill("Customer123");
    await login.getByRole("button", { name: texts.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/my-purchase$`));

    const points = page.getByTestId("points-section");
    await expect(points.getByRole("heading", { name: texts.points })).toBeVisible();
    await expect(points.getByTestId("points-balance")).toContainText(/\d/);
    await expect(points.getByTestId("points-entry").filter({ hasText: texts.bonus })).toBeVisible();
    await fitsTheScreen(page);

    await page.getByTestId("exchanges-link").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/exchange$`));
    await expect(page.getByRole("heading", { level: 1, name: texts.exchanges })).toBeVisible();
    await expect(page.getByTestId("exchangeable-lines")).toBeVisible();
    await fitsTheScreen(page);
  });
}

/**
 * Asking for a refund cannot be taken back, so it asks first: without JavaScript the page answers
 * with a confirm step (Thai, phone), with JavaScript a dialog (English, desktop); going back changes
 * nothing, saying yes sends the request and the toast says so. The order is a paid POS order staff
 * key in for the demo customer.
 */
// One run: it changes the demo customer's orders.
test("asking for a refund asks first, without JavaScript (th) and with it (en)", { tag: "@desktop" }, async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page);
  const orderNumber = await keyInPosOrderForDemoCustomer(page);

  for (const { lang, prefix, javaScriptEnabled } of [
    { lang: "th", prefix: "/th", javaScriptEnabled: false },
    { lang: "en", prefix: "", javaScriptEnabled: true },
  ] as const) {
    const journey = journeys.find((candidate) => candidate.lang === lang)!;
    const context = await browser.newContext({ javaScriptEnabled, viewport: lang === "th" ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
    const customer = await context.newPage();
    const orderPath = `${prefix}/my-purchase/${orderNumber}`;
    await customer.goto(`${prefix}/login?redirectTo=${encodeURIComponent(orderPath)}`);
    const login = customer.getByTestId("login-page");
    await login.getByLabel(journey.texts.email).fill("customer@pryde.test");
    await login.getByLabel(journey.texts.password).fill("Customer123");
    await login.getByRole("button", { name: journey.texts.signIn }).click();
    await expect(customer).toHaveURL(new RegExp(`${orderPath}$`));

    const ask = customer.getByTestId(javaScriptEnabled ? "confirm-dialog" : "confirm-step");
    if (javaScriptEnabled) await expect(customer.getByTestId("intent-request-refund")).toHaveAttribute("data-hydrated", "true");
    await customer.getByTestId("intent-request-refund").click();
    await expect(ask).toBeVisible();
    await expect(ask).toContainText(orderNumber);
    // Its words come in the page's language on a storefront page too (no raw message key).
    await expect(ask.getByTestId("confirm-no")).not.toHaveText(/confirm\./);
    await ask.getByTestId("confirm-no").click();
    await expect(ask).toBeHidden();
    await expect(customer.getByTestId("intent-request-refund")).toBeVisible();

    if (javaScriptEnabled) {
      // The Thai run went back; this one says yes.
      await customer.getByTestId("intent-request-refund").click();
      await ask.getByTestId("confirm-yes").click();
      await expect(customer.getByTestId("snackbar")).toBeVisible();
      await expect(customer.getByTestId("intent-request-refund")).toHaveCount(0);
    }
    await context.close();
  }
});
