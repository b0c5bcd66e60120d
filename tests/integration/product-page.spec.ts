import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { products, variants } from "~/db/schema/catalog";
import { sizeGuides } from "~/db/schema/content";
import { staffUsers } from "~/db/schema/customers";
import { flashSaleItems, flashSales } from "~/db/schema/promotions";
import { demoFlashSale } from "~/db/seed";
import { createSession } from "~/features/sessions/sessions.server";

import { mainOf } from "./accounts-helpers";
import { cookieHeader, db, guestSession } from "./cart-helpers";
import { get, newContentVersion } from "./worker";

// These tests change the catalogue in D1 between requests: each page under a new content version
// (neither the page cache nor the shared catalogue reads answer with an older copy), with a guest session.
let session: Record<string, string> | null = null;
const page = async (path: string) => {
  session ??= await guestSession();
  await newContentVersion();
  const response = await get(path, session);
  return { response, html: await response.text() };
};

const sale = `/shop/${demoFlashSale.productSlug}`;
const variantIdOf = async (sku: string) => (await db().select({ id: variants.id }).from(variants).where(eq(variants.sku, sku)).get())!.id;

/** The page's Product JSON-LD (the breadcrumb trail has its own, a BreadcrumbList). */
function jsonLdOf(html: string): Record<string, unknown> {
  const product = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .find((value) => value["@type"] === "Product");
  if (!product) throw new Error("no Product JSON-LD");
  return product;
}

