import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { stockMovements } from "~/db/schema/catalog";
import { emailOutbox } from "~/db/schema/messaging";
import { carriers, exchangeEvents, exchanges } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { requestExchange } from "~/features/exchanges/exchanges.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { newCustomer, tinyPng } from "./profile-helpers";
import { toastCookieFor, toastOf } from "./profile-helpers";
import { mailsTo, placeOrder, productWithTwoVariants, stockOf } from "./purchases-helpers";
import { get, postForm } from "./worker";

/**
 * The back office's exchanges (issue 5 item 13): the list with its status counts and search, one
 * request with its photo (staff only), each staff step through the form (good, refused, and 409
 * when someone acted first), the order page's exchanges panel, permissions on loader AND action,
 * and fuzzed forms that never answer 5xx and never write.
 */
const db = () => database(env.DB);
const listPath = "/backend/orders/exchanges";
const origin = "http://shop.test";
const day = 24 * 60 * 60 * 1000;
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];

let mailCounter = 0;

/** A customer's delivered order of 2 × a variant, and an exchange request of 1 for the other variant. */
async function requested(options: { photo?: boolean; otherStock?: number; locale?: "en" | "th" } = {}) {
  const customer = await newCustomer("staff-exchange");
  const variant = await productWithTwoVariants([10, options.otherStock ?? 5]);
  mailCounter += 1;
  const email = `staff-exchange-${Date.now().toString(36)}-${mailCounter}@example.test`;
  const order = await placeOrder({
    customerId: customer.id,
    statusId: orderStatusId.completed,
    productId: variant.productId,
    variantId: variant.bought,
    quantity: 2,
    email,
    locale: options.locale,
    history: [[orderStatusId.completed, Date.now() - day]],
  });
  const photo = options.photo ? new File([tinyPng as Uint8Array<ArrayBuffer>], "photo.png", { type: "image/png" }) : null;
  const result = await requestExchange(
    { DB: env.DB, MEDIA: env.MEDIA },
    customer.id,
    { lineId: order.lineId, quantity: 1, wantedVariantId: variant.other, reason: "wrong_size", note: "Too small on the shoulders", photo },
    origin,
  );
  if (!result.ok) throw new Error(`exchange request refused: ${result.problem}`);
  return { customer, variant, order, email, exchangeId: result.exchangeId };
}

const exchangeRow = async (id: number) => (await db().select().from(exchanges).where(eq(exchanges.id, id)))[0]!;
const rowCount = async (table: typeof exchanges | typeof exchangeEvents | typeof emailOutbox | typeof stockMovements) =>
  (await db().select({ n: count() }).from(table))[0]!.n;
const counts = async () => Promise.all([exchanges, exchangeEvents, emailOutbox, stockMovements].map((table) => rowCount(table)));

function step(exchangeId: number, fields: Record<string, string>, headers = admin(), path = `${listPath}/${exchangeId}`) {
  return postForm(path, { note: "", carrierId: "", trackingNumber: "", ...fields }, headers);
}

