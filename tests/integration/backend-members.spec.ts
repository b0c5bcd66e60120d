import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { affiliates, customers, staffUsers } from "~/db/schema/customers";
import { orders } from "~/db/schema/orders";
import { pointsLedger } from "~/db/schema/promotions";
import { demoCustomer } from "~/db/seed/accounts";
import { formatThaiNationalId, thaiNationalIdCheckDigit } from "~/domain/thai-national-id";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { fuzzForm } from "./fuzz";
import { toastOf } from "./profile-helpers";
import { get, postForm } from "./worker";

/** Members (issue 3 item 16): /backend/member (list, search, paging, affiliate review) and the member detail page. */

const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

/** The page a form's redirect lands on, with the toast it left (app/ui/toast.server.ts), as the viewer sees it. */
async function landing(response: Response, headers: Record<string, string>): Promise<string> {
  expect(response.status).toBe(302);
  const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("pryde_toast="));
  expect(toast).toBeDefined();
  const cookie = [headers.cookie, toast!.split(";")[0]].filter(Boolean).join("; ");
  const page = await get(response.headers.get("location")!, { ...headers, cookie });
  expect(page.status).toBe(200);
  return html(page);
}

let cookies: Record<TestViewer, Record<string, string>>;
let demoCustomerId: number;
const admin = () => cookies["staff-1"];
const editor = () => cookies["staff-3"];

/** 25 members named "Pagetest 01…25", created one minute apart (newest first in the list). */
const pageTestCount = 25;
beforeAll(async () => {
  cookies = await backendTestCookies();
  demoCustomerId = (await db().select({ id: customers.id }).from(customers).where(eq(customers.email, demoCustomer.email)).get())!.id;
  const base = Date.UTC(2025, 0, 1);
  // One insert per row: D1 binds at most 100 variables per statement.
  const inserts = Array.from({ length: pageTestCount }, (_, index) => {
    const n = String(index + 1).padStart(2, "0");
    const at = base + index * 60_000;
    return db()
      .insert(customers)
      .values({ email: `pagetest-${n}@example.test`, firstName: "Pagetest", lastName: n, phone: `089-555-00${n}`, createdAt: at, updatedAt: at });
  });
  await db().batch(inserts as [(typeof inserts)[number], ...(typeof inserts)[number][]]);
});

function rowsOf(page: string): string[] {
  return [...page.matchAll(/data-testid="member-row"[^>]*>[\s\S]*?<a [^>]*>([^<]+)</g)].map((match) => match[1]!.trim());
}

describe("the member list", () => {
  it.each([
    ["/backend/member", "Members"],
    ["/th/backend/member", "สมาชิก"],
  ])("given %s as an Editor (role 3), should list members in the frame", async (path, heading) => {
    const response = await get(path, editor());
    expect(response.status).toBe(200);
    const page = await html(response);
    expect(page).toContain(heading);
    expect(page).toContain('data-testid="backend-top-bar"');
    expect(page).toContain('data-testid="member-list"');
  });

  it("given a search by name, should find exactly those members and show 20 a page with page links", async () => {
    const first = await html(await get("/backend/member?q=pagetest", admin()));
    expect(first).toMatch(/data-testid="member-list-count"[^>]*>25 /);
    expect(rowsOf(first)).toHaveLength(20);
    // Newest first.
    expect(rowsOf(first)[0]).toBe("Pagetest 25");
    expect(first).toContain('data-testid="pagination"');
    expect(first).toContain('href="/backend/member?q=pagetest&amp;page=2"');

    const second = await html(await get("/backend/member?q=pagetest&page=2", admin()));
    expect(rowsOf(second)).toEqual(["Pagetest 05", "Pagetest 04", "Pagetest 03", "Pagetest 02", "Pagetest 01"]);
  });

  it.each([
    ["full name", "Pagetest 07", ["Pagetest 07"]],
    ["e-mail", "pagetest-13@", ["Pagetest 13"]],
    ["phone as stored", "089-555-0021", ["Pagetest 21"]],
    ["phone without dashes", "0895550022", ["Pagetest 22"]],
    ["LIKE wildcard typed literally", "pagetest_%", []],
    // D1 refuses LIKE patterns over 50 bytes: a long Thai search once answered 500.
    ["long Thai text", "ก".repeat(100), []],
  ])("given a search by %s, should find the right members", async (_what, q, expected) => {
    const page = await html(await get(`/backend/member?q=${encodeURIComponent(q)}`, admin()));
    expect(rowsOf(page)).toEqual(expected);
    if (expected.length === 0) expect(page).toContain('data-testid="member-list-empty"');
  });

  it.each(["abc", "-3", "0", "1e3", "%00"])("given page=%s, should answer 200 with page 1 (an odd page number is ignored)", async (page) => {
    const response = await get(`/backend/member?q=pagetest&page=${page}`, admin());
    expect(response.status).toBe(200);
    expect(rowsOf(await html(response))[0]).toBe("Pagetest 25");
  });

  it("given a page past the last one, should answer 404 (the list pattern's rule)", async () => {
    expect((await get("/backend/member?q=pagetest&page=99999", admin())).status).toBe(404);
  });

  it("given a search form, should be a GET form that works without JavaScript", async () => {
    const page = await html(await get("/backend/member", admin()));
    const form = /<form[^>]*data-testid="member-list-search"[^>]*>/.exec(page)?.[0] ?? "";
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/backend/member"');
    expect(page).toContain('name="q"');
  });

  it.each(["staff-4", "staff-5"] as const)("given %s, should answer 403 to the list, the detail page and their forms", async (viewer) => {
    expect((await get("/backend/member", cookies[viewer])).status).toBe(403);
    expect((await get(`/backend/member/detail/${demoCustomerId}`, cookies[viewer])).status).toBe(403);
    expect((await postForm(`/backend/member/detail/${demoCustomerId}`, { intent: "adjust-points", delta: "5", reason: "x" }, cookies[viewer])).status).toBe(
      403,
    );
    expect((await postForm("/backend/member", { intent: "approve", id: "1" }, cookies[viewer])).status).toBe(403);
  });
});

