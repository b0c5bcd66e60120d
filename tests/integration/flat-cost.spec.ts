import { env } from "cloudflare:workers";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { products } from "~/db/schema/catalog";
import { firstListedProductIds, type ProductListQuery, productListStatements, selectProductCards } from "~/features/catalog/catalog.server";
import { productSorts } from "~/features/catalog/product-sort";
import { homePageStatements } from "~/features/content/home.server";

import { growCatalogue, sellDemoProducts } from "./catalogue-growth";
import { get, newContentVersion } from "./worker";

/**
 * Issue 19: a page's D1 work stays flat as the catalogue grows (rows read, from Server-Timing; counts,
 * never times). The catalogue is grown ×10 in this file's own database copy with SQL (catalogue-growth.ts:
 * an older back catalogue with variants, options, pictures, search rows and orders), so each page shows
 * the same products before and after.
 *
 * Two parts of /shop grow with what they count, by design: the total ("N products") and the filter counts
 * count every listed product and variant (index-only reads, see docs/performance.md), and a price sort
 * ranks every listed product by its lowest price (one index entry each). For those pages the test allows
 * exactly the growth of those statements, measured on their own, and nothing more.
 */

const growth = 10;
const shopPageSize = 12;

function rowsRead(response: Response): number {
  const header = response.headers.get("server-timing") ?? "";
  const match = /db;dur=[\d.]+;desc="(\d+) round trips?, (\d+) rows? read"/.exec(header);
  expect(match, header).not.toBeNull();
  expect(Number(match![1]), `round trips: ${header}`).toBe(1);
  return Number(match![2]);
}

let visit = 0;
/** Rows read by a page rendered afresh (a new content version: neither the page cache nor the shared catalogue reads answer). */
async function cost(path: string): Promise<number> {
  visit += 1;
  await newContentVersion();
  const response = await get(`${path}${path.includes("?") ? "&" : "?"}flat=${visit}`);
  await response.arrayBuffer();
  expect(response.status, path).toBe(200);
  return rowsRead(response);
}

const listing = (query: Partial<ProductListQuery>): ProductListQuery => ({ page: 1, pageSize: shopPageSize, sort: "newest", withFacets: true, ...query });

/**
 * The pages measured. `counts`: the listing whose total and filter counts may grow (`ranked`: and whose
 * page of ids, a price sort). Searches find demo products only (the copies are named otherwise).
 */
const pages: Record<string, { path: string; counts?: ProductListQuery; ranked?: boolean }> = {
  home: { path: "/" },
  product: { path: "/shop/classic-logo-tee" },
  searchTh: { path: "/th/shop?search=%E0%B8%9F%E0%B8%B8%E0%B8%95%E0%B8%9A%E0%B8%AD%E0%B8%A5" },
  searchEn: { path: "/shop?search=jersey&sort=best-selling" },
  shop: { path: "/shop", counts: listing({}) },
  thShop: { path: "/th/shop", counts: listing({}) },
  shopPage2: { path: "/shop?page=2", counts: listing({ page: 2 }) },
  category: { path: "/shop?category=2", counts: listing({ categoryId: 2 }) },
  bestSelling: { path: "/shop?sort=best-selling", counts: listing({ sort: "best-selling" }) },
  filtered: { path: "/shop?size=m&stock=1", counts: listing({ filters: { size: ["m"], colour: [], inStock: true } }) },
  priceAsc: { path: "/shop?sort=price-asc", counts: listing({ sort: "price-asc" }), ranked: true },
  priceDesc: { path: "/shop?category=1&sort=price-desc", counts: listing({ categoryId: 1, sort: "price-desc" }), ranked: true },
};
const names = Object.keys(pages);

/** Rows read by the statements allowed to grow, each sent on its own. */
async function allowedRows(query: ProductListQuery, ranked: boolean): Promise<number> {
  const [items, ...counts] = productListStatements(env.DB, query);
  let rows = 0;
  for (const statement of ranked ? [items!, ...counts] : counts) {
    const result = await env.DB.prepare(statement.sql)
      .bind(...statement.params)
      .all();
    rows += result.meta.rows_read;
  }
  return rows;
}

interface Figures {
  page: number;
  allowed: number;
}

