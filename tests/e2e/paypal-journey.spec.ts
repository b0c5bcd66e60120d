import { fillBangkokAddress } from "./address-steps";
import { chooseOption } from "./product-steps";
import { expect, test } from "./test";

/**
 * A guest buys with PayPal, end to end (issue 5 tests: "guest buys with PayPal (fake) → tracking
 * shows paid"), in English on the desktop and in Thai on the phone: add a tee → checkout with a Thai
 * address and PayPal → the order's payment page → the (fake) PayPal approve page → "Pay now" → back
 * on /cart/checkout/{orderNumber} with the thank-you view → its "track" link opens /tracking with
 * the order paid. Other specs use the same shop at the same time: the order is ours by the number in
 * the URL, and the tee (plenty of stock) is one no other spec buys.
 */
const journeys = [
  {
    project: "desktop",
    lang: "en",
    prefix: "",
    texts: {
      addToCart: "Add to cart",
      added: "Added to your cart",
      size: /^Size/,
      thanks: "Thank you for your order!",
      paid: "Paid",
      track: "Track this order",
    },
  },
  {
    project: "phone",
    lang: "th",
    prefix: "/th",
    texts: { addToCart: "ใส่ตะกร้า", added: "เพิ่มลงตะกร้าแล้ว", size: /^ไซซ์/, thanks: "ขอบคุณสำหรับคำสั่งซื้อ!", paid: "ชำระเงินแล้ว", track: "ติดตามคำสั่งซื้อนี้" },
  },
] as const;

for (const journey of journeys) {
  test(
    `(${journey.lang}) a guest pays with PayPal, sees the thank-you view and /tracking shows the order paid`,
    { tag: `@${journey.project}` },
    async ({ page }, testInfo) => {
      const { prefix, texts } = journey;

      await page.goto(`${prefix}/shop/muay-thai-spirit-tee`);
      await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      const sizes = page.getByTestId("attribute-picker").filter({ has: page.locator("legend", { hasText: texts.size }) });
      await chooseOption(sizes, "l");
      await expect(page).toHaveURL(/\?variant=\d+$/);
      await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await page.getByRole("button", { name: texts.addToCart }).click();
      await expect(page.getByTestId("snackbar")).toContainText(texts.added);

      await page.goto(`${prefix}/cart/checkout`);
      const form = page.getByTestId("checkout-form");
      await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await expect(page.getByTestId("checkout-line")).toHaveCount(1);
      await form.locator('input[name="email"]').fill(`paypal-${journey.lang}-${Date.now()}@example.com`);
      await fillBangkokAddress(form, { firstName: "Malee", lastName: "Rakdee", phone: "0898765432", address: "12 ซอยอารีย์" });
      await expect(page.getByTestId("zipcode")).toHaveValue("10330");
      await page.getByTestId("payment-paypal").check();
      await page.getByTestId("place-order").click();

      // The order's own page: its number is in the URL, and it waits for payment by PayPal.
      await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
      const orderNumber = new URL(page.url()).pathname.split("/").pop()!;
      await expect(page.getByTestId("order-payment")).toContainText(orderNumber);
      await expect(page.getByTestId("paypal-section")).toBeVisible();

      // PayPal (the local fake): approve and pay.
      await page.getByTestId("pay-paypal").click();
      await expect(page.getByTestId("fake-paypal-approve")).toBeVisible({ timeout: 15_000 });
      await page.getByTestId("fake-paypal-approve").click();

      // Back in the shop, captured: the thank-you view of this very order.
      await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/${orderNumber}$`), { timeout: 15_000 });
      await expect(page.getByTestId("thank-you")).toContainText(texts.thanks);
      await expect(page.getByTestId("order-status")).toHaveText(texts.paid);
      await expect(page.getByTestId("pay-section")).toHaveCount(0);
      await page.screenshot({ path: testInfo.outputPath(`paypal-thanks-${journey.lang}.png`), fullPage: true });

      // Its "track" link: /tracking shows the order paid (and nothing personal).
      await expect(page.getByTestId("thanks-track")).toHaveText(texts.track);
      await page.getByTestId("thanks-track").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/tracking\\?number=${orderNumber}$`));
      await expect(page.getByTestId("tracking-result")).toContainText(orderNumber);
      await expect(page.getByTestId("tracking-status")).toHaveAttribute("data-status", "paid");
      await expect(page.getByTestId("tracking-status")).toHaveText(texts.paid);
      await expect(page.getByTestId("tracking-step-paid")).toHaveAttribute("data-done", "true");
      await expect(page.getByTestId("tracking-page")).not.toContainText("Rakdee");
    },
  );
}
