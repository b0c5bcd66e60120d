import { expect, type Page, sameOriginFormHeaders } from "./test";

/**
 * Keys in a paid POS order for the demo customer on a page signed in as staff (`signInAsAdmin`):
 * the first variant in stock (or the `choice`-th), one unit (for a sponsor, with `sponsorId`). Returns its number once the order page shows it
 * with the "created" toast.
 *
 * The POS form itself is driven in backend-orders.spec.ts; the journeys that only need an order send
 * the form's own requests (its page, the member search, the save) through the context's request client,
 * which shares the page's cookies, and open only the order page the save leads to: loading and
 * hydrating the form, searching and saving in the browser was about a second of the run's CPU per
 * order (issue 15).
 */
export async function keyInPosOrderForDemoCustomer(page: Page, prefix = "", options: { sponsorId?: number; choice?: number } = {}): Promise<string> {
  const formPath = `${prefix}/backend/orders/fulfillment/form`;
  const headers = sameOriginFormHeaders();

  const formPage = await page.request.get(formPath);
  expect(formPage.status()).toBe(200);
  const variantSelect = /<select[^>]*name="lines\[0\]\.variantId"[^>]*>([\s\S]*?)<\/select>/.exec(await formPage.text())?.[1] ?? "";
  const inStock = [...variantSelect.matchAll(/<option([^>]*)>/g)].flatMap(([, attributes]) =>
    attributes!.includes("disabled") ? [] : [/value="(\d+)"/.exec(attributes!)?.[1]].filter((value) => value !== undefined),
  );
  // `choice`: the nth variant in stock (1 = the first). Specs that key in several orders choose apart, so one variant's stock lasts the run.
  const variantId = inStock[(options.choice ?? 1) - 1];
  expect(variantId, "a variant in stock on the POS form").toBeDefined();

  const search = await page.request.post(formPath, { form: { intent: "search-member", memberSearch: "customer@pryde.test" }, headers, maxRedirects: 0 });
  const customerId = /<input[^>]*name="customerId"[^>]*value="([1-9]\d*)"/.exec(await search.text())?.[1];
  expect(customerId, "the demo customer among the member search's choices").toBeDefined();

  const saved = await page.request.post(formPath, {
    form: {
      intent: "save",
      "lines[0].variantId": variantId!,
      "lines[0].quantity": "1",
      customerId: customerId!,
      sponsorId: options.sponsorId === undefined ? "" : String(options.sponsorId),
    },
    headers,
    maxRedirects: 0,
  });
  expect(saved.status(), await saved.text()).toBe(302);
  await page.goto(saved.headers().location!);
  await expect(page.getByTestId("snackbar")).toBeVisible();
  return (await page.locator("h1").textContent())!.match(/PR\d{6}[0-9A-Z]{8}/)![0];
}
