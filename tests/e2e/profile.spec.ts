import { expect, type Page, test } from "./test";

/**
 * The customer's own area end to end, once in English (desktop) and once in Thai (phone width):
 * sign in as the demo customer through /login → edit the profile → add a Thai address with the
 * province → district → subdistrict pickers (zipcode filled in) → make it the default → sign out.
 * Both journeys change the same demo customer, so they run one after the other (serial, desktop
 * project only; the Thai one switches the page to a phone viewport).
 */
test.describe.configure({ mode: "serial" });

const journeys = [
  {
    lang: "en",
    prefix: "",
    phone: false,
    texts: {
      email: "E-mail",
      password: /^Password/,
      signIn: /^Sign in$/,
      firstName: "First name",
      phone: "Phone",
      female: "Female",
      birthday: "Birthday",
      save: /^Save$/,
      saved: "Your profile has been saved.",
      add: "Add an address",
      address: "Address",
      province: "Province",
      district: "District",
      subdistrict: "Subdistrict",
      zipcode: "Zip code",
      saveAddress: "Save address",
      addressSaved: "The address has been saved.",
      makeDefault: "Make default",
      defaultChanged: "Your default address has been changed.",
      deleted: "The address has been deleted.",
      signOut: /^Sign out$/,
    },
    area: { province: "กรุงเทพมหานคร", district: "ปทุมวัน", subdistrict: "ลุมพินี", zipcode: "10330", shown: "Lumpini Pathum Wan Bangkok 10330", label: "Bangkok" },
  },
  {
    lang: "th",
    prefix: "/th",
    phone: true,
    texts: {
      email: "อีเมล",
      password: /^รหัสผ่าน/,
      signIn: /^เข้าสู่ระบบ$/,
      firstName: "ชื่อ",
      phone: "เบอร์โทรศัพท์",
      female: "หญิง",
      birthday: "วันเกิด",
      save: /^บันทึก$/,
      saved: "บันทึกโปรไฟล์เรียบร้อยแล้ว",
      add: "เพิ่มที่อยู่",
      address: "ที่อยู่",
      province: "จังหวัด",
      district: "อำเภอ/เขต",
      subdistrict: "ตำบล/แขวง",
      zipcode: "รหัสไปรษณีย์",
      saveAddress: "บันทึกที่อยู่",
      addressSaved: "บันทึกที่อยู่เรียบร้อยแล้ว",
      makeDefault: "ตั้งเป็นที่อยู่หลัก",
      defaultChanged: "เปลี่ยนที่อยู่หลักเรียบร้อยแล้ว",
      deleted: "ลบที่อยู่เรียบร้อยแล้ว",
      signOut: /^ออกจากระบบ$/,
    },
    area: { province: "เชียงใหม่", district: "เมืองเชียงใหม่", subdistrict: "สุเทพ", zipcode: "50200", shown: "สุเทพ เมืองเชียงใหม่ เชียงใหม่ 50200", label: "เชียงใหม่" },
  },
] as const;

function message(page: Page, text: string) {
  return page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: text });
}

