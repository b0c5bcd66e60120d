import { chooseOption } from "./product-steps";
import { signInAsAdmin } from "./staff-session";
import { type Browser, type BrowserContextOptions, expect, type Page, test } from "./test";

/**
 * A customer pays by bank transfer and follows the parcel, end to end (issue 5 tests: "customer pays
 * by transfer with a slip → staff approve → ship with a tracking number → customer sees it in
 * purchases"), in English on a desktop and in Thai on a phone:
 * the demo customer signs in, adds a tee, checks out to the saved address by bank transfer, uploads
 * a slip → staff approve the slip, queue the order for packing and ship it with Kerry Express and a
 * tracking number → the customer's /my-purchase/{orderNumber} shows it shipped with the number and
 * the carrier's link.
 *
 * Both languages use the one demo customer and so the one cart: the two runs are serial, in the
 * desktop project (the Thai run opens its own phone-sized, touch context). Other specs may use the
 * shop meanwhile: the order is ours by the number in the URL.
 */
test.describe.configure({ mode: "serial" });

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
// The smallest PNG (1×1, transparent): the slip upload checks the content, not the name.
const slipPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

const journeys = [
  {
    lang: "en",
    prefix: "",
    device: undefined,
    texts: {
      email: "E-mail",
      password: /^Password/,
      signIn: /^Sign in$/,
      addToCart: "Add to cart",
      added: "Added to your cart",
      size: /^Size/,
      slipReview: "Checking your slip",
      approved: "The order is paid.",
      queued: "The order is queued for packing.",
      shipped: "The order is shipped.",
      carrier: "Kerry Express",
      shippedStatus: "Shipped",
    },
  },
  {
    lang: "th",
    prefix: "/th",
    device: phone,
    texts: {
      email: "อีเมล",
      password: /^รหัสผ่าน/,
      signIn: /^เข้าสู่ระบบ$/,
      addToCart: "ใส่ตะกร้า",
      added: "เพิ่มลงตะกร้าแล้ว",
      size: /^ไซซ์/,
      slipReview: "กำลังตรวจสอบสลิป",
      approved: "คำสั่งซื้อชำระเงินแล้ว",
      queued: "คำสั่งซื้อเข้าคิวแพ็กสินค้าแล้ว",
      shipped: "จัดส่งคำสั่งซื้อแล้ว",
      carrier: "เคอรี่ เอ็กซ์เพรส",
      shippedStatus: "จัดส่งแล้ว",
    },
  },
] as const;

type Journey = (typeof journeys)[number];

async function openPage(browser: Browser, device: BrowserContextOptions | undefined, fallback: Page): Promise<Page> {
  if (!device) return fallback;
  const context = await browser.newContext(device);
  return context.newPage();
}

