import { describe, expect, it } from "vitest";

import { loadResources } from "~/i18n/resources";

import { customDesignEmailTemplates, renderCustomDesignEmail } from "./custom-design-email";
import { escapeHtml, fill } from "./email-text";

await loadResources();

describe("email text helpers", () => {
  it.each([
    ['<a href="x">Tom & Jerry\'s</a>', "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;"],
    ["สมศักดิ์", "สมศักดิ์"],
  ])("given %s, escapeHtml should give %s", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
  it("given placeholders, fill should replace the known ones and keep the others", () => {
    expect(fill("{{ order }} / {{missing}}", { order: "PR1" })).toBe("PR1 / {{missing}}");
  });
});

describe("custom design e-mails", () => {
  const payload = {
    name: "Somchai",
    orderNumber: "PR261123ABCDEFGH",
    productName: "Custom <Jersey>",
    quantity: 12,
    totalSatang: 624000,
    link: "https://shop.test/cart/checkout/PR261123ABCDEFGH",
    message: "Logo <b>bigger</b>",
  };

  it.each(customDesignEmailTemplates.flatMap((template) => (["en", "th"] as const).map((locale) => [template, locale] as const)))(
    "given %s in %s, should name the order, escape every value and carry the link",
    (template, locale) => {
      const mail = renderCustomDesignEmail(template, locale, payload);
      expect(mail.subject).toContain(payload.orderNumber);
      expect(mail.html).toContain("Custom &lt;Jersey&gt;");
      expect(mail.html).toContain("Logo &lt;b&gt;bigger&lt;/b&gt;");
      expect(mail.html).not.toContain("<b>bigger");
      expect(mail.text).toContain(payload.link);
      expect(mail.html).toContain(`href="${payload.link}"`);
    },
  );

  it("given the confirmation in Thai, should say so in Thai with the Baht total", () => {
    const mail = renderCustomDesignEmail("design-confirmed", "th", payload);
    expect(mail.subject).toContain("ยืนยันแบบแล้ว");
    expect(mail.text).toMatch(/6,240/);
  });
});
