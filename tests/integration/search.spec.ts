import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { database } from "~/db/client";
import { categories, products, variants } from "~/db/schema/catalog";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { seedCategories, seedColours, seedProducts } from "~/db/seed/catalog-data";
import { listProducts, searchSuggestions } from "~/features/catalog/catalog.server";
import type { ProductSort } from "~/features/catalog/product-sort";
import { reindexIfEmpty, reindexProduct } from "~/features/catalog/search-index.server";
import { saveCategory } from "~/features/catalog-admin/taxonomy-admin.server";

import { typedText } from "./fuzz";
import { get } from "./worker";

// Demo product ids are their position in seedProducts + 1 (app/db/seed/index.ts).
const idOf = (slug: string) => seedProducts.findIndex((product) => product.slug === slug) + 1;
const allSlugs = seedProducts.map((product) => product.slug);
const categoryOf = (categoryId: number) => seedCategories.find((category) => category.id === categoryId)!;

/** Every published demo product, in the order the shop lists them (search returns at most this). */
const search = (text: string, options: { sort?: ProductSort; page?: number; pageSize?: number; categoryId?: number } = {}) =>
  listProducts(env.DB, {
    search: text,
    page: options.page ?? 1,
    pageSize: options.pageSize ?? 100,
    sort: options.sort ?? "relevance",
    categoryId: options.categoryId,
  });
const slugsFor = async (text: string, options?: Parameters<typeof search>[1]) => (await search(text, options)).items.map((item) => item.slug);

/** Demo products whose Thai texts contain `word` (the search finds Thai inside longer words). */
function productsWithThai(word: string): string[] {
  return seedProducts
    .filter((product) => {
      const colours = product.colours.map((code) => seedColours.find((colour) => colour.code === code)!.nameTh);
      return [product.nameTh, product.descriptionTh, categoryOf(product.categoryId).nameTh, ...colours].some((text) => text.includes(word));
    })
    .map((product) => product.slug);
}

describe("the product search index", () => {
  it("given the demo seed, should hold one row per published product", async () => {
    const row = await env.DB.prepare("SELECT count(*) AS count FROM product_search").first<{ count: number }>();
    expect(row?.count).toBe(seedProducts.length);
  });
});

describe("Thai search", () => {
  it.each(["เสื้อยืด", "ฟุตบอล", "กระเป๋า", "แจ็กเก็ต", "หมวก", "กันฝน", "ช้าง"])(
    "given %s, should find exactly the products whose Thai texts contain it",
    async (word) => {
      const expected = productsWithThai(word);
      expect(expected.length).toBeGreaterThan(0);
      expect((await slugsFor(word)).sort()).toEqual(expected.sort());
    },
  );

  it("given a Thai word the segmenter cuts differently inside a name, should still find that name", async () => {
    // Intl.Segmenter reads "กระเป๋ายิมดัฟเฟิล" as กระ|เป๋า|… and "เสื้อฮู้ดครอป" as …|ฮู้|ดค|รอป.
    expect(await slugsFor("กระเป๋า")).toContain("gym-duffel-bag");
    expect(await slugsFor("ฮู้ด")).toContain(seedProducts.find((product) => product.nameTh === "เสื้อฮู้ดครอป")!.slug);
  });

  it("given two Thai words with a space, should find products with both", async () => {
    const both = productsWithThai("เสื้อ").filter((slug) => productsWithThai("ทีม").includes(slug));
    expect((await slugsFor("เสื้อ ทีม")).sort()).toEqual(both.sort());
  });

  it("given Thai words run together, should find the name that has them in that order", async () => {
    expect(await slugsFor("เสื้อฟุตบอลทีมเยือน")).toEqual(["away-football-jersey-2026"]);
  });

  it("given a Thai word that differs only in its marks, should not confuse the two (ดี is not ดู)", async () => {
    const withMarks = productsWithThai("เย็น");
    expect(withMarks.length).toBeGreaterThan(0);
    expect(await slugsFor("เย็น")).toEqual(expect.arrayContaining(withMarks));
    // เยน (no mark) is in no demo text; unicode61 on its own would have matched "เย็น" for it.
    expect(productsWithThai("เยน")).toEqual([]);
    expect(await slugsFor("เยน")).toEqual([]);
  });

  it("given SARA AM typed as two characters, should find the same products", async () => {
    expect((await slugsFor("น้\u0E4D\u0E32")).sort()).toEqual(productsWithThai("น้ำ").sort());
  });
});

