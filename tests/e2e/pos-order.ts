import { expect, type Page } from "./test";

/**
 * Keys in a paid POS order for the demo customer on a page signed in as staff (`signInAsAdmin`):
 * the first variant in stock (or the `choice`-th), one unit (for a sponsor, with `sponsorId`). Returns its number once the order page shows it
 * with the "created" toast. The POS form itself is driven in backend-orders.spec.ts.
 */
export async function keyInPosOrderForDemoCustomer(page: Page, prefix = "", options: { sponsorId?: number; choice?: number } = {}): Promise<string> {
  await page.goto(`${prefix}/backend/orders/fulfillment/form`);
  const product = page.getByTestId("pos-line").first().getByRole("combobox");
  // `choice`: the nth variant in stock (1 = the first). Specs that key in several orders choose apart, so one variant's stock lasts the run.
  await product.selectOption(
    (await product
      .locator("option:not([disabled])")
      .nth(options.choice ?? 1)
      .getAttribute("value"))!,
  );
  if (options.sponsorId !== undefined) await page.locator('select[name="sponsorId"]').selectOption(String(options.sponsorId));
  await page.locator('input[name="memberSearch"]').fill("customer@pryde.test");
  await page.getByTestId("member-search").click();
  await page
    .getByTestId("member-choices")
    .getByLabel(/customer@pryde\.test/)
    .check();
  await page.getByTestId("save").click();
  await expect(page.getByTestId("snackbar")).toBeVisible();
  return (await page.locator("h1").textContent())!.match(/PR\d{6}[0-9A-Z]{8}/)![0];
}
