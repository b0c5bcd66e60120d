import { env } from "cloudflare:workers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { productStatusIds } from "~/domain/catalog";
import { countFacets, type FacetFilters, type FacetProduct, knownFilters, variantPasses } from "~/domain/facets";
import { listProducts, productListStatements } from "~/features/catalog/catalog.server";

import { typedText } from "./fuzz";
import { get } from "./worker";

/**
 * Issue 20: filters with counts on /shop (rule: app/domain/facets.ts; SQL: app/features/catalog/facets.server.ts).
 * Ids and test ids, not copy.
 */

async function page(path: string) {
  const response = await get(path, { cookie: "pryde_session=filtersfiltersfilters" });
  const html = await response.text();
  return { status: response.status, html, timing: response.headers.get("server-timing") ?? "" };
}

function resultCount(html: string): number {
  const match = /data-testid="result-count"[^>]*>(?:<!-- -->)?(\d+)/.exec(html);
  expect(match, "result count").not.toBeNull();
  return Number(match![1]);
}

/** The count the sidebar shows next to an option (the sidebar form comes after the drawer's; both say the same). */
function optionCount(html: string, attribute: string, code: string): number {
  const at = html.indexOf(`data-testid="facet-option-${attribute}-${code}"`);
  expect(at, `${attribute} ${code} offered`).toBeGreaterThan(-1);
  const match = /data-testid="facet-count"[^>]*>\((?:<!-- -->)?(\d+)/.exec(html.slice(at));
  return Number(match![1]);
}

describe("/shop filters", () => {
  it("given no filter, should offer sizes, colours, price and stock, each option with a count", async () => {
    const { status, html } = await page("/shop?f=plain");
    expect(status).toBe(200);
    for (const testId of ["filters-sidebar", "filters-drawer", "facet-size", "facet-colour", "facet-price", "facet-in-stock", "apply-filters"]) {
      expect(html, testId).toContain(`data-testid="${testId}"`);
    }
    expect(html).not.toContain('data-testid="filter-chips"');
    expect(html).not.toContain('name="robots"');
    expect(optionCount(html, "size", "m")).toBeGreaterThan(0);
  });

  it("given a size, should list as many products as its count said, and show a chip and clear all", async () => {
    const before = await page("/shop?f=count");
    const promised = optionCount(before.html, "size", "m");
    const after = await page("/shop?size=m&f=count");
    expect(after.status).toBe(200);
    expect(resultCount(after.html)).toBe(promised);
    expect(after.html).toContain('data-testid="filter-chip-size-m"');
    expect(after.html).toContain('data-testid="clear-filters"');
    // A filtered view is followed, not indexed.
    expect(after.html).toContain('<meta name="robots" content="noindex, follow"/>');
    // The chip's link leads back to the shop without the size.
    const chip = /<a[^>]*data-testid="filter-chip-size-m"[^>]*>/.exec(after.html)![0];
    expect(chip).toContain('href="/shop"');
    expect(chip).toMatch(/aria-label="[^"]+"/);
  });

  it("given two sizes, should OR them: the listing is at least each one's alone", async () => {
    const s = resultCount((await page("/shop?size=s")).html);
    const xxl = resultCount((await page("/shop?size=xxl")).html);
    const both = resultCount((await page("/shop?size=s&size=xxl")).html);
    expect(both).toBeGreaterThanOrEqual(Math.max(s, xxl));
  });

  it("given filters in Thai with a category, search and sort, should keep them all in the links", async () => {
    const { status, html } = await page("/th/shop?category=1&size=m&colour=black&min=100&max=2000&stock=1&sort=price-asc");
    expect(status).toBe(200);
    expect(html).toContain('lang="th"');
    for (const chip of ["filter-chip-size-m", "filter-chip-colour-black", "filter-chip-price", "filter-chip-in-stock"]) expect(html).toContain(chip);
    expect(html).toContain('href="/th/shop?category=1&amp;sort=price-asc"');
  });

  it.each([
    "/shop?size=zzz",
    "/shop?size=",
    "/shop?size=%00%ff",
    "/shop?colour=<script>",
    "/shop?min=abc&max=-5",
    "/shop?min=1e9&max=NaN",
    "/shop?min=99999999999999999999",
    "/shop?stock=yes",
    "/shop?size[]=m",
    `/shop?${Array.from({ length: 60 }, (_, index) => `size=x${index}`).join("&")}`,
    "/th/shop?colour=' OR 1=1 --",
    "/shop?search=shirt&size=m&size=m&size=M",
  ])("given the garbage %s, should answer 200 and ignore what is not a filter", async (path) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).not.toMatch(/data-testid="filter-chip-(?!size-m")/);
  });

  it("given a reversed price range, should put it right", async () => {
    const { html } = await page("/shop?min=900&max=100");
    expect(html).toContain('data-testid="filter-chip-price"');
    const minBox = /<input[^>]*name="min"[^>]*>/.exec(html)![0];
    const maxBox = /<input[^>]*name="max"[^>]*>/.exec(html)![0];
    expect(minBox).toContain('value="100"');
    expect(maxBox).toContain('value="900"');
  });

  it("given anything typed into the filter parameters, should never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(typedText, typedText, typedText, async (size, min, stock) => {
        const params = new URLSearchParams({ size, colour: size, min, max: min, stock });
        const response = await get(`/shop?${params}`);
        await response.arrayBuffer();
        expect(response.status).toBe(200);
      }),
      { numRuns: 15 },
    );
  });

  it("given filters, a category, a search and a sort, should take one D1 round trip", async () => {
    for (const path of [
      "/shop?size=m&colour=black&rt=f1",
      "/th/shop?search=shirt&size=l&min=200&stock=1&rt=f2",
      "/shop?category=2&max=500&sort=price-desc&rt=f3",
    ]) {
      const { status, timing } = await page(path);
      expect(status, path).toBe(200);
      expect(timing, path).toMatch(/db;dur=[\d.]+;desc="1 round trip, \d+ rows? read"/);
    }
  });
});

