import { env } from "cloudflare:workers";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { invoices, receipts } from "~/db/schema/billing";
import { customers } from "~/db/schema/customers";
import { emailOutbox } from "~/db/schema/messaging";
import { orders } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { issuePaidOrderDocument, reduceOrderDocuments } from "~/features/billing/order-documents.server";
import { createSession } from "~/features/sessions/sessions.server";

import { add, cookieHeader, db, type Headers, plainVariants } from "./cart-helpers";
import { newCustomer, staffCookie } from "./profile-helpers";
import { get, origin, postForm } from "./worker";

/**
 * The shopper's side of billing (issue 17): a full tax invoice asked for at checkout (kept on the order,
 * remembered by the account), the document issued when the order is paid (once), the shopper's printed
 * copy — for the order's owner or the guest holding it only, whatever the spelling of the address —
 * and the credit note after a refund.
 */
const bangkok = {
  firstName: "Somchai",
  lastName: "Jaidee",
  phone: "0812345678",
  address: "99/1 ถนนพระราม 4",
  country: "TH",
  province: "กรุงเทพมหานคร",
  city: "ปทุมวัน",
  suburb: "ลุมพินี",
  zipcode: "10330",
};
const request = {
  taxInvoice: "on",
  taxInvoiceName: "Buyer Co., Ltd. <b>",
  taxInvoiceTaxId: "0-1055-36000-31-3",
  taxInvoiceOffice: "branch",
  taxInvoiceBranch: "1",
  taxInvoiceAddress: "1 Silom Rd, Bangrak, Bangkok 10500",
};

function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)) fields[match[1]!] = match[2]!.replace(/&amp;/g, "&");
  return fields;
}

/** Puts a plain variant in the cart and places the order through the checkout form. */
async function checkout(headers: Headers, fields: Record<string, string>, prefix = "") {
  const [variant] = await plainVariants(4, 1);
  await add(variant!.id, 1, headers);
  const page = await get(`${prefix}/cart/checkout`, headers);
  const html = await page.text();
  const response = await postForm(
    `${prefix}/cart/checkout`,
    {
      intent: "place",
      email: "buyer@example.test",
      addressChoice: "new",
      ...bangkok,
      method: "standard",
      payment: "transfer",
      ...hiddenFields(html),
      ...fields,
    },
    headers,
  );
  return { response, html };
}

async function orderOf(response: Response) {
  const orderNumber = response.headers.get("location")!.split("/").pop()!;
  return (await db().select().from(orders).where(eq(orders.orderNumber, orderNumber)))[0]!;
}

/** Staff change the order's status on its back-office page (asked first where the page asks). */
async function staffChange(orderId: number, from: number, to: number, reason = "") {
  const response = await postForm(
    `/backend/orders/fulfillment/${orderId}`,
    { intent: "change-status", from: String(from), to: String(to), reason, confirmed: "1" },
    { cookie: await staffCookie() },
  );
  expect(response.status, `${from} → ${to}`).toBe(302);
}

/** Staff take the money at the counter (waiting_payment → paid): the order's document follows. */
const payInCash = (orderId: number) => staffChange(orderId, orderStatusId.waiting_payment, orderStatusId.paid);

describe("asking for a full tax invoice at checkout", () => {
  it("given a bad tax id, should refuse on the field; corrected, should keep the buyer on the order and remember it in the account", async () => {
    const customer = await newCustomer("taxinv");
    const headers = { cookie: customer.cookie };
    const refused = await checkout(headers, { ...request, taxInvoiceTaxId: "0105536000314", taxInvoiceAddress: "" });
    expect(refused.response.status).toBe(400);
    const body = await refused.response.text();
    expect(body).toContain('id="checkout-taxInvoiceTaxId-error"');
    expect(body).toContain('id="checkout-taxInvoiceAddress-error"');

    const { response } = await checkout(headers, request);
    expect(response.status).toBe(302);
    const order = await orderOf(response);
    expect(order).toMatchObject({ taxInvoiceName: "Buyer Co., Ltd. <b>", taxInvoiceTaxId: "0105536000313", taxInvoiceBranch: "00001" });
    const [account] = await db().select().from(customers).where(eq(customers.id, customer.id));
    expect(account).toMatchObject({ taxInvoiceTaxId: "0105536000313", taxInvoiceBranch: "00001", taxInvoiceAddress: request.taxInvoiceAddress });

    // The next checkout starts from the remembered buyer.
    const [variant] = await plainVariants(4, 1);
    await add(variant!.id, 1, headers);
    const next = await (await get("/th/cart/checkout", headers)).text();
    expect(next).toContain('value="0105536000313"');
    expect(next).toContain("Buyer Co., Ltd. &lt;b&gt;");
  });

  it("given a guest who leaves the fields empty, should place the order without a request; with them, on the order only", async () => {
    const plain = await checkout(cookieHeader(await createSession(env.DB, null)), {});
    expect(plain.response.status).toBe(302);
    expect((await orderOf(plain.response)).taxInvoiceName).toBeNull();
    // Without JavaScript there is no box: filled-in fields are the request.
    const { taxInvoice: _, ...noBox } = request;
    const asked = await checkout(cookieHeader(await createSession(env.DB, null)), noBox, "/th");
    expect(asked.response.status).toBe(302);
    expect(await orderOf(asked.response)).toMatchObject({ taxInvoiceTaxId: "0105536000313", customerId: null });
  });

  it("given the profile's tax-invoice form, should save, refuse a bad tax id and forget when emptied", async () => {
    const customer = await newCustomer("taxprofile");
    const headers = { cookie: customer.cookie };
    const { taxInvoice: _, ...fields } = request;
    expect((await postForm("/my-profile", { intent: "tax-invoice", ...fields, taxInvoiceTaxId: "123" }, headers)).status).toBe(400);
    expect((await postForm("/my-profile", { intent: "tax-invoice", ...fields }, headers)).status).toBe(302);
    expect((await db().select().from(customers).where(eq(customers.id, customer.id)))[0]).toMatchObject({ taxInvoiceTaxId: "0105536000313" });
    expect((await postForm("/my-profile", { intent: "tax-invoice", taxInvoiceOffice: "head_office" }, headers)).status).toBe(302);
    expect((await db().select().from(customers).where(eq(customers.id, customer.id)))[0]).toMatchObject({ taxInvoiceName: null, taxInvoiceTaxId: null });
  });
});

