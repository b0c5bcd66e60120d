import { fillBangkokAddress } from "./address-steps";
import { holdRequests } from "./hold-requests";
import { chooseOption } from "./product-steps";
import { expect, test } from "./test";

/**
 * Checkout end to end, English on the desktop project, Thai on the phone: a guest adds a tee,
 * opens the checkout, fills a Thai address with the province → district → subdistrict pickers
 * (the zipcode follows), tries an expired code, chooses bank transfer and express delivery (the
 * totals follow at once) and places the order — and
 * lands on the order's payment page /cart/checkout/{orderNumber} (that page is another screen).
 */
const journeys = [
  {
    lang: "en",
    prefix: "",
    project: "desktop",
    texts: {
      addToCart: "Add to cart",
      added: "Added to your cart",
      place: "Place order",
      transfer: "Bank transfer / PromptPay",
      expired: "This code has expired.",
      apply: "Apply",
      size: /^Size/,
    },
  },
  {
    lang: "th",
    prefix: "/th",
    project: "phone",
    texts: {
      addToCart: "ใส่ตะกร้า",
      added: "เพิ่มลงตะกร้าแล้ว",
      place: "ยืนยันคำสั่งซื้อ",
      transfer: "โอนเงินผ่านธนาคาร / พร้อมเพย์",
      expired: "โค้ดนี้หมดอายุแล้ว",
      apply: "ใช้โค้ด",
      size: /^ไซซ์/,
    },
  },
] as const;

for (const journey of journeys) {
  test(`${journey.lang}: a guest checks out with a Thai address and bank transfer`, { tag: `@${journey.project}` }, async ({ page }, testInfo) => {
    const { prefix, texts } = journey;
    await page.goto(`${prefix}/shop/classic-logo-tee`);
    await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    const sizes = page.getByTestId("attribute-picker").filter({ has: page.locator("legend", { hasText: texts.size }) });
    await chooseOption(sizes, "m");
    await expect(page).toHaveURL(/\?variant=\d+$/);
    await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await page.getByRole("button", { name: texts.addToCart }).click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.added);

    // The form's schema (Zod, Conform's adapter) loads when the form is first touched, not with the page.
    const schemaCode: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (/\/assets\/(checkout-schemas|schemas|v4)-[\w-]+\.js$/.test(path)) schemaCode.push(path);
    });
    await page.goto(`${prefix}/cart/checkout`);
    const form = page.getByTestId("checkout-form");
    await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(page.getByTestId("checkout-line")).toHaveCount(1);
    expect(schemaCode).toEqual([]);

    // A field left before the schema has arrived (a slow network) is checked as soon as it has.
    const releaseSchema = await holdRequests(page, /\/assets\/checkout-schemas-[\w-]+\.js$/);
    const email = form.locator('input[name="email"]');
    await email.fill("not-an-e-mail");
    await email.blur();
    await expect(form.getByTestId("error-email")).toHaveCount(0);
    releaseSchema();
    await expect(form.getByTestId("error-email")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    // An expired code is refused with the spec's message (and nothing else changes).
    await form.locator('input[name="codeInput"]').fill("songkran50");
    await page.getByTestId("apply-code").click();
    await expect(page.getByTestId("code-message")).toHaveText(texts.expired);
    await expect(form).toHaveAttribute("data-hydrated", "true");
    expect(schemaCode.length).toBeGreaterThan(0);

    await form.locator('input[name="email"]').fill(`e2e-${testInfo.project.name}-${journey.lang}@example.com`);
    await fillBangkokAddress(form, { firstName: "Somchai", lastName: "Jaidee", phone: "0812345678", address: "99/1 ถนนพระราม 4" });
    await expect(page.getByTestId("zipcode")).toHaveValue("10330");
    await page.getByText(texts.transfer).click();
    // Express re-quotes at once: its rate (฿100 under 1 kg) is in the total the order is placed at.
    await page.getByTestId("method-express").click();
    await expect(page.getByTestId("total-shipping")).toHaveText("฿100.00");
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await page.screenshot({ path: testInfo.outputPath(`checkout-${journey.lang}.png`), fullPage: true });

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
    // The order left the cart: the badge is gone.
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
}
