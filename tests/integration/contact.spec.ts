import { env } from "cloudflare:workers";
import { desc, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { config, configKeys } from "~/db/schema/config";
import { contactMessages, emailOutbox } from "~/db/schema/messaging";
import { type EmailPayload, renderEmail } from "~/features/email/templates";

import { db, page } from "./content-helpers";
import { fuzzForm, typedText } from "./fuzz";
import { newCustomer, toastCookieFor, toastOf } from "./profile-helpers";
import { postForm, shop } from "./worker";

let addressCounter = 0;
/** Each test sends from its own client address, so the per-address throttle of one test does not leak into another. */
function sender(): Record<string, string> {
  addressCounter += 1;
  return { "CF-Connecting-IP": `198.51.100.${addressCounter}` };
}

const goodMessage = (overrides: Record<string, string> = {}) => ({
  name: "Somchai Jaidee",
  email: "Somchai@Example.test",
  title: "Team order for 25 shirts",
  note: "Hello,\nwe would like 25 football shirts for our company team.\n\nThank you",
  ...overrides,
});

async function counts() {
  const [messages, mails] = await Promise.all([
    db()
      .select({ count: sql<number>`count(*)` })
      .from(contactMessages)
      .get(),
    db()
      .select({ count: sql<number>`count(*)` })
      .from(emailOutbox)
      .get(),
  ]);
  return { messages: Number(messages!.count), mails: Number(mails!.count) };
}

async function latestMessage() {
  return db().select().from(contactMessages).orderBy(desc(contactMessages.id)).get();
}

async function latestContactMail() {
  return db().select().from(emailOutbox).where(eq(emailOutbox.template, "contact-message")).orderBy(desc(emailOutbox.id)).get();
}

describe("contact page", () => {
  it.each([
    ["/contact", "88/8 Sukhumvit Soi 31, Khlong Toei Nuea", "Send message"],
    ["/th/contact", "88/8 ซอยสุขุมวิท 31 แขวงคลองเตยเหนือ", "ส่งข้อความ"],
  ])("given %s, should show the form and the shop's contact details in its language", async (path, address, submit) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(address);
    expect(html).toContain(submit);
    expect(html).toContain('href="tel:+6621234567"');
    expect(html).toContain('href="mailto:hello@pryde.test"');
    expect(html).toContain("https://line.me/R/ti/p/@prydeshop");
    expect(html).toContain("https://www.facebook.com/prydeshop");
    expect(html).toContain("https://www.instagram.com/prydeshop");
    expect(html).toContain("https://www.google.com/maps/search/?api=1&amp;query=88%2F8");
    expect(html).not.toContain("<iframe");
    for (const field of ["name", "email", "title", "note"]) expect(html).toContain(`name="${field}"`);
  });

  it("given a signed-in customer, should start the form with their name and e-mail", async () => {
    const customer = await newCustomer("contact-prefill");
    const { html } = await page("/contact", { cookie: customer.cookie });
    expect(html).toContain('value="Mali Srisuk"');
    expect(html).toContain(`value="${customer.email}"`);
  });
});

describe("sending a message", () => {
  it("given good input, should store the message and an e-mail to the shop in one batch, then thank the sender", async () => {
    const before = await counts();
    const response = await postForm("/contact", goodMessage(), sender());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact");
    expect(toastOf(response)).toBe("content:contact.thanks.heading");

    const message = await latestMessage();
    expect(message).toMatchObject({
      name: "Somchai Jaidee",
      email: "somchai@example.test",
      title: "Team order for 25 shirts",
      note: "Hello,\nwe would like 25 football shirts for our company team.\n\nThank you",
      customerId: null,
      readAt: null,
    });
    const mail = await latestContactMail();
    expect(mail).toMatchObject({ toAddress: "hello@pryde.test", locale: "en", status: "pending", subject: "Contact form: Team order for 25 shirts" });
    expect(mail!.createdAt).toBe(message!.createdAt);
    expect(JSON.parse(mail!.payloadJson)).toMatchObject({ name: "Somchai Jaidee", email: "somchai@example.test", note: message!.note });
    expect(await counts()).toEqual({ messages: before.messages + 1, mails: before.mails + 1 });

    const thanks = await page("/contact", { cookie: toastCookieFor("content:contact.thanks.heading", "content:contact.thanks.body") });
    expect(thanks.html).toContain('data-testid="snackbar"');
    expect(thanks.html).toContain("Thank you for your message!");
  });

  it("given a message from the Thai page, should write the shop's e-mail in Thai and thank in Thai", async () => {
    const response = await postForm("/th/contact", goodMessage({ title: "สอบถามไซซ์เสื้อ" }), sender());
    expect(response.headers.get("location")).toBe("/th/contact");
    const mail = await latestContactMail();
    expect(mail).toMatchObject({ locale: "th", subject: "ข้อความจากแบบฟอร์มติดต่อ: สอบถามไซซ์เสื้อ" });
    const toast = response.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("pryde_toast="))!
      .split(";")[0]!;
    expect((await page("/th/contact", { cookie: toast })).html).toContain("ขอบคุณสำหรับข้อความของคุณ");
  });

  it("given a signed-in customer, should link the message to their account", async () => {
    const customer = await newCustomer("contact-linked");
    const response = await postForm("/contact", goodMessage({ email: customer.email }), { cookie: customer.cookie, ...sender() });
    expect(response.status).toBe(302);
    expect((await latestMessage())!.customerId).toBe(customer.id);
  });

  it("given markup in the message, should escape it in the e-mail to the shop", async () => {
    await postForm("/contact", goodMessage({ name: '<img src=x onerror="alert(1)">', note: "<script>alert(2)</script> & more" }), sender());
    const mail = await latestContactMail();
    const rendered = renderEmail("contact-message", "en", JSON.parse(mail!.payloadJson) as EmailPayload);
    expect(rendered.html).not.toContain("<script>");
    expect(rendered.html).not.toContain("<img");
    expect(rendered.html).toContain("&lt;script&gt;alert(2)&lt;/script&gt; &amp; more");
    expect(rendered.text).toContain("<script>alert(2)</script> & more");
  });

  it("given a shop without an e-mail address in its settings, should still store the message (and send no mail)", async () => {
    const saved = await db().select().from(config).where(eq(config.key, configKeys.email)).get();
    await db().update(config).set({ value: "" }).where(eq(config.key, configKeys.email));
    try {
      const before = await counts();
      expect((await postForm("/contact", goodMessage(), sender())).status).toBe(302);
      expect(await counts()).toEqual({ messages: before.messages + 1, mails: before.mails });
    } finally {
      await db().update(config).set({ value: saved!.value }).where(eq(config.key, configKeys.email));
    }
  });

  it("given the e-mail cannot be written, should not keep the message either (one batch)", async () => {
    await env.DB.exec(
      "CREATE TRIGGER refuse_contact_mail BEFORE INSERT ON email_outbox WHEN NEW.template = 'contact-message' BEGIN SELECT RAISE(ABORT, 'refused by test'); END;",
    );
    try {
      const before = await counts();
      const response = await postForm("/contact", goodMessage({ title: "Should vanish" }), sender());
      expect(response.status).toBe(500);
      expect(await counts()).toEqual(before);
      expect((await latestMessage())?.title).not.toBe("Should vanish");
    } finally {
      await env.DB.exec("DROP TRIGGER refuse_contact_mail;");
    }
  });
});

