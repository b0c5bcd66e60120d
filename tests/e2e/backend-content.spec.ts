import { expect, test } from "./test";
import { signInAsAdmin } from "./staff-session";

/**
 * Back-office content (issue 4 item 11): an administrator edits the shop settings (desktop,
 * English) and writes an activity with a bold paragraph and a resized gallery image with the
 * rich-text editor (phone, Thai); the activity then shows on the Thai home page.
 */

test("an administrator edits the shop settings and the footer shows them", { tag: "@desktop" }, async ({ page }) => {
  await signInAsAdmin(page);
  const settingsGroup = page.getByTestId("backend-menu").getByTestId("menu-group-settings");
  await settingsGroup.locator("summary").click();
  await settingsGroup.getByRole("link", { name: "Settings", exact: true }).click();
  await expect(page).toHaveURL(/\/backend\/setting$/);

  const form = page.getByTestId("settings-form");
  // A bad VAT first: a message, nothing saved.
  await form.getByLabel("VAT rate (%)").fill("107");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("error-vat")).toContainText("0 to 99.99");

  const phone = `+66 2 555 ${String(Date.now()).slice(-4)}`;
  // Other e2e files read the shop's address from the same shop while this runs: keep the street they expect.
  const address = `${String(Date.now()).slice(-3)} Sukhumvit Soi 24, Khlong Toei, Bangkok 10110`;
  await form.getByLabel("VAT rate (%)").fill("7");
  await form.getByLabel("Phone").fill(phone);
  await form.getByLabel("Address (English)").fill(address);
  await form.getByLabel("USD per 1 Baht").fill("0.0285");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("notice")).toContainText("Settings saved");
  await expect(page.getByTestId("settings-form").getByLabel("Phone")).toHaveValue(phone);

  await page.goto("/");
  const footer = page.getByTestId("footer");
  await expect(footer).toContainText(phone);
  await expect(footer).toContainText(address);
});

test("an administrator writes an activity with bold text and a half-width gallery image on a phone, in Thai", { tag: "@phone" }, async ({ page }) => {
  const slug = `rainy-season-${Date.now().toString(36)}`;
  await signInAsAdmin(page, "/th");
  await page.goto("/th/backend/home/activities");
  await page.getByTestId("create-activity").click();
  await expect(page).toHaveURL(/\/th\/backend\/home\/activities\/form$/);

  const form = page.getByTestId("activity-form");
  await form.getByLabel("สลัก (ที่อยู่เว็บ)").fill(slug);
  await form.getByLabel("หัวข้อ (ภาษาอังกฤษ)").fill("Rainy season drop");
  await form.getByLabel("หัวข้อ (ภาษาไทย)").fill("คอลเลกชันหน้าฝนมาแล้ว");
  await form.getByLabel("สรุป (ภาษาไทย)").fill("เสื้อกันฝนลายใหม่ พร้อมส่งทั่วไทย");
  await form.getByTestId("publish-choice").getByLabel("เผยแพร่", { exact: true }).check();

  const editor = form.getByTestId("editor-bodyTh");
  const editable = editor.getByTestId("editor-editable");
  await editable.click();
  await editor.getByRole("button", { name: "ตัวหนา" }).click();
  await page.keyboard.type("ลดราคาพิเศษ");
  await editor.getByRole("button", { name: "ตัวหนา" }).click();
  await page.keyboard.type(" สำหรับสมาชิก");
  await page.keyboard.press("Enter");
  await editor.getByTestId("editor-gallery").selectOption({ index: 0 });
  await editor.getByRole("button", { name: "แทรกรูปภาพ" }).click();
  await editable.locator("img").first().click();
  await editor.getByTestId("editor-image-size").getByRole("button", { name: "50 %" }).click();
  await expect(editable.locator("img").first()).toHaveClass("rich-image-50");

  // Leave the editor by keyboard and submit with the focused button (a tap right after picking an
  // image can land while the phone still scrolls the editor's selection into view).
  await form.getByTestId("save-activity").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/th\/backend\/home\/activities\/form\/\d+\?saved=1$/);
  await expect(page.getByTestId("notice")).toContainText("บันทึกกิจกรรมแล้ว");

  // The edit page loads the stored body (as the browser serialises it back into the field).
  const stored = await page.locator('textarea[name="bodyTh"]').inputValue();
  expect(stored).toMatch(/<(strong|b)>ลดราคาพิเศษ<\/(strong|b)>(&nbsp;| )สำหรับสมาชิก/);
  expect(stored).toMatch(/<img src="\/media\/[^"]+" alt="[^"]*" class="rich-image-50" style="width: ?50%;?">/);

  await page.goto("/th");
  await expect(page.getByText("คอลเลกชันหน้าฝนมาแล้ว").first()).toBeVisible();
});
