import { describe, expect, it } from "vitest";

import { renderEmail } from "~/features/email/templates";
import { loadResources } from "~/i18n/resources";

import { parseBankAccounts } from "./payment-settings";

await loadResources();

describe("parseBankAccounts", () => {
  it.each([
    ["nothing stored", undefined, []],
    ["not JSON", "{oops", []],
    ["not a list", '{"bank":"x"}', []],
    [
      "one good and one incomplete entry",
      '[{"bank":"KBank","accountName":"Pryde","accountNumber":"123-4-56789-0"},{"bank":"SCB"}]',
      [{ bank: "KBank", accountName: "Pryde", accountNumber: "123-4-56789-0" }],
    ],
  ])("given %s, should read what can be shown and never throw", (_, json, expected) => {
    expect(parseBankAccounts(json)).toEqual(expected);
  });
});

describe("payment e-mails", () => {
  it.each([
    ["payment-received", "en", "Payment received for order PRY123"],
    ["payment-received", "th", "ได้รับการชำระเงินสำหรับคำสั่งซื้อ PRY123 แล้ว"],
    ["slip-received", "th", "เราได้รับสลิปการโอนเงินสำหรับคำสั่งซื้อ PRY123 แล้ว"],
    ["slip-to-review", "en", "Slip to review: order PRY123"],
  ] as const)("given %s in %s, should render the subject, the amount in Baht and the escaped link", (template, locale, subject) => {
    const mail = renderEmail(template, locale, { orderNumber: "PRY123", totalSatang: 125_050, link: "https://shop.test/cart/checkout/PRY123?a=1&b=2" });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain("PRY123");
    expect(mail.text).toMatch(/1,250\.50/);
    expect(mail.html).toContain("https://shop.test/cart/checkout/PRY123?a=1&amp;b=2");
  });
});
