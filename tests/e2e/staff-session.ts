import { expect, type Page, sameOriginFormHeaders } from "./test";

/**
 * Signs a page's browser context in as the demo administrator through the staff sign-in form's own
 * POST — no sign-in page to load and hydrate first — and opens no page: the journeys' next step
 * opens their own (a dashboard they do not look at was one full page load per sign-in). Those that
 * start from the dashboard's menu open it themselves. The form itself is driven in accounts.spec.ts,
 * backend.spec.ts, backend-admin.spec.ts, backend-phone-fit.spec.ts and content-security-policy.spec.ts;
 * the other back-office journeys only need to be signed in.
 */
export async function signInAsAdmin(page: Page, prefix = ""): Promise<void> {
  const response = await page.request.post(`${prefix}/backend/login`, {
    form: { email: "admin@pryde.test", password: "Staff12345" },
    headers: sameOriginFormHeaders(),
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  // Where the form would land: the dashboard in that language.
  expect(response.headers().location).toMatch(new RegExp(`${prefix}/backend/dashboard$`));
}
