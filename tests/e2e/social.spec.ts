import { encodeFakeUser, type FakeUser } from "../fixtures/fake-oauth-provider";
import { expect, type Page, test } from "./test";

/**
 * Social sign-in through the real buttons (issue 3 item 4): the throw-away shop's providers point
 * at the local fake OAuth/OIDC provider (scripts/lib/local.ts, on 127.0.0.1 like the shop). The
 * browser really goes there and back; the test only picks who is "signed in at the provider" with a
 * cookie for the provider's host (cookies ignore ports), which the fake reads.
 * And the 401 page of spec §4: a countdown, sign-out, the sign-in page.
 */
function homeUrl(prefix: string): RegExp {
  return new RegExp(`^https?://[^/]+${prefix || "/"}$`);
}

async function atProvider(page: Page, cookie: { name: "fake_user"; user: FakeUser } | { name: "fake_deny"; value: string }) {
  const value = cookie.name === "fake_user" ? encodeFakeUser(cookie.user) : cookie.value;
  await page.context().addCookies([{ name: cookie.name, value, domain: "127.0.0.1", path: "/" }]);
}

const journeys = [
  {
    lang: "en",
    prefix: "",
    provider: "google",
    button: "Continue with Google",
    heading: "Accept the membership terms",
    accept: /I accept the/,
    create: "Create account",
    name: "Anan Wongsa",
  },
  {
    lang: "th",
    prefix: "/th",
    provider: "line",
    button: "เข้าสู่ระบบด้วย LINE",
    heading: "ยอมรับข้อกำหนดการเป็นสมาชิก",
    accept: /ฉันยอมรับ/,
    create: "สร้างบัญชี",
    name: "มาลี ศรีสุข",
  },
] as const;

for (const journey of journeys) {
  test(`(${journey.lang}) sign in with ${journey.provider}: new shopper accepts the terms and lands signed in; next time straight in`, async ({
    page,
  }, testInfo) => {
    const email = `e2e-social-${journey.lang}-${testInfo.project.name}-${Date.now()}@example.test`;
    const user: FakeUser = {
      sub: `sub-${journey.lang}-${testInfo.project.name}-${Date.now()}`,
      email,
      name: journey.name,
      ...(journey.provider === "google" ? { email_verified: true } : {}),
    };
    await atProvider(page, { name: "fake_user", user });

    await page.goto(`${journey.prefix}/login`);
    await page.getByTestId("login-page").getByRole("link", { name: journey.button }).click();

    const terms = page.getByTestId("social-terms-page");
    await expect(terms.getByRole("heading", { name: journey.heading })).toBeVisible();
    await expect(terms).toContainText(email);
    // On the phone run a tick right after the page loads occasionally leaves the box unticked
    // (seen once in ~6 runs, cause not found yet — see the issue note): tick until it shows.
    const accept = terms.getByLabel(journey.accept);
    await expect(async () => {
      await accept.check();
      await expect(accept).toBeChecked({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await terms.getByRole("button", { name: journey.create }).click();
    await expect(page).toHaveURL(homeUrl(journey.prefix));
    // Signed in: the sign-in page is no longer for us.
    await page.goto(`${journey.prefix}/login`);
    await expect(page).toHaveURL(homeUrl(journey.prefix));

    // Signed out and back through the same button: the linked identity signs in without the terms step.
    await page.goto(`${journey.prefix}/logout`);
    await page.getByTestId("logout-page").locator("form").getByRole("button").first().click();
    await expect(page).toHaveURL(homeUrl(journey.prefix));
    await page.goto(`${journey.prefix}/login`);
    await page.getByTestId("login-page").getByRole("link", { name: journey.button }).click();
    await expect(page).toHaveURL(homeUrl(journey.prefix));
    await page.goto(`${journey.prefix}/login`);
    await expect(page).toHaveURL(homeUrl(journey.prefix));
  });
}

test("(th) the demo shop's Facebook page: the shopper types who they are and allows; Cancel comes back with a message", async ({ page }, testInfo) => {
  const email = `e2e-facebook-${testInfo.project.name}-${Date.now()}@example.test`;
  await page.goto("/th/login");
  await page
    .getByTestId("login-page")
    .getByRole("link", { name: /Facebook/ })
    .click();
  await page.getByTestId("fake-oauth-cancel").click();
  await expect(page).toHaveURL(/\/th\/login\?social=denied$/);
  await expect(page.getByTestId("social-error")).toBeVisible();

  await page
    .getByTestId("login-page")
    .getByRole("link", { name: /Facebook/ })
    .click();
  await page.getByLabel("Name").fill("สมชาย ใจดี");
  await page.getByLabel("E-mail").fill(email);
  await page.getByTestId("fake-oauth-allow").click();
  const terms = page.getByTestId("social-terms-page");
  await expect(terms).toContainText(email);
  const accept = terms.getByLabel(/ฉันยอมรับ/);
  await expect(async () => {
    await accept.check();
    await expect(accept).toBeChecked({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await terms.getByRole("button", { name: "สร้างบัญชี" }).click();
  await expect(page).toHaveURL(homeUrl("/th"));
  await page.goto("/th/my-profile");
  await expect(page.getByText(email)).toBeVisible();
});

test("cancelling at the provider comes back to sign-in with a message", async ({ page }) => {
  await atProvider(page, { name: "fake_deny", value: "access_denied" });
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(/\/login\?social=denied$/);
  await expect(page.getByTestId("social-error")).toContainText("The sign-in was cancelled");
});

test("a 401 (the terms step after the sign-up expired) counts down 5 seconds, signs out and opens the sign-in page", async ({ page, context }, testInfo) => {
  await atProvider(page, {
    name: "fake_user",
    user: {
      sub: `sub-401-${testInfo.project.name}-${Date.now()}`,
      email: `e2e-401-${testInfo.project.name}-${Date.now()}@example.test`,
      email_verified: true,
      name: "Dao",
    },
  });
  await page.goto("/login");
  await page.getByRole("link", { name: "Continue with Google" }).click();
  const terms = page.getByTestId("social-terms-page");
  await expect(terms).toBeVisible();
  // The pending sign-up is gone (as after 15 minutes): the form no longer proves anybody.
  await context.clearCookies({ name: "pryde_social_signup" });
  await terms.getByLabel(/I accept the/).check();
  await terms.getByRole("button", { name: "Create account" }).click();

  const errorPage = page.getByTestId("error-page");
  await expect(errorPage).toContainText("401");
  await expect(errorPage).toContainText("Unauthorized");
  const countdown = page.getByTestId("unauthorized-countdown");
  await expect(countdown).toContainText(/in [1-5] seconds?\./);
  const started = Date.now();
  await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  expect(Date.now() - started).toBeGreaterThan(2_500);
  await expect(page.getByTestId("login-page")).toBeVisible();
});
