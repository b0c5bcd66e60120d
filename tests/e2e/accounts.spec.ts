import { expect, type Page, test } from "./test";

/**
 * Shopper accounts end to end, in both languages (English on the desktop project, Thai on the phone): register by e-mail → complete the account →
 * open the verification link from the mail (the e-mail API is a local fake; scripts/e2e.ts passes
 * its address) → sign out → sign in → sign out. And the staff sign-in landing on the dashboard.
 */
const emailApi = process.env.E2E_EMAIL_URL ?? "";
const password = "Blue-Elephant-7";

interface Mail {
  to: string[];
  subject: string;
  text: string;
}

async function verifyLinkFor(email: string): Promise<{ link: string; mail: Mail }> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${emailApi}/messages?to=${encodeURIComponent(email)}`);
        found = ((await response.json()) as { data: Mail[] }).data.at(-1);
        return found?.subject ?? null;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  const link = /https?:\/\/\S+\/verify\?token=[A-Za-z0-9_-]+/.exec(found!.text)?.[0];
  expect(link).toBeTruthy();
  return { link: link!, mail: found! };
}

/** Exactly the home page of the language ("/" or "/th"). */
function homeUrl(prefix: string): RegExp {
  return new RegExp(`^https?://[^/]+${prefix || "/"}$`);
}

async function signOut(page: Page, prefix: string, text: RegExp) {
  await page.goto(`${prefix}/logout`);
  await page.getByTestId("logout-page").getByRole("button", { name: text }).click();
  await expect(page).toHaveURL(homeUrl(prefix));
  await expect(page.getByTestId("logout-page")).toBeHidden();
}

const journeys = [
  {
    lang: "en",
    prefix: "",
    project: "desktop",
    texts: {
      register: "Register",
      terms: "membership terms",
      complete: "Create account",
      welcome: "Account created",
      verified: "Your e-mail is verified",
      subject: "Verify your e-mail for Pryde",
      signOut: /^Sign out$/,
      signIn: /^Sign in$/,
      emailLabel: "E-mail",
      passwordLabel: /^Password/,
      confirmLabel: "Confirm password",
      firstName: "First name",
      lastName: "Last name",
      accept: /I accept the/,
      badEmail: "E-mail is invalid",
      signedIn: "Signed in. Welcome back",
    },
  },
  {
    lang: "th",
    prefix: "/th",
    project: "phone",
    texts: {
      register: "สมัครสมาชิก",
      terms: "ข้อกำหนดการเป็นสมาชิก",
      complete: "สร้างบัญชี",
      welcome: "สร้างบัญชีเรียบร้อย",
      verified: "ยืนยันอีเมลเรียบร้อยแล้ว",
      subject: "ยืนยันอีเมลของคุณสำหรับ Pryde",
      signOut: /^ออกจากระบบ$/,
      signIn: /^เข้าสู่ระบบ$/,
      emailLabel: "อีเมล",
      passwordLabel: /^รหัสผ่าน/,
      confirmLabel: "ยืนยันรหัสผ่าน",
      firstName: "ชื่อ",
      lastName: "นามสกุล",
      accept: /ฉันยอมรับ/,
      badEmail: "อีเมลไม่ถูกต้อง",
      signedIn: "เข้าสู่ระบบแล้ว",
    },
  },
] as const;

