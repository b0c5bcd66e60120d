import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { invoices, receipts } from "~/db/schema/billing";
import { orderStatusId } from "~/domain/order-status";
import { issueCreditNote, issueDocument } from "~/features/billing/billing.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { insertOrder, variantWithStock } from "./orders-helpers";
import { toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

/**
 * The billing screens' forms and pages (issue 17): each page refused for roles without Billings in
 * any spelling; issue, void (asks first) and credit note through the forms, with 400 and the field's
 * message on bad input and never a 5xx; the receipt and overview lists; a void document prints VOID.
 */
let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const editor = () => cookies["staff-3"];
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

async function paidOrder(statusId: number = orderStatusId.paid) {
  const variant = await variantWithStock(100);
  return insertOrder({ statusId, variantId: variant.id, productId: variant.productId, quantity: 2 });
}
const company = { buyerName: "Buyer Co., Ltd.", buyerAddress: "1 Silom Rd, Bangkok 10500", buyerTaxId: "0-1055-36000-31-3", buyerBranch: "1" };

const billingPages = [
  "/backend/invoices",
  "/backend/invoices/export.csv",
  "/backend/bill/invoices/form",
  "/backend/bill/receipt",
  "/backend/bill/receipt/export.csv",
  "/backend/bill/receipt/form",
  "/backend/bill/receipt/customer-form",
];

describe("who may open the billing pages", () => {
  it.each(billingPages)("given %s, should open for an Editor (role 3) and refuse an Author and a User, in any spelling", async (path) => {
    expect((await get(path, editor())).status).toBe(200);
    for (const viewer of ["staff-4", "staff-5"] as const) {
      for (const spelled of [path, path.toUpperCase(), path.replace("backend/", "backend/%62"), `/th${path}`]) {
        expect([403, 404], `${viewer} ${spelled}`).toContain((await get(spelled, cookies[viewer])).status);
      }
      if (!path.endsWith(".csv")) expect([403, 404]).toContain((await get(`${path}.data`, cookies[viewer])).status);
    }
  });

  it("given documents, should refuse their pages and prints to an Author and a User, and a POST issues nothing", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, { orderId: order.id, buyer: null, kind: "receipt", staffUserId: null });
    if (!issued.ok) throw new Error(issued.reason);
    for (const viewer of ["staff-4", "staff-5"] as const) {
      for (const path of [
        `/backend/bill/receipt/form/${issued.value.id}`,
        `/backend/bill/receipt/printReceipt?id=${issued.value.id}`,
        `/backend/bill/receipt/printCustomerReceipt?id=${issued.value.id}`,
      ]) {
        expect([403, 404], `${viewer} ${path}`).toContain((await get(path, cookies[viewer])).status);
      }
      const posted = await postForm(`/backend/bill/receipt/form/${issued.value.id}`, { intent: "void", reason: "no", confirmed: "1" }, cookies[viewer]);
      expect([403, 404]).toContain(posted.status);
    }
    const [row] = await db().select().from(receipts).where(eq(receipts.id, issued.value.id));
    expect(row!.voidedAt).toBeNull();
  });
});

