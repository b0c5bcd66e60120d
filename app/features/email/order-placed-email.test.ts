import { describe, expect, it } from "vitest";

import { loadResources } from "~/i18n/resources";

import { type OrderPlacedEmailPayload, renderOrderPlacedEmail } from "./order-placed-email";
import { emailSubject, renderEmail } from "./templates";

await loadResources();

const payload: OrderPlacedEmailPayload = {
  orderNumber: "PR260301ABCDEFGH",
  name: "Somchai <b>",
  lines: [{ name: "Classic Logo Tee", options: "Black / M", quantity: 2, lineTotalSatang: 78_000 }],
  subtotalSatang: 78_000,
  discountSatang: 7_800,
  pointsSatang: 0,
  shippingSatang: 5_000,
  vatSatang: 4_920,
  vatPercent: 7,
  totalSatang: 75_200,
  paymentMethod: "transfer",
  link: "https://shop.test/cart/checkout/PR260301ABCDEFGH",
};

describe("order-placed e-mail", () => {
  it.each([
    ["en", "Your Pryde order PR260301ABCDEFGH", "Discount: −฿78.00", "VAT included (7%): ฿49.20"],
    ["th", "คำสั่งซื้อ Pryde หมายเลข PR260301ABCDEFGH", "ส่วนลด: −฿78.00", "รวมภาษีมูลค่าเพิ่ม (7%): ฿49.20"],
  ] as const)("given the %s language, should write the subject, totals and VAT in it", (locale, subject, discount, vat) => {
    const mail = renderOrderPlacedEmail(locale, payload);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(discount);
    expect(mail.text).toContain(vat);
    expect(mail.text).toContain("2 × Classic Logo Tee (Black / M) — ฿780.00");
    expect(mail.text).toContain(payload.link);
    expect(mail.text).not.toContain("Points");
  });

  it("given markup in a name, should escape it in the HTML part", () => {
    const html = renderOrderPlacedEmail("en", payload).html;
    expect(html).toContain("Somchai &lt;b&gt;");
    expect(html).not.toContain("Somchai <b>");
  });

  it("given the template name, should render through the shared entry point", () => {
    expect(renderEmail("order-placed", "en", payload).subject).toBe("Your Pryde order PR260301ABCDEFGH");
    expect(emailSubject("order-placed", "th")).toContain("คำสั่งซื้อ");
  });
});