describe("bad input", () => {
  it.each([
    ["/contact", { email: "not-an-e-mail" }, "email", "E-mail is invalid"],
    ["/th/contact", { email: "not-an-e-mail" }, "email", "อีเมลไม่ถูกต้อง"],
    ["/contact", { name: "   " }, "name", "Name is required"],
    ["/th/contact", { title: "" }, "title", "กรุณากรอกหัวข้อ"],
    ["/contact", { note: "x".repeat(2001) }, "note", "Message must be at most 2000 characters"],
    ["/th/contact", { name: "ก".repeat(101) }, "name", "ชื่อต้องมีไม่เกิน 100 ตัวอักษร"],
  ])("given %s with %j, should answer 400 with the %s message in the page's language and write nothing", async (path, overrides, field, message) => {
    const before = await counts();
    const response = await postForm(path, goodMessage(overrides), sender());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(`data-testid="error-${field}">${message}<`);
    expect(await counts()).toEqual(before);
  });

  it("given missing fields, should answer 400 and keep what was typed", async () => {
    const response = await postForm("/contact", { name: "Nok" }, sender());
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('value="Nok"');
    expect(html).toContain('data-testid="error-email"');
    expect(html).toContain('data-testid="error-note"');
  });

  it("given a body that is not a form, should answer 400 and write nothing", async () => {
    const before = await counts();
    const response = await shop.fetch(
      new Request("http://shop.test/contact", {
        method: "POST",
        body: "%%%not-a-form",
        headers: { origin: "http://shop.test", "content-type": "multipart/form-data; boundary=x" },
      }),
    );
    expect(response.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it("given fuzzed text in every field, should never answer 5xx and write nothing unless the message is valid", async () => {
    const headers = sender();
    let written = (await counts()).messages;
    await fuzzForm({
      path: "/contact",
      fields: ["name", "email", "title", "note"],
      headers,
      after: async (response) => {
        const now = (await counts()).messages;
        if (response.status === 302) expect(now).toBe(written + 1);
        else {
          expect([400, 429]).toContain(response.status);
          expect(now).toBe(written);
        }
        written = now;
      },
    });
  });

  it("given fuzzed text with a valid e-mail, should accept or refuse cleanly, storing exactly what it accepted", async () => {
    let written = (await counts()).messages;
    await fc.assert(
      fc.asyncProperty(fc.record({ name: typedText, title: typedText, note: typedText }), async (values) => {
        const response = await postForm("/th/contact", { ...values, email: "fuzz@example.test" }, sender());
        await response.text();
        expect(response.status).toBeLessThan(500);
        const now = (await counts()).messages;
        expect(now).toBe(response.status === 302 ? written + 1 : written);
        if (response.status === 302) {
          const stored = await latestMessage();
          expect(stored!.name.length).toBeGreaterThan(0);
          expect([...stored!.name].some((character) => character.charCodeAt(0) < 0x20)).toBe(false);
          expect(Array.from(stored!.note).length).toBeLessThanOrEqual(2000);
        }
        written = now;
      }),
      { numRuns: 40 },
    );
  });
});

describe("throttle", () => {
  it("given more than five messages from one address in a short time, should refuse the sixth in the page's language and write nothing", async () => {
    const headers = sender();
    for (let index = 0; index < 5; index++) {
      expect((await postForm("/contact", goodMessage({ title: `Burst ${index}` }), headers)).status).toBe(302);
    }
    const before = await counts();
    const refused = await postForm("/th/contact", goodMessage({ title: "Burst 6" }), headers);
    expect(refused.status).toBe(429);
    expect(await refused.text()).toContain("คุณส่งข้อความหลายครั้งในเวลาอันสั้น");
    expect(await counts()).toEqual(before);
    // Someone else is not affected.
    expect((await postForm("/contact", goodMessage(), sender())).status).toBe(302);
  });
});
