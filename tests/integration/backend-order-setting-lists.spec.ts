import { env } from "cloudflare:workers";
import { inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { customProducts, presetImages } from "~/db/schema/custom";
import { shippingRates } from "~/db/schema/orders";
import { orderStatusId } from "~/domain/order-status";
import { outboxInsert } from "~/features/email/outbox.server";
import customizeAdminEn from "~/i18n/locales/en/customize-admin";
import listsEn from "~/i18n/locales/en/lists";
import customizeAdminTh from "~/i18n/locales/th/customize-admin";
import listsTh from "~/i18n/locales/th/lists";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { insertOrder, variantWithStock } from "./orders-helpers";
import { toastOf } from "./profile-helpers";
import { get, origin, shop } from "./worker";

/**
 * The order-side, customize, shipping-rate and outbox lists on the back-office list pattern
 * (issue 15): exchanges, sponsored orders, the custom-design review queue, shipping rates, custom
 * products, preset images and the e-mail outbox. Search and filters narrow the rows, sort orders
 * them, a page past the end is a 404, the CSV (UTF-8 with a BOM) holds the filtered rows, the
 * print view every row, and a role without the list's group is refused on the list and its CSV.
 * Bulk show / hide of preset images (one statement).
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];
const tag = () => `lsb${crypto.randomUUID().slice(0, 8)}`;

function parseCsv(text: string): string[][] {
  // The files here have no line breaks inside cells.
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, "").replace(/""/g, '"')));
}
const csvRows = async (path: string) => parseCsv(await (await get(path, admin())).text());
const rowCount = (page: string, rowTestId: string) => page.split(`data-testid="${rowTestId}"`).length - 1;
/** The `data-id` of each row, in the page's order. */
const rowIds = (page: string, rowTestId: string) =>
  [...page.matchAll(new RegExp(`data-testid="${rowTestId}" data-id="(\\d+)"`, "g"))].map((match) => Number(match[1]));

function postFields(path: string, fields: [string, string][], headers: Record<string, string>) {
  return shop.fetch(
    new Request(`${origin}${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { origin, "content-type": "application/x-www-form-urlencoded", ...headers },
      redirect: "manual",
    }),
  );
}

const lists = [
  { path: "/backend/orders/exchanges", list: "exchange-list", refused: ["staff-4", "staff-5"] },
  { path: "/backend/orders/sponsored", list: "sponsored-list", refused: ["staff-4", "staff-5"] },
  { path: "/backend/orders/fulfillment/custom-form", list: "custom-orders", refused: ["staff-4", "staff-5"] },
  { path: "/backend/shipping-rates", list: "shipping-rate-list", refused: ["staff-3", "staff-4", "staff-5"] },
  { path: "/backend/customizes", list: "custom-product-list", refused: ["staff-3", "staff-5"] },
  { path: "/backend/orders/preset-image", list: "preset-image-list", refused: ["staff-3", "staff-5"] },
  { path: "/backend/setting/outbox", list: "outbox-list", refused: ["staff-3", "staff-4", "staff-5"] },
] as const;

describe.each(lists)("the list at $path", ({ path, list, refused }) => {
  it("should show the list pattern (search, CSV link, print link); a page past the end is a 404 in the page's language", async () => {
    const page = await html(await get(path, admin()));
    expect(page).toContain(`data-testid="${list}-search"`);
    expect(page).toContain(`href="${path}/export.csv"`);
    expect(page).toContain('data-testid="list-print"');
    const past = await get(`/th${path}?page=999`, admin());
    expect(past.status).toBe(404);
    expect(await html(past)).toContain('lang="th"');
  });

  it("should export UTF-8 CSV with a BOM as a download, headers in the page's language", async () => {
    const response = await get(`${path}/export.csv`, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const english = (await csvRows(`${path}/export.csv`))[0]!;
    const thai = (await csvRows(`/th${path}/export.csv`))[0]!;
    expect(thai).toHaveLength(english.length);
    expect(thai).not.toEqual(english);
  });

  it("given odd queries, should show the list (200), never a 5xx", async () => {
    for (const query of [
      "sort=password",
      "sort=placed&dir=sideways",
      "status=99",
      "kind=x&sponsor=-1",
      "filter=nope",
      "active=maybe",
      "page=abc",
      "q=%00%FF",
    ]) {
      expect((await get(`${path}?${query}`, admin())).status, query).toBe(200);
      expect((await get(`${path}/export.csv?${query}`, admin())).status, query).toBe(200);
    }
  });

  it("given a role without the list's group, should refuse the list and its CSV (403); a guest goes to the sign-in", async () => {
    for (const role of refused) {
      expect((await get(path, cookies[role])).status, role).toBe(403);
      expect((await get(`${path}/export.csv`, cookies[role])).status, role).toBe(403);
    }
    expect((await get(`${path}/export.csv`)).headers.get("location")).toMatch(/^\/backend\/login/);
  });
});

describe("the outbox list", () => {
  async function mails(label: string, count: number, start: number, status?: "failed") {
    const ids = [];
    for (let index = 0; index < count; index++) {
      const [row] = await outboxInsert(
        env.DB,
        {
          to: `${label}.${index}@example.test`,
          locale: "en",
          template: "verify-email",
          subject: `${label} ${index}`,
          payload: { name: "Dao", link: "https://shop.test/x" },
        },
        start + index * 60_000,
      ).returning();
      if (status) await env.DB.prepare("UPDATE email_outbox SET status = ?1 WHERE id = ?2").bind(status, row!.id).run();
      ids.push(row!.id);
    }
    return ids;
  }

  it("given a search, a status and a sort, should narrow and order the rows; the CSV has the same rows on every page; print has all", async () => {
    const label = tag();
    const pending = await mails(label, 22, Date.UTC(2025, 0, 1));
    const [failed] = await mails(`${label}f`, 1, Date.UTC(2025, 0, 2), "failed");
    const page = await html(await get(`/backend/setting/outbox?q=${label}`, admin()));
    expect(rowCount(page, "outbox-row")).toBe(20);
    expect(rowIds(page, "outbox-row")[0]).toBe(failed);
    const onlyFailed = await html(await get(`/backend/setting/outbox?q=${label}&status=failed`, admin()));
    expect(rowIds(onlyFailed, "outbox-row")).toEqual([failed]);
    const ascending = await html(await get(`/backend/setting/outbox?q=${label}&sort=created&dir=asc`, admin()));
    expect(rowIds(ascending, "outbox-row")[0]).toBe(pending[0]);
    expect(ascending).toMatch(/<th[^>]*aria-sort="ascending"[^>]*data-testid="column-created"/);
    const csv = await csvRows(`/backend/setting/outbox/export.csv?q=${label}`);
    expect(csv).toHaveLength(1 + 23);
    expect(csv[0]).toContain("Subject");
    expect((await csvRows(`/backend/setting/outbox/export.csv?q=${label}&status=failed`)).slice(1).map((row) => row[0])).toEqual(["Failed"]);
    const print = await html(await get(`/backend/setting/outbox?q=${label}&print=1`, admin()));
    expect(rowCount(print, "outbox-row")).toBe(23);
    expect(print).not.toContain('data-testid="backend-sidebar"');
    expect((await get(`/backend/setting/outbox?q=${label}&page=3`, admin())).status).toBe(404);
  });
});

describe("the shipping-rate list", () => {
  it("given filters, a search and a sort, should narrow and order the rates; the CSV holds the filtered ones", async () => {
    const now = Date.now();
    const inserted = await db()
      .insert(shippingRates)
      .values(
        [1_000, 2_000, 3_000].map((min, index) => ({
          method: "express" as const,
          zone: "international" as const,
          countryCode: "ZZ",
          basis: "weight" as const,
          minValue: min,
          maxValue: min + 1_000,
          priceSatang: 90_000 - index * 10_000,
          deliveryDaysMin: 3,
          deliveryDaysMax: 7,
          isActive: index !== 1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: shippingRates.id });
    const ids = inserted.map((row) => row.id);
    try {
      const page = await html(await get("/backend/shipping-rates?q=zz", admin()));
      expect(rowIds(page, "shipping-rate-row")).toEqual(ids);
      const active = await html(await get("/backend/shipping-rates?q=zz&active=inactive", admin()));
      expect(rowIds(active, "shipping-rate-row")).toEqual([ids[1]]);
      expect(rowCount(await html(await get("/backend/shipping-rates?q=zz&zone=domestic", admin())), "shipping-rate-row")).toBe(0);
      const byPrice = await html(await get("/backend/shipping-rates?q=zz&sort=price&dir=asc", admin()));
      expect(rowIds(byPrice, "shipping-rate-row")).toEqual([...ids].reverse());
      const csv = await csvRows("/backend/shipping-rates/export.csv?q=zz&method=express&active=active");
      expect(csv.slice(1).map((row) => row[6])).toEqual(["900.00", "700.00"]);
    } finally {
      await db().delete(shippingRates).where(inArray(shippingRates.id, ids));
    }
  });
});

describe("the customize lists", () => {
  it("given custom products, should search by name or slug, filter by status, sort by price and export the filtered rows", async () => {
    const label = tag();
    const now = Date.now();
    const rows = await db()
      .insert(customProducts)
      .values(
        [3, 1, 2].map((statusId, index) => ({
          slug: `${label}-${index}`,
          nameEn: `Jersey ${label} ${index}`,
          nameTh: `เสื้อ ${label} ${index}`,
          basePriceSatang: (index + 1) * 10_000,
          statusId,
          sortOrder: 10 - index,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: customProducts.id });
    const ids = rows.map((row) => row.id);
    const page = await html(await get(`/backend/customizes?q=${label}`, admin()));
    expect(rowIds(page, "custom-product-row")).toEqual([...ids].reverse());
    expect(rowIds(await html(await get(`/backend/customizes?q=${label}&status=1`, admin())), "custom-product-row")).toEqual([ids[1]]);
    expect(rowIds(await html(await get(`/backend/customizes?q=${label}&sort=price&dir=desc`, admin())), "custom-product-row")).toEqual([...ids].reverse());
    expect(rowIds(await html(await get(`/backend/customizes?q=${label}-2`, admin())), "custom-product-row")).toEqual([ids[2]]);
    const thai = await csvRows(`/th/backend/customizes/export.csv?q=${label}&status=2`);
    expect(thai.slice(1).map((row) => [row[0], row[1], row[2], row[3]])).toEqual([[`เสื้อ ${label} 2`, `${label}-2`, "300.00", "ฉบับร่าง"]]);
  });

  it("given preset images, should search and filter them, and show or hide the ticked ones in one statement", async () => {
    const label = tag();
    const rows = await db()
      .insert(presetImages)
      .values(
        [0, 1, 2].map((index) => ({
          nameEn: `Crest ${label} ${index}`,
          nameTh: `ตรา ${label} ${index}`,
          imageKey: `gallery/${label}-${index}.png`,
          sortOrder: index,
          createdAt: Date.now(),
        })),
      )
      .returning({ id: presetImages.id });
    const ids = rows.map((row) => row.id);
    const path = `/backend/orders/preset-image?q=${label}`;
    expect(rowIds(await html(await get(path, admin())), "preset-image-row")).toEqual(ids);

    const hidden = await postFields(
      path,
      [
        ["intent", "hide"],
        ["ids", String(ids[0])],
        ["ids", String(ids[2])],
      ],
      cookies["staff-4"],
    );
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("location")).toBe(path);
    expect(toastOf(hidden)).toBe("customizeAdmin:lists.hideDone");
    expect(rowIds(await html(await get(`${path}&active=inactive`, admin())), "preset-image-row")).toEqual([ids[0], ids[2]]);
    expect(rowIds(await html(await get(`${path}&active=active`, admin())), "preset-image-row")).toEqual([ids[1]]);
    expect((await csvRows(`/backend/orders/preset-image/export.csv?q=${label}&active=inactive`)).slice(1).map((row) => row[0])).toEqual([
      `Crest ${label} 0`,
      `Crest ${label} 2`,
    ]);

    for (const [prefix, lists, customizeAdmin] of [
      ["", listsEn, customizeAdminEn],
      ["/th", listsTh, customizeAdminTh],
    ] as const) {
      const none = await postFields(`${prefix}${path}`, [["intent", "show"]], admin());
      expect(none.status).toBe(400);
      expect(await html(none)).toContain(lists.validation.noneSelected);
      const unknown = await postFields(
        `${prefix}${path}`,
        [
          ["intent", "delete"],
          ["ids", String(ids[0])],
        ],
        admin(),
      );
      expect(unknown.status).toBe(400);
      expect(await html(unknown)).toContain(customizeAdmin.validation.unknownAction);
    }
    expect(
      (
        await postFields(
          path,
          [
            ["intent", "show"],
            ["ids", String(ids[0])],
          ],
          cookies["staff-3"],
        )
      ).status,
    ).toBe(403);
    const shown = await postFields(path, [["intent", "show"], ["all", "1"], ...ids.map((id) => ["pageIds", String(id)] as [string, string])], admin());
    expect(shown.status).toBe(302);
    expect(rowCount(await html(await get(`${path}&active=active`, admin())), "preset-image-row")).toBe(3);
  });
});

describe("the sponsored-order list", () => {
  it("given sponsor orders, should filter by sponsor and status, sort by total and export the filtered rows", async () => {
    const label = tag();
    const now = Date.now();
    const sponsor = await env.DB.prepare("INSERT INTO sponsors (name_en, name_th, created_at, updated_at) VALUES (?1, ?2, ?3, ?3) RETURNING id")
      .bind(`League ${label}`, `ลีก ${label}`, now)
      .first<{ id: number }>();
    const variant = await variantWithStock(50);
    const made = [];
    for (const [index, statusId] of [orderStatusId.paid, orderStatusId.completed, orderStatusId.paid].entries()) {
      const order = await insertOrder({ statusId, variantId: variant.id, productId: variant.productId, quantity: index + 1, createdAt: now - index * 60_000 });
      await env.DB.prepare("INSERT INTO sponsor_orders (sponsor_id, order_id, created_at) VALUES (?1, ?2, ?3)").bind(sponsor!.id, order.id, now).run();
      made.push(order);
    }
    const base = `/backend/orders/sponsored?sponsor=${sponsor!.id}`;
    expect(rowIds(await html(await get(base, admin())), "sponsored-row")).toEqual(made.map((order) => order.id));
    expect(rowIds(await html(await get(`${base}&status=${orderStatusId.completed}`, admin())), "sponsored-row")).toEqual([made[1]!.id]);
    expect(rowIds(await html(await get(`${base}&sort=total&dir=desc`, admin())), "sponsored-row")).toEqual([made[2]!.id, made[1]!.id, made[0]!.id]);
    expect(rowIds(await html(await get(`/backend/orders/sponsored?q=${made[1]!.orderNumber}`, admin())), "sponsored-row")).toEqual([made[1]!.id]);
    const csv = await csvRows(`/th/backend/orders/sponsored/export.csv?sponsor=${sponsor!.id}&status=${orderStatusId.paid}`);
    expect(csv.slice(1).map((row) => row[0])).toEqual([made[0]!.orderNumber, made[2]!.orderNumber]);
    expect(csv[1]![3]).toBe(`ลีก ${label}`);
    const print = await html(await get(`${base}&print=1`, admin()));
    expect(rowCount(print, "sponsored-row")).toBe(3);
  });
});