describe("the member detail page", () => {
  it("given the demo customer, should show profile, addresses, orders (empty state), points history and applications", async () => {
    const response = await get(`/backend/member/detail/${demoCustomerId}`, editor());
    expect(response.status).toBe(200);
    const page = await html(response);
    for (const testId of ["member-profile", "member-addresses", "member-orders", "member-ledger", "member-applications", "adjust-form"]) {
      expect(page, testId).toContain(`data-testid="${testId}"`);
    }
    expect(page).toContain(demoCustomer.email);
    expect(page).toContain('data-testid="order-list-empty"');
    expect(page).toContain("No orders yet.");
    expect(page).toContain('data-testid="ledger-row"');
    // The breadcrumb names the member.
    expect(page).toMatch(/data-testid="breadcrumbs"[\s\S]*Napat Srisuk/);
  });

  it("given orders, should list number, date, status label and total", async () => {
    const now = Date.now();
    await db().insert(orders).values({
      orderNumber: "PRY-TEST-0001",
      customerId: demoCustomerId,
      email: demoCustomer.email,
      statusId: 2,
      subtotalSatang: 123_450,
      vatSatang: 8076,
      vatPercent: 7,
      totalSatang: 123_450,
      createdAt: now,
      updatedAt: now,
    });
    const orderId = (await db().select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, "PRY-TEST-0001")).get())!.id;
    const page = await html(await get(`/backend/member/detail/${demoCustomerId}`, editor()));
    expect(page).toContain("PRY-TEST-0001");
    expect(page).toContain("Paid");
    expect(page).toContain("1,234.50");
    // The number is a link to the order (issue 14), in the page's language.
    expect(page).toMatch(new RegExp(`<a [^>]*href="/backend/orders/fulfillment/${orderId}"[^>]*>PRY-TEST-0001</a>`));
    expect(page).toContain('data-testid="member-order-link"');
    const thai = await html(await get(`/th/backend/member/detail/${demoCustomerId}`, editor()));
    expect(thai).toContain(`href="/th/backend/orders/fulfillment/${orderId}"`);
  });

  it("should read the profile, the orders and the points ledger in one round trip after the staff check", async () => {
    const now = Date.now();
    const [member] = await db()
      .insert(customers)
      .values({ email: "round-trips@example.test", firstName: "Somchai", lastName: "Trips", pointsBalance: 40, createdAt: now, updatedAt: now })
      .returning({ id: customers.id });
    await db().insert(orders).values({
      orderNumber: "PRY-TRIPS-0001",
      customerId: member!.id,
      email: "round-trips@example.test",
      statusId: 2,
      subtotalSatang: 50_000,
      vatSatang: 3271,
      vatPercent: 7,
      totalSatang: 50_000,
      createdAt: now,
      updatedAt: now,
    });
    await db().insert(pointsLedger).values({ customerId: member!.id, delta: 40, reason: "adjustment", note: "Welcome gift", createdAt: now });
    const response = await get(`/backend/member/detail/${member!.id}`, admin());
    expect(response.status).toBe(200);
    // Issue 19: the orders and ledger are the URL's member id's, read with the profile instead of after it.
    expect(response.headers.get("server-timing")).toContain('desc="2 round trips');
    const page = await html(response);
    expect(page).toContain("PRY-TRIPS-0001");
    expect(page).toContain("Welcome gift");
  });

  it.each([
    ["/backend/member/detail", "/backend/member"],
    ["/backend/member/detail/", "/backend/member"],
    ["/th/backend/member/detail", "/th/backend/member"],
  ])("given %s without an id, should redirect to the member list (not 404)", async (path, list) => {
    const response = await get(path, editor());
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location")!, "http://x").pathname).toBe(list);
  });

  it.each(["abc", "0", "-1", "1.5", "999999", "99999999999999999999"])("given the id %s, should answer 404 inside the back-office frame", async (id) => {
    const response = await get(`/backend/member/detail/${id}`, editor());
    expect(response.status).toBe(404);
    const page = await html(response);
    expect(page).toContain('data-testid="error-page"');
    expect(page).toContain('data-testid="backend-top-bar"');
  });
});