describe("English search", () => {
  it("should not care about case or accents", async () => {
    const jersey = await slugsFor("jersey");
    expect(jersey.length).toBeGreaterThan(3);
    expect(await slugsFor("JERSEY")).toEqual(jersey);
    expect(await slugsFor("Jérsey")).toEqual(jersey);
    expect(await slugsFor("ＪＥＲＳＥＹ")).toEqual(jersey);
    expect(await slugsFor("ÉLÉPHANT")).toEqual(["elephant-parade-tee"]);
  });

  it("given a word with a hyphen left out (tshirt for T-shirts), should still find the products", async () => {
    const tshirts = seedProducts.filter((product) => product.categoryId === 1).map((product) => product.slug);
    expect(await slugsFor("tshirt")).toEqual(expect.arrayContaining(tshirts));
    expect(await slugsFor("t-shirt")).toEqual(expect.arrayContaining(tshirts));
  });

  it("given the start of a word being typed, should find by prefix", async () => {
    expect(await slugsFor("goalk")).toEqual(["goalkeeper-jersey"]);
  });

  it("given a word in the name of one product and the description of others, should rank the name first", async () => {
    const pocket = await slugsFor("pocket");
    expect(pocket[0]).toBe("everyday-pocket-tee");
    expect(pocket.length).toBeGreaterThan(1);
    const bags = await slugsFor("กระเป๋า");
    const nameMatches = seedProducts.filter((product) => product.nameTh.includes("กระเป๋า")).map((product) => product.slug);
    expect(bags.slice(0, nameMatches.length).sort()).toEqual(nameMatches.sort());
    expect(bags.length).toBeGreaterThan(nameMatches.length);
  });

  it("given a colour, should find products sold in it, in either language", async () => {
    const maroon = seedProducts.filter((product) => product.colours.includes("maroon")).map((product) => product.slug);
    expect((await slugsFor("maroon")).sort()).toEqual(maroon.sort());
  });
});

describe("SKU search", () => {
  it("given a product SKU, should find that product first", async () => {
    const slugs = await slugsFor("PRY005");
    expect(slugs[0]).toBe(allSlugs[4]);
  });

  it("given a variant SKU in lower case, should find its product first", async () => {
    expect((await slugsFor("pry001-black-m"))[0]).toBe(allSlugs[0]);
  });

  it("given the start of a SKU, should find every product whose SKU starts with it", async () => {
    const slugs = await slugsFor("PRY01");
    expect(slugs.sort()).toEqual(allSlugs.slice(9, 19).sort());
  });
});