async function measure(): Promise<Record<string, Figures>> {
  const figures: Record<string, Figures> = {};
  for (const name of names) {
    const { path, counts, ranked } = pages[name]!;
    figures[name] = { page: await cost(path), allowed: counts ? await allowedRows(counts, ranked ?? false) : 0 };
  }
  return figures;
}

describe("rows read as the catalogue grows ×10 (2× → 20× the demo catalogue)", () => {
  let before: Record<string, Figures>;
  let after: Record<string, Figures>;
  const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
  const sizes = { products: [0, 0], orderLines: [0, 0] };

  beforeAll(async () => {
    await sellDemoProducts(1000);
    // From 2× (every listing's first page full, a category's too) to 20×.
    await growCatalogue(1, 1);
    await measure(); // a fresh worker's first renders
    sizes.products[0] = await count("products");
    sizes.orderLines[0] = await count("order_lines");
    before = await measure();
    await growCatalogue(2, 2 * growth - 1);
    sizes.products[1] = await count("products");
    sizes.orderLines[1] = await count("order_lines");
    after = await measure();
    console.log(
      `rows read, ${sizes.products[0]} → ${sizes.products[1]} products, ${sizes.orderLines[0]} → ${sizes.orderLines[1]} order lines (page; of which allowed to grow):\n` +
        names
          .map(
            (name) =>
              `${name.padEnd(12)} ${String(before[name]!.page).padStart(6)} → ${String(after[name]!.page).padStart(6)}  (${before[name]!.allowed} → ${after[name]!.allowed})`,
          )
          .join("\n"),
    );
  }, 180_000);

  it("should have grown the catalogue and its orders", () => {
    expect(sizes.products[1]).toBe(sizes.products[0]! * growth);
    expect(sizes.orderLines[1]).toBeGreaterThan(sizes.orderLines[0]! * 5);
  });

  it.each(names)("%s should read no more rows, but for what its counts count", (name) => {
    const { page: was, allowed: allowedWas } = before[name]!;
    const { page: is, allowed: allowedIs } = after[name]!;
    expect(is - was, `${pages[name]!.path}: ${was} → ${is}; counts ${allowedWas} → ${allowedIs}`).toBeLessThanOrEqual(allowedIs - allowedWas);
  });
});

/**
 * "Listing queries covered by indexes (EXPLAIN QUERY PLAN shows no full scan, tested)": every storefront
 * listing statement, built by the functions the pages use. A SCAN of a derived table (the page's ids, the
 * search's matches, the facet CTEs) or of the FTS index is fine; a SCAN of a catalogue or order table that
 * reads its rows is not (one through a covering index reads the index alone, and is allowed).
 */
