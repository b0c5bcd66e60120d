import { expect, type Page, test } from "./test";

/**
 * Signs a page's browser context in as the demo administrator through the staff sign-in form's own
 * POST — no sign-in page to load and hydrate first — and opens the dashboard in that language, where
 * a form sign-in would land. The form itself is driven in accounts.spec.ts, backend.spec.ts,
 * backend-admin.spec.ts, backend-phone-fit.spec.ts and content-security-policy.spec.ts; the other
 * back-office journeys only need to be signed in.
 */
export async function signInAsAdmin(page: Page, prefix = ""): Promise<void> {
  const baseURL = test.info().project.use.baseURL!;
  const response = await page.request.post(`${prefix}/backend/login`, {
    form: { email: "admin@pryde.test", password: "Staff12345" },
    // React Router refuses a form POST from another origin.
    headers: { origin: new URL(baseURL).origin },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  expect(response.headers().location).toMatch(/\/backend\/dashboard$/);
  await page.goto(`${prefix}/backend/dashboard`);
  await expect(page).toHaveURL(new RegExp(`${prefix}/backend/dashboard$`));
}
