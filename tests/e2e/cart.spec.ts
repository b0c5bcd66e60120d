import { chooseOption } from "./product-steps";
import { signInAsAdmin } from "./staff-session";
import { expect, test } from "./test";

/**
 * The buying path end to end, English on the desktop project, Thai on the phone: open a
 * product, choose a variant, add it to the cart up to its limit (the quantity cannot go past it),
 * change the quantity in the cart, remove the line — and the top-bar badge follows every step.
 * Every test is a new guest (its own session and cart), so the runs do not share state.
 */
const journeys = [
  {
    lang: "en",
    prefix: "",
    project: "desktop",
    texts: { addToCart: "Add to cart", added: "Added to your cart", capped: "Only 8 left — quantity set to 8", empty: "Your cart is empty", size: /^Size/ },
  },
  {
    lang: "th",
    prefix: "/th",
    project: "phone",
    texts: { addToCart: "ใส่ตะกร้า", added: "เพิ่มลงตะกร้าแล้ว", capped: "เหลือเพียง 8 ชิ้น — ปรับจำนวนเป็น 8 ชิ้นแล้ว", empty: "ตะกร้าของคุณยังว่างอยู่", size: /^ไซซ์/ },
  },
] as const;

for (const journey of journeys) {
  test(`${journey.lang}: choose a variant, add up to the limit, change the quantity, remove`, { tag: `@${journey.project}` }, async ({ page }) => {
    const { prefix, texts } = journey;
    // The demo flash-sale jersey: its size L may be bought 8 at most (the sale's cap, below the stock).
    await page.goto(`${prefix}/shop/futsal-training-jersey`);
    await expect(page.getByTestId("product-page")).toBeVisible();

    // Choose size L (a link to ?variant=… that works without JavaScript too).
    const sizes = page.getByTestId("attribute-picker").filter({ has: page.locator("legend", { hasText: texts.size }) });
    await sizes.locator('[data-option="l"]').click();
    await expect(page).toHaveURL(/\?variant=\d+$/);
    await expect(sizes.locator('[data-option="l"]')).toHaveAttribute("data-selected", "true");
    await expect(page.getByTestId("variant-sku")).toContainText("PRY015-NAVY-L");

    // With JavaScript the form stays on the page (before hydration it is a plain form that goes to the cart).
    await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    const quantity = page.getByTestId("add-quantity");
    const max = Number(await quantity.getAttribute("max"));
    expect(max).toBe(8);
    await expect(page.getByTestId("flash-sale-badge")).toBeVisible();

    // More than the limit: the browser refuses to send the form.
    await quantity.fill(String(max + 1));
    await page.getByRole("button", { name: texts.addToCart }).click();
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);

    // Exactly the limit: added, the page stays, the badge shows it.
    await quantity.fill(String(max));
    await page.getByRole("button", { name: texts.addToCart }).click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.added);
    await expect(page.getByTestId("cart-badge").first()).toHaveText(String(max));
    await expect(page).toHaveURL(/\/shop\/futsal-training-jersey/);

    // One more: capped at the limit.
    await quantity.fill("1");
    await page.getByRole("button", { name: texts.addToCart }).click();
    await expect(page.getByTestId("snackbar")).toContainText(texts.capped);
    await expect(page.getByTestId("cart-badge").first()).toHaveText(String(max));

    // The cart: at the limit the + button is disabled; − lowers the quantity and the badge.
    await page.getByTestId("cart-link").first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/cart$`));
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    await expect(line.getByTestId("quantity-input")).toHaveValue(String(max));
    await expect(line.getByTestId("increase")).toBeDisabled();
    await line.getByTestId("decrease").click();
    await expect(line.getByTestId("quantity-input")).toHaveValue(String(max - 1));
    await expect(page.getByTestId("cart-badge").first()).toHaveText(String(max - 1));
    await expect(line.getByTestId("increase")).toBeEnabled();

    // Typing a quantity updates it too.
    await line.getByTestId("quantity-input").fill("1");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("1");

    // + sends its own quantity through the − button's form.
    await line.getByTestId("increase").click();
    await expect(line.getByTestId("quantity-input")).toHaveValue("2");
    await expect(page.getByTestId("cart-badge").first()).toHaveText("2");

    // The picture is inside the name's one link: it opens the product page without loading a new document.
    await page.evaluate(() => Object.assign(window, { cartPageMarker: true }));
    await line.locator("img").click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop/futsal-training-jersey\\?variant=\\d+$`));
    expect(await page.evaluate(() => "cartPageMarker" in window)).toBe(true);
    await page.goBack();
    await expect(line.getByTestId("quantity-input")).toHaveValue("2");

    // Remove: the line goes, the cart is empty, no badge.
    await line.getByTestId("remove").click();
    await expect(page.getByTestId("cart-empty")).toContainText(texts.empty);
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
}

