import { describe, expect, it } from "vitest";

import { loadResources } from "~/i18n/resources";

import { escapeHtml } from "./email-text";
import { type EmailPayload, type EmailTemplate, emailTemplates, renderEmail } from "./templates";

await loadResources();

// Every mail the shop sends is a full HTML document in the recipient's language plus a plain-text
// part (mail clients that block HTML, and spam filters, read the text part). One sample payload per
// template, with characters that need escaping, so a new template cannot skip the wrapper.
const link = "https://shop.test/cart/checkout/PR261123ABCDEFGH?key=a&b=1";
const trackingPageUrl = "https://shop.test/tracking?order=PR261123ABCDEFGH";
const carrierTrackingUrl = "https://carrier.test/track/TH123";
const order = { orderNumber: "PR261123ABCDEFGH", name: "Somchai <b>", totalSatang: 123_450 };

function samplePayload(template: EmailTemplate): { payload: EmailPayload; links: string[] } {
  switch (template) {
    case "contact-message":
      return { payload: { name: "A <b>", email: "a@shop.test", title: "Size <i>?</i>", note: "Line 1\n<script>x</script>", sentAt: 0 }, links: [] };
    case "order-placed":
      return {
        payload: {
          ...order,
          lines: [{ name: "Shirt <1>", options: "M / Red", quantity: 2, lineTotalSatang: 100_000 }],
          subtotalSatang: 100_000,
          discountSatang: 0,
          pointsSatang: 0,
          shippingSatang: 5_000,
          vatSatang: 6_869,
          vatPercent: 7,
          totalSatang: 105_000,
          paymentMethod: "transfer",
          link,
        },
        links: [link],
      };
    case "order-status":
      return {
        payload: {
          orderNumber: order.orderNumber,
          status: "fulfilment_done",
          carrierName: "Kerry",
          trackingNumber: "TH123",
          carrierTrackingUrl,
          trackingPageUrl,
        },
        links: [trackingPageUrl, carrierTrackingUrl],
      };
    case "back-in-stock":
      return { payload: { productName: "Tee <1>", variantLabel: "M / Red", link, unsubscribeLink: `${link}&token=x` }, links: [link, `${link}&token=x`] };
    case "tax-document":
      return { payload: { orderNumber: order.orderNumber, kind: "tax_invoice_receipt", number: "IVRC-2569-000001", link }, links: [link] };
    case "payment-received":
    case "slip-received":
    case "slip-to-review":
      return { payload: { orderNumber: order.orderNumber, totalSatang: order.totalSatang, link }, links: [link] };
    case "exchange-requested":
    case "exchange-approved":
    case "exchange-rejected":
    case "exchange-shipped":
    case "exchange-restocked":
      return {
        payload: {
          name: order.name,
          orderNumber: order.orderNumber,
          exchangeId: 3,
          link,
          productName: "Shirt <1>",
          variantLabel: "M",
          wantedLabel: "L",
          quantity: 1,
          note: "ok <b>",
          carrierName: "Kerry",
          trackingNumber: "TH1",
          trackingUrl: carrierTrackingUrl,
        },
        links: [link],
      };
    case "design-submitted":
    case "design-confirmed":
    case "design-changes-requested":
    case "design-rejected":
      return {
        payload: {
          name: order.name,
          orderNumber: order.orderNumber,
          productName: "Jersey <x>",
          quantity: 12,
          totalSatang: 624_000,
          link,
          message: "bigger <b>",
        },
        links: [link],
      };
    default:
      return { payload: { name: order.name, link }, links: [link] };
  }
}

const cases = emailTemplates.flatMap((template) => (["en", "th"] as const).map((locale) => [template, locale] as const));

describe("every e-mail template", () => {
  it.each(cases)("%s in %s should be a full HTML document with lang, charset and the subject as title", (template, locale) => {
    const mail = renderEmail(template, locale, samplePayload(template).payload);
    expect(mail.html.startsWith("<!doctype html>\n")).toBe(true);
    expect(mail.html).toContain(`<html lang="${locale}">`);
    const head = /<head>([\s\S]*?)<\/head>/.exec(mail.html)?.[1] ?? "";
    expect(head).toContain('<meta charset="utf-8">');
    expect(head).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
    expect(mail.subject.trim()).not.toBe("");
    expect(mail.html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it.each(cases)("%s in %s should have a plain-text part with its links and no HTML tags", (template, locale) => {
    const { payload, links } = samplePayload(template);
    const mail = renderEmail(template, locale, payload);
    expect(mail.text.trim()).not.toBe("");
    for (const url of links) {
      expect(mail.text).toContain(url);
      expect(mail.html).toContain(`href="${escapeHtml(url)}"`);
    }
    // Values shopers typed keep their angle brackets in the text part (it is not HTML); the template's own markup must not leak in.
    const withoutValues = mail.text.replace(/<(?:b|i|\/i|1|x|script|\/script)>/g, "");
    expect(withoutValues).not.toMatch(/<\/?[a-z][a-z0-9]*(?:\s[^>]*)?>/i);
    expect(mail.text).not.toMatch(/&(?:amp|lt|gt|quot|#39);/);
  });
});
