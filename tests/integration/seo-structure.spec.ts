import { describe, expect, it } from "vitest";

import { get } from "./worker";

/** SEO and landmarks read from the served HTML: breadcrumbs as JSON-LD, one of each og: tag, headings, navs. */
async function html(path: string): Promise<string> {
  const response = await get(path);
  expect(response.status).toBe(200);
  return response.text();
}

function jsonLdOf(page: string, type: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => JSON.parse(match[1]!) as Record<string, unknown>)
    .filter((value) => value["@type"] === type);
}

function headingLevels(page: string): number[] {
  return [...page.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
}

describe("BreadcrumbList JSON-LD", () => {
  it.each([
    ["/shop/classic-logo-tee", ["Home", "Shop", "T-shirts", "Classic Logo Tee"]],
    ["/th/shop/classic-logo-tee", ["หน้าแรก", "ร้านค้า", "เสื้อยืด", "เสื้อยืดโลโก้คลาสสิก"]],
  ])("given the product page %s, should carry the trail with absolute addresses", async (path, names) => {
    const page = await html(path);
    const [list] = jsonLdOf(page, "BreadcrumbList");
    expect(list).toBeDefined();
    const items = list!.itemListElement as { position: number; name: string; item: string }[];
    expect(items.map((item) => item.name)).toEqual(names);
    expect(items.map((item) => item.position)).toEqual(names.map((_, index) => index + 1));
    for (const item of items) expect(item.item).toMatch(/^http:\/\/shop\.test\//);
    expect(items.at(-1)!.item).toBe(`http://shop.test${path}`);
    expect(items[2]!.item).toMatch(/\/shop\?category=\d+$/);
  });

  it("given a category page, should carry Home › Shop › the category", async () => {
    const page = await html("/shop?category=2");
    const [list] = jsonLdOf(page, "BreadcrumbList");
    const items = list!.itemListElement as { name: string; item: string }[];
    expect(items).toHaveLength(3);
    expect(items[2]!.item).toBe("http://shop.test/shop?category=2");
  });
});

describe("link-preview tags", () => {
  it.each(["/", "/shop", "/shop/classic-logo-tee", "/th/shop/classic-logo-tee", "/shop?category=2", "/activities", "/privacy-policy"])(
    "given %s, should have each og: property once",
    async (path) => {
      const page = await html(path);
      const properties = [...page.matchAll(/<meta property="(og:[^"]+)"/g)].map((match) => match[1]!);
      expect(properties.length).toBeGreaterThan(3);
      expect(properties.filter((property, index) => properties.indexOf(property) !== index)).toEqual([]);
    },
  );

  it("given a product page, should say og:type product and its own picture", async () => {
    const page = await html("/shop/classic-logo-tee");
    expect(page).toContain('<meta property="og:type" content="product"/>');
    expect(page).toMatch(/<meta property="og:image" content="http:\/\/shop\.test\/media\/products\/[^"]+"/);
  });
});

describe("headings and landmarks", () => {
  it.each(["/shop", "/th/shop", "/shop?category=2", `/shop?search=${encodeURIComponent("tee")}`, "/shop/classic-logo-tee"])(
    "given %s, should have one h1 and never skip a heading level (axe heading-order)",
    async (path) => {
      const levels = headingLevels(await html(path));
      expect(levels.filter((level) => level === 1)).toHaveLength(1);
      levels.forEach((level, index) => {
        if (index > 0) expect(level, `heading ${index} (h${level}) after h${levels[index - 1]}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
      });
    },
  );

  it.each([
    ["/shop", /^[\x20-\x7e]+$/],
    ["/th/shop", /[\u0e00-\u0e7f]/],
  ])("given %s, should label every nav in the page's language", async (path, language) => {
    const page = await html(path);
    const navs = [...page.matchAll(/<nav\b([^>]*)>/g)].map((match) => match[1]!);
    expect(navs.length).toBeGreaterThan(3);
    for (const attributes of navs) {
      const label = /aria-label="([^"]+)"/.exec(attributes)?.[1];
      const labelledBy = /aria-labelledby="([^"]+)"/.exec(attributes)?.[1];
      expect(label ?? labelledBy, attributes).toBeTruthy();
      if (label) expect(label).toMatch(language);
      if (labelledBy) expect(page).toContain(`id="${labelledBy}"`);
    }
  });
});