describe("issuing through the forms", () => {
  it("should find a paid order, prefill its buyer, and issue a full tax invoice / receipt with the buyer as edited", async () => {
    const order = await paidOrder();
    const found = await postForm("/th/backend/bill/invoices/form", { intent: "find", orderNumber: order.orderNumber.toLowerCase() }, editor());
    expect(found.status).toBe(302);
    expect(found.headers.get("location")).toBe(`/th/backend/bill/invoices/form?order=${order.orderNumber}`);
    const page = await get(found.headers.get("location")!, editor());
    expect(page.status).toBe(200);
    expect(await html(page)).toContain('data-testid="issue-document"');

    const issued = await postForm(
      `/th/backend/bill/invoices/form?order=${order.orderNumber}`,
      { intent: "issue", orderId: String(order.id), kind: "tax_invoice_receipt", ...company },
      editor(),
    );
    expect(issued.status).toBe(302);
    expect(toastOf(issued)).toBe("billing:toasts.issued");
    const [row] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(row).toMatchObject({ kind: "tax_invoice_receipt", billingName: company.buyerName, billingTaxId: "0105536000313", billingBranch: "00001" });
    expect(issued.headers.get("location")).toBe(`/th/backend/bill/invoices/form/${row!.id}`);
    expect((await get(issued.headers.get("location")!, editor())).status).toBe(200);
  });

  it.each([
    ["an unknown order number", "/backend/bill/invoices/form", { intent: "find", orderNumber: "NO-SUCH-ORDER" }, "error-orderNumber"],
    ["an empty order number", "/backend/bill/invoices/form", { intent: "find", orderNumber: "" }, "error-orderNumber"],
    [
      "a bad buyer tax id",
      "/backend/bill/invoices/form",
      { intent: "issue", kind: "tax_invoice_receipt", ...company, buyerTaxId: "1234567890123" },
      "error-buyerTaxId",
    ],
    [
      "a full invoice without an address",
      "/backend/bill/invoices/form",
      { intent: "issue", kind: "tax_invoice", ...company, buyerAddress: "" },
      "error-buyerAddress",
    ],
    ["an unknown kind", "/backend/bill/invoices/form", { intent: "issue", kind: "bogus" }, "error-kind"],
    ["a company receipt without a tax id", "/backend/bill/receipt/customer-form", { intent: "issue", ...company, buyerTaxId: "" }, "error-buyerTaxId"],
    ["a company receipt without the company's name", "/backend/bill/receipt/customer-form", { intent: "issue", ...company, buyerName: "" }, "error-buyerName"],
    ["a company receipt with a bad branch", "/backend/bill/receipt/customer-form", { intent: "issue", ...company, buyerBranch: "ABCDEF" }, "error-buyerBranch"],
  ])("given %s, should answer 400 marking the field and issue nothing", async (_case, path, fields, testId) => {
    const order = await paidOrder();
    // The issue form is the page of an order found first (?order=); the find form is the page without one.
    const target = fields.intent === "find" ? path : `${path}?order=${order.orderNumber}`;
    const response = await postForm(target, { orderId: String(order.id), ...fields }, editor());
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="${testId}"`);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(0);
    expect(await db().select().from(receipts).where(eq(receipts.orderId, order.id))).toHaveLength(0);
  });

  it("given an unpaid order, should refuse it on the order field; a second issue is refused on the form", async () => {
    const unpaid = await paidOrder(orderStatusId.waiting_payment);
    const found = await postForm("/backend/bill/receipt/form", { intent: "find", orderNumber: unpaid.orderNumber }, editor());
    expect(found.status).toBe(400);
    expect(await html(found)).toContain('data-testid="error-orderNumber"');
    const direct = await postForm(`/backend/bill/receipt/form?order=${unpaid.orderNumber}`, { intent: "issue", orderId: String(unpaid.id) }, editor());
    expect(direct.status).toBe(400);
    expect(await html(direct)).toContain('data-testid="form-error"');

    const order = await paidOrder();
    expect((await postForm("/backend/bill/receipt/form", { intent: "issue", orderId: String(order.id) }, editor())).status).toBe(302);
    const again = await postForm(`/backend/bill/receipt/form?order=${order.orderNumber}`, { intent: "issue", orderId: String(order.id) }, editor());
    expect(again.status).toBe(400);
    expect(await html(again)).toContain('data-testid="form-error"');
  });

  it("should issue a receipt to a customer's company and print it with the buyer on printCustomerReceipt only", async () => {
    const order = await paidOrder();
    const issued = await postForm("/backend/bill/receipt/customer-form", { intent: "issue", orderId: String(order.id), ...company }, editor());
    expect(issued.status).toBe(302);
    const [row] = await db().select().from(receipts).where(eq(receipts.orderId, order.id));
    expect(row).toMatchObject({ billingName: company.buyerName, billingTaxId: "0105536000313", billingBranch: "00001" });
    const customer = await html(await get(`/th/backend/bill/receipt/printCustomerReceipt?id=${row!.id}`, editor()));
    expect(customer).toContain("ใบเสร็จรับเงิน");
    expect(customer).toContain('data-element="buyer-tax-id"');
    expect(customer).toContain('data-testid="shop-logo"');
    // Paper size and page numbers come from app.css's named pages, never an inline style (the CSP refuses those).
    expect(customer).toContain('class="print-a4-document"');
    expect(customer).not.toContain("@page");
    const plain = await html(await get(`/backend/bill/receipt/printReceipt?id=${row!.id}&paper=80mm`, editor()));
    expect(plain).not.toContain('data-element="buyer-tax-id"');
    expect(plain).toContain('data-paper="80mm"');
    expect(plain).toContain('class="print-till-roll"');

    const list = await html(await get(`/backend/bill/receipt?q=${encodeURIComponent(row!.number)}`, editor()));
    expect(list.match(/data-testid="receipt-row"/g)).toHaveLength(1);
    const overview = await html(await get(`/th/backend/invoices?q=${encodeURIComponent(order.orderNumber)}`, editor()));
    expect(overview.match(/data-testid="document-row"/g)).toHaveLength(1);
    const csv = await (await get(`/backend/invoices/export.csv?q=${encodeURIComponent(order.orderNumber)}&kind=receipt`, editor())).text();
    expect(csv).toContain(row!.number);
  });
});

describe("reading a form's page", () => {
  /** What each form's page shows of the document it reads (or, without an id, of the order found). */
  let pages: Record<"a credit note" | "a receipt" | "a company receipt" | "an order to issue for", { path: string; shown: string }>;
  beforeAll(async () => {
    const buyer = { name: company.buyerName, address: company.buyerAddress, taxId: "0105536000313", branch: "00000" };
    const [invoiceOrder, receiptOrder, companyOrder] = [await paidOrder(), await paidOrder(), await paidOrder()];
    const invoice = await issueDocument(env.DB, { orderId: invoiceOrder.id, buyer, kind: "tax_invoice", staffUserId: null });
    if (!invoice.ok) throw new Error(invoice.reason);
    const note = await issueCreditNote(env.DB, {
      invoiceId: invoice.value.id,
      correctTotalSatang: 59_000,
      cause: "refund",
      reason: "Returned",
      staffUserId: null,
    });
    const receipt = await issueDocument(env.DB, { orderId: receiptOrder.id, buyer: null, kind: "receipt", staffUserId: null });
    const companyReceipt = await issueDocument(env.DB, { orderId: companyOrder.id, buyer, kind: "receipt", staffUserId: null });
    if (!note.ok || !receipt.ok || !companyReceipt.ok) throw new Error("not issued");
    pages = {
      "a credit note": {
        path: `/backend/bill/invoices/form/${note.value.id}`,
        shown: `href="/backend/bill/invoices/form/${invoice.value.id}" data-discover="true">${invoice.value.number}</a>`,
      },
      "a receipt": { path: `/th/backend/bill/receipt/form/${receipt.value.id}`, shown: `data-testid="document-number">${receipt.value.number}<` },
      "a company receipt": {
        path: `/backend/bill/receipt/customer-form/${companyReceipt.value.id}`,
        shown: `data-testid="document-number">${companyReceipt.value.number}<`,
      },
      "an order to issue for": { path: `/backend/bill/invoices/form?order=${receiptOrder.orderNumber}`, shown: `data-testid="issue-document"` },
    };
  });

  it.each(["a credit note", "a receipt", "a company receipt", "an order to issue for"] as const)(
    "given %s, should read the seller and the document with what it names (or the order with its live documents) in one round trip after the staff check",
    async (form) => {
      const { path, shown } = pages[form];
      const response = await get(path, cookies["staff-1"]);
      expect(response.status).toBe(200);
      // Issue 19: the seller's settings are read alongside the page's document or order, not before it.
      expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
      expect(await html(response)).toContain(shown);
    },
  );
});

describe("void and credit note through the forms", () => {
  it("should ask before voiding, void with the reason once confirmed, print VOID, then refuse a second void; a credit note lowers the invoice", async () => {
    const order = await paidOrder();
    const issued = await issueDocument(env.DB, {
      orderId: order.id,
      buyer: { name: company.buyerName, address: company.buyerAddress, taxId: "0105536000313", branch: "00000" },
      staffUserId: null,
    });
    if (!issued.ok) throw new Error(issued.reason);
    const path = `/backend/bill/invoices/form/${issued.value.id}`;

    // Bad input: 400 with the field marked, never a 5xx.
    for (const [fields, testId] of [
      [{ intent: "void", reason: "" }, "error-reason"],
      [{ intent: "credit", cause: "refund", reason: "Returned", correctTotal: "abc" }, "error-correctTotal"],
      [{ intent: "credit", cause: "refund", reason: "Returned", correctTotal: "99999" }, "error-correctTotal"],
      [{ intent: "credit", cause: "nonsense", reason: "Returned", correctTotal: "100" }, "error-cause"],
      [{ intent: "credit", cause: "refund", reason: "", correctTotal: "100" }, "error-reason"],
    ] as const) {
      const response = await postForm(path, fields, editor());
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(await html(response)).toContain(`data-testid="${testId}"`);
    }
    expect((await postForm(path, { intent: "whatever" }, editor())).status).toBe(400);

    const note = await postForm(path, { intent: "credit", cause: "exchange", reason: "Cheaper size", correctTotal: "590" }, editor());
    expect(note.status).toBe(302);
    expect(toastOf(note)).toBe("billing:toasts.credited");
    const [credit] = await db().select().from(invoices).where(eq(invoices.originalInvoiceId, issued.value.id));
    expect(credit).toMatchObject({ kind: "credit_note", creditNoteCause: "exchange", creditNoteReason: "Cheaper size", totalSatang: 118_000 - 59_000 });

    const asked = await postForm(path, { intent: "void", reason: "Wrong buyer" }, editor());
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain('data-testid="confirm-step"');
    expect((await db().select().from(invoices).where(eq(invoices.id, issued.value.id)))[0]!.voidedAt).toBeNull();

    const voided = await postForm(`/th${path}`, { intent: "void", reason: "Wrong buyer", confirmed: "1" }, editor());
    expect(voided.status).toBe(302);
    expect(toastOf(voided)).toBe("billing:toasts.voided");
    expect((await db().select().from(invoices).where(eq(invoices.id, issued.value.id)))[0]).toMatchObject({ voidReason: "Wrong buyer" });

    const printed = await html(await get(`/backend/bill/invoices/printInvoice?id=${issued.value.id}`, editor()));
    expect(printed).toContain('data-testid="void-mark"');
    expect(printed).toContain("VOID: Wrong buyer");
    const again = await postForm(path, { intent: "void", reason: "Again", confirmed: "1" }, editor());
    expect(again.status).toBe(400);
    // A void invoice takes no credit note.
    const late = await postForm(path, { intent: "credit", cause: "refund", reason: "Late", correctTotal: "0" }, editor());
    expect(late.status).toBe(400);
    expect((await get("/backend/bill/invoices/form/999999", editor())).status).toBe(404);
    expect((await get("/backend/bill/invoices/form/abc", editor())).status).toBe(404);
  });
});
