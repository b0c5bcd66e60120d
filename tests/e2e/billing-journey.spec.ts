import { formatThaiTaxId } from "../../app/domain/tax-documents";
import { thaiNationalIdCheckDigit } from "../../app/domain/thai-national-id";
import { fillBangkokAddress } from "./address-steps";
import { registerCustomer } from "./customer-account";
import { mailedLink } from "./mailbox";
import { signInAsAdmin } from "./staff-session";
import { type Browser, expect, type Locator, type Page, test } from "./test";

/**
 * Issue 17's journey, from the shopper's request to the credit note: a new customer checks out asking
 * for a full tax invoice (company, a valid tax id, head office, address) and pays by transfer with a
 * slip → staff approve the slip, and the order gets its combined tax invoice / receipt naming that
 * buyer, e-mailed to the shopper → the shopper finds it under My purchases and opens its printed copy
 * with the tax id → staff lower it with a credit note for a ฿100 refund → the shopper sees the credit
 * note, its printed copy referring to the invoice with the original, correct and difference values.
 * English on a desktop, Thai on a phone. Each run has its own customer, so the account that now
 * remembers the buyer is no other spec's.
 */
const runs = [
  { lang: "en", prefix: "", tag: "@desktop" },
  { lang: "th", prefix: "/th", tag: "@phone" },
] as const;

const refundSatang = 10_000;
// The smallest PNG (1×1, transparent): the slip upload checks the content, not the name.
const slipPng = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

/** A company's tax id (starts with 0) no other run uses, with the check digit of app/domain. */
function companyTaxId(): string {
  const first12 = `0105${Date.now().toString().slice(-8)}`;
  return `${first12}${thaiNationalIdCheckDigit(first12)}`;
}

const satangOf = (text: string | null) => Math.round(Number((text ?? "").replace(/[^\d.]/g, "")) * 100);
const bahtInput = (satang: number) => (satang / 100).toFixed(2);

async function hydrated(page: Page, testId: string) {
  await expect(page.getByTestId(testId)).toHaveAttribute("data-hydrated", "true", { timeout: 15_000 });
}

/** Staff approve the order's slip; the order is paid and its document issued. */
async function staffApprove(browser: Browser, prefix: string, orderNumber: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAsAdmin(page, prefix);
    await page.goto(`${prefix}/backend/orders/fulfillment?q=${orderNumber}`);
    await page
      .getByTestId("order-row")
      .getByRole("link", { name: new RegExp(orderNumber) })
      .click();
    await expect(page.getByTestId("payment-row").first()).toHaveAttribute("data-payment-status", "slip_submitted");
    await page.getByTestId("change-to-paid").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();
  } finally {
    await context.close();
  }
}