describe("product page /shop/:slug", () => {
  it("given a published product, should show name, breadcrumbs, gallery, options, stock label, add-to-cart form and related products", async () => {
    const { response, html } = await page("/shop/classic-logo-tee");
    expect(response.status).toBe(200);
    const main = mainOf(html);
    expect(main).toContain("<h1");
    expect(main).toContain("Classic Logo Tee");
    expect(html).toMatch(/data-testid="breadcrumbs"[\s\S]*Shop[\s\S]*T-shirts[\s\S]*Classic Logo Tee/);
    expect(main).toContain('fetchPriority="high"');
    expect(main).toContain('loading="lazy"');
    expect(main).toContain('data-testid="attribute-picker"');
    expect(main).toContain('data-testid="stock-label"');
    expect(main).toMatch(/<form[^>]*data-testid="add-to-cart-form"[^>]*action="\/cart" method="post"/);
    expect(main).toContain('name="intent" value="add"');
    expect((main.match(/data-testid="product-card"/g) ?? []).length).toBeLessThanOrEqual(4);
    expect(main).toContain("You may also like");
    expect(html).toContain("<title>Classic Logo Tee | Pryde</title>");
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/media\/products\/[^"]+\.svg"/);
  });

  it("given the Thai page, should show the Thai name, breadcrumbs and labels", async () => {
    const { response, html } = await page("/th/shop/classic-logo-tee");
    expect(response.status).toBe(200);
    expect(html).toContain("เสื้อยืดโลโก้คลาสสิก");
    expect(html).toMatch(/data-testid="breadcrumbs"[\s\S]*ร้านค้า[\s\S]*เสื้อยืด/);
    expect(mainOf(html)).toContain("ใส่ตะกร้า");
    expect(mainOf(html)).toContain("ตารางไซซ์");
  });

  it("given schema.org data, should describe the product with one THB offer per variant, availability and SKU", async () => {
    const { html } = await page("/shop/classic-logo-tee");
    const ld = jsonLdOf(html);
    expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Product", name: "Classic Logo Tee", sku: "PRY001" });
    const offers = ld.offers as { price: string; priceCurrency: string; availability: string; sku: string }[];
    const count = (await db().select().from(variants).where(eq(variants.productId, 1))).length;
    expect(offers).toHaveLength(count);
    for (const offer of offers) {
      expect(offer.priceCurrency).toBe("THB");
      expect(offer.price).toMatch(/^\d+\.\d{2}$/);
      expect(offer.availability).toMatch(/^https:\/\/schema\.org\/(InStock|OutOfStock)$/);
      expect(offer.sku).toMatch(/^PRY001-/);
    }
    expect(offers.find((offer) => offer.sku === "PRY001-WHITE-M")?.price).toBe("390.00");
    // A flash-sale variant's offer carries the sale price.
    const saleOffers = jsonLdOf((await page(sale)).html).offers as { price: string; sku: string }[];
    expect(saleOffers.find((offer) => offer.sku === demoFlashSale.items[0].sku)?.price).toBe("490.00");
  });

  it("given ?variant=<id>, should show that variant's price, stock label and max; an unknown id falls back", async () => {
    const item = demoFlashSale.items[0];
    const onSale = mainOf((await page(`${sale}?variant=${await variantIdOf(item.sku)}`)).html);
    expect(onSale).toContain('data-testid="flash-sale-badge"');
    expect(onSale).toContain("฿490.00");
    expect(onSale).toMatch(/data-testid="was-price"[\s\S]*?฿690\.00/);
    expect(onSale).toContain("Sale ends");
    expect(onSale).toContain(`max="${item.quantityCap}"`);
    expect(onSale).toContain(`You can buy up to ${item.quantityCap} pieces`);

    const regular = await db().select().from(variants).where(eq(variants.sku, "PRY001-WHITE-M")).get();
    const plain = mainOf((await page(`/shop/classic-logo-tee?variant=${regular!.id}`)).html);
    expect(plain).not.toContain('data-testid="flash-sale-badge"');
    expect(plain).toContain(`max="${regular!.stock}"`);
    expect(plain).toContain("PRY001-WHITE-M");

    for (const bad of ["999999", "abc", "-1", "1e9"]) {
      expect((await page(`/shop/classic-logo-tee?variant=${bad}`)).response.status).toBe(200);
    }
    // Another product's variant id is not taken.
    const other = await db().select().from(variants).where(eq(variants.productId, 2)).get();
    expect(mainOf((await page(`/shop/classic-logo-tee?variant=${other!.id}`)).html)).not.toContain(other!.sku);
  });

  it("given a sold-out variant, should say Out of stock, disable adding and disable its option", async () => {
    const regular = await db().select().from(variants).where(eq(variants.sku, "PRY001-WHITE-L")).get();
    await db().update(variants).set({ stock: 0 }).where(eq(variants.id, regular!.id));
    try {
      const main = mainOf((await page(`/shop/classic-logo-tee?variant=${regular!.id}`)).html);
      expect(main).toContain('data-stock="out-of-stock"');
      expect(main).toMatch(/<button[^>]*disabled=""[^>]*data-testid="add-to-cart"/);
      expect(main).toMatch(/data-option="l" data-selected="true" data-sold-out="true"/);
      const low = await db().select().from(variants).where(eq(variants.sku, "PRY001-WHITE-M")).get();
      await db().update(variants).set({ stock: 3 }).where(eq(variants.id, low!.id));
      const lowMain = mainOf((await page(`/shop/classic-logo-tee?variant=${low!.id}`)).html);
      expect(lowMain).toContain('data-stock="low-stock"');
      await db().update(variants).set({ stock: low!.stock }).where(eq(variants.id, low!.id));
    } finally {
      await db().update(variants).set({ stock: regular!.stock }).where(eq(variants.id, regular!.id));
    }
  });

  it("given an ended or switched-off flash sale, should show the regular price", async () => {
    await db().update(flashSales).set({ isActive: false }).where(eq(flashSales.id, demoFlashSale.id));
    try {
      const main = mainOf((await page(`${sale}?variant=${await variantIdOf(demoFlashSale.items[0].sku)}`)).html);
      expect(main).not.toContain('data-testid="flash-sale-badge"');
      expect(main).toContain("฿690.00");
    } finally {
      await db().update(flashSales).set({ isActive: true }).where(eq(flashSales.id, demoFlashSale.id));
    }
  });

  it("given a flash sale sold up to its cap, should go back to the regular price with the stock as the max", async () => {
    const item = demoFlashSale.items[1];
    await db().update(flashSaleItems).set({ soldCount: item.quantityCap }).where(eq(flashSaleItems.id, item.id));
    try {
      const stock = (await db().select({ stock: variants.stock }).from(variants).where(eq(variants.sku, item.sku)).get())!.stock;
      const main = mainOf((await page(`${sale}?variant=${await variantIdOf(item.sku)}`)).html);
      expect(main).not.toContain('data-testid="flash-sale-badge"');
      expect(main).toContain(`max="${stock}"`);
    } finally {
      await db().update(flashSaleItems).set({ soldCount: 0 }).where(eq(flashSaleItems.id, item.id));
    }
  });

  it("given staff, should show the product without an add-to-cart form (staff have no cart)", async () => {
    const admin = await db().select({ id: staffUsers.id }).from(staffUsers).where(eq(staffUsers.email, "admin@pryde.test")).get();
    const response = await get("/shop/classic-logo-tee", cookieHeader(await createSession(env.DB, { staffUserId: admin!.id })));
    const main = mainOf(await response.text());
    expect(main).toContain('data-testid="staff-no-cart"');
    expect(main).not.toContain('data-testid="add-to-cart-form"');
  });

  it("given a size guide, should offer the dialog with its table and a no-JavaScript link to /size-guides#slug", async () => {
    const main = mainOf((await page("/shop/classic-logo-tee")).html);
    expect(main).toMatch(/href="\/size-guides#t-shirts"[^>]*data-testid="size-guide-link"/);
    expect(main).toContain('data-testid="size-guide-dialog"');
    expect(main).toMatch(/<th scope="col"[^>]*>Chest<\/th>/);
    const thai = mainOf((await page("/th/shop/classic-logo-tee")).html);
    expect(thai).toMatch(/<th scope="col"[^>]*>รอบอก<\/th>/);
    expect(thai).toContain('href="/th/size-guides#t-shirts"');
  });

  it.each([["/shop/no-such-product"], ["/th/shop/no-such-product"], [`/shop/${"x".repeat(300)}`], ["/shop/%E0%B8%81"]])(
    "given an unknown slug %s, should answer the not-found page (404)",
    async (path) => {
      const { response, html } = await page(path);
      expect(response.status).toBe(404);
      expect(html).toContain('data-testid="error-page"');
    },
  );

  it("given an unpublished product or one without an active variant, should answer 404", async () => {
    await db().update(products).set({ statusId: 2 }).where(eq(products.id, 1));
    try {
      expect((await page("/shop/classic-logo-tee")).response.status).toBe(404);
    } finally {
      await db().update(products).set({ statusId: 1 }).where(eq(products.id, 1));
    }
    await db().update(variants).set({ isActive: false }).where(eq(variants.productId, 2));
    try {
      const slug = (await db().select({ slug: products.slug }).from(products).where(eq(products.id, 2)).get())!.slug;
      expect((await page(`/shop/${slug}`)).response.status).toBe(404);
    } finally {
      await db().update(variants).set({ isActive: true }).where(eq(variants.productId, 2));
    }
  });
});

