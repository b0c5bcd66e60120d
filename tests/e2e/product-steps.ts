import { expect, type Locator } from "./test";

/**
 * Chooses an option (a size, a colour) on a product page and waits until the page shows it. The URL
 * names the new option before the page does (the router commits the page when its loader data and
 * code are there); "Add to cart" waits for that page, and a test that only waited for the URL clicked
 * the button of the form being replaced: its confirmation never showed (a flaky phone test in CI).
 */
export async function chooseOption(pickers: Locator, code: string): Promise<void> {
  const option = pickers.locator(`[data-option="${code}"]`).first();
  await option.click();
  await expect(option).toHaveAttribute("data-selected", "true");
}
