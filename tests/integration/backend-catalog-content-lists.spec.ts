import { env } from "cloudflare:workers";
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { products } from "~/db/schema/catalog";
import { activities, sizeGuides } from "~/db/schema/content";
import catalogAdminEn from "~/i18n/locales/en/catalog-admin";
import contentAdminEn from "~/i18n/locales/en/content-admin";
import listsEn from "~/i18n/locales/en/lists";
import catalogAdminTh from "~/i18n/locales/th/catalog-admin";
import contentAdminTh from "~/i18n/locales/th/content-admin";
import listsTh from "~/i18n/locales/th/lists";

import { backendTestCookies, type TestViewer } from "./backend-sessions";
import { toastOf } from "./profile-helpers";
import { get, origin, shop } from "./worker";

/**
 * The catalogue, inventory, gallery and home-content lists on the back-office list pattern
 * (issue 15): search and filters narrow the rows, sort orders them, a page past the end is a 404,
 * the CSV (UTF-8 with a BOM) holds the filtered rows, the print view every row, and a role without
 * the list's group is refused on the list and on its CSV. Bulk publish / unpublish of products and
 * bulk delete of size guides (both one batch; the destructive ones ask first).
 */
const db = () => database(env.DB);
const html = async (response: Response) => (await response.text()).replace(/<!-- -->/g, "");

let cookies: Record<TestViewer, Record<string, string>>;
beforeAll(async () => {
  cookies = await backendTestCookies();
});
const admin = () => cookies["staff-1"];

function parseCsv(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, "")
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].slice(0, -1).map((match) => match[1]!.replace(/^"|"$/g, "").replace(/""/g, '"')));
}
const csvRows = async (path: string) => parseCsv(await (await get(path, admin())).text());
const rowCount = (page: string, rowTestId: string) => page.split(`data-testid="${rowTestId}"`).length - 1;

/** A POST with repeated fields (the bulk form's `ids`). */
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
  { path: "/backend/products/all-product", list: "product-list", row: "product-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/products/category", list: "category-list", row: "category-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/products/type", list: "type-list", row: "type-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/products/attribute", list: "attribute-list", row: "attribute-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/products/inventory", list: "inventory-list", row: "inventory-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/home/activities", list: "activity-list", row: "activity-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/home/collections", list: "collection-list", row: "collection-row", refused: ["staff-3", "staff-5"] },
  { path: "/backend/home/size-guide", list: "size-guide-list", row: "size-guide-row", refused: ["staff-3", "staff-5"] },
] as const;