describe("sorting and paging", () => {
  const everything = { pageSize: 100 };
  const list = (sort: ProductSort, options: { page?: number; pageSize?: number } = {}) =>
    listProducts(env.DB, { page: options.page ?? 1, pageSize: options.pageSize ?? everything.pageSize, sort });

  // The price a card shows: its lowest variant price, or a live flash-sale price below it.
  const shown = (item: { priceSatang: number; flashSalePriceSatang: number | null }) =>
    Math.min(item.priceSatang, item.flashSalePriceSatang ?? item.priceSatang);

  it("given price low to high or high to low, should order by the price the cards show", async () => {
    const ascending = (await list("price-asc")).items.map(shown);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await list("price-desc")).items.map(shown);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it("given a live flash sale that makes the dearest product the cheapest, should list it first from low to high", async () => {
    const dearest = (await list("price-desc", { pageSize: 1 })).items[0]!;
    const variant = await database(env.DB).select({ id: variants.id }).from(variants).where(eq(variants.productId, dearest.id)).get();
    const now = Date.now();
    const sale = await database(env.DB)
      .insert(flashSales)
      .values({ nameEn: "Sort test", nameTh: "ทดสอบการเรียง", startsAt: now - 60_000, endsAt: now + 3_600_000, isActive: true, createdAt: now, updatedAt: now })
      .returning({ id: flashSales.id })
      .get();
    await database(env.DB).insert(flashSaleItems).values({ flashSaleId: sale.id, variantId: variant!.id, salePriceSatang: 1, quantityCap: 5 });
    try {
      expect((await list("price-asc", { pageSize: 1 })).items[0]!.id).toBe(dearest.id);
      expect((await list("price-desc")).items.at(-1)!.id).toBe(dearest.id);
    } finally {
      await database(env.DB).delete(flashSales).where(eq(flashSales.id, sale.id));
    }
  });

  it("given newest, should order by creation time", async () => {
    const { results } = await env.DB.prepare("SELECT slug FROM products WHERE status_id = 1 ORDER BY created_at DESC, id DESC").all<{ slug: string }>();
    expect((await list("newest")).items.map((item) => item.slug)).toEqual(results.map((row) => row.slug));
  });

  it("given a search and newest or price sort, should keep the matches and change only the order", async () => {
    const relevance = await slugsFor("jersey");
    const cheapest = await search("jersey", { sort: "price-asc" });
    expect(cheapest.items.map((item) => item.slug).sort()).toEqual([...relevance].sort());
    const prices = cheapest.items.map((item) => item.priceSatang);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });

  it("given pages of a search, should split the results without repeats and count them all", async () => {
    const all = await slugsFor("เสื้อ");
    const first = await search("เสื้อ", { pageSize: 5, page: 1 });
    const second = await search("เสื้อ", { pageSize: 5, page: 2 });
    expect(first.total).toBe(all.length);
    expect(first.pageCount).toBe(Math.ceil(all.length / 5));
    expect([...first.items, ...second.items].map((item) => item.slug)).toEqual(all.slice(0, 10));
  });

  it("given a search within a category, should find only that category's matches", async () => {
    const result = await search("เสื้อ", { categoryId: 2 });
    expect(result.items.length).toBeGreaterThan(0);
    const jerseys = new Set(seedProducts.filter((product) => product.categoryId === 2).map((product) => product.slug));
    expect(result.items.every((item) => jerseys.has(item.slug))).toBe(true);
  });

  it("given best-selling, should order by units sold in orders that were not cancelled or refunded", async () => {
    const now = Date.now();
    const order = (id: number, statusId: number) =>
      env.DB.prepare(
        `INSERT INTO orders (id, order_number, email, status_id, subtotal_satang, vat_satang, total_satang, vat_percent, created_at, updated_at)
         VALUES (?, ?, 'buyer@pryde.test', ?, 0, 0, 0, 7, ?, ?)`,
      ).bind(id, `TEST-BEST-${id}`, statusId, now, now);
    const line = (orderId: number, productId: number, quantity: number) =>
      env.DB.prepare(
        `INSERT INTO order_lines (order_id, product_id, variant_id, product_name_en, product_name_th, unit_price_satang, quantity, line_total_satang)
         VALUES (?, ?, (SELECT id FROM variants WHERE product_id = ? ORDER BY id LIMIT 1), 'x', 'x', 100, ?, 100)`,
      ).bind(orderId, productId, productId, quantity);
    const [second, first, cancelledOnly] = [idOf("canvas-tote-bag"), idOf("volleyball-jersey"), idOf("basketball-jersey")];
    await env.DB.batch([
      order(9001, 2), // paid
      order(9002, 7), // completed
      order(9003, 8), // cancelled
      order(9004, 9), // refunded
      line(9001, second, 3),
      line(9001, first, 2),
      line(9002, first, 4),
      line(9003, cancelledOnly, 50),
      line(9004, cancelledOnly, 50),
    ]);
    try {
      const slugs = (await list("best-selling")).items.map((item) => item.slug);
      expect(slugs.slice(0, 2)).toEqual(["volleyball-jersey", "canvas-tote-bag"]);
      // Unsold products follow, newest first (basketball: only cancelled and refunded orders).
      const { results } = await env.DB.prepare(`SELECT slug FROM products WHERE status_id = 1 AND id NOT IN (?, ?) ORDER BY created_at DESC, id DESC`)
        .bind(first, second)
        .all<{ slug: string }>();
      expect(slugs.slice(2)).toEqual(results.map((row) => row.slug));
      const page = await get("/shop?sort=best-selling");
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html.indexOf("/shop/volleyball-jersey")).toBeLessThan(html.indexOf("/shop/canvas-tote-bag"));
    } finally {
      await env.DB.batch([env.DB.prepare("DELETE FROM orders WHERE id BETWEEN 9001 AND 9004")]);
    }
  });

  it("given the sort in the shop URL, should render that order and keep it in page links", async () => {
    const response = await get("/th/shop?sort=price-desc");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<option value="price-desc" selected="">/);
    expect(html).toContain("/th/shop?sort=price-desc&amp;page=2");
    const expensive = (await list("price-desc", { pageSize: 1 })).items[0]!;
    const cheap = (await list("price-asc", { pageSize: 1 })).items[0]!;
    expect(html).toContain(`/th/shop/${expensive.slug}`);
    expect(html).not.toContain(`/th/shop/${cheap.slug}"`);
  });

  it("given a search in the shop URL, should offer best match as the default order", async () => {
    const html = await (await get(`/shop?search=${encodeURIComponent("jersey")}`)).text();
    expect(html).toMatch(/<option value="relevance" selected="">/);
    const plain = await (await get("/shop?sort-test=1")).text();
    expect(plain).not.toContain('value="relevance"');
  });

  it("given an unknown sort, should fall back to the default and answer 200", async () => {
    const response = await get("/shop?sort=cheapest-first%27--");
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<option value="newest" selected="">/);
  });
});