describe("adjusting points", () => {
  async function balance(customerId: number) {
    return (await db().select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, customerId)).get())!.balance;
  }
  async function ledgerCount(customerId: number) {
    return (await db().select({ n: count() }).from(pointsLedger).where(eq(pointsLedger.customerId, customerId)))[0]!.n;
  }
  async function memberWithPoints(points: number) {
    const now = Date.now();
    const [row] = await db()
      .insert(customers)
      .values({ email: `points-${crypto.randomUUID()}@example.test`, firstName: "Points", lastName: "Holder", createdAt: now, updatedAt: now })
      .returning({ id: customers.id });
    if (points) {
      await db().batch([
        db().insert(pointsLedger).values({ customerId: row!.id, delta: points, reason: "signup_bonus", createdAt: now }),
        db().update(customers).set({ pointsBalance: points }).where(eq(customers.id, row!.id)),
      ]);
    }
    return row!.id;
  }
  const adjust = (customerId: number, fields: Record<string, string>, headers = editor(), prefix = "") =>
    postForm(`${prefix}/backend/member/detail/${customerId}`, { intent: "adjust-points", ...fields }, headers);

  it("given +50 with a reason, should write the ledger row with the staff member and the new balance in one go", async () => {
    const id = await memberWithPoints(100);
    const response = await adjust(id, { delta: "+50", reason: "Goodwill after a late delivery" });
    expect(toastOf(response)).toBe("staff:member.adjusted");
    expect(response.headers.get("location")).toBe(`/backend/member/detail/${id}`);
    expect(await landing(response, editor())).toContain("new balance 150");
    expect(await balance(id)).toBe(150);
    const editorId = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "editor@pryde.test")).get())!.id;
    const rows = await db().select().from(pointsLedger).where(eq(pointsLedger.customerId, id));
    expect(rows.find((row) => row.reason === "adjustment")).toMatchObject({ delta: 50, note: "Goodwill after a late delivery", staffUserId: editorId });
  });

  it("should give the browser the form's limits without JavaScript (the schema's constraints in the HTML)", async () => {
    const page = await html(await get(`/backend/member/detail/${demoCustomerId}`, editor()));
    expect(page).toMatch(/<input[^>]*name="reason"[^>]*maxLength="200"|<input[^>]*maxLength="200"[^>]*name="reason"/);
    expect(page).toMatch(/<input[^>]*name="reason"[^>]*required=""|<input[^>]*required=""[^>]*name="reason"/);
  });

  it("given a deduction to exactly 0, should allow it", async () => {
    const id = await memberWithPoints(30);
    expect((await adjust(id, { delta: "-30", reason: "Correction" })).status).toBe(302);
    expect(await balance(id)).toBe(0);
  });

  it("given a deduction below 0, should answer with a field message and write nothing", async () => {
    const id = await memberWithPoints(40);
    const before = await ledgerCount(id);
    const response = await adjust(id, { delta: "−41", reason: "Too much" });
    expect(response.status).toBe(400);
    const page = await html(response);
    expect(page).toContain('data-testid="error-delta"');
    expect(page).toContain("below 0");
    expect(await balance(id)).toBe(40);
    expect(await ledgerCount(id)).toBe(before);

    const thai = await adjust(id, { delta: "-1000", reason: "มากเกินไป" }, editor(), "/th");
    expect(thai.status).toBe(400);
    expect(await html(thai)).toContain("คะแนนจะติดลบ");
  });

  it.each([
    [{ delta: "0", reason: "x" }, "error-delta"],
    [{ delta: "1.5", reason: "x" }, "error-delta"],
    [{ delta: "ten", reason: "x" }, "error-delta"],
    [{ delta: "", reason: "x" }, "error-delta"],
    [{ delta: "5000000", reason: "x" }, "error-delta"],
    [{ delta: "5", reason: "   " }, "error-reason"],
    [{ delta: "5", reason: "x".repeat(201) }, "error-reason"],
  ])("given %j, should answer 400 with the field message and write nothing", async (fields, testId) => {
    const id = await memberWithPoints(10);
    const before = await ledgerCount(id);
    const response = await adjust(id, fields);
    expect(response.status).toBe(400);
    expect(await html(response)).toContain(`data-testid="${testId}"`);
    expect([await balance(id), await ledgerCount(id)]).toEqual([10, before]);
  });

  it("given more points movements than a page, should page them by their own parameter, keep the others and 404 past the last", async () => {
    const id = await memberWithPoints(0);
    const now = Date.now();
    // D1 binds at most 100 values a statement: ten rows at a time.
    for (let start = 0; start < 30; start += 10) {
      await db()
        .insert(pointsLedger)
        .values(
          Array.from({ length: 10 }, (_, offset) => ({
            customerId: id,
            delta: start + offset + 1,
            reason: "adjustment" as const,
            note: `row ${start + offset + 1}`,
            createdAt: now + start + offset,
          })),
        );
    }
    const first = await html(await get(`/backend/member/detail/${id}`, editor()));
    expect(first.match(/data-testid="ledger-row"/g)).toHaveLength(25);
    expect(first).toContain(">row 30<");
    // The page links keep the orders' page and lead back to the panel.
    expect(first).toContain(`href="/backend/member/detail/${id}?points=2#member-ledger"`);
    const second = await html(await get(`/backend/member/detail/${id}?orders=1&points=2`, editor()));
    expect(second.match(/data-testid="ledger-row"/g)).toHaveLength(5);
    expect(second).toContain(">row 1<");
    expect(second).toContain(`href="/backend/member/detail/${id}?orders=1#member-ledger"`);
    expect((await get(`/backend/member/detail/${id}?points=3`, editor())).status).toBe(404);
    expect((await get(`/backend/member/detail/${id}?orders=2`, editor())).status).toBe(404);
    // An odd page number is page 1, as on every list.
    expect((await get(`/backend/member/detail/${id}?points=abc`, editor())).status).toBe(200);
  });

  it("given an unknown intent or member, should answer 400 / 404, never 5xx", async () => {
    expect((await postForm(`/backend/member/detail/${demoCustomerId}`, { intent: "probe" }, editor())).status).toBe(400);
    expect((await adjust(999_999, { delta: "5", reason: "x" })).status).toBe(404);
    expect((await adjust(0, { delta: "5", reason: "x" })).status).toBe(404);
  });

  it("given arbitrary text in the adjustment form, should never answer 5xx; a refused adjustment writes nothing", async () => {
    const id = await memberWithPoints(500);
    const state = { balance: 500, rows: await ledgerCount(id) };
    await fuzzForm({
      path: `/backend/member/detail/${id}`,
      fields: ["delta", "reason"],
      fixed: { intent: "adjust-points" },
      headers: editor(),
      after: async (response, body) => {
        const [now, rows] = [await balance(id), await ledgerCount(id)];
        if (response.status === 400) {
          expect(body).toMatch(/data-testid="error-/);
          expect(now, "balance unchanged after a refused adjustment").toBe(state.balance);
          expect(rows).toBe(state.rows);
        } else {
          expect(response.status).toBe(302);
          expect(rows).toBe(state.rows + 1);
        }
        state.balance = now;
        state.rows = rows;
      },
    });
  });
});

