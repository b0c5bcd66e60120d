import { env } from "cloudflare:workers";
import { count, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { staffUsers } from "~/db/schema/customers";
import { emailOutbox } from "~/db/schema/messaging";
import { orders, orderStatusHistory, shipments } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { markOrdersShipped } from "~/features/orders/bulk-orders.server";
import listsEn from "~/i18n/locales/en/lists";
import ordersAdminEn from "~/i18n/locales/en/orders-admin";
import staffEn from "~/i18n/locales/en/staff";
import listsTh from "~/i18n/locales/th/lists";
import ordersAdminTh from "~/i18n/locales/th/orders-admin";
import staffTh from "~/i18n/locales/th/staff";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { insertOrder, variantWithStock } from "./orders-helpers";
import { get, origin, postForm, shop } from "./worker";

/**
 * The back-office list pattern (issue 15) on the order, member and staff lists: the CSV export of
 * the filtered list (every page, UTF-8 with a BOM, formula-safe, the list's permission), the print
 * view, sort and odd queries, a page past the end (404 in the page's language, here and on the other
 * paged lists), bulk "mark shipped" (one batch; statuses the transition table does not allow are
 * refused) and the packing slips of the ticked orders.
 */
const db = () => database(env.DB);
const ordersPath = "/backend/orders/fulfillment";
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];

/** A tag no other test's orders carry, so a search finds exactly this test's orders. */
const tag = () => `lst${crypto.randomUUID().slice(0, 8)}`;

async function taggedOrders(label: string, statuses: number[]) {
  const variant = await variantWithStock(500);
  const made = [];
  for (const [index, statusId] of statuses.entries()) {
    made.push(
      await insertOrder({
        statusId,
        variantId: variant.id,
        productId: variant.productId,
        quantity: 1 + (index % 3),
        email: `${label}.${index}@example.com`,
        createdAt: Date.now() - index * 60_000,
      }),
    );
  }
  return made;
}

function parseCsv(text: string): string[][] {
  // The files here have no line breaks inside cells.
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, "").replace(/""/g, '"')));
}

