import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { orders } from "~/db/schema/orders";
import { formatSatang } from "~/domain/money";
import { orderStatusIds, staffAttentionStatusIds } from "~/domain/order-status";
import { groupsByRole, menuGroups, staffRoleIds } from "~/domain/staff-permissions";
import { shopPeriodStarts } from "~/features/backoffice/backoffice.server";
import { rebuildReportSummary } from "~/features/reports/report-summary.server";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { get } from "./worker";

/** The back-office frame and dashboard against what D1 holds (issue 3, items 13 and 14). */

let cookies: Record<TestViewer, Record<string, string>>;
const admin = () => cookies["staff-1"];

async function html(path: string, headers: Record<string, string>): Promise<string> {
  const response = await get(path, headers);
  expect(response.status, path).toBe(200);
  return (await response.text()).replace(/<!-- -->/g, "");
}

/** The text of the `value` element inside the first element with this data-testid. */
function textOf(source: string, testId: string): string {
  const start = source.indexOf(`data-testid="${testId}"`);
  if (start < 0) throw new Error(`no ${testId}`);
  const value = source.indexOf('data-testid="value">', start) + 'data-testid="value">'.length;
  return source.slice(value, source.indexOf("<", value)).trim();
}

function statusCounts(page: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const match of page.matchAll(/data-testid="status-(\d+)".*?data-testid="count">([\d,]+)</g)) {
    counts.set(Number(match[1]), Number(match[2]!.replace(/,/g, "")));
  }
  return counts;
}

function chip(page: string): number | null {
  const match = /data-testid="orders-chip"[^>]*><span aria-hidden="true">([\d+]+)</.exec(page);
  return match ? Number(match[1]) : null;
}

/** Groups in the desktop sidebar, in order (the phone drawer repeats them earlier in the page). */
function sidebarGroups(page: string): string[] {
  const sidebar = page.slice(page.indexOf('data-testid="backend-menu"'));
  return [...sidebar.matchAll(/data-testid="menu-group-([a-z-]+)"/g)].map((match) => match[1]!);
}

async function insertOrder(statusId: number, totalSatang: number, paidAt: number | null, createdAt = Date.now()) {
  const number = `T-${crypto.randomUUID().slice(0, 8)}`;
  await database(env.DB).insert(orders).values({
    orderNumber: number,
    email: "buyer@example.com",
    statusId,
    subtotalSatang: totalSatang,
    vatSatang: 0,
    vatPercent: 7,
    totalSatang,
    createdAt,
    updatedAt: createdAt,
    paidAt,
  });
}

async function expectedFromD1() {
  const { dayStart, monthStart } = shopPeriodStarts(Date.now());
  const sales = (since: number) =>
    env.DB.prepare("SELECT coalesce(sum(total_satang), 0) AS total FROM orders WHERE status_id IN (2, 3, 4, 5, 7) AND created_at >= ?")
      .bind(since)
      .first<{ total: number }>();
  const byStatus = await env.DB.prepare("SELECT status_id AS id, count(*) AS n FROM orders GROUP BY status_id").all<{ id: number; n: number }>();
  const attention = await env.DB.prepare(`SELECT count(*) AS n FROM orders WHERE status_id IN (${staffAttentionStatusIds.join(",")})`).first<{ n: number }>();
  const members = await env.DB.prepare("SELECT count(*) AS n FROM customers WHERE created_at >= ?").bind(monthStart).first<{ n: number }>();
  const low = await env.DB.prepare("SELECT count(*) AS n FROM variants WHERE is_active = 1 AND stock BETWEEN 1 AND 5").first<{ n: number }>();
  const out = await env.DB.prepare("SELECT count(*) AS n FROM variants WHERE is_active = 1 AND stock <= 0").first<{ n: number }>();
  return {
    today: (await sales(dayStart))!.total,
    month: (await sales(monthStart))!.total,
    byStatus: new Map(byStatus.results.map((row) => [row.id, row.n])),
    attention: attention!.n,
    members: members!.n,
    low: low!.n,
    out: out!.n,
  };
}

const thb = (satang: number) => formatSatang(satang, "THB", { USD: 1, EUR: 1, GBP: 1, JPY: 1, CNY: 1 }, "en-GB");

beforeAll(async () => {
  cookies = await backendTestCookies();
});