for (const { lang, prefix, project, texts } of journeys) {
  test(`(${lang}) register by e-mail, verify from the mail, sign out, sign in, sign out`, { tag: `@${project}` }, async ({ page }, testInfo) => {
    // Five pages, two password hashes and a mail poll: near 30 s on a machine shared with other runs.
    test.setTimeout(60_000);
    const email = `e2e-${lang}-${testInfo.project.name}-${Date.now()}@example.test`;

    // Step 1: e-mail + terms; the button waits for both.
    await page.goto(`${prefix}/register`);
    const form = page.getByTestId("register-email-page");
    const submit = form.getByRole("button", { name: texts.register, exact: true });
    await form.getByLabel(texts.emailLabel).fill(email);
    await expect(submit).toBeDisabled();
    await form.getByRole("button", { name: texts.terms }).click();
    await expect(page.getByTestId("membership-terms-dialog")).toBeVisible();
    await page.getByTestId("membership-terms-dialog").getByRole("button").first().click();
    await expect(page.getByTestId("membership-terms-dialog")).toBeHidden();
    await form.getByRole("checkbox").check();
    await expect(submit).toBeEnabled();
    await submit.click();

    // Step 2: complete the account.
    await expect(page).toHaveURL(new RegExp(`${prefix}/register\\?u=`));
    const account = page.getByTestId("register-account-page");
    await account.getByLabel(texts.firstName, { exact: true }).fill("Mali");
    await account.getByLabel(texts.lastName, { exact: true }).fill("Srisuk");
    await account.getByLabel(texts.passwordLabel).first().fill(password);
    await account.getByLabel(texts.confirmLabel).fill(password);
    await account.getByRole("button", { name: texts.complete }).click();
    await expect(page).toHaveURL(homeUrl(prefix));
    await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: texts.welcome })).toBeVisible();

    // The verification mail, in the page's language, carries the link.
    const { link, mail } = await verifyLinkFor(email);
    expect(mail.subject).toBe(texts.subject);
    await page.goto(link);
    await expect(page.getByTestId("verify-success")).toContainText(texts.verified);

    await signOut(page, prefix, texts.signOut);

    // Sign in again.
    await page.goto(`${prefix}/login`);
    const login = page.getByTestId("login-page");
    await login.getByLabel(texts.emailLabel).fill(email);
    await login.getByLabel(texts.passwordLabel).fill(password);
    await login.getByRole("button", { name: texts.signIn }).click();
    await expect(page).toHaveURL(homeUrl(prefix));
    // Signed in: the sign-in page is no longer for us.
    await page.goto(`${prefix}/login`);
    await expect(page).toHaveURL(homeUrl(prefix));

    await signOut(page, prefix, texts.signOut);
    await page.goto(`${prefix}/login`);
    await expect(page.getByTestId("login-page")).toBeVisible();
  });
}

// Each language with and without JavaScript once, the four spread over both screens.
for (const { lang, prefix, texts } of journeys) {
  for (const javaScriptEnabled of [true, false]) {
    const screen = (lang === "en") === javaScriptEnabled ? "@desktop" : "@phone";
    test.describe(`(${lang}) sign-in ${javaScriptEnabled ? "with" : "without"} JavaScript`, { tag: screen }, () => {
      test.use({ javaScriptEnabled });

      test("an e-mail the server refuses is named under its field; the right password signs in with a toast", async ({ page }) => {
        await page.goto(`${prefix}/login`);
        const login = page.getByTestId("login-page");
        // The browser's own e-mail check lets this through; the schema does not.
        await login.getByLabel(texts.emailLabel).fill("customer@pryde");
        await login.getByLabel(texts.passwordLabel).fill("Customer123");
        await login.getByRole("button", { name: texts.signIn }).click();
        await expect(login.getByTestId("error-email")).toHaveText(texts.badEmail);
        await expect(login.getByLabel(texts.emailLabel)).toHaveAttribute("aria-invalid", "true");

        await login.getByLabel(texts.emailLabel).fill("customer@pryde.test");
        await login.getByLabel(texts.passwordLabel).fill("Customer123");
        await login.getByRole("button", { name: texts.signIn }).click();
        await expect(page).toHaveURL(homeUrl(prefix));
        await expect(page.getByTestId("snackbar")).toContainText(texts.signedIn);
      });
    });
  }
}

test("a wrong password shows the same message as an unknown account", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/login");
  const login = page.getByTestId("login-page");
  await login.getByLabel("E-mail").fill("nobody@example.test");
  await login.getByLabel(/^Password/).fill("Wrong-Password-1");
  await login.getByRole("button", { name: /^Sign in$/ }).click();
  await expect(page.getByTestId("form-error")).toHaveText("The e-mail or password is incorrect.");
});

test("staff sign in at /backend/login and land on /backend/dashboard", { tag: "@desktop" }, async ({ page }) => {
  await page.goto("/backend/login");
  const form = page.getByTestId("staff-login-page");
  await form.getByLabel("E-mail").fill("admin@pryde.test");
  await form.getByLabel(/^Password/).fill("Staff12345");
  await form.getByRole("button", { name: /^Sign in$/ }).click();
  await expect(page).toHaveURL(/\/backend\/dashboard$/);
});
