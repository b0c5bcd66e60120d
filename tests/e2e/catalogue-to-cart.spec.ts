import catalogAdminEn from "../../app/i18n/locales/en/catalog-admin";
import shopEn from "../../app/i18n/locales/en/shop";
import catalogAdminTh from "../../app/i18n/locales/th/catalog-admin";
import shopTh from "../../app/i18n/locales/th/shop";
import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Page, test } from "./test";

/**
 * Issue 4's whole path, in each language: staff publish a product with two variants in the back
 * office → it is listed in /shop and found by a Thai search → a shopper adds it to the cart up to
 * the stock limit → changes the quantity → removes it. English runs on the desktop project, Thai
 * on the phone project; the texts come from the locale files, so a changed label moves both.
 */
const journeys = [
  { lang: "en", prefix: "", project: "desktop", admin: catalogAdminEn, shop: shopEn },
  { lang: "th", prefix: "/th", project: "phone", admin: catalogAdminTh, shop: shopTh },
] as const;

type Journey = (typeof journeys)[number];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Creates a published T-shirt with Black/M (stock 3) and White/L (stock 2); returns its names. */
async function publishProduct(page: Page, journey: Journey, stamp: string) {
  const { prefix, admin } = journey;
  const fields = admin.fields;
  const names = { en: `Relay Baton Tee ${stamp}`, th: `เสื้อวิ่งผลัดไม้ต่อ ${stamp}` };
  await signInAsAdmin(page, prefix);
  await page.goto(`${prefix}/backend/products/all-product/form`);
  const form = page.getByTestId("product-form");
  await form.getByLabel(fields.nameEn).fill(names.en);
  await form.getByLabel(fields.nameTh).fill(names.th);
  await form.getByLabel(fields.sku, { exact: true }).first().fill(`RBT-${stamp}`);
  await form.getByLabel(fields.categoryId).selectOption("1");
  await form.getByLabel(fields.statusId).selectOption("1");
  await form.getByLabel(fields.kind).selectOption("variation");
  await form.getByLabel(fields.productTypeId).selectOption("1");
  // With JavaScript the row shows the type's options at once (the redraw button is only there without it).
  await expect(form.getByTestId("variant-row")).toHaveCount(1);
  await expect(
    form
      .getByTestId("variant-row")
      .first()
      .getByLabel(journey.lang === "th" ? "สี" : "Colour"),
  ).toBeVisible();
  await form.getByTestId("add-variant").click();
  await expect(form.getByTestId("variant-row")).toHaveCount(2);

  const colour = journey.lang === "th" ? "สี" : "Colour";
  const size = journey.lang === "th" ? "ไซซ์" : "Size";
  const rows = [
    { colour: journey.lang === "th" ? "ดำ" : "Black", size: "M", sku: `RBT-${stamp}-BLK-M`, price: "450", stock: "3" },
    { colour: journey.lang === "th" ? "ขาว" : "White", size: "L", sku: `RBT-${stamp}-WHT-L`, price: "470", stock: "2" },
  ];
  for (const [index, row] of rows.entries()) {
    const variant = form.getByTestId("variant-row").nth(index);
    await variant.getByLabel(colour).selectOption({ label: row.colour });
    await variant.getByLabel(size).selectOption({ label: row.size });
    // The kit's labels may carry "(optional)": a label that starts with the field's name.
    await variant.getByLabel(new RegExp(`^${escape(fields.sku)}`)).fill(row.sku);
    await variant.getByLabel(new RegExp(`^${escape(fields.price)}`)).fill(row.price);
    await variant.getByLabel(new RegExp(`^${escape(fields.stock)}`)).fill(row.stock);
  }
  await form.getByTestId("save").click();
  // Saved: the product's own form, saying so in the toast.
  await expect(page).toHaveURL(new RegExp(`${prefix}/backend/products/all-product/form/\\d+$`));
  await expect(page.getByTestId("snackbar")).toContainText(admin.actions.created);
  return names;
}

async function shopperBuys(browser: Browser, journey: Journey, names: { en: string; th: string }, isMobile: boolean) {
  const { prefix, shop } = journey;
  // A separate guest: staff have no cart (spec §6).
  const context = await browser.newContext(isMobile ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } : {});
  const page = await context.newPage();
  const name = journey.lang === "th" ? names.th : names.en;

  // Listed in the shop (newest first) …
  await page.goto(`${prefix}/shop`);
  await expect(page.getByRole("link", { name })).toBeVisible();
  // … and found by a Thai word inside its Thai name (no spaces between Thai words).
  await page.goto(`${prefix}/shop?search=${encodeURIComponent("วิ่งผลัด")}`);
  const found = page.getByRole("link", { name: journey.lang === "th" ? names.th : names.en });
  await expect(found).toBeVisible();
  await found.click();
  await expect(page.getByTestId("product-page")).toBeVisible();

  // Black / M has 3 in stock: choose it, then add the limit; one more is capped.
  await page.getByTestId("attribute-picker").locator('[data-option="m"]').click();
  await expect(page.getByTestId("variant-sku")).toContainText("BLK-M");
  await expect(page.getByTestId("add-to-cart-form")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  const quantity = page.getByTestId("add-quantity");
  await expect(quantity).toHaveAttribute("max", "3");
  await quantity.fill("3");
  await page.getByRole("button", { name: shop.product.addToCart }).click();
  await expect(page.getByTestId("cart-badge").first()).toHaveText("3");
  await quantity.fill("1");
  await page.getByRole("button", { name: shop.product.addToCart }).click();
  await expect(page.getByTestId("snackbar").last()).toContainText(shop.flash.addedCapped.replaceAll("{{count}}", "3"));
  await expect(page.getByTestId("cart-badge").first()).toHaveText("3");

  // The cart: at the limit, then one less, then removed.
  await page.goto(`${prefix}/cart`);
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line).toContainText(name);
  await expect(line).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await expect(line.getByTestId("quantity-input")).toHaveValue("3");
  await expect(line.getByTestId("increase")).toBeDisabled();
  await line.getByTestId("decrease").click();
  await expect(line.getByTestId("quantity-input")).toHaveValue("2");
  await expect(page.getByTestId("cart-badge").first()).toHaveText("2");
  await line.getByTestId("remove").click();
  await expect(page.getByTestId("cart-empty")).toBeVisible();
  await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  await context.close();
}

for (const journey of journeys) {
  test(
    `${journey.lang}: staff publish a two-variant product, shoppers find it (Thai search) and buy up to its stock`,
    { tag: `@${journey.project}` },
    async ({ page, browser, isMobile }) => {
      test.setTimeout(120_000);
      const stamp = `${journey.lang.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
      const names = await publishProduct(page, journey, stamp);
      await shopperBuys(browser, journey, names, isMobile);
    },
  );
}
