import { env } from "cloudflare:workers";
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { products } from "~/db/schema/catalog";
import {
  firstListedProductIds,
  type ProductListQuery,
  productListStatements,
  searchSuggestionsStatement,
  selectProductCards,
} from "~/features/catalog/catalog.server";
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
 * /shop's total and filter counts are read from facet_counts (kept by triggers, migrations/0026) when the
 * listing has no search and at most one size, one colour and "in stock"; its price sorts read the stored
 * lowest price. Those pages may read only `flatSlack` more rows at 20× than at 2×. A listing with a price
 * range is still counted statement by statement (index-only): for it the test allows exactly the growth
 * of those statements, measured on their own, and nothing more.
 */

const growth = 10;
const shopPageSize = 12;
/** What a flat page may read more at 20× (not proportional to anything: the same pages at another size). */
const flatSlack = 40;

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
 * The pages measured, with the listing a /shop page sends (`query`). `grows`: what may grow — "counts", a
 * listing still counted statement by statement (a price range): by what its total and counts read on their
 * own; "cards": a page that shows other products at 20× (the dearest products first: the back catalogue
 * is dearer), by what its cards' statement reads on its own. Searches find demo products only (the copies
 * are named otherwise).
 */
const pages: Record<string, { path: string; query?: ProductListQuery; grows?: "counts" | "cards" }> = {
  home: { path: "/" },
  product: { path: "/shop/classic-logo-tee" },
  searchTh: { path: "/th/shop?search=%E0%B8%9F%E0%B8%B8%E0%B8%95%E0%B8%9A%E0%B8%AD%E0%B8%A5" },
  searchEn: { path: "/shop?search=jersey&sort=best-selling" },
  shop: { path: "/shop", query: listing({}) },
  thShop: { path: "/th/shop", query: listing({}) },
  shopPage2: { path: "/shop?page=2", query: listing({ page: 2 }) },
  category: { path: "/shop?category=2", query: listing({ categoryId: 2 }) },
  bestSelling: { path: "/shop?sort=best-selling", query: listing({ sort: "best-selling" }) },
  size: { path: "/shop?size=m", query: listing({ filters: { size: ["m"], colour: [], inStock: false } }) },
  colour: { path: "/th/shop?colour=black", query: listing({ filters: { size: [], colour: ["black"], inStock: false } }) },
  filtered: { path: "/shop?size=m&stock=1", query: listing({ filters: { size: ["m"], colour: [], inStock: true } }) },
  priceAsc: { path: "/shop?sort=price-asc", query: listing({ sort: "price-asc" }) },
  priceAscSize: { path: "/shop?size=l&sort=price-asc", query: listing({ sort: "price-asc", filters: { size: ["l"], colour: [], inStock: false } }) },
  priceDesc: { path: "/shop?category=1&sort=price-desc", query: listing({ categoryId: 1, sort: "price-desc" }), grows: "cards" },
  priceRange: { path: "/shop?max=900", query: listing({ filters: { size: [], colour: [], maxSatang: 90000, inStock: false } }), grows: "counts" },
};
const names = Object.keys(pages);

/** Rows read by each statement of a listing (cards, total, counts), each sent on its own. */
async function statementRows(query: ProductListQuery): Promise<number[]> {
  const rows: number[] = [];
  for (const statement of productListStatements(env.DB, query)) {
    const result = await env.DB.prepare(statement.sql)
      .bind(...statement.params)
      .all();
    rows.push(result.meta.rows_read);
  }
  return rows;
}

interface Figures {
  page: number;
  /** Rows read by the listing's statements on their own: cards, total, counts. */
  statements: number[];
}

async function measure(): Promise<Record<string, Figures>> {
  const figures: Record<string, Figures> = {};
  for (const name of names) {
    const { path, query } = pages[name]!;
    figures[name] = { page: await cost(path), statements: query ? await statementRows(query) : [] };
  }
  return figures;
}

/** What a page may read more at 20× than at 2×. */
function allowedGrowth(name: string): number {
  const [cardsWas = 0, ...countsWas] = before[name]!.statements;
  const [cardsIs = 0, ...countsIs] = after[name]!.statements;
  const sum = (rows: number[]) => rows.reduce((total, value) => total + value, 0);
  const grows = pages[name]!.grows;
  return grows === "counts" ? sum(countsIs) - sum(countsWas) : grows === "cards" ? flatSlack + cardsIs - cardsWas : flatSlack;
}

let before: Record<string, Figures>;
let after: Record<string, Figures>;

