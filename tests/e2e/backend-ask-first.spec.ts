import { signInAsAdmin } from "./staff-session";
import { expect, test } from "./test";

/**
 * Back-office defects of issue 14, in the browser: a delete asks first in a dialog naming what is
 * deleted (English on desktop, Thai on the phone), and the ship form on a Thai page shows the
 * schema's Thai message, never the browser's own (English) validation bubble.
 */
test("deleting a category asks first in a dialog naming it; going back keeps it, confirming deletes it", async ({ page }, testInfo) => {
  const thai = testInfo.project.name === "phone";
  const prefix = thai ? "/th" : "";
  await signInAsAdmin(page, prefix);
  const name = `Ask first ${testInfo.project.name} ${Date.now().toString(36)}`;
  await page.goto(`${prefix}/backend/products/category/form`);
  await page.getByLabel(thai ? "ชื่อ (ภาษาอังกฤษ)" : "Name (English)", { exact: true }).fill(name);
  await page.getByLabel(thai ? "ชื่อ (ภาษาไทย)" : "Name (Thai)", { exact: true }).fill(name);
  await page.getByTestId("save").click();
  await expect(page).toHaveURL(/\/category\/form\/\d+/);
  const editUrl = page.url();

  const button = page.getByTestId("delete-button");
  await expect(button).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await button.click();
  const dialog = page.getByTestId("confirm-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute("role", "alertdialog");
  await expect(dialog.getByRole("heading")).toHaveText(thai ? `ลบหมวดหมู่ “${name}”ใช่ไหม` : `Delete category “${name}”?`);
  await page.screenshot({ path: testInfo.outputPath("delete-dialog.png") });
  await dialog.getByTestId("confirm-no").click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByTestId("category-form-page")).toBeVisible();

  await expect(page.getByTestId("delete-button")).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
  await page.getByTestId("delete-button").click();
  await page.getByTestId("confirm-dialog").getByTestId("confirm-yes").click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/backend/products/category(\\?|$)`));
  await expect(page.getByText(name)).toHaveCount(0);
  await page.goto(editUrl);
  await expect(page.getByTestId("category-form-page")).toHaveCount(0);
});

test("the ship form on a Thai page shows the schema's Thai message, not the browser's bubble", async ({ page }) => {
  await signInAsAdmin(page, "/th");
  await page.goto("/th/backend/orders/fulfillment/form");
  const select = page.getByTestId("pos-line").first().getByRole("combobox");
  await select.selectOption((await select.locator("option:not([disabled])").nth(1).getAttribute("value"))!);
  await page.locator('input[name="walkInName"]').fill("Ship form e2e");
  await page.getByRole("button", { name: "สร้างคำสั่งซื้อที่ชำระแล้ว" }).click();
  await expect(page.getByTestId("snackbar")).toBeVisible();
  await page.getByTestId("change-to-awaiting_fulfilment").click();
  await expect(page.getByTestId("snackbar")).toContainText("คำสั่งซื้อเข้าคิวแพ็กสินค้าแล้ว");

  const ship = page.getByTestId("action-fulfilment_done");
  await expect(ship).toHaveAttribute("novalidate", "");
  await ship.getByRole("combobox").selectOption({ label: "เคอรี่ เอ็กซ์เพรส" });
  const tracking = ship.getByRole("textbox").first();
  await tracking.fill("<x>");
  await page.getByTestId("change-to-fulfilment_done").click();
  await expect(ship.getByTestId("error-trackingNumber")).toHaveText("เลขพัสดุใช้ได้เฉพาะตัวอักษร ตัวเลข และขีด (ไม่เกิน 40 ตัว)");
  // No browser bubble: the form does not use the browser's constraint validation.
  expect(await ship.evaluate((form: HTMLFormElement) => form.noValidate)).toBe(true);
  await expect(page.getByTestId("order-status")).toHaveText("รอจัดส่ง");

  // Emptied, it says the number is needed — in Thai too.
  await tracking.fill("");
  await page.getByTestId("change-to-fulfilment_done").click();
  await expect(ship.getByTestId("error-trackingNumber")).toHaveText("กรุณากรอกเลขพัสดุ");
});