/** Staff find the order's invoice in the list and lower it by `refundSatang`; returns the credit note's number. */
async function staffCredit(browser: Browser, prefix: string, orderNumber: string, invoiceNumber: string, totalSatang: number): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await signInAsAdmin(page, prefix);
    await page.goto(`${prefix}/backend/bill/invoices?q=${orderNumber}`);
    const row = page.getByTestId("invoice-row");
    await expect(row).toHaveCount(1);
    await row.getByRole("link", { name: new RegExp(invoiceNumber) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/backend/bill/invoices/form/\\d+$`));
    await expect(page.getByTestId("document-number")).toHaveText(invoiceNumber);
    expect(satangOf(await page.getByTestId("document-total").textContent())).toBe(totalSatang);

    const credit = page.getByTestId("credit-panel");
    await credit.locator('select[name="cause"]').selectOption("refund");
    await credit.locator('input[name="correctTotal"]').fill(bahtInput(totalSatang - refundSatang));
    await credit.locator('textarea[name="reason"]').fill("Returned one tote");
    await page.getByTestId("credit-submit").click();
    await expect(page.getByTestId("snackbar")).toBeVisible();
    await expect(page.getByTestId("document-summary")).toBeVisible();
    const noteNumber = (await page.getByTestId("document-number").textContent())!;
    expect(noteNumber).not.toBe(invoiceNumber);
    expect(satangOf(await page.getByTestId("document-total").textContent())).toBe(refundSatang);
    return noteNumber;
  } finally {
    await context.close();
  }
}

for (const run of runs) {
  test(
    `(${run.lang}) a shopper asks for a full tax invoice at checkout, pays by transfer, gets it and then a credit note`,
    { tag: run.tag },
    async ({ page, browser }, testInfo) => {
      test.setTimeout(60_000);
      const { prefix, lang } = run;
      // The part of the page the step is about (a full-page shot repeats the sticky header mid-page).
      const shot = (name: string, part: Locator = page.locator("body")) => part.screenshot({ path: testInfo.outputPath(`${name}-${lang}.png`) });
      const taxId = companyTaxId();
      const company = lang === "th" ? "บริษัท น้ำใจดี จำกัด" : "Namjai Trading Co., Ltd.";
      const address = lang === "th" ? "ที่อยู่ 88/8 ถนนสีลม แขวงสุริยวงศ์ เขตบางรัก กรุงเทพฯ 10500" : "88/8 Silom Rd, Suriyawong, Bang Rak, Bangkok 10500";
      const email = await registerCustomer(page, prefix, `bill-${lang}`);

      // A tote into the cart.
      await page.goto(`${prefix}/shop/canvas-tote-bag`);
      await hydrated(page, "add-to-cart-form");
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByTestId("snackbar")).toBeVisible();

      // Checkout: a new address, the full tax invoice asked for, bank transfer.
      await page.goto(`${prefix}/cart/checkout`);
      await hydrated(page, "checkout-form");
      const form = page.getByTestId("checkout-form");
      await expect(form.locator('input[name="email"]')).toHaveValue(email);
      await fillBangkokAddress(form);
      const request = page.getByTestId("tax-invoice-request");
      await expect(request.getByTestId("tax-invoice-fields")).toBeHidden();
      await request.locator('input[name="taxInvoice"]').check();
      await expect(request.getByTestId("tax-invoice-fields")).toBeVisible();
      await request.locator('input[name="taxInvoiceName"]').fill(company);
      await request.locator('input[name="taxInvoiceTaxId"]').fill(formatThaiTaxId(taxId));
      await request.locator('input[name="taxInvoiceOffice"][value="head_office"]').check();
      await request.locator('textarea[name="taxInvoiceAddress"]').fill(address);
      await page.getByTestId("payment-transfer").check();
      await hydrated(page, "checkout-form");
      await request.scrollIntoViewIfNeeded();
      await shot("checkout-request", page.locator('section[aria-labelledby="checkout-tax-invoice"]'));
      await page.getByTestId("place-order").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/cart/checkout/PR\\d{6}[0-9A-Z]{8}$`), { timeout: 15_000 });
      const orderNumber = new URL(page.url()).pathname.split("/").pop()!;
      const totalSatang = satangOf(await page.getByTestId("order-total").textContent());
      expect(totalSatang).toBeGreaterThan(refundSatang);

      // Pay: the slip. No document until the payment is confirmed.
      await page.getByTestId("slip-form").locator('input[type="file"]').setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: slipPng });
      await page.getByTestId("upload-slip").click();
      await expect(page.getByTestId("slip-review")).toBeVisible({ timeout: 15_000 });

      await staffApprove(browser, prefix, orderNumber);

      // The e-mail links to the document, under My purchases.
      const link = await mailedLink(email, new RegExp(`https?://\\S+/my-purchase/${orderNumber}/documents/\\S+`));
      expect(link).toMatch(new RegExp(`^${prefix}/my-purchase/${orderNumber}/documents/[A-Za-z0-9-]+$`));

      // My purchases: the combined tax invoice / receipt, with the e-mail's number.
      await page.goto(`${prefix}/my-purchase/${orderNumber}`);
      const documents = page.getByTestId("order-documents");
      const invoice = documents.locator('[data-testid="order-document"][data-kind="tax_invoice_receipt"]');
      await expect(invoice).toHaveCount(1);
      const invoiceNumber = (await invoice.getAttribute("data-number"))!;
      expect(link.endsWith(`/documents/${invoiceNumber}`)).toBe(true);
      await documents.scrollIntoViewIfNeeded();
      await shot("purchase-documents", documents);

      // Its printed copy names the buyer with the tax id and head office; the total is the order's.
      await invoice.getByTestId("order-document-link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/my-purchase/${orderNumber}/documents/${invoiceNumber}$`));
      const printed = page.getByTestId("tax-document");
      await expect(printed).toHaveAttribute("data-kind", "tax_invoice_receipt");
      await expect(printed).toHaveAttribute("lang", lang);
      await expect(printed.locator('[data-element="number"]')).toHaveText(invoiceNumber);
      await expect(printed.locator('[data-element="buyer-name"]')).toHaveText(company);
      await expect(printed.locator('[data-element="buyer-tax-id"]')).toHaveText(formatThaiTaxId(taxId));
      await expect(printed.locator('[data-element="buyer-address"]')).toHaveText(address);
      expect(satangOf(await printed.locator('[data-element="total"]').textContent())).toBe(totalSatang);
      const valueSatang = satangOf(await printed.locator('[data-element="value-before-vat"]').textContent());
      await shot("printed-invoice");

      const noteNumber = await staffCredit(browser, prefix, orderNumber, invoiceNumber, totalSatang);

      // The shopper sees the credit note referring to the invoice, and its printed copy's values.
      await page.goto(`${prefix}/my-purchase/${orderNumber}`);
      const note = documents.locator(`[data-testid="order-document"][data-kind="credit_note"][data-number="${noteNumber}"]`);
      await expect(note).toHaveCount(1);
      await expect(note).toHaveAttribute("data-credit-for", invoiceNumber);
      await expect(documents.locator(`[data-testid="order-document"][data-number="${invoiceNumber}"]`)).not.toHaveAttribute("data-void", "true");
      await note.getByTestId("order-document-link").click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/my-purchase/${orderNumber}/documents/${noteNumber}$`));
      await expect(printed).toHaveAttribute("data-kind", "credit_note");
      await expect(printed.getByTestId("credit-note-reference")).toContainText(invoiceNumber);
      await expect(printed.locator('[data-element="buyer-tax-id"]')).toHaveText(formatThaiTaxId(taxId));
      // Values before VAT, as §86/10 prints them: original − correct = the difference; difference + VAT = the refund.
      const original = satangOf(await printed.getByTestId("original-value").textContent());
      const correct = satangOf(await printed.getByTestId("correct-value").textContent());
      const difference = satangOf(await printed.locator('[data-element="value-before-vat"]').textContent());
      const vat = satangOf(await printed.locator('[data-element="vat"]').textContent());
      expect(original).toBe(valueSatang);
      expect(original - correct).toBe(difference);
      expect(difference + vat).toBe(refundSatang);
      expect(satangOf(await printed.locator('[data-element="total"]').textContent())).toBe(refundSatang);
      await shot("printed-credit-note");
    },
  );
}