describe("rows read as the catalogue grows ×10 (2× → 20× the demo catalogue)", () => {
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
      `rows read, ${sizes.products[0]} → ${sizes.products[1]} products, ${sizes.orderLines[0]} → ${sizes.orderLines[1]} order lines (page; cards, total, counts on their own):\n` +
        names
          .map(
            (name) =>
              `${name.padEnd(12)} ${String(before[name]!.page).padStart(6)} → ${String(after[name]!.page).padStart(6)}  (${before[name]!.statements.join(", ")} → ${after[name]!.statements.join(", ")})`,
          )
          .join("\n"),
    );
  }, 180_000);

  it("should have grown the catalogue and its orders", () => {
    expect(sizes.products[1]).toBe(sizes.products[0]! * growth);
    expect(sizes.orderLines[1]).toBeGreaterThan(sizes.orderLines[0]! * 5);
  });

  it.each(names)("%s should read about the same rows at 20× as at 2×, but for what may grow", (name) => {
    const { page: was, statements: statementsWas } = before[name]!;
    const { page: is, statements: statementsIs } = after[name]!;
    expect(is - was, `${pages[name]!.path}: ${was} → ${is}; statements ${statementsWas.join(", ")} → ${statementsIs.join(", ")}`).toBeLessThanOrEqual(
      allowedGrowth(name),
    );
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
    /^SCAN (products|variants|fv|variant_options|product_images|order_lines|orders|flash_sale_items|collection_products|product_facet_keys|facet_counts|k|fa|fc|fcs|sp|ls_v|ls_i)\b(?!.*USING (COVERING )?INDEX)/;

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
  // Counted from facet_counts: one size, one colour, in stock; with a category and a price sort.
  listings.push(["one size, price-asc", listing({ sort: "price-asc", page: 2, filters: { size: ["m"], colour: [], inStock: false } })]);
  listings.push([
    "category, colour, in stock, price-desc",
    listing({ sort: "price-desc", categoryId: 1, filters: { size: [], colour: ["black"], inStock: true } }),
  ]);
  listings.push(["size and colour", listing({ filters: { size: ["l"], colour: ["white"], inStock: false } })]);
  listings.push(["two sizes (counted by statement)", listing({ categoryId: 2, filters: { size: ["s", "m"], colour: [], inStock: false } })]);

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

  it.each(searches.filter((search) => search !== undefined))("given the search dialog's suggestions for %s, should scan no catalogue table", async (search) => {
    const statement = searchSuggestionsStatement(env.DB, search);
    expect(statement).not.toBeNull();
    expect(await fullScans(statement!)).toEqual([]);
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

/**
 * The filter keys (product_facet_keys), their counts (facet_counts) and products' lowest and highest price
 * are kept by triggers (migrations/0028_flat_facets.sql); after any write they must equal a recomputation.
 */
describe("filter counts and prices kept by the database", () => {
  const keyColumns = "product_id, category_id, size_option_id, colour_option_id, in_stock, min_price_satang, max_price_satang";
  const countColumns = "category_id, size_option_id, colour_option_id, in_stock";
  const recounted = `SELECT ${countColumns}, count(*) AS products FROM product_facet_keys GROUP BY ${countColumns}
    UNION ALL SELECT 0, size_option_id, colour_option_id, in_stock, count(*) FROM product_facet_keys GROUP BY size_option_id, colour_option_id, in_stock`;
  const differences = async () => {
    // The view computes the keys of the products in product_facet_refresh: all of them, for this comparison only.
    const [, keys, counts, prices] = await env.DB.batch<{ n: number }>([
      env.DB.prepare("INSERT INTO product_facet_refresh (product_id) SELECT id FROM products"),
      env.DB.prepare(
        `SELECT count(*) AS n FROM (SELECT * FROM (SELECT ${keyColumns} FROM product_facet_keys EXCEPT SELECT ${keyColumns} FROM product_facet_keys_now)
          UNION ALL SELECT * FROM (SELECT ${keyColumns} FROM product_facet_keys_now EXCEPT SELECT ${keyColumns} FROM product_facet_keys))`,
      ),
      env.DB.prepare(
        `SELECT count(*) AS n FROM (SELECT * FROM (SELECT ${countColumns}, products FROM facet_counts EXCEPT SELECT * FROM (${recounted}))
          UNION ALL SELECT * FROM (SELECT * FROM (${recounted}) EXCEPT SELECT ${countColumns}, products FROM facet_counts))`,
      ),
      env.DB.prepare(
        `SELECT count(*) AS n FROM products p WHERE p.min_price_satang IS NOT (SELECT min(price_satang) FROM variants WHERE product_id = p.id AND is_active = 1)
          OR p.max_price_satang IS NOT (SELECT max(price_satang) FROM variants WHERE product_id = p.id AND is_active = 1)`,
      ),
      env.DB.prepare("DELETE FROM product_facet_refresh"),
    ]);
    return { keys: keys!.results[0]!.n, counts: counts!.results[0]!.n, prices: prices!.results[0]!.n };
  };
  const none = { keys: 0, counts: 0, prices: 0 };

  it("given variants, options, products and attributes changed, added and deleted, should equal a recount after each write", async () => {
    const now = Date.now();
    const first = (sql: string) => env.DB.prepare(sql).first<{ id: number; product_id: number }>();
    const sized = (await first(
      "SELECT v.id, v.product_id FROM variants v JOIN variant_options vo ON vo.variant_id = v.id JOIN attribute_options o ON o.id = vo.option_id JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'size' AND v.is_active = 1 AND v.stock > 0 ORDER BY v.id LIMIT 1",
    ))!;
    const other = (await first("SELECT id, product_id FROM variants WHERE is_active = 1 AND product_id <> " + sized.product_id + " ORDER BY id DESC LIMIT 1"))!;
    const option = (await first(
      "SELECT o.id FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code = 'colour' ORDER BY o.id DESC LIMIT 1",
    ))!;
    expect(await differences()).toEqual(none);
    const steps: [string, D1PreparedStatement[]][] = [
      ["sold out", [env.DB.prepare("UPDATE variants SET stock = 0 WHERE id = ?").bind(sized.id)]],
      ["back in stock", [env.DB.prepare("UPDATE variants SET stock = 4 WHERE id = ?").bind(sized.id)]],
      ["repriced", [env.DB.prepare("UPDATE variants SET price_satang = 1, stock = stock - 1 WHERE id = ?").bind(sized.id)]],
      ["switched off", [env.DB.prepare("UPDATE variants SET is_active = 0 WHERE id = ?").bind(other.id)]],
      ["switched on", [env.DB.prepare("UPDATE variants SET is_active = 1 WHERE id = ?").bind(other.id)]],
      ["option added", [env.DB.prepare("INSERT OR IGNORE INTO variant_options (variant_id, option_id) VALUES (?, ?)").bind(sized.id, option.id)]],
      [
        "option changed",
        [env.DB.prepare("UPDATE variant_options SET variant_id = ? WHERE variant_id = ? AND option_id = ?").bind(other.id, sized.id, option.id)],
      ],
      ["option removed", [env.DB.prepare("DELETE FROM variant_options WHERE variant_id = ? AND option_id = ?").bind(other.id, option.id)]],
      ["moved to another product", [env.DB.prepare("UPDATE variants SET product_id = ? WHERE id = ?").bind(other.product_id, sized.id)]],
      ["product hidden", [env.DB.prepare("UPDATE products SET status_id = 3 WHERE id = ?").bind(other.product_id)]],
      ["product published", [env.DB.prepare("UPDATE products SET status_id = 1 WHERE id = ?").bind(other.product_id)]],
      ["product in another category", [env.DB.prepare("UPDATE products SET category_id = 1 + category_id % 4 WHERE id = ?").bind(other.product_id)]],
      [
        "variant added",
        [
          env.DB.prepare(
            "INSERT INTO variants (product_id, sku, price_satang, stock, is_active, created_at, updated_at) VALUES (?, 'KEPT-1', 123400, 2, 1, ?, ?)",
          ).bind(sized.product_id, now, now),
          env.DB.prepare("INSERT INTO variant_options (variant_id, option_id) SELECT id, ? FROM variants WHERE sku = 'KEPT-1'").bind(option.id),
        ],
      ],
      ["option renamed to another attribute's", [env.DB.prepare("UPDATE attributes SET code = 'colour-old' WHERE code = 'colour'")]],
      ["attribute code back", [env.DB.prepare("UPDATE attributes SET code = 'colour' WHERE code = 'colour-old'")]],
      ["variant deleted", [env.DB.prepare("DELETE FROM variants WHERE sku = 'KEPT-1'")]],
      ["product deleted", [env.DB.prepare("DELETE FROM products WHERE id = ?").bind(other.product_id)]],
    ];
    for (const [name, step] of steps) {
      await env.DB.batch(step);
      expect(await differences(), name).toEqual(none);
    }
  });
});