describe("the listing's and the counts' query plans", () => {
  const queries = [
    { page: 1, pageSize: 12, sort: "newest" as const, withFacets: true },
    {
      page: 1,
      pageSize: 12,
      sort: "price-asc" as const,
      withFacets: true,
      filters: { size: ["m"], colour: ["black"], minSatang: 10000, maxSatang: 90000, inStock: true },
    },
    { categoryId: 2, page: 2, pageSize: 12, sort: "newest" as const, withFacets: true, filters: { size: ["s", "l"], colour: [], inStock: true } },
    {
      search: "shirt",
      page: 1,
      pageSize: 12,
      sort: "relevance" as const,
      withFacets: true,
      filters: { size: ["m"], colour: ["navy"], inStock: false, maxSatang: 50000 },
    },
  ];

  it.each(queries.map((query, index) => [index, query] as const))("given query %i, should scan no table of products or variants whole", async (_, query) => {
    const statements = productListStatements(env.DB, query);
    expect(statements.length).toBe(3);
    for (const statement of statements) {
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.params)
        .all<{ detail: string }>();
      const details = plan.results.map((row) => row.detail);
      const fullScans = details.filter((detail) => /^SCAN (products|variants|variant_options|fv)\b/.test(detail) && !/USING (COVERING )?INDEX/.test(detail));
      expect(fullScans, details.join("\n")).toEqual([]);
    }
  });
});

