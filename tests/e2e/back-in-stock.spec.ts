import { mailedLink } from "./mailbox";
import { signInAsAdmin } from "./staff-session";
import { expect, type Page, test } from "./test";

/**
 * Back-in-stock alerts end to end (issue 20), in English and Thai on both a desktop and a phone:
 * staff sell out a variant; a guest asks on its product page to be e-mailed (answered in place);
 * staff see the guest on the variant's waiting list and restock it; the shopper's mailbox has the
 * e-mail and its link opens the product, in stock, in the shopper's language.
 */
const products: Record<string, Record<string, { slug: string; name: string }>> = {
  desktop: { en: { slug: "cropped-hoodie", name: "Cropped Hoodie" }, th: { slug: "zip-up-hoodie", name: "Zip-Up Hoodie" } },
  phone: { en: { slug: "track-jacket", name: "Track Jacket" }, th: { slug: "lightweight-rain-jacket", name: "Lightweight Rain Jacket" } },
};

/** Staff (English back office) set the first variant of the product to `mode` `quantity`; its id. */
async function adjustFirstVariant(page: Page, name: string, mode: "set" | "add", quantity: number, variantId?: number): Promise<number> {
  if (variantId === undefined) {
    await page.goto(`/backend/products/inventory?q=${encodeURIComponent(name)}`);
    await page.getByTestId("inventory-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/backend\/products\/inventory\/\d+$/);
  } else {
    await page.goto(`/backend/products/inventory/${variantId}`);
  }
  const id = Number(/\/(\d+)$/.exec(new URL(page.url()).pathname)![1]);
  const form = page.getByTestId("adjust-form");
  await form.locator('select[name="mode"]').selectOption(mode);
  await form.locator('input[name="quantity"]').fill(String(quantity));
  await page.getByTestId("adjust-submit").click();
  await expect(page.getByTestId("current-stock").getByTestId("value")).toHaveText(mode === "set" ? String(quantity) : /\d+/);
  return id;
}

for (const locale of ["en", "th"] as const) {
  test(`a guest asks to be told when a sold-out size is back (${locale}), staff restock it, the e-mail's link opens the product`, async ({
    page,
    browser,
  }, info) => {
    test.setTimeout(90_000);
    const product = products[info.project.name]![locale]!;
    const prefix = locale === "th" ? "/th" : "";
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await signInAsAdmin(staff);
    const variantId = await adjustFirstVariant(staff, product.name, "set", 0);

    // The guest, on the sold-out size: the form with an e-mail field, answered in place.
    const email = `alert-${locale}-${info.project.name}-${Date.now().toString(36)}@example.test`;
    await page.goto(`${prefix}/shop/${product.slug}?variant=${variantId}`);
    const form = page.getByTestId("back-in-stock-form");
    await expect(form).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByTestId("stock-label")).toHaveAttribute("data-stock", "out-of-stock");
    await page.getByTestId("back-in-stock-email").fill("not an address");
    await page.getByTestId("back-in-stock-submit").click();
    await expect(page.getByTestId("back-in-stock-email")).toHaveAttribute("aria-invalid", "true");
    await page.getByTestId("back-in-stock-email").fill(email);
    await page.getByTestId("back-in-stock-submit").click();
    await expect(page.getByTestId("back-in-stock-done")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${prefix}/shop/${product.slug}\\?variant=${variantId}$`));

    // Staff see who waits, then restock.
    await staff.goto(`/backend/products/inventory/${variantId}`);
    await expect(staff.getByTestId("waiting-list").getByTestId("waiting-row").filter({ hasText: email })).toBeVisible();
    await adjustFirstVariant(staff, product.name, "add", 3, variantId);
    await expect(staff.getByTestId("waiting-list").getByTestId("waiting-row").filter({ hasText: email })).toHaveCount(0);
    await staffContext.close();

    // The mailbox: one link to the product in the shopper's language.
    const link = await mailedLink(email, new RegExp(`https?://\\S+${prefix}/shop/${product.slug}\\?variant=${variantId}`));
    expect(link).toBe(`${prefix}/shop/${product.slug}?variant=${variantId}`);
    // Visitors without a session share a page for up to PAGE_CACHE_SECONDS (15 s), so the sold-out copy may show a moment longer.
    await expect(async () => {
      await page.goto(link);
      await expect(page.getByTestId("stock-label")).not.toHaveAttribute("data-stock", "out-of-stock", { timeout: 1_000 });
    }).toPass({ timeout: 30_000, intervals: [2_000] });
    await expect(page.getByTestId("product-page")).toBeVisible();
    await expect(page.getByTestId("back-in-stock")).toHaveCount(0);
    await expect(page.locator("html")).toHaveAttribute("lang", locale);
  });
}
