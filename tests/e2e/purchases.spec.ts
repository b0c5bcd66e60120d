import { expect, test, type Page } from "@playwright/test";

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