describe("product tiles", () => {
  it("given a product with a variant on a live flash sale, should show the badge and the sale 'from' price on /shop", async () => {
    const main = mainOf((await page("/shop?search=futsal")).html);
    expect(main).toContain('data-testid="flash-sale-badge"');
    expect(main).toMatch(/data-testid="flash-sale-price"[\s\S]*?฿490\.00/);
    expect(mainOf((await page("/shop?search=classic%20logo")).html)).not.toContain('data-testid="flash-sale-badge"');
  });
});

describe("size guides", () => {
  it("given /size-guides, should list every guide with its table, anchored by slug, in both languages", async () => {
    const { response, html } = await page("/size-guides");
    expect(response.status).toBe(200);
    const main = mainOf(html);
    for (const slug of ["t-shirts", "jerseys", "hoodies-jackets"]) expect(main).toContain(`id="${slug}"`);
    expect((main.match(/data-testid="size-guide-table"/g) ?? []).length).toBe(3);
    const thai = mainOf((await page("/th/size-guides")).html);
    expect(thai).toContain("ตารางไซซ์เสื้อยืด");
    expect(thai).toContain("รอบอก");
  });

  it("given a malformed table, should skip that guide and still show the others", async () => {
    const now = Date.now();
    await db().insert(sizeGuides).values({
      id: 99,
      slug: "broken",
      nameEn: "Broken",
      nameTh: "เสีย",
      tableJson: '{"unit":"cm","columns":[],"rows":[]}',
      sortOrder: 0,
      createdAt: now,
      updatedAt: now,
    });
    try {
      const { response, html } = await page("/size-guides");
      expect(response.status).toBe(200);
      expect(mainOf(html)).not.toContain('id="broken"');
      expect((mainOf(html).match(/data-testid="size-guide-table"/g) ?? []).length).toBe(3);
    } finally {
      await db().delete(sizeGuides).where(eq(sizeGuides.id, 99));
    }
  });

  it("given /size-guides-temp, should redirect permanently to /size-guides in the same language", async () => {
    expect((await get("/size-guides-temp")).headers.get("location")).toBe("/size-guides");
    const thai = await get("/th/size-guides-temp");
    expect(thai.status).toBe(301);
    expect(thai.headers.get("location")).toBe("/th/size-guides");
  });
});