describe("the shop page's empty states", () => {
  it("given a search with no result, should say so and offer all products and the categories", async () => {
    const html = await (await get(`/th/shop?search=${encodeURIComponent("ไม่มีสินค้านี้แน่นอน")}`)).text();
    expect(html).toContain('data-testid="empty-state"');
    expect(html).toContain("ไม่พบสินค้าที่ตรงกับ");
    expect(html).toContain('href="/th/shop"');
    for (const category of seedCategories) expect(html).toContain(`href="/th/shop?category=${category.id}"`);
  });

  it("given a search with no result in a category, should offer to search every category", async () => {
    const html = await (await get(`/shop?category=4&search=${encodeURIComponent("jersey")}`)).text();
    expect(html).toContain("Nothing in Accessories matches");
    expect(html).toContain(`href="/shop?search=jersey"`);
  });
});

describe("the shop's category navigation", () => {
  it("given a category with no published product, should leave it out of the filter and the drawer until one is published", async () => {
    const db = database(env.DB);
    const [empty] = await db
      .insert(categories)
      .values({ slug: "empty-for-now", nameEn: "Empty for now", nameTh: "ยังว่างอยู่", sortOrder: -1, createdAt: Date.now(), updatedAt: Date.now() })
      .returning({ id: categories.id });
    const link = `href="/shop?category=${empty!.id}"`;
    try {
      // Distinct query strings: anonymous pages are cached for a few seconds (workers/page-cache.ts).
      expect(await (await get("/shop?nav=before")).text()).not.toContain(link);
      // The page itself still answers (a shared link to it shows the empty state, not a 404).
      expect((await get(`/shop?category=${empty!.id}`)).status).toBe(200);

      await db
        .update(products)
        .set({ categoryId: empty!.id })
        .where(eq(products.id, idOf(allSlugs[0]!)));
      expect(await (await get("/shop?nav=after")).text()).toContain(link);
    } finally {
      await db
        .update(products)
        .set({ categoryId: seedProducts[0]!.categoryId })
        .where(eq(products.id, idOf(allSlugs[0]!)));
      await db.delete(categories).where(eq(categories.id, empty!.id));
    }
  });
});

describe("keeping the index in step with the back office", () => {
  it("given a category renamed in the back office, should find its products by the new name", async () => {
    const category = seedCategories.find((candidate) => candidate.id === 4)!;
    const renamed = { ...category, nameEn: "Everyday carry", nameTh: "ของติดตัวประจำวัน", imageKey: null, sortOrder: 4 };
    try {
      expect(await saveCategory(env.DB, category.id, renamed)).toEqual({ ok: true, id: category.id });
      const expected = seedProducts
        .filter((product) => product.categoryId === category.id)
        .map((product) => product.slug)
        .sort();
      expect((await slugsFor("everyday carry")).sort()).toEqual(expected);
      expect((await slugsFor("ของติดตัว")).sort()).toEqual(expected);
    } finally {
      await saveCategory(env.DB, category.id, { ...category, imageKey: null, sortOrder: 4 });
    }
  });
});

describe("hostile search text", () => {
  const ftsSyntax = fc.constantFrom(
    '"',
    '""',
    "*",
    "-",
    "^",
    ":",
    "NEAR(",
    "NEAR(a b, 5)",
    "AND",
    "OR",
    "NOT",
    "(",
    ")",
    "{name_en}: x",
    "name_th:",
    "'",
    "\\",
    "%",
    "_",
    "\u0E48",
    "\uD800",
    "ก".repeat(200),
  );
  const hostile = fc.oneof(
    typedText,
    ftsSyntax,
    fc.array(fc.oneof(ftsSyntax, fc.string({ maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join(" ")),
    fc.string({ unit: "binary", maxLength: 60 }),
  );

  it("given anything a shopper could type, listProducts should answer without throwing", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (text) => {
        const result = await search(text, { pageSize: 3 });
        expect(result.total).toBeGreaterThanOrEqual(0);
        expect(await searchSuggestions(env.DB, text, "th")).toEqual(expect.any(Array));
      }),
      { numRuns: 150 },
    );
  });

  it("given anything in the URL, the shop and the suggestions should never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom("", "/th"), async (text, prefix) => {
        // URLSearchParams (unlike encodeURIComponent) accepts lone surrogates: they become U+FFFD.
        const shop = new URLSearchParams({ search: text, sort: text, page: text });
        const page = await get(`${prefix}/shop?${shop}`, { cookie: "pryde_session=fuzzfuzzfuzzfuzzfuzz" });
        expect(page.status, `shop for ${JSON.stringify(text)}`).toBeLessThan(500);
        await page.arrayBuffer();
        const suggestions = await get(`/resources/search-suggestions?${new URLSearchParams({ q: text, lang: prefix ? "th" : "en" })}`);
        expect(suggestions.status, `suggestions for ${JSON.stringify(text)}`).toBe(200);
        await suggestions.arrayBuffer();
      }),
      { numRuns: 60 },
    );
  });
});

