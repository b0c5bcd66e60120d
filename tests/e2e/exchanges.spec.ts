import { keyInPosOrderForDemoCustomer } from "./pos-order";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Exchanges end to end (issue 5 items 9 and 13): staff key in a paid POS order for the demo customer,
 * queue and ship it; the customer asks to exchange its item on /exchange; staff find the request in
 * /backend/orders/exchanges and approve it; the customer sees "approved" on /exchange/{id}.
 * English on a desktop, Thai on a phone.
 */
const journeys = [
  {
    project: "desktop",
    prefix: "",
    texts: {
      created: "The POS order is created and paid.",
      queued: "The order is queued for packing.",
      shipped: "The order is shipped.",
      carrier: "Kerry Express",
      email: "E-mail",
      password: /^Password/,
      signIn: /^Sign in$/,
      choose: "Exchange this",
      submit: "Send request",
      requested: "Requested",
      approvedNotice: "The exchange is approved.",
      approved: "Approved",
    },
  },
  {
    project: "phone",
    prefix: "/th",
    texts: {
      created: "สร้างคำสั่งซื้อหน้าร้านและบันทึกการชำระเงินแล้ว",
      queued: "คำสั่งซื้อเข้าคิวแพ็กสินค้าแล้ว",
      shipped: "จัดส่งคำสั่งซื้อแล้ว",
      carrier: "เคอรี่ เอ็กซ์เพรส",
      email: "อีเมล",
      password: /^รหัสผ่าน/,
      signIn: /^เข้าสู่ระบบ$/,
      choose: "เปลี่ยนชิ้นนี้",
      submit: "ส่งคำขอ",
      requested: "ส่งคำขอแล้ว",
      approvedNotice: "อนุมัติการเปลี่ยนสินค้าแล้ว",
      approved: "อนุมัติแล้ว",
    },
  },
] as const;

async function fitsTheScreen(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth}px wide on a ${clientWidth}px screen`).toBeLessThanOrEqual(clientWidth + 1);
}

for (const { project, prefix, texts } of journeys) {
  test(`a customer asks to exchange a delivered item and staff approve it (${project})`, { tag: `@${project}` }, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await signInAsAdmin(page, prefix);

    // A paid POS order for the demo customer, queued and shipped (delivered: open to exchanges).
    const orderNumber = await keyInPosOrderForDemoCustomer(page, prefix);
    await expect(page.getByTestId("snackbar")).toContainText(texts.created);
    await page.getByTestId("change-to-awaiting_fulfilment").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.queued);
    const ship = page.getByTestId("action-fulfilment_done");
    await ship.getByRole("combobox").selectOption({ label: texts.carrier });
    await ship
      .getByRole("textbox")
      .first()
      .fill(`KEX${Date.now().toString().slice(-9)}`);
    await page.getByTestId("change-to-fulfilment_done").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.shipped);

    // The customer, in their own browser, asks for an exchange.
    const customerContext = await browser.newContext({ viewport: page.viewportSize()!, isMobile: project === "phone", hasTouch: project === "phone" });
    const customer = await customerContext.newPage();
    await customer.goto(`${prefix}/exchange`);
    await expect(customer).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
    const login = customer.getByTestId("login-page");
    await login.getByLabel(texts.email).fill("customer@pryde.test");
    await login.getByLabel(texts.password).fill("Customer123");
    await login.getByRole("button", { name: texts.signIn }).click();
    await expect(customer).toHaveURL(new RegExp(`${prefix}/exchange$`));
    await customer.getByTestId("exchangeable-line").filter({ hasText: orderNumber }).getByRole("link", { name: texts.choose }).click();
    const form = customer.getByTestId("exchange-form");
    await expect(form).toBeVisible();
    await form.locator('select[name="reason"]').selectOption("wrong_size");
    await form.locator('textarea[name="note"], input[name="note"]').fill("e2e: one size up please");
    await form.getByRole("button", { name: texts.submit }).click();
    await expect(customer).toHaveURL(new RegExp(`${prefix}/exchange/\\d+$`));
    const exchangeId = customer.url().match(/\/exchange\/(\d+)$/)![1];
    await expect(customer.getByTestId("exchange-status").first()).toHaveText(texts.requested);

    // Staff find it in the back office and approve it.
    await page.goto(`${prefix}/backend/orders/exchanges?status=requested`);
    await fitsTheScreen(page);
    await page.getByTestId("list-search-input").fill(orderNumber);
    await page.getByTestId("list-search-submit").click();
    // The search's own page first: the list before it may also hold one row, and a click on it while the
    // search loads was overtaken by the search's navigation (the page ended on the search, not the exchange).
    await expect(page).toHaveURL(new RegExp(`[?&]q=${orderNumber}`));
    await expect(page.getByTestId("exchange-row")).toHaveCount(1);
    await page.getByTestId("exchange-row").getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/backend/orders/exchanges/${exchangeId}$`));
    await expect(page.getByTestId("exchange-request")).toContainText("e2e: one size up please");
    await fitsTheScreen(page);
    await page.getByTestId("exchange-do-approve").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.approvedNotice);
    await expect(page.getByTestId("exchange-step-ship")).toBeVisible();

    // The customer sees it approved.
    await customer.reload();
    await expect(customer.getByTestId("exchange-status").first()).toHaveText(texts.approved);
    await fitsTheScreen(customer);
    await customerContext.close();
  });
}