describe("the exchange list", () => {
  it("should count requests per status, filter by status and search by order number or e-mail", async () => {
    const first = await requested();
    const second = await requested();
    expect((await step(second.exchangeId, { intent: "approve", from: "requested" })).status).toBe(302);

    const all = await html(await get(listPath, admin()));
    expect(all).toContain('data-testid="exchange-list-page"');
    expect(all).toContain(`href="${listPath}/${first.exchangeId}"`);
    expect(all).toContain(`href="${listPath}/${second.exchangeId}"`);
    expect(all).toMatch(/data-testid="exchange-tab-requested"[^>]*>Requested <span class="tabular-nums">[1-9]/);

    const approved = await html(await get(`${listPath}?status=approved`, admin()));
    expect(approved).toContain(`href="${listPath}/${second.exchangeId}"`);
    expect(approved).not.toContain(`href="${listPath}/${first.exchangeId}"`);

    const byNumber = await html(await get(`${listPath}?q=${first.order.orderNumber.toLowerCase()}`, admin()));
    expect(byNumber).toContain(`href="${listPath}/${first.exchangeId}"`);
    expect(byNumber).not.toContain(`href="${listPath}/${second.exchangeId}"`);
    expect(byNumber).toContain("1 result");

    const byEmail = await html(await get(`${listPath}?q=${encodeURIComponent(second.email)}`, admin()));
    expect(byEmail).toContain(`href="${listPath}/${second.exchangeId}"`);
    expect(byEmail).not.toContain(`href="${listPath}/${first.exchangeId}"`);

    const thai = await html(await get(`/th${listPath}?q=${first.order.orderNumber}`, admin()));
    expect(thai).toContain("ส่งคำขอแล้ว");
    expect(thai).toContain(`href="/th${listPath}/${first.exchangeId}"`);

    const none = await html(await get(`${listPath}?q=no-such-order-xyz&status=bogus&page=abc`, admin()));
    expect(none).toContain("No exchange request matches.");
  });

  it("should show the exchanges entry in the orders group of the menu", async () => {
    const page = await html(await get("/backend/orders/fulfillment", admin()));
    expect(page).toContain(`href="${listPath}"`);
    expect(await html(await get(`/th${listPath}`, admin()))).toContain(">เปลี่ยนสินค้า<");
  });
});

describe("one exchange", () => {
  it("should show the order link, customer, items, reason, note, photo, reservation, history and the steps of its status", async () => {
    const setup = await requested({ photo: true });
    const page = await html(await get(`${listPath}/${setup.exchangeId}`, admin()));
    expect(page).toContain(`href="/backend/orders/fulfillment/${setup.order.id}"`);
    expect(page).toContain(setup.order.orderNumber);
    expect(page).toContain(setup.email);
    expect(page).toContain("Mali Srisuk");
    expect(page).toContain("Wrong size");
    expect(page).toContain("Too small on the shoulders");
    expect(page).toContain(`src="${listPath}/${setup.exchangeId}/photo"`);
    expect(page).toMatch(/1 × .* set aside for this exchange \(4 left in stock\)/);
    expect(page).toContain("The customer asked");
    expect(page).toContain('data-testid="exchange-step-approve"');
    expect(page).toContain('data-testid="exchange-step-reject"');
    expect(page).not.toContain('data-testid="exchange-step-ship"');
    expect(page).not.toContain('data-testid="exchange-step-restock"');

    const thai = await html(await get(`/th${listPath}/${setup.exchangeId}`, admin()));
    expect(thai).toContain("ไซซ์ไม่พอดี");
    expect(thai).toContain("อนุมัติ");
  });

  it("should list the order's exchanges on the order page, and no panel for an order without any", async () => {
    const setup = await requested();
    const page = await html(await get(`/backend/orders/fulfillment/${setup.order.id}`, admin()));
    expect(page).toContain('data-testid="order-exchanges"');
    expect(page).toContain(`href="${listPath}/${setup.exchangeId}"`);
    const variant = await productWithTwoVariants();
    const plain = await placeOrder({ customerId: null, statusId: orderStatusId.paid, productId: variant.productId, variantId: variant.bought });
    expect(await html(await get(`/backend/orders/fulfillment/${plain.id}`, admin()))).not.toContain('data-testid="order-exchanges"');
  });

  it.each(["/0", "/abc", "/99999999", "/99999999999"])("given the exchange %s, should answer 404", async (suffix) => {
    expect((await get(`${listPath}${suffix}`, admin())).status).toBe(404);
    expect((await step(0, { intent: "approve", from: "requested" }, admin(), `${listPath}${suffix}`)).status).toBe(404);
  });
});

