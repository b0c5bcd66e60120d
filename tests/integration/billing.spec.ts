import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { documentSequences, invoices, receipts } from "~/db/schema/billing";
import { config, configKeys } from "~/db/schema/config";
import { orderStatusId } from "~/domain/order-status";
import { bangkokYear, type BuyerDetails, fullTaxInvoiceElements, isGapFree, parseDocumentNumber } from "~/domain/tax-documents";
import { issueCreditNote, issueDocument, parseDocumentLines, voidDocument } from "~/features/billing/billing.server";

import { insertOrder, variantWithStock } from "./orders-helpers";
import { staffCookie, toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

/**
 * Issuing tax documents against the real local D1 (issue 17): numbers from concurrent issues are
 * consecutive, documents are never edited or deleted after issue, unpaid orders get none.
 * The seeded seller is VAT registered (app/db/seed).
 */
const db = () => database(env.DB);
const company: BuyerDetails = { name: "Buyer Co., Ltd.", address: "1 Silom Rd, Bangkok 10500", taxId: "0105536000313", branch: "00001" };

/** What the database said when it refused a statement (drizzle puts D1's message in the cause). */
async function refusal(statement: PromiseLike<unknown>): Promise<string> {
  try {
    await statement;
    return "accepted";
  } catch (error) {
    return error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ""}` : String(error);
  }
}

async function paidOrder(statusId: number = orderStatusId.paid) {
  const variant = await variantWithStock(100);
  return insertOrder({ statusId, variantId: variant.id, productId: variant.productId, quantity: 2 });
}

describe("issueDocument", () => {
  it("given 20 concurrent issues, should give 20 consecutive numbers with no gap and no repeat", async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => paidOrder()));
    const year = bangkokYear(Date.now());
    const [before] = await db()
      .select({ lastNumber: documentSequences.lastNumber })
      .from(documentSequences)
      .where(and(eq(documentSequences.documentType, "abbreviated_tax_invoice"), eq(documentSequences.year, year)));
    const results = await Promise.all(orders.map((order) => issueDocument(env.DB, { orderId: order.id, buyer: null, staffUserId: null })));
    const numbers = results.map((result) => {
      if (!result.ok) throw new Error(result.reason);
      expect(result.value.kind).toBe("abbreviated_tax_invoice");
      return parseDocumentNumber(result.value.number)!;
    });
    const start = before?.lastNumber ?? 0;
    expect(isGapFree(numbers.map((number) => number.sequence - start))).toBe(true);
    expect(new Set(numbers.map((number) => number.buddhistYear))).toEqual(new Set([year + 543]));
    const [after] = await db()
      .select({ lastNumber: documentSequences.lastNumber })
      .from(documentSequences)
      .where(and(eq(documentSequences.documentType, "abbreviated_tax_invoice"), eq(documentSequences.year, year)));
    expect(after!.lastNumber).toBe(start + 20);
  });

  it("given a paid order and a buyer with a tax id, should issue a combined tax invoice / receipt that adds up and keeps the seller as registered", async () => {
    const order = await paidOrder();
    const result = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!result.ok) throw new Error(result.reason);
    expect(result.value.kind).toBe("tax_invoice_receipt");
    expect(result.value.number).toMatch(/^IVRC-\d{4}-\d{6}$/);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, result.value.id));
    expect(row).toMatchObject({ billingTaxId: "0105536000313", billingBranch: "00001", sellerTaxId: "0105599999997", totalSatang: 118_000, vatPercent: 7 });
    expect(row!.subtotalSatang + row!.vatSatang).toBe(row!.totalSatang);
    expect(row!.vatSatang).toBe(7_720);
    const lines = parseDocumentLines(row!.linesJson);
    expect(lines.reduce((sum, line) => sum + line.unitPriceSatang * line.quantity, 0)).toBe(row!.totalSatang);
  });

  it.each([
    ["waiting for payment", orderStatusId.waiting_payment],
    ["a slip in review", orderStatusId.slip_review],
    ["cancelled", orderStatusId.cancelled],
    ["refunded", orderStatusId.refunded],
  ])("given an order %s, should refuse to issue", async (_, statusId) => {
    const order = await paidOrder(statusId);
    expect(await issueDocument(env.DB, { orderId: order.id, buyer: null, staffUserId: null })).toEqual({ ok: false, reason: "unpaid" });
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);
  });

  it("given an order that already has a live document, should refuse a second one but accept a replacement that voids it in the same batch", async () => {
    const order = await paidOrder();
    const first = await issueDocument(env.DB, { orderId: order.id, buyer: null, staffUserId: null });
    if (!first.ok) throw new Error(first.reason);
    expect(await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null })).toEqual({ ok: false, reason: "already-issued" });
    const replacement = await issueDocument(env.DB, {
      orderId: order.id,
      buyer: company,
      staffUserId: null,
      replacing: { id: first.value.id, reason: "Buyer asked for a full tax invoice" },
    });
    if (!replacement.ok) throw new Error(replacement.reason);
    const rows = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(rows.find((row) => row.id === first.value.id)).toMatchObject({ voidReason: "Buyer asked for a full tax invoice" });
    expect(rows.find((row) => row.id === replacement.value.id)).toMatchObject({ replacesId: first.value.id, voidedAt: null });
  });

  it("given a bad buyer tax id or a named kind without an address, should refuse", async () => {
    const order = await paidOrder();
    expect(await issueDocument(env.DB, { orderId: order.id, buyer: { ...company, taxId: "0105536000314" }, staffUserId: null })).toEqual({
      ok: false,
      reason: "buyer-tax-id",
    });
    expect(await issueDocument(env.DB, { orderId: order.id, buyer: null, kind: "tax_invoice", staffUserId: null })).toEqual({
      ok: false,
      reason: "buyer-incomplete",
    });
  });

  it("given a plain receipt asked for, should number it in the receipt series", async () => {
    const order = await paidOrder();
    const result = await issueDocument(env.DB, { orderId: order.id, buyer: null, kind: "receipt", staffUserId: null });
    if (!result.ok) throw new Error(result.reason);
    expect(result.value).toMatchObject({ table: "receipt", kind: "receipt" });
    expect(result.value.number).toMatch(/^RC-\d{4}-\d{6}$/);
  });
});

describe("after issue", () => {
  it("should never let a document be edited or deleted, only voided once with a reason", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    expect(await refusal(db().update(invoices).set({ billingName: "Someone else" }).where(eq(invoices.id, issued.value.id)))).toMatch(/never edited/);
    expect(await refusal(db().update(invoices).set({ totalSatang: 1, subtotalSatang: 1, vatSatang: 0 }).where(eq(invoices.id, issued.value.id)))).not.toBe(
      "accepted",
    );
    expect(await refusal(db().delete(invoices).where(eq(invoices.id, issued.value.id)))).toMatch(/never deleted/);

    expect(await voidDocument(env.DB, { table: "invoice", id: issued.value.id, reason: "Wrong buyer", staffUserId: null })).toEqual({ ok: true, value: null });
    expect(await voidDocument(env.DB, { table: "invoice", id: issued.value.id, reason: "Again", staffUserId: null })).toEqual({
      ok: false,
      reason: "already-void",
    });
    expect(await refusal(db().update(invoices).set({ voidReason: "Rewritten" }).where(eq(invoices.id, issued.value.id)))).toMatch(/never edited/);
    const [row] = await db().select().from(invoices).where(eq(invoices.id, issued.value.id));
    expect(row).toMatchObject({ voidReason: "Wrong buyer", billingName: company.name });
  });

  it("should keep receipts the same way", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: null, kind: "receipt", staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    expect(await refusal(db().delete(receipts).where(eq(receipts.id, issued.value.id)))).toMatch(/never deleted/);
    expect(await refusal(db().update(receipts).set({ number: "RC-0000-000001" }).where(eq(receipts.id, issued.value.id)))).toMatch(/never edited/);
  });
});

describe("issueCreditNote", () => {
  it("should lower a tax invoice step by step, each note referring to it, until nothing is left", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    // 1,180.00 paid; one of the two items (590.00) is refunded.
    const first = await issueCreditNote(env.DB, {
      invoiceId: issued.value.id,
      correctTotalSatang: 59_000,
      cause: "refund",
      reason: "One jersey returned",
      staffUserId: null,
    });
    if (!first.ok) throw new Error(first.reason);
    expect(first.value.number).toMatch(/^CN-\d{4}-\d{6}$/);
    const [note] = await db().select().from(invoices).where(eq(invoices.id, first.value.id));
    expect(note).toMatchObject({
      kind: "credit_note",
      originalInvoiceId: issued.value.id,
      creditNoteCause: "refund",
      billingTaxId: company.taxId,
      originalValueSatang: 110_280,
      correctValueSatang: 55_140,
      subtotalSatang: 55_140,
      vatSatang: 3_860,
      totalSatang: 59_000,
    });

    expect(await issueCreditNote(env.DB, { invoiceId: issued.value.id, correctTotalSatang: 59_000, cause: "other", reason: "x", staffUserId: null })).toEqual({
      ok: false,
      reason: "not-lower",
    });
    const second = await issueCreditNote(env.DB, {
      invoiceId: issued.value.id,
      correctTotalSatang: 0,
      cause: "cancellation",
      reason: "Order cancelled",
      staffUserId: null,
    });
    if (!second.ok) throw new Error(second.reason);
    const [last] = await db().select().from(invoices).where(eq(invoices.id, second.value.id));
    expect(last).toMatchObject({ originalValueSatang: 55_140, correctValueSatang: 0, totalSatang: 59_000 });
  });

  it("should refuse a note on an abbreviated invoice, a voided one, or a credit note", async () => {
    const order = await paidOrder();
    const abbreviated = await issueDocument(env.DB, { orderId: order.id, buyer: null, staffUserId: null });
    if (!abbreviated.ok) throw new Error(abbreviated.reason);
    expect(await issueCreditNote(env.DB, { invoiceId: abbreviated.value.id, correctTotalSatang: 0, cause: "refund", reason: "x", staffUserId: null })).toEqual({
      ok: false,
      reason: "not-creditable",
    });
    expect(await issueCreditNote(env.DB, { invoiceId: 999_999, correctTotalSatang: 0, cause: "refund", reason: "x", staffUserId: null })).toEqual({
      ok: false,
      reason: "document-not-found",
    });
  });
});

describe("the seller", () => {
  it("given a seller not registered for VAT, should issue receipts with no VAT and refuse tax invoices", async () => {
    const [stored] = await db().select().from(config).where(eq(config.key, configKeys.taxSeller));
    const seller = JSON.parse(stored!.value) as Record<string, unknown>;
    await db()
      .update(config)
      .set({ value: JSON.stringify({ ...seller, vatRegistered: false }) })
      .where(eq(config.key, configKeys.taxSeller));
    try {
      const order = await paidOrder();
      expect(await issueDocument(env.DB, { orderId: order.id, buyer: company, kind: "tax_invoice", staffUserId: null })).toEqual({
        ok: false,
        reason: "kind-not-allowed",
      });
      const receipt = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
      if (!receipt.ok) throw new Error(receipt.reason);
      expect(receipt.value.kind).toBe("receipt");
      const [row] = await db().select().from(receipts).where(eq(receipts.id, receipt.value.id));
      expect(row).toMatchObject({ vatSatang: 0, vatPercent: 0, subtotalSatang: 118_000, totalSatang: 118_000 });
    } finally {
      await db().update(config).set({ value: stored!.value }).where(eq(config.key, configKeys.taxSeller));
    }
  });
});

describe("the seller section of /backend/setting", () => {
  const settings = {
    intent: "save-settings",
    vat: "7",
    nameEn: "Pryde",
    nameTh: "ไพรด์",
    email: "hello@pryde.test",
    rateUSD: "0.028",
    rateEUR: "0.026",
    rateGBP: "0.022",
    rateJPY: "4.3",
    rateCNY: "0.2",
    pointValueBaht: "1",
    pointsEarnBaht: "100",
    exchangeWindowDays: "14",
    unpaidOrderHours: "48",
  };
  const seller = {
    sellerVatRegistered: "on",
    sellerNameTh: "บริษัท ไพรด์ จำกัด",
    sellerNameEn: "Pryde Co., Ltd.",
    sellerAddressTh: "88/8 ซอยสุขุมวิท 31 กรุงเทพฯ 10110",
    sellerAddressEn: "88/8 Sukhumvit Soi 31, Bangkok 10110",
    sellerTaxId: "0105599999997",
    sellerBranch: "00000",
  };

  it("should show the section in both languages and save it with the other settings", async () => {
    const cookie = await staffCookie();
    for (const [path, heading] of [
      ["/backend/setting", "Seller (tax documents)"],
      ["/th/backend/setting", "ผู้ขาย (เอกสารภาษี)"],
    ] as const) {
      const page = await (await get(path, { cookie })).text();
      expect(page).toContain('data-testid="settings-seller"');
      expect(page).toContain(heading);
      expect(page).toContain('name="sellerTaxId"');
    }
    const saved = await postForm("/backend/setting", { ...settings, ...seller, prefixReceipt: "re" }, { cookie });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)).toBe("contentAdmin:settings.saved");
    const [row] = await db().select().from(config).where(eq(config.key, configKeys.taxSeller));
    expect(JSON.parse(row!.value)).toMatchObject({ taxId: "0105599999997", vatRegistered: true, prefixes: { receipt: "RE", tax_invoice: "INV" } });

    const refused = await postForm("/th/backend/setting", { ...settings, ...seller, sellerTaxId: "0105599999990" }, { cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("เลขตรวจสอบ");
    const [unchanged] = await db().select().from(config).where(eq(config.key, configKeys.taxSeller));
    expect(unchanged!.value).toBe(row!.value);
  });
});

describe("the billing screens", () => {
  it("should list tax documents with search, kind filter and CSV, for roles with Billings only", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    const admin = await staffCookie();
    for (const path of ["/backend/bill/invoices", "/th/backend/bill/invoices"]) {
      const page = await get(`${path}?q=${encodeURIComponent(issued.value.number)}`, { cookie: admin });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="invoice-list"');
      expect(html).toContain(issued.value.number);
      expect(html.match(/data-testid="invoice-row"/g)).toHaveLength(1);
    }
    const creditNotesOnly = await (await get(`/backend/bill/invoices?kind=credit_note&q=${encodeURIComponent(issued.value.number)}`, { cookie: admin })).text();
    expect(creditNotesOnly).not.toContain('data-testid="invoice-row"');

    const csv = await get(`/backend/bill/invoices/export.csv?q=${encodeURIComponent(order.orderNumber)}`, { cookie: admin });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(issued.value.number);
    expect(text).toContain("0105536000313");
    expect(text).toContain("1180.00");

    // Role 5 (User) sees only the dashboard; role 4 (Author) has no Billings either.
    for (const email of ["user@pryde.test", "author@pryde.test"]) {
      const cookie = await staffCookie(email);
      expect((await get("/backend/bill/invoices", { cookie })).status).toBe(403);
      expect((await get(`/backend/bill/invoices/printInvoice?id=${issued.value.id}`, { cookie })).status).toBe(403);
    }
  });

  it.each(["/backend", "/th/backend"])("should print every element of §86/4 on a full tax invoice (%s)", async (prefix) => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    const response = await get(`${prefix}/bill/invoices/printInvoice?id=${issued.value.id}`, { cookie: await staffCookie() });
    expect(response.status).toBe(200);
    const html = await response.text();
    for (const element of [...fullTaxInvoiceElements, "buyer-tax-id", "buyer-branch"]) expect(html, element).toContain(`data-element="${element}"`);
    for (const text of ["ใบกำกับภาษี", "Tax Invoice", issued.value.number, "0-1055-99999-99-7", "0-1055-36000-31-3", company.name, "หนึ่งพันหนึ่งร้อยแปดสิบบาทถ้วน"]) {
      expect(html).toContain(text);
    }
    expect(html).toContain(prefix === "/th/backend" ? "สำนักงานใหญ่" : "Head office");
    expect(html).toContain(prefix === "/th/backend" ? "2569" : "2026");
  });

  it("should print a credit note with the original invoice, both values, the difference and its VAT", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: company, staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    const note = await issueCreditNote(env.DB, {
      invoiceId: issued.value.id,
      correctTotalSatang: 59_000,
      cause: "exchange",
      reason: "Cheaper size",
      staffUserId: null,
    });
    if (!note.ok) throw new Error(note.reason);
    const html = await (await get(`/th/backend/bill/invoices/printInvoice?id=${note.value.id}`, { cookie: await staffCookie() })).text();
    expect(html).toContain("ใบลดหนี้");
    expect(html).toContain('data-testid="credit-note-reference"');
    expect(html).toContain(issued.value.number);
    expect(html).toMatch(/data-testid="original-value"[^>]*>฿1,102\.80/);
    expect(html).toMatch(/data-testid="correct-value"[^>]*>฿551\.40/);
    expect(html).toContain("Cheaper size");
    expect((await get("/backend/bill/invoices/printInvoice?id=999999", { cookie: await staffCookie() })).status).toBe(404);
  });
});
