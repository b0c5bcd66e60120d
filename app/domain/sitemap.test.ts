import { describe, expect, it } from "vitest";

import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemapXml", () => {
  const xml = sitemapXml("https://pryde.test/", [
    { path: "/", lastModified: Date.UTC(2026, 0, 2, 3, 4, 5) },
    { path: "/activities/new-kits", lastModified: null },
    { path: "/shop/tee?x=1&y=<2>" },
  ]);

  it("given pages, should list each in English and Thai", () => {
    expect(xml).toContain("<loc>https://pryde.test/</loc>");
    expect(xml).toContain("<loc>https://pryde.test/th</loc>");
    expect(xml).toContain("<loc>https://pryde.test/activities/new-kits</loc>");
    expect(xml).toContain("<loc>https://pryde.test/th/activities/new-kits</loc>");
    expect(xml.match(/<url>/g)).toHaveLength(6);
  });

  it("given a page, should name both languages and x-default as alternates of each entry", () => {
    const thaiEntry = xml.split("<url>").find((entry) => entry.includes("<loc>https://pryde.test/th/activities/new-kits</loc>"))!;
    expect(thaiEntry).toContain('hreflang="en" href="https://pryde.test/activities/new-kits"');
    expect(thaiEntry).toContain('hreflang="th" href="https://pryde.test/th/activities/new-kits"');
    expect(thaiEntry).toContain('hreflang="x-default" href="https://pryde.test/activities/new-kits"');
  });

  it("given a last change, should give it as lastmod; given none, should leave lastmod out", () => {
    const home = xml.split("<url>").find((entry) => entry.includes("<loc>https://pryde.test/</loc>"))!;
    expect(home).toContain("<lastmod>2026-01-02T03:04:05.000Z</lastmod>");
    const activity = xml.split("<url>").find((entry) => entry.includes("<loc>https://pryde.test/activities/new-kits</loc>"))!;
    expect(activity).not.toContain("<lastmod>");
  });

  it("given characters special in XML, should escape them", () => {
    expect(xml).toContain("https://pryde.test/shop/tee?x=1&amp;y=&lt;2&gt;");
    expect(xml).not.toMatch(/y=<2>/);
  });

  it("should declare the sitemap and xhtml namespaces", () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe("robotsTxt", () => {
  const robots = robotsTxt("https://pryde.test");

  it.each(["/backend", "/th/backend", "/cart", "/th/cart", "/my-", "/th/my-", "/api/"])("should disallow %s", (path) => {
    expect(robots.split("\n")).toContain(`Disallow: ${path}`);
  });

  it("should allow the storefront and point to the sitemap", () => {
    expect(robots).toContain("User-agent: *\nAllow: /");
    expect(robots).toContain("Sitemap: https://pryde.test/sitemap.xml");
    expect(robots).not.toMatch(/Disallow: \/(shop|collection|activities|faqs|contact)\b/);
  });
});
