import { expect, test } from "@playwright/test";

/**
 * Every back-office page fits a phone: nothing pushes the page wider than the screen (a wide table
 * scrolls inside its own box). A page wider than the viewport makes the phone zoom out and the
 * whole back office unreadable, which is easy to break with one long word or a fixed-width input.
 */
const pages = [
  "/th/backend/dashboard",
  "/th/backend/user",
  "/th/backend/member",
  "/th/backend/products/all-product",
  "/th/backend/products/all-product/form",
  "/th/backend/products/type",
  "/th/backend/products/type/form",
  "/th/backend/products/attribute",
  "/th/backend/products/attribute/form",
  "/th/backend/products/category",
  "/th/backend/products/category/form",
  "/th/backend/products/inventory",
  "/th/backend/product-gallery",
  "/th/backend/home/content-area",
  "/th/backend/home/activities",
  "/th/backend/home/activities/form",
  "/th/backend/home/collections",
  "/th/backend/home/collections/form",
  "/th/backend/home/size-guide",
  "/th/backend/home/size-guide/create",
  "/th/backend/Policy",
  "/th/backend/setting",
  "/th/backend/setting/outbox",
  "/th/backend/orders/exchanges",
  "/th/backend/orders/fulfillment/custom-form",
  "/th/backend/orders/fulfillment/custom-form?filter=all",
  "/th/backend/customizes",
  "/th/backend/customizes/form",
  "/th/backend/customizes/form/1",
  "/th/backend/customizes/form/1/11",
  "/th/backend/customizes/form/1/11/form/111",
  "/th/backend/banner",
  "/th/backend/orders/preset-image",
  "/th/backend/orders/preset-image/form?id=1",
];

test("every back-office page fits a phone screen in Thai", { tag: "@phone" }, async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/th/backend/login");
  await page.getByLabel(/อีเมล/).fill("admin@pryde.test");
  await page.getByLabel(/รหัสผ่าน/).fill("Staff12345");
  await page.getByTestId("staff-login-page").getByRole("button").last().click();
  await expect(page).toHaveURL(/\/th\/backend\/dashboard$/);

  const tooWide: string[] = [];
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const { scrollWidth, clientWidth, culprit } = await page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      // The innermost element sticking out names the cause in the failure message.
      const sticking = [...document.querySelectorAll<HTMLElement>("main *")].filter((element) => element.getBoundingClientRect().right > width + 1);
      const innermost = sticking.filter((element) => !sticking.some((other) => other !== element && element.contains(other)));
      const describe = (element: HTMLElement) => `<${element.tagName.toLowerCase()} class="${element.className}">${(element.textContent ?? "").slice(0, 40)}`;
      return { scrollWidth: document.documentElement.scrollWidth, clientWidth: width, culprit: innermost.slice(0, 2).map(describe).join(" | ") };
    });
    if (scrollWidth > clientWidth + 1) tooWide.push(`${path}: ${scrollWidth}px > ${clientWidth}px: ${culprit}`);
  }
  expect(tooWide).toEqual([]);
});