describe("the CSV export of a list", () => {
  it("given a search matching more rows than a page, should export every matching row (not only page 1) as UTF-8 CSV with a BOM, as a download", async () => {
    const label = tag();
    const made = await taggedOrders(
      label,
      Array.from({ length: 23 }, () => orderStatusId.paid),
    );
    await taggedOrders(tag(), [orderStatusId.paid]);

    const page = await html(await get(`${ordersPath}?q=${label}`, admin()));
    expect(page.match(/data-testid="order-row"/g)).toHaveLength(20);

    const response = await get(`${ordersPath}/export.csv?q=${label}`, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.clone().arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(await response.text());
    expect(rows[0]).toEqual(["Order", "Placed", "Customer", "E-mail", "Phone", "Status", "Payment", "Order type", "Total"]);
    expect(rows).toHaveLength(1 + 23);
    expect(new Set(rows.slice(1).map((row) => row[0]))).toEqual(new Set(made.map((order) => order.orderNumber)));
    expect(rows[1]![5]).toBe("Paid");
    expect(rows[1]![8]).toMatch(/^\d+\.\d{2}$/);
    expect(rows[1]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
  });

  it("given the Thai page, should write the headers and labels in Thai; given a status filter, only those rows", async () => {
    const label = tag();
    const [paid, waiting] = await taggedOrders(label, [orderStatusId.paid, orderStatusId.waiting_payment]);
    const rows = parseCsv(await (await get(`/th${ordersPath}/export.csv?q=${label}&status=${orderStatusId.waiting_payment}`, admin())).text());
    expect(rows[0]![0]).toBe("คำสั่งซื้อ");
    expect(rows.slice(1).map((row) => row[0])).toEqual([waiting!.orderNumber]);
    expect(rows[1]![5]).toBe("รอชำระเงิน");
    expect(rows.flat()).not.toContain(paid!.orderNumber);
  });

  it("given cells a spreadsheet would run as formulas, or with commas and quotes, should keep them inert and whole", async () => {
    const label = tag();
    const [order] = await taggedOrders(label, [orderStatusId.paid]);
    await db()
      .update(orders)
      .set({ shipFirstName: '=HYPERLINK("http://evil.test","x")', shipLastName: "Smith, Jr.", shipPhone: "+66812345678" })
      .where(eq(orders.id, order!.id));
    const text = await (await get(`${ordersPath}/export.csv?q=${label}`, admin())).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.test"",""x"") Smith, Jr."`);
    expect(text).toContain(",'+66812345678,");
    for (const cell of parseCsv(text).flat()) expect(cell).not.toMatch(/^[=+\-@]/);
  });

  it("given ticked ids (the bulk form's export), should export only those rows", async () => {
    const label = tag();
    const [first, second, third] = await taggedOrders(label, [orderStatusId.paid, orderStatusId.paid, orderStatusId.paid]);
    const numbersIn = async (query: string) =>
      parseCsv(await (await get(`${ordersPath}/export.csv?${query}`, admin())).text())
        .slice(1)
        .map((row) => row[0])
        .sort();
    expect(await numbersIn(`intent=export&ids=${first!.id}&ids=${third!.id}&ids=abc`)).toEqual([first!.orderNumber, third!.orderNumber].sort());
    // The page's box without JavaScript: `all=1` takes the rows the page listed, whatever else is ticked.
    expect(await numbersIn(`all=1&pageIds=${second!.id}&pageIds=${third!.id}&ids=${first!.id}`)).toEqual([second!.orderNumber, third!.orderNumber].sort());
  });

  it.each([
    [`${ordersPath}/export.csv`, ["staff-4", "staff-5"]],
    ["/backend/member/export.csv", ["staff-4", "staff-5"]],
    ["/backend/user/export.csv", ["staff-3", "staff-4", "staff-5"]],
  ] as const)("given %s and a role without its list's group, should refuse it (403) as the list does", async (path, roles) => {
    for (const role of roles) {
      expect((await get(path, cookies[role])).status, role).toBe(403);
      expect((await get(path.replace("/export.csv", ""), cookies[role])).status, role).toBe(403);
    }
    expect((await get(path)).headers.get("location")).toMatch(/^\/backend\/login/);
    expect((await get(path, cookies.customer)).status).toBe(302);
  });

  it("given the member and staff lists, should export them with their own columns", async () => {
    const members = parseCsv(await (await get("/backend/member/export.csv?q=customer%40pryde.test", cookies["staff-3"])).text());
    expect(members[0]).toEqual(["Name", "E-mail", "Phone", "Points", "Joined", "Status"]);
    expect(members.slice(1).map((row) => row[1])).toEqual(["customer@pryde.test"]);
    const staff = parseCsv(await (await get("/th/backend/user/export.csv?role=1", admin())).text());
    expect(staff[0]![0]).toBe("ชื่อ");
    expect(staff.slice(1).map((row) => row[1])).toContain("admin@pryde.test");
    expect(staff.slice(1).every((row) => row[2] === "ผู้ดูแลระบบ")).toBe(true);
  });
});

describe("sorting, odd queries, the print view", () => {
  it("given ?sort=total with a direction, should order the rows by it and say so with aria-sort", async () => {
    const label = tag();
    await taggedOrders(label, [orderStatusId.paid, orderStatusId.paid, orderStatusId.paid]);
    const totals = (page: string) => [...page.matchAll(/data-testid="order-row"[\s\S]*?(฿[\d,.]+)<\/td><\/tr>/g)].map((match) => match[1]);
    const ascending = await html(await get(`${ordersPath}?q=${label}&sort=total&dir=asc`, admin()));
    expect(totals(ascending)).toEqual(["฿590.00", "฿1,180.00", "฿1,770.00"]);
    expect(ascending).toMatch(/<th[^>]*aria-sort="ascending"[^>]*data-testid="column-total"/);
    expect(ascending).toMatch(/<th[^>]*aria-sort="none"[^>]*data-testid="column-placed"/);
    const descending = await html(await get(`${ordersPath}?q=${label}&sort=total&dir=desc`, admin()));
    expect(totals(descending)).toEqual(["฿1,770.00", "฿1,180.00", "฿590.00"]);
    expect(descending).toContain(`href="${ordersPath}?q=${label}&amp;sort=total&amp;dir=asc"`);
  });

  it.each(["sort=password", "sort=total&dir=sideways", "status=99", "payment=cash", "from=2025-02-30", "page=abc", "page=-1", "q=%00%FF", "type=1&type=x"])(
    "given the odd query %s, should show the list (200), never a 5xx",
    async (query) => {
      expect((await get(`${ordersPath}?${query}`, admin())).status).toBe(200);
      expect((await get(`/backend/member?${query}`, admin())).status).toBe(200);
      expect((await get(`/backend/user?${query}`, admin())).status).toBe(200);
      expect((await get(`${ordersPath}/export.csv?${query}`, admin())).status).toBe(200);
    },
  );

  it("given ?print=1, should show every filtered row without the frame or the forms", async () => {
    const label = tag();
    await taggedOrders(
      label,
      Array.from({ length: 22 }, () => orderStatusId.paid),
    );
    const page = await html(await get(`${ordersPath}?q=${label}&print=1`, admin()));
    expect(page).toContain('data-testid="print-view"');
    expect(page).toContain('data-testid="order-list-print"');
    expect(page.match(/data-testid="order-row"/g)).toHaveLength(22);
    expect(page).not.toContain('data-testid="backend-sidebar"');
    expect(page).not.toContain('data-testid="bulk-form"');
    expect(page).not.toContain('data-testid="pagination"');
  });
});

describe("a page past the end", () => {
  it.each([
    `${ordersPath}?page=999`,
    `${ordersPath}?status=9&page=2`,
    "/backend/member?page=999",
    "/backend/user?page=99",
    "/backend/products/inventory?page=99999",
    "/backend/setting/outbox?page=99999",
    "/backend/product-gallery?page=9999",
    "/backend/home/activities?page=999",
  ])("given %s, should answer 404 in the page's language", async (path) => {
    const english = await get(path, admin());
    expect(english.status).toBe(404);
    expect(await html(english)).toContain('lang="en"');
    const thai = await get(`/th${path}`, admin());
    expect(thai.status).toBe(404);
    expect(await html(thai)).toContain('lang="th"');
  });

  it("given the last page, should answer 200 with its page links", async () => {
    const label = tag();
    await taggedOrders(
      label,
      Array.from({ length: 21 }, () => orderStatusId.paid),
    );
    const last = await get(`${ordersPath}?q=${label}&page=2`, admin());
    expect(last.status).toBe(200);
    expect((await html(last)).match(/data-testid="order-row"/g)).toHaveLength(1);
    expect((await get(`${ordersPath}?q=${label}&page=3`, admin())).status).toBe(404);
  });
});

describe("bulk: mark shipped", () => {
  const shipFields = (carrierId: string, shipmentsToPost: { id: number; tracking: string }[]) => {
    const fields: Record<string, string> = { intent: "ship", carrierId };
    shipmentsToPost.forEach((shipment, index) => {
      fields[`shipments[${index}].orderId`] = String(shipment.id);
      fields[`shipments[${index}].trackingNumber`] = shipment.tracking;
    });
    return fields;
  };
  const statuses = async (ids: number[]) =>
    Object.fromEntries(
      (await db().select({ id: orders.id, statusId: orders.statusId }).from(orders).where(inArray(orders.id, ids))).map((row) => [row.id, row.statusId]),
    );
  const shipmentCount = async (ids: number[]) => (await db().select({ n: count() }).from(shipments).where(inArray(shipments.orderId, ids)))[0]!.n;

  it("given ticked orders in several statuses, should ask for a carrier and tracking numbers for those awaiting fulfilment only, naming the others", async () => {
    const label = tag();
    const [ready, paid, done] = await taggedOrders(label, [orderStatusId.awaiting_fulfilment, orderStatusId.paid, orderStatusId.fulfilment_done]);
    const body = new URLSearchParams([["intent", "mark-shipped"], ...[ready, paid, done].map((order) => ["ids", String(order!.id)] as [string, string])]);
    const response = await postRaw(`${ordersPath}?q=${label}`, body, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('data-testid="bulk-ship"');
    expect(page.match(/data-testid="bulk-ship-order"/g)).toHaveLength(1);
    expect(page).toContain(`Tracking number for ${ready!.orderNumber}`);
    expect(page).toContain('data-testid="bulk-ship-skipped"');
    expect(page).toContain(paid!.orderNumber);
    expect(page).toContain(done!.orderNumber);
    expect(await statuses([ready!.id, paid!.id, done!.id])).toEqual({
      [ready!.id]: orderStatusId.awaiting_fulfilment,
      [paid!.id]: orderStatusId.paid,
      [done!.id]: orderStatusId.fulfilment_done,
    });
  });

  it("given only orders that cannot be shipped, or none ticked, should say so and change nothing", async () => {
    const [paid] = await taggedOrders(tag(), [orderStatusId.paid]);
    const none = await postRaw(
      ordersPath,
      new URLSearchParams([
        ["intent", "mark-shipped"],
        ["ids", String(paid!.id)],
      ]),
      admin(),
    );
    expect(none.status).toBe(409);
    const nonePage = await html(none);
    expect(nonePage).toContain('data-testid="form-error"');
    expect(nonePage).toContain(ordersAdminEn.validation.noneShippable);
    expect((await postForm(ordersPath, { intent: "mark-shipped" }, admin())).status).toBe(400);
  });

  it("given nothing ticked or an unknown intent, should say so above the list in the page's language", async () => {
    for (const [prefix, lists, ordersAdmin] of [
      ["", listsEn, ordersAdminEn],
      ["/th", listsTh, ordersAdminTh],
    ] as const) {
      const none = await postForm(`${prefix}${ordersPath}`, { intent: "mark-shipped" }, admin());
      expect(none.status).toBe(400);
      const page = await html(none);
      expect(page).toContain('data-testid="form-error"');
      expect(page).toContain(lists.validation.noneSelected);
      const unknown = await postForm(`${prefix}${ordersPath}`, { intent: "explode", ids: "1" }, admin());
      expect(unknown.status).toBe(400);
      expect(await html(unknown)).toContain(ordersAdmin.validation.unknownAction);
    }
  });

  it("given a carrier and tracking numbers, should ship every order in one go with its shipment, history and e-mail, and go back to the list with a toast", async () => {
    const label = tag();
    const made = await taggedOrders(label, [orderStatusId.awaiting_fulfilment, orderStatusId.awaiting_fulfilment]);
    const ids = made.map((order) => order.id);
    const mailsBefore = (
      await db()
        .select({ n: count() })
        .from(emailOutbox)
        .where(inArray(emailOutbox.toAddress, [`${label}.0@example.com`, `${label}.1@example.com`]))
    )[0]!.n;
    const response = await postForm(
      `${ordersPath}?q=${label}&page=1`,
      shipFields(
        "1",
        made.map((order, index) => ({ id: order.id, tracking: `th-${label}-${index}` })),
      ),
      admin(),
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ordersPath}?q=${label}`);
    expect(response.headers.get("set-cookie")).toMatch(/^pryde_toast=/);
    expect(await statuses(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, orderStatusId.fulfilment_done])));
    const rows = await db().select().from(shipments).where(inArray(shipments.orderId, ids));
    expect(rows.map((row) => row.trackingNumber).sort()).toEqual([`TH-${label.toUpperCase()}-0`, `TH-${label.toUpperCase()}-1`]);
    const history = await db().select().from(orderStatusHistory).where(inArray(orderStatusHistory.orderId, ids));
    expect(history.filter((row) => row.toStatusId === orderStatusId.fulfilment_done && row.actorType === "staff")).toHaveLength(2);
    const mailsAfter = (
      await db()
        .select({ n: count() })
        .from(emailOutbox)
        .where(inArray(emailOutbox.toAddress, [`${label}.0@example.com`, `${label}.1@example.com`]))
    )[0]!.n;
    expect(mailsAfter - mailsBefore).toBe(2);
  });

  it("given an order among them whose status does not allow shipping (moved meanwhile, or never ready), should ship none of them", async () => {
    const [ready, paid] = await taggedOrders(tag(), [orderStatusId.awaiting_fulfilment, orderStatusId.paid]);
    const response = await postForm(
      ordersPath,
      shipFields("1", [
        { id: ready!.id, tracking: "THREADY0001" },
        { id: paid!.id, tracking: "THPAID00001" },
      ]),
      admin(),
    );
    expect(response.status).toBe(409);
    expect(await html(response)).toContain(paid!.orderNumber);
    expect(await statuses([ready!.id, paid!.id])).toEqual({ [ready!.id]: orderStatusId.awaiting_fulfilment, [paid!.id]: orderStatusId.paid });
    expect(await shipmentCount([ready!.id, paid!.id])).toBe(0);
  });

  it("given a bad tracking number or no carrier, should answer 400 with the field's message and the step again", async () => {
    const [ready] = await taggedOrders(tag(), [orderStatusId.awaiting_fulfilment]);
    const bad = await postForm(ordersPath, shipFields("1", [{ id: ready!.id, tracking: "no spaces!" }]), admin());
    expect(bad.status).toBe(400);
    const page = await html(bad);
    expect(page).toContain('data-testid="error-shipments[0].trackingNumber"');
    expect(page).toContain('data-testid="bulk-ship"');
    const noCarrier = await postForm(ordersPath, shipFields("", [{ id: ready!.id, tracking: "TH12345" }]), admin());
    expect(noCarrier.status).toBe(400);
    expect(await html(noCarrier)).toContain('data-testid="error-carrierId"');
    const unknownCarrier = await postForm(ordersPath, shipFields("999999", [{ id: ready!.id, tracking: "TH12345" }]), admin());
    expect(unknownCarrier.status).toBe(400);
    expect(await statuses([ready!.id])).toEqual({ [ready!.id]: orderStatusId.awaiting_fulfilment });
  });

  it("should write every order's change in ONE D1 batch (all or nothing)", async () => {
    const made = await taggedOrders(tag(), [orderStatusId.awaiting_fulfilment, orderStatusId.awaiting_fulfilment, orderStatusId.awaiting_fulfilment]);
    const { d1, batches } = recordingD1(env.DB);
    const result = await markOrdersShipped(
      d1,
      { carrierId: 1, shipments: made.map((order, index) => ({ orderId: order.id, trackingNumber: `THBATCH${index}00` })) },
      { staffUserId: 1 },
      "http://shop.test",
    );
    expect(result).toEqual({ ok: true, count: 3 });
    const writes = batches.filter((statements) => statements.some((sql) => /^\s*UPDATE orders SET status_id/i.test(sql)));
    expect(writes).toHaveLength(1);
    expect(writes[0]!.filter((sql) => /^\s*UPDATE orders SET status_id/i.test(sql))).toHaveLength(3);
    expect(writes[0]!.filter((sql) => /insert into "shipments"/i.test(sql))).toHaveLength(3);
  });

  it("given a role without Orders, should refuse the bulk action (403) and change nothing", async () => {
    const [ready] = await taggedOrders(tag(), [orderStatusId.awaiting_fulfilment]);
    for (const role of ["staff-4", "staff-5"] as const) {
      expect((await postForm(ordersPath, shipFields("1", [{ id: ready!.id, tracking: "THROLE0001" }]), cookies[role])).status).toBe(403);
    }
    expect(await statuses([ready!.id])).toEqual({ [ready!.id]: orderStatusId.awaiting_fulfilment });
  });
});

describe("packing slips", () => {
  it("given ticked orders, should show one slip each with the address, lines and quantities, without the frame", async () => {
    const [first, second] = await taggedOrders(tag(), [orderStatusId.awaiting_fulfilment, orderStatusId.paid]);
    const response = await get(`${ordersPath}/packing-slips?intent=packing-slips&ids=${first!.id}&ids=${second!.id}`, admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page.match(/data-testid="packing-slip"/g)).toHaveLength(2);
    expect(page).toContain(first!.orderNumber);
    expect(page).toContain("99/1 Sukhumvit Soi 11");
    expect(page).toMatch(/data-testid="slip-quantity"[^>]*>2</);
    expect(page).not.toContain('data-testid="backend-sidebar"');
    const thai = await html(await get(`/th${ordersPath}/packing-slips?ids=${first!.id}`, admin()));
    expect(thai).toContain("เสื้อทดสอบ");
  });

  it("given no ticked order, should say so; given a role without Orders, should refuse", async () => {
    expect(await html(await get(`${ordersPath}/packing-slips`, admin()))).toContain('data-testid="packing-slips-empty"');
    expect((await get(`${ordersPath}/packing-slips?ids=1`, cookies["staff-4"])).status).toBe(403);
  });
});

describe("bulk: deactivate staff users (destructive, asks first)", () => {
  async function newStaff(count: number) {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const email = `bulk-${crypto.randomUUID().slice(0, 8)}@pryde.test`;
      const now = Date.now();
      const [row] = await db()
        .insert(staffUsers)
        .values({ email, fullName: `Bulk Person ${index}`, roleId: 3, passwordHash: "scrypt$x", createdAt: now, updatedAt: now })
        .returning({ id: staffUsers.id });
      ids.push(row!.id);
    }
    return ids;
  }
  const disabled = async (ids: number[]) =>
    (await db().select({ id: staffUsers.id, disabledAt: staffUsers.disabledAt }).from(staffUsers).where(inArray(staffUsers.id, ids))).filter(
      (row) => row.disabledAt !== null,
    ).length;
  const body = (ids: number[], extra: [string, string][] = []) =>
    new URLSearchParams([["intent", "bulk-deactivate"], ...ids.map((id) => ["ids", String(id)] as [string, string]), ...extra]);

  it("given ticked staff without confirmation (no JavaScript), should change nothing and ask first with the same selection", async () => {
    const ids = await newStaff(2);
    const response = await postRaw("/backend/user", body(ids), admin());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain('data-testid="confirm-step"');
    for (const id of ids) expect(page).toContain(`<input type="hidden" name="ids" value="${id}"/>`);
    expect(await disabled(ids)).toBe(0);
  });

  it("given the confirmation, should deactivate them and leave oneself as is, then go back to the list with a toast", async () => {
    const ids = await newStaff(2);
    const self = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")))[0]!.id;
    const response = await postRaw("/backend/user?q=bulk-&page=1", body([...ids, self], [["confirmed", "1"]]), admin());
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/backend/user?q=bulk-");
    expect(decodeURIComponent(response.headers.get("set-cookie") ?? "")).toContain('"key":"staff:users.bulkDeactivated"');
    expect(await disabled(ids)).toBe(2);
    expect(await disabled([self])).toBe(0);
  });

  it("given nothing ticked, should say so above the list in the page's language", async () => {
    for (const [prefix, lists] of [
      ["", listsEn],
      ["/th", listsTh],
    ] as const) {
      const response = await postRaw(`${prefix}/backend/user`, body([], [["confirmed", "1"]]), admin());
      expect(response.status).toBe(400);
      const page = await html(response);
      expect(page).toContain('data-testid="form-error"');
      expect(page).toContain(lists.validation.noneSelected);
    }
  });

  it("given an intent the page does not know, should say so in the page's language", async () => {
    for (const [prefix, staff] of [
      ["", staffEn],
      ["/th", staffTh],
    ] as const) {
      const response = await postRaw(`${prefix}/backend/user`, new URLSearchParams([["intent", "bulk-explode"]]), admin());
      expect(response.status).toBe(400);
      expect(await html(response)).toContain(staff.validation.unknownAction);
    }
  });

  it("given a role without User Management, should refuse (403)", async () => {
    const ids = await newStaff(1);
    expect((await postRaw("/backend/user", body(ids, [["confirmed", "1"]]), cookies["staff-3"])).status).toBe(403);
    expect(await disabled(ids)).toBe(0);
  });
});

/** A POST with repeated fields (the bulk form's `ids`), as the browser sends it. */
function postRaw(path: string, body: URLSearchParams, headers: Record<string, string>) {
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body,
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    }),
  );
}

/** D1 that remembers the SQL of every batch it runs (drizzle's builders go through prepare too). */
function recordingD1(real: D1Database): { d1: D1Database; batches: string[][] } {
  const batches: string[][] = [];
  const sqlOf = new WeakMap<object, string>();
  const tag = (statement: D1PreparedStatement, sql: string) => {
    sqlOf.set(statement, sql);
    const bind = statement.bind.bind(statement);
    statement.bind = (...values: unknown[]) => tag(bind(...values), sql);
    return statement;
  };
  const d1 = new Proxy(real, {
    get(target, property) {
      if (property === "prepare") return (sql: string) => tag(target.prepare(sql), sql);
      if (property === "batch")
        return (statements: D1PreparedStatement[]) => {
          batches.push(statements.map((statement) => sqlOf.get(statement) ?? "?"));
          return target.batch(statements);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { d1, batches };
}