describe("affiliate applications", () => {
  let serial = 0;
  async function application(customerId: number | null = null) {
    serial += 1;
    const first12 = `3${String(serial).padStart(11, "0")}`;
    const now = Date.now() + serial;
    const [row] = await db()
      .insert(affiliates)
      .values({
        customerId,
        firstName: "Applicant",
        lastName: `No${serial}`,
        email: `applicant-${serial}@example.test`,
        phone: "0811111111",
        nationalId: `${first12}${thaiNationalIdCheckDigit(first12)}`,
        note: "Instagram: @applicant",
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return row!;
  }
  const review = (id: number, intent: string, headers = editor()) => postForm("/backend/member?tab=affiliates", { intent, id: String(id) }, headers);

  it("given the applications tab, should list pending applications with the national id shown 1-4-5-2-1 and approve / reject buttons", async () => {
    const pending = await application();
    const page = await html(await get("/backend/member?tab=affiliates", editor()));
    expect(page).toContain(`data-testid="application" data-id="${pending.id}"`);
    const id = pending.nationalId;
    expect(page).toContain(`${id[0]}-${id.slice(1, 5)}-${id.slice(5, 10)}-${id.slice(10, 12)}-${id[12]}`);
    expect(page).toContain('data-testid="approve"');
    expect(page).toContain('data-testid="reject"');
  });

  it("given approve, should record the reviewer and the time; a second decision is refused", async () => {
    const pending = await application(demoCustomerId);
    const response = await review(pending.id, "approve");
    expect(toastOf(response)).toBe("staff:affiliates.approved");
    expect(response.headers.get("location")).toBe("/backend/member?tab=affiliates");
    expect(await landing(response, editor())).toContain(`Application of Applicant ${pending.lastName} approved.`);
    const editorId = (await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "editor@pryde.test")).get())!.id;
    const row = await db().select().from(affiliates).where(eq(affiliates.id, pending.id)).get();
    expect(row).toMatchObject({ status: "approved", reviewedByStaffUserId: editorId });
    expect(row!.reviewedAt).toBeGreaterThan(Date.now() - 60_000);

    const again = await review(pending.id, "reject");
    expect(again.status).toBe(409);
    expect((await db().select().from(affiliates).where(eq(affiliates.id, pending.id)).get())!.status).toBe("approved");

    const approvedList = await html(await get("/backend/member?tab=affiliates&status=approved", editor()));
    expect(approvedList).toContain(`data-testid="application" data-id="${pending.id}"`);
    expect(approvedList).toContain("Anan Editor");
    // The member's detail page shows it too.
    expect(await html(await get(`/backend/member/detail/${demoCustomerId}`, editor()))).toContain(`data-testid="application" data-id="${pending.id}"`);
  });

  it("given a search, should find the application by name, e-mail or national id on any status tab, and keep the tab in its links", async () => {
    const pending = await application();
    const found = async (query: string) =>
      (await html(await get(`/backend/member?tab=affiliates&status=all&q=${encodeURIComponent(query)}`, editor()))).includes(`data-id="${pending.id}"`);
    expect(await found(pending.lastName)).toBe(true);
    expect(await found(pending.email.toUpperCase())).toBe(true);
    expect(await found(formatThaiNationalId(pending.nationalId))).toBe(true);
    expect(await found("nobody-like-this")).toBe(false);
    const page = await html(await get("/backend/member?tab=affiliates&status=approved", editor()));
    expect(page).not.toContain(`data-id="${pending.id}"`);
    expect(page).toMatch(/aria-current="page"[^>]*data-testid="affiliate-status-approved"/);
    expect(page).toContain('<input type="hidden" name="tab" value="affiliates"/>');
  });

  it("given the applications' CSV, should export the filtered list without national ids; staff without the Member group get 403", async () => {
    const pending = await application();
    const response = await get(`/backend/member/affiliates/export.csv?tab=affiliates&q=${pending.lastName}`, editor());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const text = await response.text();
    const lines = text.trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(pending.email);
    expect(text).not.toContain(pending.nationalId);
    expect((await get("/backend/member/affiliates/export.csv", cookies["staff-4"])).status).toBe(403);
  });

  it("given reject, should record it (Thai page answers in Thai)", async () => {
    const pending = await application();
    const response = await postForm("/th/backend/member?tab=affiliates", { intent: "reject", id: String(pending.id) }, admin());
    expect(toastOf(response)).toBe("staff:affiliates.rejected");
    expect(await landing(response, admin())).toContain("ปฏิเสธใบสมัครของ");
    expect(await db().select().from(affiliates).where(eq(affiliates.id, pending.id)).get()).toMatchObject({ status: "rejected" });
  });

  it.each([
    [{ intent: "approve", id: "999999" }, 404],
    [{ intent: "approve", id: "abc" }, 400],
    [{ intent: "approve" }, 400],
    [{ intent: "delete", id: "1" }, 400],
  ])("given %j, should answer %i and change nothing", async (fields, status) => {
    expect((await postForm("/backend/member", fields, editor())).status).toBe(status);
  });

  it("given arbitrary text in the review form, should never answer 5xx", async () => {
    const pending = await application();
    await fuzzForm({ path: "/backend/member?tab=affiliates", fields: ["intent", "id"], headers: editor() });
    // Random text cannot name this application with a valid intent... unless it did; either way, no 5xx.
    const row = await db().select().from(affiliates).where(eq(affiliates.id, pending.id)).get();
    expect(["pending", "approved", "rejected"]).toContain(row!.status);
  });
});
