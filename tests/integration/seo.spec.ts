import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { products } from "~/db/schema/catalog";
import { productStatusIds } from "~/domain/catalog";

import { db, insertActivity, page } from "./content-helpers";
import { get } from "./worker";

const day = 24 * 60 * 60 * 1000;

/** The <url> entry of a sitemap whose <loc> is exactly `loc`. */
function entry(xml: string, loc: string): string | undefined {
  return xml.split("<url>").find((chunk) => chunk.includes(`<loc>${loc}</loc>`));
}

function metaContent(html: string, property: string): string | undefined {
  const pattern = new RegExp(`<meta (?:property|name)="${property}" content="([^"]*)"`);
  return pattern.exec(html)?.[1];
}

describe("sitemap.xml", () => {
  it("given the shop, should list every public page in English and Thai with hreflang alternates and absolute URLs", async () => {
    const response = await get("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    for (const path of ["/", "/shop", "/collection", "/activities", "/faqs", "/size-guides", "/privacy-policy", "/contact"]) {
      const english = `http://shop.test${path}`;
      const thai = `http://shop.test${path === "/" ? "/th" : `/th${path}`}`;
      expect(entry(xml, english), path).toBeDefined();
      expect(entry(xml, thai), path).toBeDefined();
      expect(entry(xml, thai)).toContain(`hreflang="en" href="${english}"`);
      expect(entry(xml, english)).toContain(`hreflang="th" href="${thai}"`);
    }
  });

  it("given published products and activities, should list each in both languages with its last change", async () => {
    const xml = await (await get("/sitemap.xml")).text();
    const product = entry(xml, "http://shop.test/shop/classic-logo-tee");
    expect(product).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod>/);
    expect(entry(xml, "http://shop.test/th/shop/classic-logo-tee")).toContain('hreflang="x-default" href="http://shop.test/shop/classic-logo-tee"');
    expect(entry(xml, "http://shop.test/activities/new-season-kits-have-landed")).toBeDefined();
    expect(entry(xml, "http://shop.test/th/activities/new-season-kits-have-landed")).toContain("<lastmod>");
  });

  it("given a hidden product, a draft and a scheduled activity, should leave them out", async () => {
    await db().update(products).set({ statusId: productStatusIds.hidden }).where(eq(products.slug, "varsity-jacket"));
    await insertActivity({ slug: "seo-scheduled", titleEn: "Later", titleTh: "ภายหลัง", publishedAt: Date.now() + day });
    await insertActivity({ slug: "seo-draft", titleEn: "Draft", titleTh: "ร่าง", publishedAt: null });
    await insertActivity({ slug: "seo-published", titleEn: "Now", titleTh: "ตอนนี้", publishedAt: Date.now() - day });
    const xml = await (await get("/sitemap.xml")).text();
    expect(xml).not.toContain("/shop/varsity-jacket<");
    expect(xml).not.toContain("seo-scheduled");
    expect(xml).not.toContain("seo-draft");
    expect(entry(xml, "http://shop.test/th/activities/seo-published")).toBeDefined();
    await db().update(products).set({ statusId: productStatusIds.published }).where(eq(products.slug, "varsity-jacket"));
  });
});

describe("robots.txt", () => {
  it("should allow the storefront, keep crawlers out of the back office, cart and account pages, and point to the sitemap", async () => {
    const response = await get("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of ["/backend", "/th/backend", "/cart", "/th/cart", "/my-", "/th/my-"]) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain("Sitemap: http://shop.test/sitemap.xml");
    expect(lines.filter((line) => /^Disallow: \/(th\/)?(shop|collection|activities|faqs|contact|privacy-policy)/.test(line))).toEqual([]);
  });
});

describe("page titles, descriptions and link previews", () => {
  it.each([
    ["/collection", "Collections | Pryde", "Every Pryde collection", /\/media\/collections\/new-season-2026-[^"]+$/],
    ["/th/collection", "คอลเลกชัน | ไพรด์", "รวมทุกคอลเลกชันของไพรด์", /\/media\/collections\//],
    ["/activities", "Activities | Pryde", "News from Pryde", /\/media\/activities\//],
    ["/th/activities/new-season-kits-have-landed", "ชุดแข่งเหย้าและเยือนปี 2026 มาถึงแล้ว | ไพรด์", "ผ้าเบากว่าเดิม", /\/media\/activities\/new-season-kits-have-landed-/],
    ["/faqs", "Frequently asked questions | Pryde", "Answers about delivery", /\/og-image\.png$/],
    ["/th/faqs", "คำถามที่พบบ่อย | ไพรด์", "คำตอบเรื่องการจัดส่ง", /\/og-image\.png$/],
    ["/privacy-policy", "Privacy policy | Pryde", "collects the personal data", /\/og-image\.png$/],
    ["/th/contact", "ติดต่อเรา | ไพรด์", "ส่งข้อความถึงไพรด์", /\/og-image\.png$/],
    ["/shop", "Shop | Pryde", "Browse Pryde", /\/og-image\.png$/],
  ])("given %s, should have its own title, description and an absolute og:image", async (path, title, description, image) => {
    const { html } = await page(path);
    expect(html).toContain(`<title>${title}</title>`);
    expect(metaContent(html, "description")).toContain(description);
    expect(metaContent(html, "og:title")).toBe(title);
    const ogImage = metaContent(html, "og:image");
    expect(ogImage).toMatch(/^http:\/\/shop\.test\//);
    expect(ogImage).toMatch(image);
    expect(metaContent(html, "og:url")).toBe(`http://shop.test${path}`);
    expect(metaContent(html, "og:locale")).toBe(path.startsWith("/th") ? "th_TH" : "en_US");
  });

  it.each(["/cart", "/th/checkout", "/tracking"])("given a shopper's own page %s, should ask search engines to leave it out", async (path) => {
    const { html } = await page(path);
    expect(metaContent(html, "robots")).toBe("noindex");
  });

  it("given a public page, should let search engines index it", async () => {
    expect(metaContent((await page("/faqs")).html, "robots")).toBeUndefined();
  });

  it("given an activity without a summary, should describe it with the start of its body", async () => {
    await insertActivity({
      slug: "seo-no-summary",
      titleEn: "No summary",
      titleTh: "ไม่มีสรุป",
      bodyEn: "<p>The opening line of the story <b>tells</b> what happened.</p><p>More.</p>",
      publishedAt: Date.now() - day,
    });
    const { html } = await page("/activities/seo-no-summary");
    expect(metaContent(html, "description")).toBe("The opening line of the story tells what happened. More.");
    expect(metaContent(html, "og:image")).toBe("http://shop.test/og-image.png");
  });
});
