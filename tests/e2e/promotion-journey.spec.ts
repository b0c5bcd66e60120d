import { fillBangkokAddress } from "./address-steps";
import { mailedText } from "./mailbox";
import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * Issue 16's journey: staff create, in Thai, a discount code for one product (10 % off the Canvas
 * Tote Bag, not combined with flash-sale prices) and a flash sale (one Everyday Pocket Tee variant
 * at ฿250 instead of ฿350); a guest shopping in English buys both and uses the code. The totals —
 * ฿540 of goods, ฿29 off the tote only, shipping, the total — agree on the cart, the checkout, the
 * order e-mail and the order page. Products no other journey buys, so the sale changes no one
 * else's prices.
 */
const saleSku = "PRY006-BLACK-L";
const salePriceSatang = 25_000;
const totePriceSatang = 29_000;
const discountSatang = 2_900;
const subtotalSatang = salePriceSatang + totePriceSatang;

const baht = (satang: number) => `฿${(satang / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
/** A moment as the back office's datetime-local fields take it (Bangkok, UTC+7, no DST). */
const bangkokLocal = (epochMs: number) => new Date(epochMs + 7 * 3_600_000).toISOString().slice(0, 16);
const satangOf = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, "")) * 100);

async function hydrated(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

/** Staff, in the Thai back office, create the code and the flash sale; returns the sale variant's id. */
async function staffCreatePromotions(browser: Browser, code: string): Promise<number> {
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsAdmin(staff, "/th");

  await staff.goto("/th/backend/promotion/code/form");
  const codeForm = staff.getByTestId("code-form");
  await codeForm.locator('input[name="code"]').fill(code);
  await codeForm.locator('input[name="type"][value="percent"]').check();
  await codeForm.locator('input[name="value"]').fill("10");
  await codeForm.locator('input[name="scope"][value="products"]').check();
  // The product list is in Thai on the Thai back office.
  await codeForm.locator('select[name="productIds"]').selectOption({ label: "กระเป๋าผ้าแคนวาส" });
  await staff.getByTestId("save").click();
  await expect(staff.getByTestId("snackbar")).toBeVisible();
  await expect(staff).toHaveURL(/\/th\/backend\/promotion\/code\/form\/\d+$/);
  await expect(staff.getByTestId("code-state")).toHaveText("ใช้งานอยู่");

  await staff.goto("/th/backend/promotion/flash-sale/form");
  const saleForm = staff.getByTestId("flash-sale-form");
  // Typed before hydration, the values could be lost when the variant search re-renders the form.
  await hydrated(staff, "flash-sale-form");
  await saleForm.locator('input[name="nameEn"]').fill("E2E pocket tee sale");
  await saleForm.locator('input[name="nameTh"]').fill("เซลเสื้อกระเป๋าหน้าอก E2E");
  await saleForm.locator('input[name="startsAt"]').fill(bangkokLocal(Date.now() - 10 * 60_000));
  await saleForm.locator('input[name="endsAt"]').fill(bangkokLocal(Date.now() + 2 * 86_400_000));
  const search = staff.getByTestId("variant-search");
  await search.locator('input[name="q"]').fill("เสื้อยืดกระเป๋าหน้าอก");
  await staff.getByTestId("variant-search-submit").click();
  const result = staff.getByTestId("variant-results").locator("li").filter({ hasText: saleSku });
  await expect(result).toHaveCount(1);
  const addButton = result.locator('[data-testid^="add-variant-"]');
  const variantId = Number((await addButton.getAttribute("data-testid"))!.replace("add-variant-", ""));
  await addButton.click();
  await expect(staff.getByTestId("sale-item")).toHaveCount(1);
  await saleForm.locator('input[name="items[0].salePrice"]').fill("250");
  await saleForm.locator('input[name="items[0].quantityCap"]').fill("20");
  await staff.getByTestId("save").click();
  await expect(staff.getByTestId("snackbar")).toBeVisible();
  await expect(staff).toHaveURL(/\/th\/backend\/promotion\/flash-sale\/form\/\d+$/);
  await expect(staff.getByTestId("sale-state")).toHaveText("กำลังลดราคา");
  await staffContext.close();
  return variantId;
}

test(
  "staff set up a product-scoped code and a flash sale in Thai; a shopper uses both in English, with the same totals everywhere",
  { tag: "@desktop" },
  async ({ browser, page }) => {
    test.setTimeout(60_000);
    const code = `E2E-TOTE-${Date.now().toString(36).toUpperCase()}`;

    const variantId = await staffCreatePromotions(browser, code);

    // ----- a guest shopper, in English: the tote, the tee at its sale price, the code at checkout -----
    await page.goto("/shop/canvas-tote-bag");
    await hydrated(page, "add-to-cart-form");
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();
    // The tote gave the shopper a session, so the tee's page is rendered now, never an anonymous 15-second copy.
    await page.goto(`/shop/everyday-pocket-tee?variant=${variantId}`);
    await hydrated(page, "add-to-cart-form");
    await expect(page.getByTestId("flash-sale-badge")).toBeVisible();
    await expect(page.getByTestId("product-price-block")).toContainText(baht(salePriceSatang));
    await expect(page.getByTestId("was-price")).toContainText("฿350.00");
    await expect(page.getByTestId("flash-sale-ends-timer")).toHaveAttribute("role", "timer");
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();

    // Cart: the sale line is marked, the goods come to ฿540.
    await page.goto("/cart");
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-line").filter({ has: page.getByTestId("cart-line-flash-sale") })).toHaveAttribute("data-variant-id", String(variantId));
    await expect(page.getByTestId("cart-subtotal")).toContainText(baht(subtotalSatang));

    // Checkout: the code takes 10 % off the tote only.
    await page.goto("/cart/checkout");
    const form = page.getByTestId("checkout-form");
    await hydrated(page, "checkout-form");
    await form.locator('input[name="codeInput"]').fill(code.toLowerCase());
    await page.getByTestId("apply-code").click();
    await expect(page.getByTestId("total-discount")).toContainText(baht(discountSatang));
    await expect(page.getByTestId("total-subtotal")).toContainText(baht(subtotalSatang));
    const email = `e2e-promo-${Date.now().toString(36)}@example.com`;
    await form.locator('input[name="email"]').fill(email);
    await fillBangkokAddress(form);
    await page.getByTestId("payment-transfer").check();
    await hydrated(page, "checkout-form");
    const shippingSatang = satangOf((await page.getByTestId("total-shipping").textContent()) ?? "");
    const totalSatang = subtotalSatang - discountSatang + shippingSatang;
    await expect(page.getByTestId("total-total")).toContainText(baht(totalSatang));
    await expect(page.getByTestId("total-discount")).toContainText(baht(discountSatang));

    await page.getByTestId("place-order").click();
    await expect(page).toHaveURL(/\/cart\/checkout\/PR\d{6}[0-9A-Z]{8}$/, { timeout: 15_000 });
    const orderNumber = new URL(page.url()).pathname.split("/").pop()!;

    // The order page.
    await expect(page.getByTestId("order-line")).toHaveCount(2);
    await expect(page.getByTestId("order-subtotal")).toContainText(baht(subtotalSatang));
    await expect(page.getByTestId("order-discount")).toContainText(baht(discountSatang));
    await expect(page.getByTestId("order-shipping")).toContainText(baht(shippingSatang));
    await expect(page.getByTestId("order-total")).toContainText(baht(totalSatang));

    // The e-mail.
    const mail = await mailedText(email, new RegExp(orderNumber));
    expect(mail).toMatch(new RegExp(`^1 × Everyday Pocket Tee .* — ${baht(salePriceSatang).replace(".", "\\.")}$`, "m"));
    expect(mail).toContain(`1 × Canvas Tote Bag`);
    expect(mail).toContain(`Subtotal: ${baht(subtotalSatang)}`);
    expect(mail).toContain(`Discount: −${baht(discountSatang)}`);
    expect(mail).toContain(`Shipping: ${baht(shippingSatang)}`);
    expect(mail).toContain(`Total: ${baht(totalSatang)}`);
  },
);
