import { chooseOption } from "./product-steps";
import { expect, type Page, test } from "./test";

/**
 * The buying forms on the form kit (issue 15), with and without JavaScript, in English and Thai: a
 * guest adds a tee, places the order with nothing filled in (the fields say what is missing, in the
 * page's language: the browser's own check is off, the schema decides), then with an address abroad
 * (without JavaScript the country's fields come with a round trip), lands on the order's payment
 * page and switches the payment method — which says so in the toast. All four on the desktop
 * project; Thai with JavaScript on the phone too (tags).
 */
const journeys = [
  {
    lang: "en",
    prefix: "",
    texts: { emailRequired: "E-mail is required", payment: "Choose a payment method.", methodChanged: "Payment method changed." },
  },
  {
    lang: "th",
    prefix: "/th",
    texts: { emailRequired: "กรุณากรอกอีเมล", payment: "กรุณาเลือกวิธีชำระเงิน", methodChanged: "เปลี่ยนวิธีชำระเงินแล้ว" },
  },
] as const;

async function hydrated(page: Page, testId: string, js: boolean) {
  if (js) await expect(page.getByTestId(testId)).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

for (const js of [true, false]) {
  for (const journey of journeys) {
    // Thai with JavaScript on both projects; the rest on the desktop.
    const tag = js && journey.lang === "th" ? [] : ["@desktop"];
    test(
      `${journey.lang}, ${js ? "with" : "without"} JavaScript: the checkout's messages, placing an order and the payment page's toast`,
      { tag },
      async ({ browser }, testInfo) => {
        test.setTimeout(90_000);
        const { prefix, texts } = journey;
        const context = await browser.newContext({ javaScriptEnabled: js });
        const page = await context.newPage();
        try {
          await page.goto(`${prefix}/shop/classic-logo-tee`);
          await chooseOption(page.getByTestId("attribute-picker"), "l");
          await expect(page).toHaveURL(/\?variant=\d+$/);
          await hydrated(page, "add-to-cart-form", js);
          await page.getByTestId("add-to-cart").click();
          if (js) await expect(page.getByTestId("cart-badge").first()).toHaveText("1");
          else await expect(page).toHaveURL(new RegExp(`${prefix}/cart$`));
          await expect(page.getByTestId("snackbar")).toBeVisible();

          await page.goto(`${prefix}/cart/checkout`);
          const form = page.getByTestId("checkout-form");
          await hydrated(page, "checkout-form", js);

          // Nothing filled in: each field says what is missing (nothing is placed).
          await page.getByTestId("place-order").click();
          await expect(form.getByTestId("error-email")).toHaveText(texts.emailRequired);
          await expect(form.getByTestId("error-payment")).toHaveText(texts.payment);
          await expect(form.getByTestId("error-firstName")).toBeVisible();
          await expect(form.locator('input[name="email"]')).toHaveAttribute("aria-invalid", "true");
          await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout$`));
          await page.screenshot({ path: testInfo.outputPath(`checkout-errors-${journey.lang}-${js ? "js" : "nojs"}.png`), fullPage: true });

          // An address abroad: without JavaScript its free-text fields come after "Show the choices".
          await page.getByTestId("country").selectOption("SG");
          if (!js) await form.locator('button[name="intent"][value="area"]').click();
          await expect(form.locator('input[name="city"]')).toBeVisible();
          await form.locator('input[name="email"]').fill(`forms-${testInfo.project.name}-${journey.lang}-${js ? "js" : "nojs"}@example.com`);
          await form.locator('input[name="firstName"]').fill("Wei");
          await form.locator('input[name="lastName"]').fill("Tan");
          await form.locator('input[name="phone"]').fill("+6591234567");
          await form.locator('input[name="address"]').fill("1 Raffles Place");
          await form.locator('input[name="city"]').fill("Singapore");
          await form.locator('input[name="zipcode"]').fill("048616");
          await page.getByTestId("payment-transfer").check();
          // The quote follows the destination (the international rate) before the order is placed at it.
          await page.getByTestId("update-totals").click();
          await expect(page.getByTestId("total-shipping")).toHaveText("฿650.00");
          await page.getByTestId("place-order").click();
          await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });

          // The payment page's forms: switching the method says so in the one toast.
          await page.getByTestId("switch-method").click();
          await expect(page.getByTestId("paypal-section")).toBeVisible();
          await expect(page.getByTestId("snackbar")).toContainText(texts.methodChanged);
        } finally {
          await context.close();
        }
      },
    );
  }
}