test("while another option's page loads, Add to cart waits for it (it would add the option shown before)", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/shop/classic-logo-tee");
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  // A first choice: the form renders live from then on (until then it is the server's HTML, whose sends wait for its code).
  await chooseOption(page.getByTestId("attribute-picker"), "m");
  // The next option's data held back, as on a slow connection.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await page.getByTestId("attribute-picker").locator('[data-option="l"]').first().click();
  await expect(page.getByTestId("add-to-cart")).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\?variant=\d+$/);
  await expect(page.getByTestId("attribute-picker").locator('[data-option="l"]').first()).toHaveAttribute("data-selected", "true");
  await expect(page.getByTestId("add-to-cart")).toBeEnabled();
  await page.unroute(/\.data(\?|$)/);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("snackbar")).toContainText("Added to your cart");
});

test("without JavaScript: adding goes to the cart with a message, and the cart's forms work", { tag: "@desktop" }, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop/classic-logo-tee");
  await page.getByTestId("attribute-picker").locator('[data-option="l"]').click();
  await page.getByTestId("add-quantity").fill("2");
  await page.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("snackbar")).toContainText("Added to your cart");
  await expect(page.getByTestId("cart-line").getByTestId("quantity-input")).toHaveValue("2");
  await expect(page.getByTestId("cart-badge").first()).toHaveText("2");
  await page.getByTestId("cart-line").getByTestId("decrease").click();
  await expect(page.getByTestId("cart-line").getByTestId("quantity-input")).toHaveValue("1");
  await page.getByTestId("cart-line").getByTestId("remove").click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await context.close();
});

/**
 * ADR 0011: staff raise a price in the back office while a shopper has the item in the cart → the
 * line says so (in the page's language), the checkout sends the shopper back until they press OK.
 * English on the desktop project, Thai on the phone project, each with its own product (the
 * projects share one shop).
 */
const priceJourneys = [
  {
    lang: "en",
    prefix: "",
    project: "desktop",
    productId: 2,
    slug: "bangkok-skyline-tee",
    texts: { up: /Price went up: was ฿450\.00, now ฿495\.00/, guard: "A price went up since you added the item", checkout: "Checkout" },
  },
  {
    lang: "th",
    prefix: "/th",
    project: "phone",
    productId: 4,
    slug: "tuk-tuk-graphic-tee",
    texts: { up: /ราคาเพิ่มขึ้น: เดิม ฿420\.00 ตอนนี้ ฿495\.00/, guard: "ราคาสินค้าเพิ่มขึ้นหลังจากที่คุณเพิ่มลงตะกร้า", checkout: "ชำระเงิน" },
  },
] as const;

for (const journey of priceJourneys) {
  test(
    `${journey.lang}: a price raised by staff is flagged in the cart and must be accepted before checkout`,
    { tag: `@${journey.project}` },
    async ({ page, browser }) => {
      test.setTimeout(90_000);
      const { prefix, texts } = journey;

      await page.goto(`${prefix}/shop/${journey.slug}`);
      await chooseOption(page.getByTestId("attribute-picker"), "m");
      await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await page.getByTestId("add-to-cart-form").getByRole("button").last().click();
      await expect(page.getByTestId("cart-badge").first()).toHaveText("1");

      // Staff (their own browser) raise every variant of the product to 495 Baht.
      const staff = await browser.newContext();
      const admin = await staff.newPage();
      await signInAsAdmin(admin);
      await admin.goto(`/backend/products/all-product/form/${journey.productId}`);
      const rows = admin.getByTestId("variant-row");
      for (let index = 0; index < (await rows.count()); index++)
        await rows
          .nth(index)
          .getByLabel(/^Price \(Baht\)/)
          .fill("495");
      await admin.getByTestId("save").click();
      await expect(admin.getByTestId("snackbar")).toContainText("Saved.");
      await staff.close();

      // The cart flags the line; showing it is not accepting it.
      await page.goto(`${prefix}/cart`);
      const line = page.getByTestId("cart-line");
      await expect(line).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
      await expect(line.getByTestId("cart-line-price-change")).toHaveAttribute("data-direction", "up");
      await expect(line.getByTestId("cart-line-price-change")).toContainText(texts.up);
      await expect(page.getByTestId("cart-price-notice")).toBeVisible();
      await page.getByTestId("checkout-link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/cart$`));
      await expect(page.getByTestId("snackbar")).toContainText(texts.guard);

      // OK: the notice goes (at once, then for good), and the checkout opens.
      // The notice goes at once (optimistic); the reload below must wait for the server to record it.
      const accepted = page.waitForResponse((response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes("/cart"));
      await page.getByTestId("accept-all-prices").click();
      await expect(page.getByTestId("cart-price-notice")).toHaveCount(0);
      expect((await accepted).status()).toBeLessThan(400);
      await expect(line.getByTestId("cart-line-price-change")).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("cart-line").getByTestId("cart-line-price-change")).toHaveCount(0);
      await page.getByTestId("checkout-link").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.checkout);
      await expect(page.getByTestId("checkout-form")).toBeVisible();
    },
  );
}