describe.each(lists)("the list at $path", ({ path, list, row, refused }) => {
  it("should show the list pattern: search, export link, print link; a page past the end is a 404 in the page's language", async () => {
    const page = await html(await get(path, admin()));
    expect(page).toContain(`data-testid="${list}-search"`);
    expect(page).toContain(`href="${path}/export.csv"`);
    expect(page).toContain('data-testid="list-print"');
    const past = await get(`/th${path}?page=999`, admin());
    expect(past.status).toBe(404);
    expect(await html(past)).toContain('lang="th"');
  });

  it("given ?print=1, should show every row without the frame or the bulk form", async () => {
    const page = await html(await get(`${path}?print=1`, admin()));
    expect(page).toContain(`data-testid="${list}-print"`);
    expect(page).not.toContain('data-testid="backend-sidebar"');
    expect(page).not.toContain('data-testid="bulk-form"');
    const rows = rowCount(page, row);
    const csv = await csvRows(`${path}/export.csv`);
    expect(csv.length - 1).toBe(rows);
  });

  it("should export CSV as UTF-8 with a BOM, as a download", async () => {
    const response = await get(`${path}/export.csv`, admin());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z-]+-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...new Uint8Array(await response.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it.each(["sort=password", "sort=name&dir=sideways", "status=99", "category=x", "page=abc", "q=%00%FF"])(
    "given the odd query %s, should answer 200",
    async (query) => {
      expect((await get(`${path}?${query}`, admin())).status).toBe(200);
      expect((await get(`${path}/export.csv?${query}`, admin())).status).toBe(200);
    },
  );

  it("given a role without the list's group, should refuse the list and its CSV (403); a guest goes to the sign-in", async () => {
    for (const role of refused) {
      expect((await get(path, cookies[role])).status, role).toBe(403);
      expect((await get(`${path}/export.csv`, cookies[role])).status, role).toBe(403);
    }
    expect((await get(`${path}/export.csv`)).headers.get("location")).toMatch(/^\/backend\/login/);
  });
});

describe("search, filters and sort", () => {
  it("given a product search, should narrow the page and the CSV to the same rows", async () => {
    const page = await html(await get("/backend/products/all-product?q=pry001-black-s", admin()));
    expect(rowCount(page, "product-row")).toBe(1);
    const csv = await csvRows("/backend/products/all-product/export.csv?q=pry001-black-s");
    expect(csv[0]).toEqual(["SKU", "Name (English)", "Name (Thai)", "Kind", "Category", "Status", "Price", "Highest price", "Stock"]);
    expect(csv.slice(1).map((cells) => cells[0])).toEqual(["PRY001"]);
    expect(csv[1]![6]).toMatch(/^\d+\.\d{2}$/);
  });

  it("given ?sort=sku, should order the products by SKU and say so with aria-sort; dir=desc reverses it", async () => {
    const skus = async (dir: string) => (await csvRows(`/backend/products/all-product/export.csv?sort=sku&dir=${dir}`)).slice(1).map((cells) => cells[0]!);
    const ascending = await skus("asc");
    expect(ascending.length).toBeGreaterThan(2);
    expect(ascending).toEqual([...ascending].sort());
    expect(await skus("desc")).toEqual([...ascending].reverse());
    const page = await html(await get("/backend/products/all-product?sort=price&dir=asc", admin()));
    expect(page).toMatch(/<th[^>]*aria-sort="ascending"[^>]*data-testid="column-price"/);
    expect(page).toMatch(/<th[^>]*aria-sort="none"[^>]*data-testid="column-name"/);
  });

  it("given the category and status filters, should list only those products", async () => {
    const rows = (await csvRows("/backend/products/all-product/export.csv?category=4")).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    const categoryFour = await db().select({ sku: products.sku }).from(products).where(eq(products.categoryId, 4));
    expect(new Set(rows.map((cells) => cells[0]))).toEqual(new Set(categoryFour.map((product) => product.sku)));
    expect((await csvRows("/backend/products/all-product/export.csv?status=3&q=zz-nothing-zz")).length).toBe(1);
  });

  it("given the Thai page, should write the CSV headers in Thai; the inventory's stay the import's (sku … stock)", async () => {
    const categories = parseCsv(await (await get("/th/backend/products/category/export.csv", admin())).text());
    expect(categories[0]![0]).toBe("ชื่อ (ภาษาอังกฤษ)");
    const inventory = parseCsv(await (await get("/th/backend/products/inventory/export.csv?q=PRY001", admin())).text());
    expect(inventory[0]).toEqual(["sku", "product name en", "product name th", "options", "stock"]);
    expect(inventory.slice(1).every((cells) => cells[0]!.startsWith("PRY001"))).toBe(true);
  });

  it("given an inventory sort by stock, should order the variants by stock", async () => {
    const stocks = (await csvRows("/backend/products/inventory/export.csv?sort=stock&dir=desc")).slice(1).map((cells) => Number(cells[4]));
    expect(stocks).toEqual([...stocks].sort((a, b) => b - a));
  });

  it("given a search of categories and attributes, should narrow them", async () => {
    expect(rowCount(await html(await get("/backend/products/category?q=t-shirts", admin())), "category-row")).toBe(1);
    expect(rowCount(await html(await get("/backend/products/attribute?q=zz-none", admin())), "attribute-row")).toBe(0);
  });

  it("given activities, should filter drafts and search by slug", async () => {
    const slug = `lists-draft-${crypto.randomUUID().slice(0, 8)}`;
    const now = Date.now();
    await db().insert(activities).values({ slug, titleEn: "List draft", titleTh: "ร่างรายการ", publishedAt: null, createdAt: now, updatedAt: now });
    expect(rowCount(await html(await get(`/backend/home/activities?q=${slug}&status=draft`, admin())), "activity-row")).toBe(1);
    expect(rowCount(await html(await get(`/backend/home/activities?q=${slug}&status=published`, admin())), "activity-row")).toBe(0);
    const csv = await csvRows(`/backend/home/activities/export.csv?q=${slug}`);
    expect(csv.slice(1).map((cells) => cells[2])).toEqual([slug]);
  });

  it("given a gallery search, should narrow the grid; past the end is a 404", async () => {
    expect(await html(await get("/backend/product-gallery?q=zz-no-such-file", admin()))).toContain('data-testid="gallery-empty"');
    expect((await get("/backend/product-gallery?q=zz-no-such-file&page=2", admin())).status).toBe(404);
    expect((await get("/backend/product-gallery?sort=largest", admin())).status).toBe(200);
  });
});

describe("bulk: publish and unpublish products", () => {
  const indexed = async (id: number) =>
    (await env.DB.prepare("SELECT count(*) AS count FROM product_search WHERE rowid = ?").bind(id).first<{ count: number }>())!.count;

  it("given ticked products, unpublish should ask first, then hide them all and drop them from the search index; publish brings them back", async () => {
    const picked = await db().select({ id: products.id, statusId: products.statusId }).from(products).where(eq(products.statusId, 1)).limit(2);
    expect(picked).toHaveLength(2);
    const ids = picked.map((product) => product.id);
    const fields = (intent: string, extra: [string, string][] = []): [string, string][] => [
      ["intent", intent],
      ...ids.map((id) => ["ids", String(id)] as [string, string]),
      ...extra,
    ];
    const path = "/backend/products/all-product?q=&sort=sku&dir=asc&page=1";

    const asked = await postFields(path, fields("unpublish"), admin());
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain('data-testid="confirm-step"');
    expect((await db().select({ statusId: products.statusId }).from(products).where(inArray(products.id, ids))).map((row) => row.statusId)).toEqual([1, 1]);

    const hidden = await postFields(path, fields("unpublish", [["confirmed", "1"]]), admin());
    expect(hidden.status).toBe(302);
    expect(hidden.headers.get("location")).toBe("/backend/products/all-product?q=&sort=sku&dir=asc");
    expect(toastOf(hidden)).toBe("catalogAdmin:products.bulk.unpublishDone");
    expect((await db().select({ statusId: products.statusId }).from(products).where(inArray(products.id, ids))).map((row) => row.statusId)).toEqual([3, 3]);
    expect(await indexed(ids[0]!)).toBe(0);

    const published = await postFields("/backend/products/all-product", fields("publish"), admin());
    expect(published.status).toBe(302);
    expect((await db().select({ statusId: products.statusId }).from(products).where(inArray(products.id, ids))).map((row) => row.statusId)).toEqual([1, 1]);
    expect(await indexed(ids[0]!)).toBe(1);
  });

  it("given nothing ticked, an unknown intent or a role without Products, should change nothing", async () => {
    for (const [prefix, lists, catalogAdmin] of [
      ["", listsEn, catalogAdminEn],
      ["/th", listsTh, catalogAdminTh],
    ] as const) {
      // The message is the answer's, not a string every page carries.
      expect(await html(await get(`${prefix}/backend/products/all-product`, admin()))).not.toContain(lists.validation.noneSelected);
      const none = await postFields(`${prefix}/backend/products/all-product`, [["intent", "publish"]], admin());
      expect(none.status).toBe(400);
      const nonePage = await html(none);
      expect(nonePage).toContain('data-testid="form-error"');
      expect(nonePage).toContain(lists.validation.noneSelected);
      const unknown = await postFields(
        `${prefix}/backend/products/all-product`,
        [
          ["intent", "explode"],
          ["ids", "1"],
        ],
        admin(),
      );
      expect(unknown.status).toBe(400);
      expect(await html(unknown)).toContain(catalogAdmin.validation.unknownAction);
    }
    expect(
      (
        await postFields(
          "/backend/products/all-product",
          [
            ["intent", "unpublish"],
            ["ids", "1"],
            ["confirmed", "1"],
          ],
          cookies["staff-3"],
        )
      ).status,
    ).toBe(403);
  });
});

describe("bulk: delete size guides", () => {
  it("given ticked size guides, should ask first, then delete them in one go", async () => {
    const now = Date.now();
    const stamp = crypto.randomUUID().slice(0, 8);
    const made = await db()
      .insert(sizeGuides)
      .values(
        [0, 1].map((index) => ({
          slug: `bulk-${stamp}-${index}`,
          nameEn: `Bulk ${index}`,
          nameTh: `ชุด ${index}`,
          tableJson: "{}",
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: sizeGuides.id });
    const fields: [string, string][] = [["intent", "delete"], ...made.map((row) => ["ids", String(row.id)] as [string, string])];
    const asked = await postFields(`/th/backend/home/size-guide?q=bulk-${stamp}`, fields, admin());
    expect(asked.status).toBe(200);
    expect(await html(asked)).toContain('data-testid="confirm-step"');
    const done = await postFields(`/th/backend/home/size-guide?q=bulk-${stamp}`, [...fields, ["confirmed", "1"]], admin());
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/th/backend/home/size-guide?q=bulk-${stamp}`);
    expect(toastOf(done)).toBe("contentAdmin:sizeGuides.bulkDeleted");
    expect(
      await db()
        .select()
        .from(sizeGuides)
        .where(
          inArray(
            sizeGuides.id,
            made.map((row) => row.id),
          ),
        ),
    ).toEqual([]);
    expect((await postFields("/backend/home/size-guide", [...fields, ["confirmed", "1"]], cookies["staff-5"])).status).toBe(403);
  });

  it("given nothing ticked or an unknown intent, should say so above the list in the page's language", async () => {
    for (const [prefix, lists, contentAdmin] of [
      ["", listsEn, contentAdminEn],
      ["/th", listsTh, contentAdminTh],
    ] as const) {
      const none = await postFields(`${prefix}/backend/home/size-guide`, [["intent", "delete"]], admin());
      expect(none.status).toBe(400);
      expect(await html(none)).toContain(lists.validation.noneSelected);
      const unknown = await postFields(
        `${prefix}/backend/home/size-guide`,
        [
          ["intent", "publish"],
          ["ids", "999999999"],
          ["confirmed", "1"],
        ],
        admin(),
      );
      expect(unknown.status).toBe(400);
      expect(await html(unknown)).toContain(contentAdmin.validation.unknownAction);
    }
  });
});