describe("flash sale on the storefront (issue 16)", () => {
  const saleVariantPage = async (index: 0 | 1 | 2, prefix = "") =>
    mainOf((await page(`${prefix}${sale}?variant=${await variantIdOf(demoFlashSale.items[index].sku)}`)).html);

  it("given a live sale, should render its end time for a countdown (no ticking text without JavaScript) in en and th", async () => {
    const stored = (await db().select({ endsAt: flashSales.endsAt }).from(flashSales).where(eq(flashSales.id, demoFlashSale.id)).get())!;
    for (const prefix of ["", "/th"]) {
      const main = await saleVariantPage(0, prefix);
      expect(main).toMatch(new RegExp(`data-testid="flash-sale-ends" data-ends-at="${stored.endsAt}"`));
      expect(main).toContain(`<time dateTime="${new Date(stored.endsAt).toISOString()}">`);
      // The ticking part is added in the browser; a timer is never a live region.
      expect(main).not.toContain('data-testid="flash-sale-ends-timer"');
    }
  });

  it("given a sale item with few units left under its cap, should say 'N left at this price'; with many left, should not", async () => {
    const item = demoFlashSale.items[2];
    const few = await saleVariantPage(2);
    expect(few).toMatch(new RegExp(`data-testid="flash-sale-left" data-remaining="${item.quantityCap}"`));
    expect(await saleVariantPage(2, "/th")).toContain(`เหลือ ${item.quantityCap} ชิ้นในราคานี้`);

    await db().update(flashSaleItems).set({ quantityCap: 50, soldCount: 39 }).where(eq(flashSaleItems.id, item.id));
    try {
      const many = await saleVariantPage(2);
      expect(many).toContain('data-testid="flash-sale-badge"');
      expect(many).not.toContain('data-testid="flash-sale-left"');
      await db().update(flashSaleItems).set({ soldCount: 40 }).where(eq(flashSaleItems.id, item.id));
      expect(await saleVariantPage(2)).toMatch(/data-testid="flash-sale-left" data-remaining="10"/);
    } finally {
      await db().update(flashSaleItems).set({ quantityCap: item.quantityCap, soldCount: 0 }).where(eq(flashSaleItems.id, item.id));
    }
  });

  it("given a live sale, should show the home block with its products linked; none live, no block (en and th)", async () => {
    const block = (html: string) => html.match(/data-testid="home-flash-sale"[\s\S]*?<\/section>/)?.[0] ?? null;
    for (const prefix of ["", "/th"]) {
      const html = block(mainOf((await page(prefix || "/")).html));
      expect(html).not.toBeNull();
      expect(html).toContain(`href="${prefix}/shop/${demoFlashSale.productSlug}"`);
      expect(html).toContain('data-testid="flash-sale-badge"');
      expect(html).toContain('data-testid="home-flash-sale-ends"');
      // Only products on a live sale.
      expect(html).not.toContain(`href="${prefix}/shop/classic-logo-tee"`);
    }
    expect(block(mainOf((await page("/th")).html))).toContain("แฟลชเซล");

    await db().update(flashSales).set({ isActive: false }).where(eq(flashSales.id, demoFlashSale.id));
    try {
      for (const prefix of ["", "/th"]) expect(mainOf((await page(prefix || "/")).html)).not.toContain('data-testid="home-flash-sale"');
    } finally {
      await db().update(flashSales).set({ isActive: true }).where(eq(flashSales.id, demoFlashSale.id));
    }
    // A sale whose every item is sold to its cap is not shown either (the cards' badge rule).
    await db()
      .update(flashSaleItems)
      .set({ soldCount: sql`${flashSaleItems.quantityCap}` })
      .where(eq(flashSaleItems.flashSaleId, demoFlashSale.id));
    try {
      expect(mainOf((await page("/")).html)).not.toContain('data-testid="home-flash-sale"');
    } finally {
      await db().update(flashSaleItems).set({ soldCount: 0 }).where(eq(flashSaleItems.flashSaleId, demoFlashSale.id));
    }
  });
});
