import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { collections } from "~/db/schema/catalog";
import { config, configKeys } from "~/db/schema/config";
import { activities, faqs, homeContentAreas, policies } from "~/db/schema/content";
import { orderStatusId } from "~/domain/order-status";

import { db, insertActivity, insertOrder, page, section } from "./content-helpers";
import { get } from "./worker";

const day = 24 * 60 * 60 * 1000;

describe("content pages in both languages", () => {
  it.each([
    ["/collection", "en", "New Season 2026", "Collections"],
    ["/th/collection", "th", "คอลเลกชันใหม่ 2026", "คอลเลกชัน"],
    ["/activities", "en", "Pryde sponsors the Bangkok Youth Football League", "Activities"],
    ["/th/activities", "th", "ไพรด์ร่วมสนับสนุนการแข่งขันฟุตบอลเยาวชนกรุงเทพฯ", "กิจกรรม"],
    ["/activities/new-season-kits-have-landed", "en", "kits are made from recycled polyester and weigh 15% less", "The 2026 home and away kits have landed"],
    ["/th/activities/new-season-kits-have-landed", "th", "ชุดแข่งปีนี้ผลิตจากโพลีเอสเตอร์รีไซเคิล", "ชุดแข่งเหย้าและเยือนปี 2026 มาถึงแล้ว"],
    ["/faqs", "en", "How long does delivery take?", "Frequently asked questions"],
    ["/th/faqs", "th", "จัดส่งสินค้ากี่วัน", "คำถามที่พบบ่อย"],
    ["/privacy-policy", "en", "We do not sell your data.", "Privacy policy"],
    ["/th/privacy-policy", "th", "เราไม่ขายข้อมูลของคุณ", "นโยบายความเป็นส่วนตัว"],
    ["/contact", "en", "88/8 Sukhumvit Soi 31", "Contact us"],
    ["/th/contact", "th", "88/8 ซอยสุขุมวิท 31", "ติดต่อเรา"],
  ])("given %s, should answer 200 in %s with the stored content and its title", async (path, lang, content, title) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(content);
    expect(html).toMatch(new RegExp(`<title>${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\| (Pryde|ไพรด์)</title>`));
  });

  it("given the Thai pages, should not send the English texts (and the other way round)", async () => {
    const thai = await page("/th/faqs");
    expect(thai.html).not.toContain("How long does delivery take?");
    const english = await page("/activities/new-season-kits-have-landed");
    expect(english.html).not.toContain("ชุดแข่งปีนี้ผลิตจากโพลีเอสเตอร์รีไซเคิล");
  });
});

describe("pages follow the database", () => {
  it("given a renamed collection, should show the new name", async () => {
    await db().update(collections).set({ nameEn: "Rainy Day Edit", nameTh: "คอลเลกชันหน้าฝน" }).where(eq(collections.slug, "bangkok-streetwear"));
    expect((await page("/collection")).html).toContain("Rainy Day Edit");
    expect((await page("/th/collection")).html).toContain("คอลเลกชันหน้าฝน");
  });

  it("given an unpublished collection, should leave it out", async () => {
    await db().update(collections).set({ isPublished: false }).where(eq(collections.slug, "matchday-essentials"));
    const { html } = await page("/collection");
    expect(html).not.toContain("Matchday Essentials");
    expect(html).toContain('id="new-season-2026"');
    await db().update(collections).set({ isPublished: true }).where(eq(collections.slug, "matchday-essentials"));
  });

  it("given a changed FAQ and an unpublished one, should show the change and hide the other", async () => {
    await db().update(faqs).set({ questionEn: "Can I pick up my order in Bangkok?", questionTh: "รับสินค้าเองที่กรุงเทพฯ ได้ไหม" }).where(eq(faqs.id, 1));
    await db().update(faqs).set({ isPublished: false }).where(eq(faqs.id, 2));
    const english = await page("/faqs");
    expect(english.html).toContain("Can I pick up my order in Bangkok?");
    expect(english.html).not.toContain("Which payment methods do you accept?");
    expect((await page("/th/faqs")).html).toContain("รับสินค้าเองที่กรุงเทพฯ ได้ไหม");
    await db().update(faqs).set({ isPublished: true }).where(eq(faqs.id, 2));
  });

  it("given a changed privacy policy, should show the new text in the reader layout", async () => {
    await db()
      .update(policies)
      .set({ bodyEn: "<p>Updated: we keep order records for five years.</p>", bodyTh: "<p>ปรับปรุง: เราเก็บข้อมูลคำสั่งซื้อไว้ห้าปี</p>" })
      .where(eq(policies.kind, "privacy"));
    const english = await page("/privacy-policy");
    expect(english.html).toContain("Updated: we keep order records for five years.");
    // Reader layout: a back link and no shop frame (no footer).
    expect(english.html).not.toContain('data-testid="footer"');
    expect((await page("/th/privacy-policy")).html).toContain("ปรับปรุง: เราเก็บข้อมูลคำสั่งซื้อไว้ห้าปี");
  });

  it("given a changed shop address, should show it on the contact page with a map link", async () => {
    await db().update(config).set({ value: "99 Rama IV Road, Bangkok 10500" }).where(eq(config.key, configKeys.addressEn));
    const { html } = await page("/contact");
    expect(html).toContain("99 Rama IV Road, Bangkok 10500");
    expect(html).toContain("https://www.google.com/maps/search/?api=1&amp;query=99%20Rama%20IV%20Road%2C%20Bangkok%2010500");
  });

  it("given a changed activity, should show the new title on the list, the page and the home page", async () => {
    await db()
      .update(activities)
      .set({ titleEn: "Kits for every school team", titleTh: "ชุดแข่งสำหรับทุกทีมโรงเรียน" })
      .where(eq(activities.slug, "youth-football-league-sponsorship"));
    expect((await page("/activities")).html).toContain("Kits for every school team");
    expect((await page("/th/activities/youth-football-league-sponsorship")).html).toContain("ชุดแข่งสำหรับทุกทีมโรงเรียน");
    expect((await page("/")).html).toContain("Kits for every school team");
  });
});