describe("the paid order's documents for its shopper", () => {
  it("should issue one tax invoice / receipt naming the buyer when paid, e-mail its absolute link, and open it to its owner only", async () => {
    const owner = await newCustomer("docowner");
    const other = await newCustomer("docother");
    const { response } = await checkout({ cookie: owner.cookie }, request);
    const order = await orderOf(response);
    await payInCash(order.id);

    const [document] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(document).toMatchObject({ kind: "tax_invoice_receipt", billingTaxId: "0105536000313", billingBranch: "00001", issuedByStaffUserId: null });
    // A second call (a racing payment path, a retry) or the order going on issues nothing more.
    expect(await issuePaidOrderDocument(env.DB, order.id, { origin })).toEqual({ ok: false, reason: "had-document" });
    await staffChange(order.id, orderStatusId.paid, orderStatusId.awaiting_fulfilment);
    expect(await db().select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);

    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, "tax-document"), eq(emailOutbox.toAddress, "buyer@example.test")))
      .orderBy(desc(emailOutbox.id))
      .limit(1);
    const payload = JSON.parse(mail!.payloadJson) as { link: string; number: string };
    expect(payload.number).toBe(document!.number);
    expect(payload.link).toBe(`${origin}/my-purchase/${order.orderNumber}/documents/${document!.number}`);

    const path = `/my-purchase/${order.orderNumber}/documents/${document!.number}`;
    const mine = await get(path, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    const html = await mine.text();
    expect(html).toContain('data-testid="printed-document"');
    expect(html).toContain("0-1055-36000-31-3");
    const detail = await (await get(`/th/my-purchase/${order.orderNumber}`, { cookie: owner.cookie })).text();
    expect(detail).toContain(`data-number="${document!.number}"`);

    for (const spelling of [
      path,
      path.toUpperCase(),
      `/MY-PURCHASE/${order.orderNumber}/documents/${document!.number}`,
      `/my-purchase/${order.orderNumber}/documents/${encodeURIComponent(document!.number).replace(/-/g, "%2D")}`,
      `/my%2Dpurchase/${order.orderNumber}/documents/${document!.number}`,
      `${path}.data`,
      `/th${path}`,
      `/cart/checkout/${order.orderNumber}/documents/${document!.number}`,
    ]) {
      const answer = await get(spelling, { cookie: other.cookie });
      expect([404, 302], spelling).toContain(answer.status);
      if (answer.status === 302) expect(answer.headers.get("location"), spelling).not.toContain("documents");
      expect(await answer.text(), spelling).not.toContain("0-1055-36000-31-3");
    }
    // Another document number on the owner's own order is not found either.
    expect((await get(`/my-purchase/${order.orderNumber}/documents/IVRC-2500-999999`, { cookie: owner.cookie })).status).toBe(404);
  });

  it("given a guest order, should open the document to the guest session and to the e-mailed key link only", async () => {
    const sessionId = await createSession(env.DB, null);
    const guest = cookieHeader(sessionId);
    const { response } = await checkout(guest, {});
    const order = await orderOf(response);
    await payInCash(order.id);
    const [document] = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(document!.kind).toBe("abbreviated_tax_invoice");
    const path = `/cart/checkout/${order.orderNumber}/documents/${document!.number}`;
    expect((await get(path, guest)).status).toBe(200);
    expect(await (await get(`/cart/checkout/${order.orderNumber}`, guest)).text()).toContain(`data-number="${document!.number}"`);

    const stranger = cookieHeader(await createSession(env.DB, null));
    const customer = await newCustomer("docstranger");
    for (const [who, headers] of [
      ["another guest", stranger],
      ["a customer", { cookie: customer.cookie }],
      ["nobody", {}],
    ] as const) {
      for (const spelling of [path, path.toUpperCase(), `${path}.data`, path.replace("/documents/", "/%64ocuments/")]) {
        const answer = await get(spelling, headers);
        expect(answer.status, `${who} ${spelling}`).not.toBe(200);
        expect(await answer.text()).not.toContain('data-testid="printed-document"');
      }
    }
    // The e-mailed link carries the key: in another browser it opens the document (and the order moves there).
    const [mail] = await db().select().from(emailOutbox).where(eq(emailOutbox.template, "tax-document")).orderBy(desc(emailOutbox.id)).limit(1);
    const link = (JSON.parse(mail!.payloadJson) as { link: string }).link;
    expect(link).toBe(`${origin}${path}?key=${encodeURIComponent(order.guestKey!)}`);
    const opened = await get(link.slice(origin.length), stranger);
    expect(opened.status).toBe(302);
    expect(opened.headers.get("location")).toBe(path);
    expect((await get(path, stranger)).status).toBe(200);
    expect((await get(`${path}?key=wrong-key-0000000000000`, cookieHeader(await createSession(env.DB, null)))).status).not.toBe(200);
  });

  it("given a refund after invoicing, should issue a credit note the shopper sees; a cancelled abbreviated invoice is voided", async () => {
    const owner = await newCustomer("docrefund");
    const { response } = await checkout({ cookie: owner.cookie }, request);
    const order = await orderOf(response);
    await payInCash(order.id);
    await staffChange(order.id, orderStatusId.paid, orderStatusId.refund_request, "Changed mind");
    await staffChange(order.id, orderStatusId.refund_request, orderStatusId.refunded, "Changed mind");
    const rows = await db().select().from(invoices).where(eq(invoices.orderId, order.id));
    const note = rows.find((row) => row.kind === "credit_note");
    expect(note).toMatchObject({ creditNoteCause: "refund", creditNoteReason: "Changed mind", correctValueSatang: 0 });
    expect(note!.totalSatang).toBe(order.totalSatang);
    const detail = await (await get(`/my-purchase/${order.orderNumber}`, { cookie: owner.cookie })).text();
    const original = rows.find((row) => row.kind === "tax_invoice_receipt")!;
    expect(detail).toContain(`data-kind="credit_note" data-number="${note!.number}" data-credit-for="${original.number}"`);
    expect((await get(`/my-purchase/${order.orderNumber}/documents/${note!.number}`, { cookie: owner.cookie })).status).toBe(200);

    const guestOrder = await orderOf((await checkout(cookieHeader(await createSession(env.DB, null)), {})).response);
    await payInCash(guestOrder.id);
    await staffChange(guestOrder.id, orderStatusId.paid, orderStatusId.cancelled, "Out of stock");
    const [voided] = await db().select().from(invoices).where(eq(invoices.orderId, guestOrder.id));
    expect(voided).toMatchObject({ kind: "abbreviated_tax_invoice", voidReason: "Out of stock" });
    expect(await db().select().from(receipts).where(eq(receipts.orderId, guestOrder.id))).toEqual([]);
  });

  it("given two partial reductions, should lower the invoice as it stands after the first (two notes, the second from the lowered value)", async () => {
    const owner = await newCustomer("docpartial");
    const order = await orderOf((await checkout({ cookie: owner.cookie }, request)).response);
    await payInCash(order.id);
    const reduce = () =>
      reduceOrderDocuments(env.DB, order.id, { cause: "exchange", reason: "Cheaper size", reduceBySatang: 1_000, staffUserId: null, origin });
    await reduce();
    await reduce();
    const rows = (await db().select().from(invoices).where(eq(invoices.orderId, order.id))).sort((a, b) => a.id - b.id);
    const [invoice, ...notes] = rows;
    expect(rows.map((row) => row.kind)).toEqual(["tax_invoice_receipt", "credit_note", "credit_note"]);
    expect(notes.map((note) => note.totalSatang)).toEqual([1_000, 1_000]);
    // Values are before VAT: the second note starts from the value the first one left.
    expect(notes[0]!.originalValueSatang).toBe(invoice!.subtotalSatang);
    expect(notes[1]!.originalValueSatang).toBe(notes[0]!.correctValueSatang);
    expect(notes[1]!.correctValueSatang).toBeLessThan(notes[0]!.correctValueSatang!);
  });
});
