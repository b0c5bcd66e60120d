import { expect, test, type Page } from "@playwright/test";

/**
 * Back-office administration (issue 3 items 15 and 16): an administrator creates a staff user who
 * then signs in and sees only their role's menu; an administrator adjusts a member's points.
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

  test("an administrator opens a member and adjusts their points", async ({ page }) => {
    await signIn(page, adminEmail, staffPassword);
    await page.goto("/backend/member");
    await page.getByRole("searchbox").fill("customer@pryde.test");
    await page.getByTestId("list-search-submit").click();
    await expect(page).toHaveURL(/\/backend\/member\?q=customer%40pryde\.test/);
    await page.getByTestId("member-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/backend\/member\/detail\/\d+$/);
    await expect(page.getByTestId("breadcrumbs")).toContainText("Napat Srisuk");

    const balance = page.getByTestId("points-balance").getByTestId("value");
    const before = Number((await balance.innerText()).replace(/,/g, ""));
    const form = page.getByTestId("adjust-form");

    // More than the balance: a message, nothing changes.
    await form.getByLabel(/Points/).fill(`-${before + 1}`);
    await form.getByLabel("Reason").fill("Too much");
    await form.getByRole("button", { name: "Adjust points" }).click();
    await expect(page.getByTestId("error-delta")).toContainText("below 0");
    await expect(balance).toHaveText(new Intl.NumberFormat("en-GB").format(before));

    await form.getByLabel(/Points/).fill("25");
    await form.getByLabel("Reason").fill("Birthday gift");
    await form.getByRole("button", { name: "Adjust points" }).click();
    await expect(page.getByTestId("notice")).toContainText("Points adjusted");
    await expect(balance).toHaveText(new Intl.NumberFormat("en-GB").format(before + 25));
    await expect(page.getByTestId("ledger-list")).toContainText("Birthday gift");
    await expect(page.getByTestId("ledger-list")).toContainText("Kittipong Admin");
  });
});
