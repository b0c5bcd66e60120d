import { expect, test } from "@playwright/test";

/**
 * Content pages end to end, English on the desktop project and Thai on the phone: from the home
 * page (desktop) or the bottom bar (phone) to the activities and into one; the FAQ accordion
 * (native details/summary, by mouse and by keyboard); and the contact form, first with a bad e-mail
 * (the message is in the page's language), then sent (thank-you toast, empty form), with and without JavaScript.
 */
const languages = [
  {
    lang: "en",
    prefix: "",
    project: "desktop",
    activities: "Activities",
    faqs: "Frequently asked questions",
    question: "How long does delivery take?",
    answer: "Standard delivery within Thailand takes 3–5 working days",
    contact: {
      name: "Name",
      email: "E-mail",
      title: "Subject",
      note: "Message",
      send: "Send message",
      badEmail: "E-mail is invalid",
      thanks: "Thank you for your message!",
    },
  },
  {
    lang: "th",
    prefix: "/th",
    project: "phone",
    activities: "กิจกรรม",
    faqs: "คำถามที่พบบ่อย",
    question: "จัดส่งสินค้ากี่วัน",
    answer: "การจัดส่งแบบธรรมดาภายในประเทศใช้เวลา 3–5 วันทำการ",
    contact: { name: "ชื่อ", email: "อีเมล", title: "หัวข้อ", note: "ข้อความ", send: "ส่งข้อความ", badEmail: "อีเมลไม่ถูกต้อง", thanks: "ขอบคุณสำหรับข้อความของคุณ" },
  },
] as const;

for (const texts of languages) {
  test.describe(`content pages (${texts.lang})`, { tag: `@${texts.project}` }, () => {
    test("from the shop to the activities and into one", async ({ page, isMobile }) => {
      await page.goto(texts.prefix || "/");
      if (isMobile) {
        await page.getByTestId("bottom-bar").getByRole("link", { name: texts.activities }).click();
      } else {
        await page
          .locator('section[aria-labelledby="home-activities"]')
          .getByRole("link", { name: /View all|ดูทั้งหมด/ })
          .click();
      }
      await expect(page).toHaveURL(new RegExp(`${texts.prefix}/activities$`));
      await expect(page.getByRole("heading", { level: 1, name: texts.activities })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", texts.lang);

      const first = page.getByTestId("activity-card").first();
      const title = (await first.getByRole("heading").innerText()).trim();
      await first.getByRole("link").click();
      await expect(page).toHaveURL(new RegExp(`${texts.prefix}/activities/[a-z0-9-]+$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
      await expect(page.getByTestId("activity-body")).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));

      // Back to the list through the breadcrumb.
      await page.getByTestId("breadcrumbs").getByRole("link", { name: texts.activities }).click();
      await expect(page).toHaveURL(new RegExp(`${texts.prefix}/activities$`));
    });

    test("the FAQ accordion opens and closes by mouse and keyboard", async ({ page }) => {
      await page.goto(`${texts.prefix}/faqs`);
      await expect(page.getByRole("heading", { level: 1, name: texts.faqs })).toBeVisible();
      const item = page.getByTestId("faq").first();
      const answer = item.getByTestId("faq-answer");
      await expect(answer).toBeHidden();

      await item.locator("summary").click();
      await expect(answer).toBeVisible();
      await expect(answer).toContainText(texts.answer);
      await item.locator("summary").click();
      await expect(answer).toBeHidden();

      const second = page.getByTestId("faq").nth(1);
      await second.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(second.getByTestId("faq-answer")).toBeVisible();
      await expect(item.locator("summary")).toContainText(texts.question);
    });

    for (const javaScriptEnabled of [true, false]) {
      test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
        test.use({ javaScriptEnabled });

        test("the contact form refuses a bad e-mail in the page's language, then sends", async ({ page }, testInfo) => {
          // Its own client address, so the contact throttle (5 per address) counts this run alone.
          const run = ["en", "th"].indexOf(texts.lang) * 4 + (javaScriptEnabled ? 0 : 2) + (testInfo.project.name === "phone" ? 1 : 0);
          await page.setExtraHTTPHeaders({ "CF-Connecting-IP": `203.0.113.${10 + run}` });
          await page.goto(`${texts.prefix}/contact`);
          await expect(page.getByTestId("contact-details")).toContainText(/Sukhumvit|สุขุมวิท/);
          await expect(page.getByTestId("map-link")).toHaveAttribute("href", /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/);

          const form = page.locator('form[method="post"]').filter({ has: page.getByRole("button", { name: texts.contact.send }) });
          await form.getByLabel(texts.contact.name, { exact: true }).fill("Nok Test");
          await form.getByLabel(texts.contact.email, { exact: true }).fill("nok-at-example");
          await form.getByLabel(texts.contact.title, { exact: true }).fill(`Question ${texts.lang}`);
          await form.getByLabel(texts.contact.note, { exact: true }).fill("Do you make shirts for a team of 12?");
          await form.getByRole("button", { name: texts.contact.send }).click();

          await expect(page.getByTestId("error-email")).toHaveText(texts.contact.badEmail);
          const email = form.getByLabel(texts.contact.email, { exact: true });
          await expect(email).toHaveAttribute("aria-invalid", "true");
          // What was typed is kept.
          await expect(form.getByLabel(texts.contact.title, { exact: true })).toHaveValue(`Question ${texts.lang}`);

          await email.fill("nok@example.test");
          await form.getByRole("button", { name: texts.contact.send }).click();
          await expect(page).toHaveURL(new RegExp(`${texts.prefix}/contact$`));
          await expect(page.getByTestId("snackbar")).toContainText(texts.contact.thanks);
          await expect(page.getByTestId("error-email")).toHaveCount(0);
          await expect(form.getByLabel(texts.contact.title, { exact: true })).toHaveValue("");
        });
      });
    }
  });
}
