import { expect, test } from "@playwright/test";

test.describe("membership terms dialog", () => {
  for (const [path, project, opener, title, retention] of [
    ["/shop", "desktop", "Membership terms", "Membership terms", "6 months"],
    ["/th/shop", "phone", "ข้อกำหนดการเป็นสมาชิก", "ข้อกำหนดการเป็นสมาชิก", "6 เดือน"],
  ] as const) {
    test(`opens from the footer on ${path}, stays open on Escape and closes with its button`, { tag: `@${project}` }, async ({ page }) => {
      await page.goto(path);
      await page.getByTestId("footer").getByRole("button", { name: opener }).click();
      const dialog = page.getByTestId("membership-terms-dialog");
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      await expect(dialog).toContainText(retention);
      await expect(dialog).toContainText("72");
      const box = await dialog.boundingBox();
      expect(box?.width ?? 0).toBeLessThanOrEqual(800);

      await page.keyboard.press("Escape");
      await expect(dialog).toBeVisible();
      await dialog
        .getByRole("button", { name: /Close|ปิด/ })
        .first()
        .click();
      await expect(dialog).toBeHidden();
    });
  }
});

test.describe("search dialog", () => {
  // Its width limit means something on a wide screen.
  test("searches the shop from the top bar and resets to page 1", { tag: "@desktop" }, async ({ page }) => {
    await page.goto("/th/shop?page=2");
    await page.getByTestId("top-bar").getByRole("button", { name: "ค้นหา" }).click();
    const dialog = page.getByTestId("search-dialog");
    await expect(dialog).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(500);
    await dialog.getByRole("combobox").fill("jersey");
    await dialog.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/th\/shop\?search=jersey$/);
    await expect(page.getByTestId("product-card").first()).toBeVisible();
  });
});

test.describe("scroll to top", () => {
  test("appears after scrolling more than 150 px and takes the shopper back up", async ({ page }) => {
    await page.goto("/shop");
    const button = page.getByTestId("scroll-to-top");
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 600));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});
