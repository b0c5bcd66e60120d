import { describe, expect, it } from "vitest";

import { loadResources } from "~/i18n/resources";

import { type BackInStockEmailPayload, renderBackInStockEmail } from "./back-in-stock-email";
import { renderEmail } from "./templates";

await loadResources();

const payload: BackInStockEmailPayload = {
  productName: `Tee <b>"Bold"</b> & Co`,
  variantLabel: "Black / M",
  link: "https://shop.test/shop/tee?variant=12&x=<y>",
  unsubscribeLink: "https://shop.test/back-in-stock/unsubscribe?token=abc_DEF-123",
};

describe("the back-in-stock e-mail", () => {
  it.each(["en", "th"] as const)("given %s, should name the product and variant, link to it and to the unsubscribe page, escaping every value", (locale) => {
    const mail = renderBackInStockEmail(locale, payload);
    expect(mail.subject).toContain(`${payload.productName} — Black / M`);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    expect(mail.html).not.toContain("<b>");
    expect(mail.html).toContain("Tee &lt;b&gt;&quot;Bold&quot;&lt;/b&gt; &amp; Co");
    expect(mail.html).toContain('href="https://shop.test/shop/tee?variant=12&amp;x=&lt;y&gt;"');
    expect(mail.html).toContain('href="https://shop.test/back-in-stock/unsubscribe?token=abc_DEF-123"');
    expect(mail.text).toContain(payload.link);
    expect(mail.text).toContain(payload.unsubscribeLink);
  });

  it("given the Thai and English mails, should differ in words (the recipient's language) and be what renderEmail gives", () => {
    const en = renderBackInStockEmail("en", payload);
    const th = renderBackInStockEmail("th", payload);
    expect(th.subject).not.toBe(en.subject);
    expect(th.text).toMatch(/[\u0E00-\u0E7F]/);
    expect(renderEmail("back-in-stock", "th", payload)).toEqual(th);
  });

  it("given a product without options, should leave out the dash", () => {
    expect(renderBackInStockEmail("en", { ...payload, variantLabel: "" }).subject).toMatch(/& Co$/);
  });
});