describe("dashboard", () => {
  it("given no orders, should show zeros for every figure, not an error", async () => {
    await env.DB.prepare("DELETE FROM orders").run();
    await rebuildReportSummary(env.DB);
    const page = await html("/backend/dashboard", admin());
    expect(textOf(page, "sales-today")).toBe(thb(0));
    expect(textOf(page, "sales-month")).toBe(thb(0));
    const counts = statusCounts(page);
    expect([...counts.keys()]).toEqual(orderStatusIds);
    expect([...counts.values()].every((count) => count === 0)).toBe(true);
    expect(chip(page)).toBeNull();
  });

  it("given orders in several statuses, should show what D1 holds and count the orders needing staff in the chip", async () => {
    const now = Date.now();
    const { dayStart, monthStart } = shopPeriodStarts(now);
    await insertOrder(2, 150_050, now); // paid today
    await insertOrder(7, 20_000, Math.max(dayStart, now - 60_000)); // completed today (even a minute after midnight in Bangkok)
    const earlierThisMonth = monthStart === dayStart ? now : dayStart - 1;
    await insertOrder(3, 9_900, earlierThisMonth, earlierThisMonth); // placed and paid this month, not today (unless the 1st)
    await insertOrder(1, 50_000, null); // waiting for payment: not a sale
    await insertOrder(8, 70_000, now); // cancelled: not a sale
    await insertOrder(10, 30_000, null); // slip under review
    await insertOrder(9, 5_000, now); // refunded
    await insertOrder(2, 1_000, monthStart - 1, monthStart - 1); // paid last month
    // Written straight to D1, behind the daily summary's back (an order's own batch keeps it).
    await rebuildReportSummary(env.DB);

    const expected = await expectedFromD1();
    expect(expected.today).toBeGreaterThanOrEqual(170_050);
    const page = await html("/backend/dashboard", admin());
    expect(textOf(page, "sales-today")).toBe(thb(expected.today));
    expect(textOf(page, "sales-month")).toBe(thb(expected.month));
    expect(textOf(page, "new-members")).toBe(String(expected.members));
    expect(textOf(page, "low-stock")).toBe(String(expected.low));
    expect(page).toContain(`data-testid="count">${expected.out}<`);
    const counts = statusCounts(page);
    for (const id of orderStatusIds) expect(counts.get(id), `status ${id}`).toBe(expected.byStatus.get(id) ?? 0);
    expect(expected.attention).toBe(5); // 2, 3, 1, 10 and last month's 2
    expect(chip(page)).toBe(expected.attention);
  });

  it("given Thai, should label the statuses in Thai", async () => {
    const page = await html("/th/backend/dashboard", admin());
    expect(page).toContain("รอชำระเงิน");
    expect(page).toContain("ยอดขายวันนี้");
    expect(page).toContain('<html lang="th"');
  });

  it("given a User (role 5), should show the figures without links to lists the role may not open", async () => {
    const page = await html("/backend/dashboard", cookies["staff-5"]);
    expect(page).toContain('data-testid="sales-today"');
    expect(page).not.toContain('href="/backend/orders/fulfillment');
    expect(page).not.toContain('href="/backend/reports/order"');
  });

  it.each([
    ["staff-1", 'href="/backend/member"'],
    ["staff-3", 'href="/backend/member"'],
  ] as const)("given %s, should link the figures to the lists the role may open", async (viewer, link) => {
    expect(await html("/backend/dashboard", cookies[viewer])).toContain(link);
  });
});

describe("back-office frame", () => {
  it.each(staffRoleIds)("given role %i, the sidebar should show exactly the role's groups, in order", async (roleId) => {
    const page = await html("/backend/dashboard", cookies[`staff-${roleId}`]);
    expect(sidebarGroups(page)).toEqual(menuGroups.filter((group) => groupsByRole[roleId].includes(group)));
  });

  it("given a role without Orders, should not count orders (no chip)", async () => {
    expect(chip(await html("/backend/dashboard", cookies["staff-4"]))).toBeNull();
  });

  it("should show the staff member, the role, the shop link, a sign-out form to /logout and breadcrumbs", async () => {
    const page = await html("/th/backend/dashboard", cookies["staff-3"]);
    expect(page).toContain("Anan Editor");
    expect(page).toContain("บรรณาธิการ");
    expect(page).toContain('<form action="/th/logout" method="post">');
    expect(page).toContain('data-testid="backend-storefront-link"');
    expect(page).toContain('data-testid="breadcrumbs"');
    expect(page).toContain('aria-current="page"');
  });

  it("given a page under a group, should keep that group open and the others closed", async () => {
    const response = await get("/backend/products/all-product/form/3", cookies["staff-1"]);
    expect(response.status).toBe(200);
    const page = await response.text();
    const sidebar = page.slice(page.indexOf('data-testid="backend-menu"'));
    expect(sidebar).toMatch(/data-testid="menu-group-products"><details open=""/);
    expect(sidebar).toMatch(/data-testid="menu-group-orders"><details class/);
    expect(sidebar).toMatch(/aria-current="page"[^>]*>All products</);
  });

  it("given a group the role may not open, should answer the 403 error page", async () => {
    // React Router renders an error thrown by middleware at the root boundary with no loader data
    // (remix-run/react-router#14416), so this page has no back-office frame.
    const response = await get("/th/backend/user", cookies["staff-3"]);
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain('data-testid="error-page"');
    expect(page).toContain("ไม่มีสิทธิ์เข้าถึง");
  });

  it("given /backend, should redirect to the dashboard in the same language", async () => {
    expect((await get("/th/backend", admin())).headers.get("location")).toBe("/th/backend/dashboard");
  });
});

describe("storefront top bar by viewer", () => {
  it("given staff, should show the dashboard icon and no cart", async () => {
    const page = await html("/shop", admin());
    expect(page).toContain('data-testid="dashboard-link"');
    expect(page).not.toContain('data-testid="cart-link"');
    expect(page).not.toContain('data-testid="login-link"');
  });

  it("given a customer, should show the cart and the account icon linking to /my-profile", async () => {
    const page = await html("/th/shop", cookies.customer);
    expect(page).toContain('data-testid="cart-link"');
    expect(page).toMatch(/data-testid="account-link" href="\/th\/my-profile"/);
    expect(page).not.toContain('data-testid="dashboard-link"');
  });

  it("given a guest, should show the cart and the sign-in icon", async () => {
    const page = await html("/shop", {});
    expect(page).toContain('data-testid="cart-link"');
    expect(page).toContain('data-testid="login-link"');
  });
});
