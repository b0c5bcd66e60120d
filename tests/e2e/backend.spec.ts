import { expect, type Page, test } from "./test";

/**
 * Staff sign in through the back-office sign-in page with the seeded demo accounts and see the
 * menu groups of their role (docs/decisions/0006-staff-roles.md): desktop sidebar, phone drawer.
 */
const password = "Staff12345";
const everyGroup = [
  "dashboard",
  "products",
  "customize",
  "orders",
  "billings",
  "shipping-rates",
  "reports",
  "member",
  "home",
  "promotion",
  "product-gallery",
  "user-management",
  "settings",
];
const staff = [
  { email: "admin@pryde.test", role: "System Administrator", groups: everyGroup },
  { email: "executive@pryde.test", role: "Executive Administrator", groups: everyGroup },
  { email: "editor@pryde.test", role: "Editor", groups: ["dashboard", "orders", "billings", "member", "promotion"] },
  { email: "author@pryde.test", role: "Author", groups: ["dashboard", "products", "customize", "home", "product-gallery"] },
  { email: "user@pryde.test", role: "User", groups: ["dashboard"] },
];

async function signIn(page: Page, email: string, path = "/backend/login") {
  await page.goto(path);
  await page.getByLabel(/E-mail|อีเมล/).fill(email);
  await page.getByLabel(/Password|รหัสผ่าน/).fill(password);
  await page.getByTestId("staff-login-page").getByRole("button").last().click();
  await expect(page).toHaveURL(/\/backend\/dashboard$/);
  await expect(page.getByTestId("dashboard")).toBeVisible();
}

async function groupsIn(menu: ReturnType<Page["getByTestId"]>) {
  return menu.locator("[data-testid^=menu-group-]").evaluateAll((items) => items.map((item) => item.getAttribute("data-testid")!.slice("menu-group-".length)));
}

// The desktop sidebar.
test.describe("back office on desktop", { tag: "@desktop" }, () => {
  for (const member of staff) {
    test(`${member.role} sees exactly their menu groups`, async ({ page }) => {
      await signIn(page, member.email);
      const sidebar = page.getByTestId("backend-menu");
      await expect(sidebar).toBeVisible();
      expect(await groupsIn(sidebar)).toEqual(member.groups);
      await expect(page.getByTestId("backend-staff")).toContainText(member.role);
    });
  }

  test("the group of the current page is open and its entry marked; another group opens on click", async ({ page }) => {
    await signIn(page, "author@pryde.test");
    const sidebar = page.getByTestId("backend-menu");
    await sidebar.getByTestId("menu-group-products").locator("summary").click();
    await sidebar.getByRole("link", { name: "Inventory" }).click();
    await expect(page).toHaveURL(/\/backend\/products\/inventory$/);
    await expect(page.getByTestId("inventory-page")).toBeVisible();
    await expect(sidebar.getByRole("link", { name: "Inventory" })).toHaveAttribute("aria-current", "page");
    await expect(sidebar.getByTestId("menu-group-products").locator("details")).toHaveAttribute("open", "");
    await expect(page.getByTestId("breadcrumbs")).toContainText("Products");
  });

  test("a role is refused another group's page, however it is spelled, inside the frame with its own menu", async ({ page }) => {
    await signIn(page, "editor@pryde.test");
    // The upper-case spelling is a back-office page too: its strings load with it (the title, the menu's names).
    const response = await page.goto("/BACKEND/%75ser");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("error-page")).toContainText("403");
    await expect(page).toHaveTitle("403 Forbidden | Back office");
    await expect(page.getByTestId("backend-staff")).toContainText("Editor");
    expect(await groupsIn(page.getByTestId("backend-menu"))).toEqual(["dashboard", "orders", "billings", "member", "promotion"]);
    await expect(page.getByTestId("backend-menu")).toContainText("Billings");
    await page.getByTestId("error-page").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/backend\/dashboard$/);
  });

  test("Thai back office, storefront shows a dashboard icon and no cart, sign-out returns to the back-office sign-in", async ({ page }) => {
    await signIn(page, "editor@pryde.test", "/th/backend/login");
    await expect(page).toHaveURL(/\/th\/backend\/dashboard$/);
    await expect(page.getByTestId("backend-menu")).toContainText("คำสั่งซื้อ");
    await page.getByTestId("backend-storefront-link").click();
    await expect(page).toHaveURL(/\/th$/);
    await expect(page.getByTestId("dashboard-link")).toBeVisible();
    await expect(page.getByTestId("cart-link")).toHaveCount(0);
    await page.getByTestId("dashboard-link").click();
    await expect(page).toHaveURL(/\/th\/backend\/dashboard$/);
    // The shop's pages do not carry the back office's strings: entering it loads them with the page.
    await expect(page.getByTestId("backend-menu")).toContainText("คำสั่งซื้อ");
    await page.getByTestId("backend-logout").click();
    await expect(page).toHaveURL(/\/th\/backend\/login/);
  });

  test("staff signing out from the storefront land on a back-office sign-in page that speaks their language", async ({ page }) => {
    await signIn(page, "editor@pryde.test", "/th/backend/login");
    await page.getByTestId("backend-storefront-link").click();
    await expect(page).toHaveURL(/\/th$/);
    await page.goto("/th/logout");
    await page.getByTestId("logout-page").getByRole("button").first().click();
    await expect(page).toHaveURL(/\/th\/backend\/login/);
    await expect(page.getByLabel(/รหัสผ่าน/)).toBeVisible();
  });
});

// The phone drawer.
test.describe("back office on a phone", { tag: "@phone" }, () => {
  test("the menu opens as a drawer with the role's groups and closes after choosing a page", async ({ page }) => {
    await signIn(page, "editor@pryde.test");
    await expect(page.getByTestId("backend-sidebar")).toBeHidden();
    const drawer = page.getByTestId("backend-drawer");
    await expect(drawer).toBeHidden();
    await page.getByTestId("backend-menu-button").click();
    await expect(drawer).toBeVisible();
    // 300 px wide (spec §2 mobile drawer), measured once the slide-in has ended.
    await expect.poll(async () => (await drawer.boundingBox())?.width ?? Infinity).toBeLessThanOrEqual(300);
    expect(await groupsIn(drawer.getByTestId("backend-drawer-menu"))).toEqual(staff[2]!.groups);
    await drawer.getByRole("link", { name: "Member", exact: true }).click();
    await expect(page).toHaveURL(/\/backend\/member$/);
    await expect(drawer).toBeHidden();
    await expect(page.getByTestId("breadcrumbs")).toContainText("Members");
  });
});