describe("activities", () => {
  it("given an activity, should describe it to search engines as a NewsArticle in the page's language, safe inside its script", async () => {
    await insertActivity({ slug: "structured-news", titleEn: "Kit launch </script><b>", titleTh: "เปิดตัวชุดใหม่", publishedAt: Date.now() - day });
    const { html } = await page("/th/activities/structured-news");
    // The article's own JSON-LD (the breadcrumb trail has another, a BreadcrumbList).
    const json = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/g)]
      .map((match) => match[1]!)
      .find((text) => text.includes('"NewsArticle"'));
    expect(JSON.parse(json!)).toMatchObject({
      "@type": "NewsArticle",
      headline: "เปิดตัวชุดใหม่",
      inLanguage: "th",
      url: "http://shop.test/th/activities/structured-news",
    });
    const english = (await page("/activities/structured-news")).html;
    expect(english).toContain("Kit launch \\u003c/script>\\u003cb>");
    expect(english).not.toContain("Kit launch </script>");
  });

  it("given an unknown slug, should answer the 404 page in the URL's language", async () => {
    const english = await page("/activities/no-such-activity");
    expect(english.status).toBe(404);
    expect(english.html).toContain('data-testid="error-page"');
    const thai = await page("/th/activities/no-such-activity");
    expect(thai.status).toBe(404);
    expect(thai.html).toContain('<html lang="th"');
  });

  it("given a scheduled (future) activity, should hide it everywhere and answer 404 for its page", async () => {
    await insertActivity({ slug: "future-launch", titleEn: "Secret future launch", titleTh: "เปิดตัวลับในอนาคต", publishedAt: Date.now() + 7 * day });
    expect((await page("/activities/future-launch")).status).toBe(404);
    expect((await page("/th/activities/future-launch")).status).toBe(404);
    expect((await page("/activities")).html).not.toContain("Secret future launch");
    expect((await page("/")).html).not.toContain("Secret future launch");
  });

  it("given a draft activity, should answer 404", async () => {
    await insertActivity({ slug: "draft-post", titleEn: "Draft post", titleTh: "ฉบับร่าง", publishedAt: null });
    expect((await page("/activities/draft-post")).status).toBe(404);
    expect((await page("/activities")).html).not.toContain("Draft post");
  });

  it("given a body with scripts, handlers and javascript: links, should render it without them", async () => {
    await insertActivity({
      slug: "hostile-body",
      titleEn: "Hostile body",
      titleTh: "เนื้อหาอันตราย",
      bodyEn:
        '<p>Safe text</p><script>alert("x")</script><img src="/media/a.png" onerror="alert(1)"><a href="javascript:alert(2)">link</a><iframe src="https://evil.example"></iframe>',
      publishedAt: Date.now() - day,
    });
    const { status, html } = await page("/activities/hostile-body");
    expect(status).toBe(200);
    const body = section(html, "activity-body");
    expect(body).toContain("<p>Safe text</p>");
    expect(body).toContain('<img src="/media/a.png">');
    expect(body).not.toContain("alert");
    expect(body).not.toContain("iframe");
    expect(html).not.toContain('alert("x")');
  });

  it("given more activities than fit a page, should page them newest first, and clamp bad page numbers", async () => {
    for (let index = 1; index <= 10; index++) {
      await insertActivity({
        slug: `paging-${index}`,
        titleEn: `Paging story ${index}`,
        titleTh: `เรื่องแบ่งหน้า ${index}`,
        publishedAt: Date.now() - (100 + index) * day,
      });
    }
    const first = await page("/activities");
    expect(first.html).toContain('data-testid="pagination"');
    expect(first.html).not.toContain("Paging story 10");
    expect(first.html).not.toContain("Paging story 5<");
    const second = await page("/activities?page=2");
    expect(second.status).toBe(200);
    expect(second.html.indexOf("Paging story 5<")).toBeGreaterThan(-1);
    expect(second.html.indexOf("Paging story 5<")).toBeLessThan(second.html.indexOf("Paging story 10<"));
    // A page past the end is not a page (app/domain/page-number.ts): 404, in the page's language.
    const past = await page("/activities?page=999");
    expect(past.status).toBe(404);
    expect(past.html).not.toContain("Paging story");
    expect((await page("/th/activities?page=999")).html).toContain('lang="th"');
    const junk = await page("/activities?page=abc");
    expect(junk.status).toBe(200);
    expect(junk.html).toContain("Paging story 1<");
    expect(junk.html).not.toContain("Paging story 10<");
  });

  it("given a very long slug, should answer 404 rather than fail", async () => {
    expect((await get(`/activities/${"x".repeat(5000)}`)).status).toBe(404);
  });
});