for (const { lang, prefix, phone, texts, area } of journeys) {
  // One project only: both journeys change the demo customer.
  test(`(${lang}) sign in, edit the profile, add a Thai address with the pickers, make it default, sign out`, { tag: "@desktop" }, async ({ page }) => {
    if (phone) await page.setViewportSize({ width: 390, height: 844 });
    const stamp = `${lang}${Date.now().toString(36)}`;

    // Sign in through /login and come back to the profile.
    await page.goto(`${prefix}/my-profile`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
    const login = page.getByTestId("login-page");
    await login.getByLabel(texts.email).fill("customer@pryde.test");
    await login.getByLabel(texts.password).fill("Customer123");
    await login.getByRole("button", { name: texts.signIn }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/my-profile$`));
    // The account menu is a desktop-only left column.
    await expect(page.getByTestId("profile-menu")).toBeVisible({ visible: !phone });
    await expect(page.getByTestId("points-balance")).toContainText(/\d/);

    // Edit the profile.
    const details = page.getByTestId("details-section");
    await details.getByLabel(texts.firstName, { exact: true }).fill(`Napat ${stamp}`);
    await details.getByLabel(texts.phone).fill("0898765432");
    await details.getByLabel(texts.female, { exact: true }).check();
    await details.getByLabel(texts.birthday).fill("1992-07-15");
    await details.getByRole("button", { name: texts.save }).click();
    await expect(message(page, texts.saved)).toBeVisible();
    await expect(page.getByTestId("profile-name")).toContainText(`Napat ${stamp}`);

    // Add a Thai address with the pickers (fetched from /resources/thai-address once hydrated).
    await page.goto(`${prefix}/my-address`);
    await page.getByTestId("add-address").click();
    const form = page.getByTestId("address-form");
    // The pickers fetch their lists once the page is hydrated (before that, the form posts back for them).
    await expect(form).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
    const line = `${stamp} Soi 1`;
    await form.getByLabel(texts.address, { exact: true }).fill(line);
    await form.getByLabel(texts.phone).fill("0812223333");
    // The pickers show names in the page's language and post the Thai name.
    await expect(form.getByTestId("province").locator(`option[value="${area.province}"]`)).toHaveText(area.label);
    await form.getByTestId("province").selectOption(area.province);
    await expect(form.getByTestId("district").locator(`option[value="${area.district}"]`)).toBeAttached();
    await form.getByTestId("district").selectOption(area.district);
    await expect(form.getByTestId("subdistrict").locator(`option[value="${area.subdistrict}"]`)).toBeAttached();
    await form.getByTestId("subdistrict").selectOption(area.subdistrict);
    await expect(form.getByLabel(texts.zipcode)).toHaveValue(area.zipcode);
    await form.getByRole("button", { name: texts.saveAddress }).click();
    await expect(message(page, texts.addressSaved)).toBeVisible();

    // Make it the default: it moves to the top with the badge, and it is the only default.
    const card = page.getByTestId("address-card").filter({ hasText: line });
    await expect(card).toContainText(area.zipcode);
    await expect(card).toHaveAttribute("data-default", "false");
    await card.getByRole("button", { name: texts.makeDefault }).click();
    await expect(message(page, texts.defaultChanged)).toBeVisible();
    await expect(page.getByTestId("address-card").first()).toContainText(line);
    await expect(page.getByTestId("address-card").first()).toHaveAttribute("data-default", "true");
    await expect(page.getByTestId("default-badge")).toHaveCount(1);
    await expect(page.getByTestId("address-card").first().getByTestId("address-area")).toHaveText(area.shown);

    // Deleting the default asks first (a dialog), naming the address that becomes the default.
    const before = await page.getByTestId("address-card").count();
    await page.getByTestId("address-card").first().getByTestId("delete-default").click();
    const dialog = page.getByTestId("delete-default-dialog");
    await expect(dialog).toBeVisible();
    if (before > 1) await expect(dialog.getByTestId("next-default")).toBeVisible();
    else await expect(dialog.getByTestId("next-default-none")).toBeVisible();
    await dialog.getByTestId("confirm-delete").click();
    await expect(message(page, texts.deleted)).toBeVisible();
    await expect(page.getByTestId("address-card")).toHaveCount(before - 1);
    if (before > 1) await expect(page.getByTestId("default-badge")).toHaveCount(1);

    // Sign out.
    await page.goto(`${prefix}/logout`);
    await page.getByTestId("logout-page").getByRole("button", { name: texts.signOut }).click();
    await expect(page).toHaveURL(new RegExp(`^https?://[^/]+${prefix || "/"}$`));
    await page.goto(`${prefix}/my-profile`);
    await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?redirectTo=`));
  });
}

/**
 * The profile form (the form kit) with and without JavaScript, in English and Thai: a bad phone
 * number is marked on its field in the page's language (by the browser's check with JavaScript, by
 * the server's answer without), a good one is saved and the page says so in the toast.
 */
const formRuns = [
  { lang: "en", prefix: "", javaScriptEnabled: true },
  { lang: "en", prefix: "", javaScriptEnabled: false },
  { lang: "th", prefix: "/th", javaScriptEnabled: true },
  { lang: "th", prefix: "/th", javaScriptEnabled: false },
] as const;

for (const { lang, prefix, javaScriptEnabled } of formRuns) {
  // One run per language and mode (they change the demo customer); the Thai one at phone width.
  test(
    `(${lang}, ${javaScriptEnabled ? "with" : "without"} JavaScript) the profile form marks a bad phone and saves a good one`,
    { tag: "@desktop" },
    async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: lang === "th" ? { width: 390, height: 844 } : { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${prefix}/login?redirectTo=${encodeURIComponent(`${prefix}/my-profile`)}`);
      await page.locator('input[name="email"]').fill("customer@pryde.test");
      await page.locator('input[name="password"]').fill("Customer123");
      await page
        .getByTestId("login-page")
        .getByRole("button", { name: journeys.find((journey) => journey.lang === lang)!.texts.signIn })
        .click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/my-profile$`));

      const details = page.getByTestId("details-section");
      await details.locator('input[name="phone"]').fill("12ab");
      await details.locator('button[value="profile"]').click();
      const error = details.getByTestId("error-phone");
      await expect(error).toBeVisible();
      await expect(details.locator('input[name="phone"]')).toHaveAttribute("aria-invalid", "true");
      if (lang === "th") await expect(error).toHaveText(/[\u0E00-\u0E7F]/);
      else await expect(error).not.toHaveText(/[\u0E00-\u0E7F]/);

      await details.locator('input[name="phone"]').fill("0898765432");
      await details.locator('button[value="profile"]').click();
      await expect(page.getByTestId("snackbar")).toBeVisible();
      await expect(details.getByTestId("error-phone")).toHaveCount(0);
      await expect(details.locator('input[name="phone"]')).toHaveValue("0898765432");
      await context.close();
    },
  );
}