describe("GET /resources/search-suggestions", () => {
  type Body = { query: string; suggestions: { slug: string; name: string; priceSatang: number; imageKey: string | null }[] };

  it("given Thai text, should answer up to 6 products with Thai names, best first, cacheable briefly", async () => {
    const response = await get(`/resources/search-suggestions?q=${encodeURIComponent("เสื้อ")}&lang=th`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    const body = (await response.json()) as Body;
    expect(body.query).toBe("เสื้อ");
    expect(body.suggestions).toHaveLength(6);
    for (const suggestion of body.suggestions) {
      expect(Object.keys(suggestion).sort()).toEqual(["imageKey", "name", "priceSatang", "slug"]);
      expect(suggestion.name).toMatch(/[\u0E00-\u0E7F]/u);
      expect(Number.isInteger(suggestion.priceSatang)).toBe(true);
    }
    expect(body.suggestions.map((suggestion) => suggestion.slug)).toEqual((await slugsFor("เสื้อ")).slice(0, 6));
  });

  it("given English, should answer English names", async () => {
    const body = (await (await get("/resources/search-suggestions?q=goalkeeper&lang=en")).json()) as Body;
    expect(body.suggestions).toEqual([
      { slug: "goalkeeper-jersey", name: "Goalkeeper Jersey", priceSatang: 139000, imageKey: expect.stringMatching(/^products\//) },
    ]);
  });

  it("given no text, only punctuation, or a very long text, should answer 200 with what it could use", async () => {
    for (const q of ["", "   ", "***", "x".repeat(5000)]) {
      const response = await get(`/resources/search-suggestions?q=${encodeURIComponent(q)}&lang=en`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as Body;
      expect(body.suggestions).toEqual([]);
      expect(body.query.length).toBeLessThanOrEqual(100);
    }
  });

  it("given an unknown language, should answer 400 and not be cached", async () => {
    const response = await get("/resources/search-suggestions?q=tee&lang=fr");
    expect(response.status).toBe(400);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});

describe("reindexProduct", () => {
  const productId = idOf("classic-logo-tee");

  it("given a renamed product, should find the new name and no longer the old one", async () => {
    expect(await slugsFor("โลโก้คลาสสิก")).toEqual(["classic-logo-tee"]);
    await env.DB.prepare("UPDATE products SET name_en = ?, name_th = ? WHERE id = ?").bind("Café Crème Sunset Tee", "เสื้อยืดพระอาทิตย์ตก", productId).run();
    await reindexProduct(env.DB, productId);
    expect(await slugsFor("โลโก้คลาสสิก")).toEqual([]);
    expect(await slugsFor("พระอาทิตย์")).toEqual(["classic-logo-tee"]);
    expect(await slugsFor("CAFE creme")).toEqual(["classic-logo-tee"]);
    expect(await slugsFor("café")).toEqual(["classic-logo-tee"]);
  });

  it("given an unpublished or deleted product, should take it out of the index", async () => {
    await env.DB.prepare("UPDATE products SET status_id = 2 WHERE id = ?").bind(productId).run();
    await reindexProduct(env.DB, productId);
    const row = await env.DB.prepare("SELECT count(*) AS count FROM product_search WHERE rowid = ?").bind(productId).first<{ count: number }>();
    expect(row?.count).toBe(0);
    await env.DB.prepare("UPDATE products SET status_id = 1 WHERE id = ?").bind(productId).run();
    await reindexProduct(env.DB, productId);
    expect(await slugsFor("พระอาทิตย์")).toEqual(["classic-logo-tee"]);
    await reindexProduct(env.DB, 987654);
    await reindexProduct(env.DB, -1);
  });

  it("given an empty index while products exist, reindexIfEmpty should rebuild it once", async () => {
    await env.DB.prepare("DELETE FROM product_search").run();
    expect(await slugsFor("jersey")).toEqual([]);
    expect(await reindexIfEmpty(env.DB)).toBe(true);
    expect((await slugsFor("jersey")).length).toBeGreaterThan(3);
    expect(await reindexIfEmpty(env.DB)).toBe(false);
  });
});