describe("collections", () => {
  it("given the collection page, should anchor each collection by its slug and list its products", async () => {
    const { html } = await page("/collection");
    for (const slug of ["new-season-2026", "matchday-essentials", "bangkok-streetwear"]) expect(html).toContain(`id="${slug}"`);
    expect(html).toContain('href="#new-season-2026"');
    expect(section(html, "collection-section")).toContain("Home Football Jersey 2026");
  });

  it("given the home page, should link each featured collection to its anchor on /collection", async () => {
    expect((await page("/")).html).toContain('href="/collection#new-season-2026"');
    expect((await page("/th")).html).toContain('href="/th/collection#new-season-2026"');
  });
});

describe("FAQs", () => {
  it("given the FAQ page, should be an accordion of details/summary that works without JavaScript", async () => {
    const { html } = await page("/faqs");
    expect(html.match(/<details/g)?.length).toBeGreaterThanOrEqual(5);
    expect(html).toMatch(/<summary[^>]*>.*How do I find my size\?/);
  });
});

describe("home page", () => {
  it("given the home content areas, should show their titles and cleaned rich text in the page's language", async () => {
    await db()
      .update(homeContentAreas)
      .set({ bodyEn: '<p>First paragraph.</p><p>Second <em>paragraph</em>.</p><script>alert(1)</script><p onclick="steal()">Third.</p>' })
      .where(eq(homeContentAreas.areaKey, "members"));
    const english = await page("/");
    const areas = section(english.html, "content-areas");
    expect(areas).toContain("Made in Thailand, worn with pride");
    expect(areas).toContain("Pryde makes everyday clothing and team wear");
    expect(areas).not.toContain("&lt;p&gt;");
    expect(areas).toContain("Second <em>paragraph</em>.");
    expect(areas).not.toContain("<script>alert");
    expect(areas).not.toContain("steal()");
    expect(areas).toContain('href="/custom"');
    const thai = section((await page("/th")).html, "content-areas");
    expect(thai).toContain("ผลิตในไทย สวมใส่อย่างภาคภูมิใจ");
    expect(thai).toContain('href="/th/custom"');
  });

  it("given an inactive content area, should leave it out", async () => {
    await db().update(homeContentAreas).set({ isActive: false }).where(eq(homeContentAreas.areaKey, "intro"));
    expect(section((await page("/")).html, "content-areas")).not.toContain("Made in Thailand, worn with pride");
    await db().update(homeContentAreas).set({ isActive: true }).where(eq(homeContentAreas.areaKey, "intro"));
  });

  it("given sales, should rank best sellers by units sold in orders that were not cancelled", async () => {
    const before = section((await page("/")).html, "best-sellers");
    expect(before).toContain('data-testid="product-card"');
    await insertOrder("gym-duffel-bag", 2, orderStatusId.paid);
    await insertOrder("canvas-tote-bag", 3, orderStatusId.completed);
    await insertOrder("bucket-hat", 50, orderStatusId.cancelled);
    await insertOrder("washed-dad-hat", 40, orderStatusId.refunded);
    const after = section((await page("/")).html, "best-sellers");
    const cards = after.split('data-testid="product-card"').slice(1);
    expect(cards).toHaveLength(4);
    expect(cards[0]).toContain("Canvas Tote Bag");
    expect(cards[1]).toContain("Gym Duffel Bag");
    // The rest are the newest products, not the cancelled or refunded "sales".
    expect(after).not.toContain("Washed Dad Hat");
    expect(after).not.toContain("Bucket Hat");
  });
});
