import { expect, type Page, sameOriginFormHeaders } from "./test";

/**
 * Signs a page's browser context in as a new customer of its own, through the registration form's
 * last POST (the one that creates the account and its session) — for journeys that change what an
 * account remembers (a tax-invoice buyer, addresses), so the shared demo customer stays as seeded for
 * every other spec. The registration form itself is driven in accounts.spec.ts. Returns the e-mail.
 */
export async function registerCustomer(page: Page, prefix = "", label = "shopper"): Promise<string> {
  const email = `e2e-${label}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  const response = await page.request.post(`${prefix}/register?u=${encodeURIComponent(email)}`, {
    form: {
      intent: "create",
      email,
      firstName: "Malee",
      lastName: "Sukjai",
      password: "Shopper-Pass-2024",
      confirmPassword: "Shopper-Pass-2024",
      acceptTerms: "on",
    },
    headers: sameOriginFormHeaders(),
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  // Land where the form would (the home page), which shows the welcome toast: the journey's next
  // page then has only its own.
  await page.goto(response.headers().location!);
  await expect(page.getByTestId("snackbar")).toBeVisible();
  return email;
}
