import { signInAsAdmin } from "./staff-session";
import { expect, type Page, sameOriginFormHeaders, test } from "./test";

/**
 * Back-office administration (issue 3 items 15 and 16): an administrator creates a staff user who
 * then signs in and sees only their role's menu; an administrator adjusts a member's points (with
 * and without JavaScript, in English and Thai).
 */
const adminEmail = "admin@pryde.test";
const staffPassword = "Staff12345";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/backend/login");
  await page.getByLabel(/E-mail|อีเมล/).fill(email);
  await page.getByLabel(/Password|รหัสผ่าน/).fill(password);
  await page.getByTestId("staff-login-page").getByRole("button").last().click();
  await expect(page).toHaveURL(/\/backend\/dashboard$/);
}

async function groupsIn(page: Page) {
  return page
    .getByTestId("backend-menu")
    .locator("[data-testid^=menu-group-]")
    .evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")!.slice("menu-group-".length)));
}

// The desktop sidebar.
test.describe("back-office administration", { tag: "@desktop" }, () => {
  test("an administrator creates an Editor, who signs in and sees only the Editor menu", async ({ page }) => {
    const email = `editor-${Date.now().toString(36)}@pryde.test`;
    const password = "Mango-Sticky-Rice-9";
    await signIn(page, adminEmail, staffPassword);
    await page.getByTestId("backend-menu").getByRole("link", { name: "User Management" }).click();
    await expect(page).toHaveURL(/\/backend\/user$/);

    await page.getByTestId("create-toggle").click();
    const form = page.getByTestId("create-form");
    await form.getByLabel("Full name").fill("Ploy Editor");
    await form.getByLabel("E-mail").fill(email);
    await form.getByLabel("Role").selectOption("3");
    await form.getByLabel("Password", { exact: true }).fill(password);
    await form.getByLabel("Confirm password").fill(password);
    await form.getByRole("button", { name: "Create staff user" }).click();
    await expect(page.getByTestId("snackbar")).toContainText("Ploy Editor can now sign in");
    await expect(page.getByTestId("staff-users")).toContainText(email);

    await page.getByTestId("backend-logout").click();
    await expect(page).toHaveURL(/\/backend\/login/);

    await signIn(page, email, password);
    await expect(page.getByTestId("backend-staff")).toContainText("Ploy Editor");
    await expect(page.getByTestId("backend-staff")).toContainText("Editor");
    expect(await groupsIn(page)).toEqual(["dashboard", "orders", "billings", "member", "promotion"]);
    const refused = await page.goto("/backend/user");
    expect(refused?.status()).toBe(403);
  });
});

// The points adjustment is the back-office form of the kit this spec keeps (forms brief item 5): with and
// without JavaScript, in English and Thai — a field message, nothing written, then saved with a toast.
for (const javaScriptEnabled of [true, false]) {
  for (const prefix of ["", "/th"] as const) {
    test(
      `an administrator adjusts a member's points ${javaScriptEnabled ? "with" : "without"} JavaScript (${prefix || "/en"})`,
      { tag: "@desktop" },
      async ({ browser }) => {
        const context = await browser.newContext({ javaScriptEnabled });
        const page = await context.newPage();
        await signInAsAdmin(page, prefix);
        await page.goto(`${prefix}/backend/member?q=customer%40pryde.test`);
        await page.getByTestId("member-row").first().getByRole("link").first().click();
        await expect(page).toHaveURL(new RegExp(`${prefix}/backend/member/detail/\\d+$`));
        await expect(page.getByTestId("breadcrumbs")).toContainText("Napat Srisuk");

        const form = page.getByTestId("adjust-form");
        const reason = `Kit ${javaScriptEnabled ? "js" : "html"} ${prefix || "en"} ${Date.now().toString(36)}`;
        // More than any balance: the field says so in the page's language, nothing is written.
        await form.locator('input[name="delta"]').fill("-999999");
        await form.locator('input[name="reason"]').fill(reason);
        await form.getByRole("button").click();
        await expect(page.getByTestId("error-delta")).toContainText(prefix ? "ติดลบ" : "below 0");
        await expect(form.locator('input[name="delta"]')).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByTestId("ledger-list")).not.toContainText(reason);

        await form.locator('input[name="delta"]').fill("25");
        await form.getByRole("button").click();
        await expect(page.getByTestId("snackbar")).toContainText(prefix ? "ปรับคะแนนแล้ว" : "Points adjusted");
        const row = page.getByTestId("ledger-row").filter({ hasText: reason });
        await expect(row.getByTestId("delta")).toHaveText("+25");
        await expect(row).toContainText("Kittipong Admin");
        // A done adjustment starts the form afresh.
        await expect(page.getByTestId("adjust-form").locator('input[name="reason"]')).toHaveValue("");
        await context.close();
      },
    );
  }
}

// A button-only form on Conform (the outbox mail's): a refusal shows in the page's language, and goes
// once a later action is done — Conform keeps the last reply's errors through the redirect that follows.
test("an outbox mail's refusal goes away once a later action on the page succeeds", { tag: "@desktop" }, async ({ page }) => {
  // A mail in the outbox, whatever ran before: a password reset asked for the demo customer.
  const asked = await page.request.post("/forgot-password", { form: { email: "customer@pryde.test" }, headers: sameOriginFormHeaders(), maxRedirects: 0 });
  expect(asked.status()).toBeLessThan(400);
  await signInAsAdmin(page);
  await page.goto("/backend/setting/outbox");
  await page.getByTestId("outbox-list-page").locator('a[href*="/setting/outbox/"]:not([href*="export"])').first().click();
  await expect(page).toHaveURL(/\/backend\/setting\/outbox\/\d+$/);
  // What a page left open across a release would post: an intent this one does not know.
  await page.getByTestId("outbox-send-copy").evaluate((button) => {
    const stale = button.cloneNode(true) as HTMLButtonElement;
    stale.value = "delete";
    stale.dataset.testid = "stale-action";
    button.insertAdjacentElement("afterend", stale);
  });
  await page.getByTestId("stale-action").click();
  await expect(page.getByTestId("form-error")).toContainText("This action is not known");
  await page.getByTestId("outbox-send-copy").click();
  await expect(page.getByTestId("snackbar")).toContainText("A copy of the e-mail is queued");
  await expect(page.getByTestId("form-error")).toHaveCount(0);
});