describe("listing query plans", () => {
  const fullScan =
    /^SCAN (products|variants|fv|variant_options|product_images|order_lines|orders|flash_sale_items|collection_products)\b(?!.*USING (COVERING )?INDEX)/;

  async function fullScans(statement: { sql: string; params: unknown[] }): Promise<string[]> {
    const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
      .bind(...statement.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    return details.filter((detail) => fullScan.test(detail)).map((detail) => `${detail}\n  in ${statement.sql.slice(0, 120)}…\n${details.join("\n")}`);
  }

  const searches = [undefined, "ฟุตบอล", "jersey", "PRY001"];
  const listings: [string, ProductListQuery][] = [];
  for (const sort of productSorts) {
    for (const search of searches) {
      for (const categoryId of [undefined, 2]) {
        listings.push([`${sort} ${search ?? "-"} ${categoryId ?? "-"}`, { sort, search, categoryId, page: 2, pageSize: 12, withFacets: true }]);
      }
    }
  }
  listings.push(["filtered", listing({ filters: { size: ["m"], colour: ["black"], minSatang: 10000, maxSatang: 90000, inStock: true } })]);

  it.each(listings)("given the shop listing %s, should scan no catalogue table", async (_, query) => {
    const statements = productListStatements(env.DB, query);
    expect(statements.length).toBe(3);
    for (const statement of statements) expect(await fullScans(statement)).toEqual([]);
  });

  it("given the home page's blocks (flash sale, new, best sellers, collections), should scan no catalogue table", async () => {
    const statements = homePageStatements(env.DB);
    expect(statements.length).toBeGreaterThan(5);
    for (const statement of statements) expect(await fullScans(statement)).toEqual([]);
  });

  it("given a product page's related products, should scan no catalogue table", async () => {
    const db = database(env.DB);
    const newest = [desc(products.createdAt), desc(products.id)];
    const related = selectProductCards(
      db,
      inArray(products.id, firstListedProductIds(db, newest, 4, and(eq(products.categoryId, 1), ne(products.id, 1)))),
    ).orderBy(...newest);
    expect(await fullScans(related.toSQL())).toEqual([]);
  });
});

/** products.sold_quantity (the best-selling order) is kept by triggers; it must equal the sum it replaces after any write. */
describe("units sold kept by the database", () => {
  const mismatches = async () =>
    (
      await env.DB.prepare(
        `SELECT p.id, p.sold_quantity, (SELECT coalesce(sum(l.quantity), 0) FROM variants v JOIN order_lines l ON l.variant_id = v.id JOIN orders o ON o.id = l.order_id
           WHERE v.product_id = p.id AND o.status_id NOT IN (8, 9)) AS summed FROM products p`,
      ).all<{ id: number; sold_quantity: number; summed: number }>()
    ).results.filter((row) => row.sold_quantity !== row.summed);

  it("given orders placed, cancelled, restored, lines changed and deleted, variants and orders deleted, should equal the lines' sum", async () => {
    const now = Date.now();
    const variantsOf = async (limit: number) =>
      (
        await env.DB.prepare("SELECT id, product_id FROM variants WHERE is_active = 1 ORDER BY id LIMIT ?")
          .bind(limit)
          .all<{ id: number; product_id: number }>()
      ).results;
    const [a, b, c, d] = await variantsOf(4);
    const order = (number: string, status: number) =>
      env.DB.prepare(
        `INSERT INTO orders (order_number, email, status_id, subtotal_satang, vat_satang, total_satang, vat_percent, created_at, updated_at) VALUES (?, 'sold@pryde.test', ?, 0, 0, 0, 7, ?, ?)`,
      ).bind(number, status, now, now);
    const line = (number: string, variantId: number, quantity: number) =>
      env.DB.prepare(
        `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, unit_price_satang, quantity, line_total_satang)
         VALUES ((SELECT id FROM orders WHERE order_number = ?), NULL, ?, 'x', 'x', 100, ?, 100)`,
      ).bind(number, variantId, quantity);
    const steps: D1PreparedStatement[][] = [
      [
        order("SOLD-1", 2),
        line("SOLD-1", a!.id, 3),
        line("SOLD-1", b!.id, 2),
        order("SOLD-2", 1),
        line("SOLD-2", a!.id, 5),
        order("SOLD-3", 8),
        line("SOLD-3", c!.id, 7),
      ],
      [env.DB.prepare("UPDATE orders SET status_id = 8 WHERE order_number = 'SOLD-1'")],
      [
        env.DB.prepare("UPDATE orders SET status_id = 2 WHERE order_number = 'SOLD-1'"),
        env.DB.prepare("UPDATE orders SET status_id = 7 WHERE order_number = 'SOLD-3'"),
      ],
      [env.DB.prepare("UPDATE order_lines SET quantity = 9, variant_id = ? WHERE variant_id = ? AND quantity = 5").bind(d!.id, a!.id)],
      [env.DB.prepare("DELETE FROM order_lines WHERE variant_id = ? AND quantity = 2").bind(b!.id)],
      [
        env.DB.prepare("UPDATE orders SET status_id = 9 WHERE order_number = 'SOLD-2'"),
        env.DB.prepare("UPDATE orders SET status_id = 4 WHERE order_number = 'SOLD-2'"),
      ],
      [env.DB.prepare("DELETE FROM variants WHERE id = ?").bind(c!.id)],
      [env.DB.prepare("DELETE FROM orders WHERE order_number = 'SOLD-1'")],
    ];
    for (const [index, step] of steps.entries()) {
      await env.DB.batch(step);
      expect(await mismatches(), `after step ${index}`).toEqual([]);
    }
    const sold = await env.DB.prepare("SELECT sold_quantity FROM products WHERE id = ?").bind(d!.product_id).first<number>("sold_quantity");
    expect(sold).toBeGreaterThanOrEqual(9);
  });
});