describe("the exchange photo", () => {
  it("should stream the photo to staff with Orders only, never cached; 404 without a photo or exchange", async () => {
    const withPhoto = await requested({ photo: true });
    const ok = await get(`${listPath}/${withPhoto.exchangeId}/photo`, admin());
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    expect(ok.headers.get("cache-control")).toBe("private, no-store");
    expect((await get(`/th${listPath}/${withPhoto.exchangeId}/photo`, cookies["staff-3"])).status).toBe(200);

    expect((await get(`${listPath}/${withPhoto.exchangeId}/photo`, cookies["staff-4"])).status).toBe(403);
    expect((await get(`${listPath}/${withPhoto.exchangeId}/photo`, cookies["staff-5"])).status).toBe(403);
    const guest = await get(`${listPath}/${withPhoto.exchangeId}/photo`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toContain("/backend/login");
    expect((await get(`${listPath}/${withPhoto.exchangeId}/photo`, cookies.customer)).status).toBe(302);

    const without = await requested();
    expect((await get(`${listPath}/${without.exchangeId}/photo`, admin())).status).toBe(404);
    expect((await get(`${listPath}/99999999/photo`, admin())).status).toBe(404);
    expect((await get(`${listPath}/abc/photo`, admin())).status).toBe(404);
  });
});

describe("staff steps through the form", () => {
  it("approve, ship with a carrier and tracking number, restock: each applied once, with a notice, history and e-mail", async () => {
    const setup = await requested();
    const approve = await step(setup.exchangeId, { intent: "approve", from: "requested", note: "Please post it back" });
    expect(approve.status).toBe(302);
    expect(approve.headers.get("location")).toBe(`${listPath}/${setup.exchangeId}`);
    expect(toastOf(approve)).toBe("ordersAdmin:exchanges.done.approve");
    expect(await exchangeRow(setup.exchangeId)).toMatchObject({ status: "approved", staffNote: "Please post it back" });
    expect(
      await html(await get(approve.headers.get("location")!, { cookie: `${admin().cookie}; ${toastCookieFor("ordersAdmin:exchanges.done.approve")}` })),
    ).toContain("The exchange is approved.");
    expect((await mailsTo(setup.email))[0]).toMatchObject({ template: "exchange-approved" });

    // Ship without a carrier or tracking number: field messages, nothing written.
    const before = await counts();
    const missing = await step(setup.exchangeId, { intent: "ship", from: "approved" });
    expect(missing.status).toBe(400);
    const missingPage = await html(missing);
    expect(missingPage).toContain("Carrier is required");
    expect(missingPage).toContain("Tracking number is required");
    const [carrier] = await db().select().from(carriers).where(eq(carriers.isActive, true)).limit(1);
    const badTracking = await step(setup.exchangeId, { intent: "ship", from: "approved", carrierId: String(carrier!.id), trackingNumber: "<b>x</b>" });
    expect(badTracking.status).toBe(400);
    expect(await html(badTracking)).toContain("letters, digits and dashes");
    const badCarrier = await step(setup.exchangeId, { intent: "ship", from: "approved", carrierId: "999999", trackingNumber: "EX1" });
    expect(badCarrier.status).toBe(400);
    expect(await counts()).toEqual(before);
    expect((await exchangeRow(setup.exchangeId)).status).toBe("approved");

    const ship = await step(setup.exchangeId, { intent: "ship", from: "approved", carrierId: String(carrier!.id), trackingNumber: "ex123th" });
    expect(ship.status).toBe(302);
    expect(await exchangeRow(setup.exchangeId)).toMatchObject({ status: "completed", trackingNumber: "EX123TH", carrierId: carrier!.id, reservedQuantity: 0 });
    expect(await stockOf(setup.variant.other)).toBe(4);

    const restock = await step(setup.exchangeId, { intent: "restock", from: "completed" });
    expect(restock.status).toBe(302);
    expect(await stockOf(setup.variant.bought)).toBe(11);
    expect((await exchangeRow(setup.exchangeId)).returnedRestockedAt).not.toBeNull();

    // The same restock again (a second tab): 409, stock unchanged.
    const again = await step(setup.exchangeId, { intent: "restock", from: "completed" });
    expect(again.status).toBe(409);
    expect(await html(again)).toContain("restocked the returned item meanwhile");
    expect(await stockOf(setup.variant.bought)).toBe(11);

    const page = await html(await get(`${listPath}/${setup.exchangeId}`, admin()));
    for (const text of ["The customer asked", "Approved", "Replacement shipped", "Returned item restocked", "EX123TH", "Nothing more to do"])
      expect(page).toContain(text);
    expect((await mailsTo(setup.email)).map((mail) => mail.template).reverse()).toEqual([
      "exchange-requested",
      "exchange-approved",
      "exchange-shipped",
      "exchange-restocked",
    ]);
  });

  it("reject needs a reason; with one it releases the reservation and e-mails the customer", async () => {
    const setup = await requested({ otherStock: 3 });
    expect(await stockOf(setup.variant.other)).toBe(2);
    const before = await counts();
    const noReason = await step(setup.exchangeId, { intent: "reject", from: "requested", note: "   " });
    expect(noReason.status).toBe(400);
    expect(await html(noReason)).toMatch(/data-testid="error-note"[^>]*>Reason for the customer is required</);
    expect(await counts()).toEqual(before);

    const reject = await postForm(`/th${listPath}/${setup.exchangeId}`, { intent: "reject", from: "requested", note: "Worn item" }, admin());
    expect(reject.status).toBe(302);
    expect(reject.headers.get("location")).toBe(`/th${listPath}/${setup.exchangeId}`);
    expect(toastOf(reject)).toBe("ordersAdmin:exchanges.done.reject");
    expect(await exchangeRow(setup.exchangeId)).toMatchObject({ status: "rejected", reservedQuantity: 0, staffNote: "Worn item" });
    expect(await stockOf(setup.variant.other)).toBe(3);
    expect((await mailsTo(setup.email))[0]).toMatchObject({ template: "exchange-rejected" });
  });

  it("given a page that showed an older status, should answer 409 in the page's language and change nothing", async () => {
    const setup = await requested();
    expect((await step(setup.exchangeId, { intent: "approve", from: "requested" })).status).toBe(302);
    const before = await counts();
    const late = await step(setup.exchangeId, { intent: "reject", from: "requested", note: "Too late" });
    expect(late.status).toBe(409);
    expect(await html(late)).toContain("This exchange changed meanwhile: it is now “Approved”");
    const lateThai = await postForm(`/th${listPath}/${setup.exchangeId}`, { intent: "approve", from: "requested", note: "" }, admin());
    expect(lateThai.status).toBe(409);
    expect(await html(lateThai)).toContain("อนุมัติแล้ว");
    expect(await counts()).toEqual(before);
    expect((await exchangeRow(setup.exchangeId)).status).toBe("approved");
  });

  it("given a step the status does not allow or an unknown intent, should refuse and change nothing", async () => {
    const setup = await requested();
    const before = await counts();
    const ship = await step(setup.exchangeId, { intent: "ship", carrierId: "1", trackingNumber: "EX1" });
    expect(ship.status).toBe(400);
    expect(await html(ship)).toContain("This step is not possible for an exchange that is “Requested”");
    const restock = await step(setup.exchangeId, { intent: "restock" });
    expect(restock.status).toBe(400);
    const unknown = await step(setup.exchangeId, { intent: "delete", from: "requested" });
    expect(unknown.status).toBe(400);
    expect(await html(unknown)).toContain("Unknown action.");
    expect(await counts()).toEqual(before);
    expect((await exchangeRow(setup.exchangeId)).status).toBe("requested");
  });
});

describe("the customer's open lines", () => {
  it("given an exchange whose id equals its own line's id, should not count it against other lines (regression)", async () => {
    // The subquery once compared order_line_id with a bare "id", i.e. the exchange's own id.
    const variant = await productWithTwoVariants([10, 5]);
    const owner = await newCustomer("collision");
    const first = await placeOrder({
      customerId: owner.id,
      statusId: orderStatusId.completed,
      productId: variant.productId,
      variantId: variant.bought,
      quantity: 1,
      history: [[orderStatusId.completed, Date.now() - day]],
    });
    expect(await db().select().from(exchanges).where(eq(exchanges.id, first.lineId))).toEqual([]);
    const now = Date.now();
    await db().insert(exchanges).values({
      id: first.lineId,
      orderLineId: first.lineId,
      quantity: 1,
      reason: "other",
      status: "requested",
      customerId: owner.id,
      createdAt: now,
      updatedAt: now,
    });
    const other = await newCustomer("collision-other");
    const second = await placeOrder({
      customerId: other.id,
      statusId: orderStatusId.completed,
      productId: variant.productId,
      variantId: variant.bought,
      quantity: 1,
      history: [[orderStatusId.completed, Date.now() - day]],
    });
    expect(await html(await get("/exchange", { cookie: other.cookie }))).toContain(`href="/exchange?line=${second.lineId}"`);
    expect(await html(await get("/exchange", { cookie: owner.cookie }))).not.toContain(`href="/exchange?line=${first.lineId}"`);
  });
});

describe("permissions", () => {
  it("given the Editor role (3), should open the list, the page and apply a step", async () => {
    const setup = await requested();
    expect((await get(listPath, cookies["staff-3"])).status).toBe(200);
    expect((await get(`${listPath}/${setup.exchangeId}`, cookies["staff-3"])).status).toBe(200);
    expect((await step(setup.exchangeId, { intent: "approve", from: "requested" }, cookies["staff-3"])).status).toBe(302);
  });

  it.each(["staff-4", "staff-5"] as const)(
    "given a role without Orders (%s), should answer 403 on the list, the page and the action, and change nothing",
    async (viewer) => {
      const setup = await requested();
      const before = await counts();
      for (const path of [listPath, `/th${listPath}`, `${listPath}/${setup.exchangeId}`, `/th${listPath}/${setup.exchangeId}`])
        expect((await get(path, cookies[viewer])).status, path).toBe(403);
      expect((await step(setup.exchangeId, { intent: "approve", from: "requested" }, cookies[viewer])).status).toBe(403);
      expect(
        (await step(setup.exchangeId, { intent: "reject", from: "requested", note: "x" }, cookies[viewer], `/th${listPath}/${setup.exchangeId}`)).status,
      ).toBe(403);
      expect(await counts()).toEqual(before);
      expect((await exchangeRow(setup.exchangeId)).status).toBe("requested");
    },
  );

  it("given a guest or a customer, should send them away from the page and its action", async () => {
    const setup = await requested();
    for (const viewer of ["guest", "customer"] as const) {
      expect((await get(`${listPath}/${setup.exchangeId}`, cookies[viewer])).status).toBe(302);
      expect((await step(setup.exchangeId, { intent: "approve", from: "requested" }, cookies[viewer])).status).toBe(302);
    }
    expect((await exchangeRow(setup.exchangeId)).status).toBe("requested");
  });
});

describe("fuzzed forms", () => {
  it("should never answer 5xx and never write", async () => {
    const setup = await requested();
    const before = await counts();
    const row = await exchangeRow(setup.exchangeId);
    const unchanged = async () => {
      expect(await exchangeRow(setup.exchangeId)).toEqual(row);
    };
    const path = `${listPath}/${setup.exchangeId}`;
    // Anything typed into every field: the intent is never a real step.
    await fuzzForm({ path, fields: ["intent", "from", "note", "carrierId", "trackingNumber"], headers: admin(), runs: 30, after: unchanged });
    // Steps the status does not allow, with anything typed into their fields.
    for (const intent of ["ship", "restock"]) {
      await fuzzForm({ path, fields: ["from", "note", "carrierId", "trackingNumber"], fixed: { intent }, headers: admin(), runs: 15, after: unchanged });
    }
    // Reject without a reason, anything else typed.
    await fuzzForm({
      path,
      fields: ["from", "carrierId", "trackingNumber"],
      fixed: { intent: "reject", note: "" },
      headers: admin(),
      runs: 15,
      after: unchanged,
    });
    // The list's query string.
    for (const query of ["q=%00%FF", "status=approved&page=99999999999", "q=" + "ก".repeat(300), "page=-1&status=<script>"])
      expect((await get(`${listPath}?${query}`, admin())).status).toBeLessThan(500);
    expect(await counts()).toEqual(before);
  });
});