/** Random catalogues, each in a category of its own, counted by SQL and by the plain TypeScript rule. */
describe("facet counts on random catalogues", () => {
  interface RandomVariant {
    size: number | null;
    colour: number | null;
    stock: number;
    priceSatang: number;
    active: boolean;
    /** A flash-sale item: its price, and whether it is sold out (then it does not apply). */
    sale: { priceSatang: number; soldOut: boolean } | null;
  }
  const variant = fc.record({
    size: fc.option(fc.nat(4), { nil: null }),
    colour: fc.option(fc.nat(5), { nil: null }),
    stock: fc.nat(3),
    priceSatang: fc.integer({ min: 1, max: 40 }).map((baht) => baht * 2500),
    active: fc.nat(4).map((roll) => roll > 0),
    sale: fc.option(fc.record({ priceSatang: fc.integer({ min: 1, max: 40 }).map((baht) => baht * 2500), soldOut: fc.boolean() }), { nil: null, freq: 3 }),
  }) as fc.Arbitrary<RandomVariant>;
  const product = fc.record({ published: fc.nat(3).map((roll) => roll > 0), variants: fc.array(variant, { maxLength: 5 }) });
  const catalogue = fc.array(product, { minLength: 1, maxLength: 12 });

  let run = 0;

  it("should count every option, the in-stock box and the listing as the rule does", async () => {
    const options = await env.DB.prepare(
      "SELECT o.id, o.code, a.code AS attribute FROM attribute_options o JOIN attributes a ON a.id = o.attribute_id WHERE a.code IN ('size', 'colour') ORDER BY a.code, o.sort_order, o.id",
    ).all<{ id: number; code: string; attribute: "size" | "colour" }>();
    const sizes = options.results.filter((option) => option.attribute === "size");
    const colours = options.results.filter((option) => option.attribute === "colour");
    expect(sizes.length).toBeGreaterThanOrEqual(5);
    expect(colours.length).toBeGreaterThanOrEqual(6);
    const known = { size: new Set(sizes.map((option) => option.code)), colour: new Set(colours.map((option) => option.code)) };
    const codes = (list: typeof sizes) => fc.subarray([...list.map((option) => option.code), "no-such-option"], { maxLength: 3 });
    // Counted from facet_counts (at most one size, one colour, no price bounds) or by the statement.
    const countedFilters = fc.record({
      size: fc.subarray([...sizes.map((option) => option.code), "no-such-option"], { maxLength: 1 }),
      colour: fc.subarray([...colours.map((option) => option.code), "no-such-option"], { maxLength: 1 }),
      inStock: fc.boolean(),
    }) as fc.Arbitrary<FacetFilters>;
    const statementFilters = fc.record({
      size: codes(sizes),
      colour: codes(colours),
      minSatang: fc.option(
        fc.integer({ min: 1, max: 40 }).map((baht) => baht * 2500),
        { nil: undefined },
      ),
      maxSatang: fc.option(
        fc.integer({ min: 1, max: 40 }).map((baht) => baht * 2500),
        { nil: undefined },
      ),
      inStock: fc.boolean(),
    }) as fc.Arbitrary<FacetFilters>;
    const filters = fc.oneof(countedFilters, statementFilters);

    await fc.assert(
      fc.asyncProperty(catalogue, filters, async (products, asked) => {
        run += 1;
        const now = Date.now();
        const tag = `facet-${now}-${run}`;
        const category = await env.DB.prepare("INSERT INTO categories (slug, name_en, name_th, created_at, updated_at) VALUES (?, ?, ?, ?, ?) RETURNING id")
          .bind(tag, tag, tag, now, now)
          .first<{ id: number }>();
        const sale = await env.DB.prepare(
          "INSERT INTO flash_sales (name_en, name_th, starts_at, ends_at, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?) RETURNING id",
        )
          .bind(tag, tag, now - 60_000, now + 3_600_000, now, now)
          .first<{ id: number }>();
        const reference: FacetProduct[] = [];
        for (const [productIndex, random] of products.entries()) {
          const sku = `${tag}-${productIndex}`;
          const row = await env.DB.prepare(
            "INSERT INTO products (slug, sku, kind, category_id, status_id, name_en, name_th, created_at, updated_at) VALUES (?, ?, 'variation', ?, ?, ?, ?, ?, ?) RETURNING id",
          )
            .bind(sku, sku, category!.id, random.published ? productStatusIds.published : productStatusIds.draft, sku, sku, now - productIndex, now)
            .first<{ id: number }>();
          const listed = { id: row!.id, variants: [] as FacetProduct["variants"][number][] };
          for (const [variantIndex, v] of random.variants.entries()) {
            const inserted = await env.DB.prepare(
              "INSERT INTO variants (product_id, sku, price_satang, stock, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id",
            )
              .bind(row!.id, `${sku}-${variantIndex}`, v.priceSatang, v.stock, v.active ? 1 : 0, now, now)
              .first<{ id: number }>();
            const statements: D1PreparedStatement[] = [];
            const optionRow = (id: number) => env.DB.prepare("INSERT INTO variant_options (variant_id, option_id) VALUES (?, ?)").bind(inserted!.id, id);
            if (v.size !== null) statements.push(optionRow(sizes[v.size]!.id));
            if (v.colour !== null) statements.push(optionRow(colours[v.colour]!.id));
            if (v.sale) {
              statements.push(
                env.DB.prepare(
                  "INSERT INTO flash_sale_items (flash_sale_id, variant_id, sale_price_satang, quantity_cap, sold_count) VALUES (?, ?, ?, 5, ?)",
                ).bind(sale!.id, inserted!.id, v.sale.priceSatang, v.sale.soldOut ? 5 : 0),
              );
            }
            if (statements.length) await env.DB.batch(statements);
            const saleApplies = v.sale !== null && !v.sale.soldOut && v.sale.priceSatang < v.priceSatang;
            if (v.active) {
              listed.variants.push({
                size: v.size === null ? null : sizes[v.size]!.code,
                colour: v.colour === null ? null : colours[v.colour]!.code,
                stock: v.stock,
                priceSatang: saleApplies ? v.sale!.priceSatang : v.priceSatang,
              });
            }
          }
          if (random.published) reference.push(listed);
        }

        const result = await listProducts(env.DB, { categoryId: category!.id, page: 1, pageSize: 100, sort: "newest", filters: asked, withFacets: true });
        const expected = countFacets(reference, knownFilters(asked, known));
        const effective = knownFilters(asked, known);

        expect(result.total).toBe(expected.total);
        expect(result.items.length).toBe(expected.total);
        expect(result.facets!.inStock).toBe(expected.inStock);
        for (const attribute of ["size", "colour"] as const) {
          const want = new Map(expected[attribute]);
          for (const code of effective[attribute]) if (!want.has(code)) want.set(code, 0);
          const got = new Map(result.facets!.options.filter((option) => option.facet === attribute).map((option) => [option.code, option.count]));
          expect(Object.fromEntries(got), attribute).toEqual(Object.fromEntries(want));
        }
        // The price boxes' hints: the prices now of the variants every other filter leaves.
        const prices = reference.flatMap((item) => item.variants.filter((v) => variantPasses(v, effective, "price")).map((v) => v.priceSatang));
        expect(result.facets!.priceRange, "price range").toEqual(prices.length ? { minSatang: Math.min(...prices), maxSatang: Math.max(...prices) } : null);
        // The price sorts: the same products, by the price the card shows (a live sale's included), newest first among equals.
        const shown = (item: (typeof result.items)[number]) => Math.min(item.priceSatang, item.flashSalePriceSatang ?? item.priceSatang);
        for (const sort of ["price-asc", "price-desc"] as const) {
          const sorted = await listProducts(env.DB, { categoryId: category!.id, page: 1, pageSize: 100, sort, filters: asked });
          expect(sorted.items.map((item) => item.id).sort(), sort).toEqual(result.items.map((item) => item.id).sort());
          const expectedOrder = [...result.items].sort((a, b) => (sort === "price-asc" ? shown(a) - shown(b) : shown(b) - shown(a)) || 0).map(shown);
          expect(sorted.items.map(shown), sort).toEqual(expectedOrder);
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