/** Staff approve the slip, queue the order and ship it; returns the tracking number. */
async function staffShip(browser: Browser, journey: Journey, orderNumber: string): Promise<string> {
  const { prefix, texts } = journey;
  const context = await browser.newContext(journey.device ?? {});
  const page = await context.newPage();
  try {
    await signInAsAdmin(page, prefix);

    // Find the order by its number and open it.
    await page.goto(`${prefix}/backend/orders/fulfillment?q=${orderNumber}`);
    await page
      .getByTestId("order-row")
      .getByRole("link", { name: new RegExp(orderNumber) })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/backend/orders/fulfillment/\\d+$`));
    await expect(page.getByTestId("order-detail-page").locator("h1")).toContainText(orderNumber);
    await expect(page.getByTestId("order-detail-page").locator("[data-status]").first()).toHaveAttribute("data-status", "slip_review");
    await expect(page.getByTestId("payment-row").first()).toHaveAttribute("data-payment-status", "slip_submitted");
    await expect(page.getByTestId("slip-image")).toBeVisible();

    // Approve the slip → paid; queue for packing; ship with a carrier and a tracking number.
    await page.getByTestId("change-to-paid").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.approved);
    await page.getByTestId("change-to-awaiting_fulfilment").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.queued);
    const ship = page.getByTestId("action-fulfilment_done");
    await ship.getByRole("combobox").selectOption({ label: texts.carrier });
    const trackingNumber = `KEX${journey.lang.toUpperCase()}${Date.now().toString().slice(-8)}`;
    await ship.getByRole("textbox").first().fill(trackingNumber);
    await page.getByTestId("change-to-fulfilment_done").click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.shipped);
    await expect(page.getByTestId("shipment-row")).toContainText(trackingNumber);
    return trackingNumber;
  } finally {
    await context.close();
  }
}

for (const journey of journeys) {
  // Desktop project only: one run per language on the one demo customer; the Thai run opens a phone context.
  test(
    `(${journey.lang}) a customer pays by transfer with a slip, staff approve and ship, the customer sees the tracking number`,
    { tag: "@desktop" },
    async ({ page: desktopPage, browser }, testInfo) => {
      test.setTimeout(90_000);
      const { prefix, texts } = journey;
      const page = await openPage(browser, journey.device, desktopPage);
      try {
        // Sign in as the demo customer.
        await page.goto(`${prefix}/my-purchase`);
        await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
        const login = page.getByTestId("login-page");
        await login.getByLabel(texts.email).fill("customer@pryde.test");
        await login.getByLabel(texts.password).fill("Customer123");
        await login.getByRole("button", { name: texts.signIn }).click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/my-purchase$`));

        // A tee with plenty of stock, into the customer's cart.
        await page.goto(`${prefix}/shop/muay-thai-spirit-tee`);
        await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        const sizes = page.getByTestId("attribute-picker").filter({ has: page.locator("legend", { hasText: texts.size }) });
        await chooseOption(sizes, "m");
        await expect(page).toHaveURL(/\?variant=\d+$/);
        await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        await page.getByRole("button", { name: texts.addToCart }).click();
        await expect(page.getByTestId("snackbar")).toContainText(texts.added);

        // Checkout: the e-mail and the saved (default) address come from the account; bank transfer.
        await page.goto(`${prefix}/cart/checkout`);
        const form = page.getByTestId("checkout-form");
        await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
        await expect(form.locator('input[name="email"]')).toHaveValue("customer@pryde.test");
        await expect(page.getByTestId("saved-addresses").locator('input[name="addressChoice"]:checked')).not.toHaveValue("new");
        await page.getByTestId("payment-transfer").check();
        await page.getByTestId("place-order").click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
        const orderNumber = new URL(page.url()).pathname.split("/").pop()!;

        // Pay: the PromptPay QR for the amount, then the slip.
        await expect(page.getByTestId("transfer-section")).toBeVisible();
        await expect(page.getByTestId("promptpay-qr")).toBeVisible();
        await page.getByTestId("slip-form").locator('input[type="file"]').setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: slipPng });
        await page.getByTestId("upload-slip").click();
        await expect(page.getByTestId("slip-review")).toBeVisible({ timeout: 15_000 });
        await expect(page.getByTestId("order-status")).toHaveText(texts.slipReview);

        // Staff, in the back office.
        const trackingNumber = await staffShip(browser, journey, orderNumber);

        // The customer sees it shipped, with the number and the carrier's link.
        await page.goto(`${prefix}/my-purchase/${orderNumber}`);
        const detail = page.getByTestId("purchase-detail");
        await expect(detail).toHaveAttribute("data-order-number", orderNumber);
        await expect(detail.getByTestId("order-status")).toHaveAttribute("data-status", "fulfilment_done");
        await expect(detail.getByTestId("order-status")).toHaveText(texts.shippedStatus);
        const shipment = detail.getByTestId("shipment");
        await expect(shipment).toContainText(texts.carrier);
        await expect(shipment).toContainText(trackingNumber);
        await expect(shipment.getByTestId("tracking-link")).toHaveAttribute("href", `https://th.kerryexpress.com/en/track/?track=${trackingNumber}`);
        await page.screenshot({ path: testInfo.outputPath(`transfer-shipped-${journey.lang}.png`), fullPage: true });

        // And in the list of purchases.
        await page.goto(`${prefix}/my-purchase`);
        await expect(page.locator(`[data-testid="order-row"][data-order-number="${orderNumber}"]`).getByTestId("order-status")).toHaveAttribute(
          "data-status",
          "fulfilment_done",
        );
      } finally {
        if (page !== desktopPage) await page.context().close();
      }
    },
  );
}
