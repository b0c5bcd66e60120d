import { describe, expect, it } from "vitest";

import { get } from "./worker";

/**
 * What the first paint of a storefront page waits for, read from the served HTML (issue 19, Lighthouse
 * mobile): one render-blocking stylesheet, the opening picture preloaded once at high priority and
 * never lazy, and the text fonts of the page's language preloaded (none of the other language's).
 */
async function head(path: string): Promise<{ page: string; head: string }> {
  const response = await get(path);
  expect(response.status).toBe(200);
  const page = await response.text();
  return { page, head: page.slice(0, page.indexOf("</head>")) };
}

const tags = (html: string, name: string) => [...html.matchAll(new RegExp(`<${name}\\b[^>]*>`, "g"))].map((match) => match[0]);
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, "i").exec(tag)?.[1];

describe("the head of a storefront page", () => {
  it.each([
    ["/", "en"],
    ["/shop", "en"],
    ["/shop/classic-logo-tee", "en"],
    ["/th/shop", "th"],
  ])("given %s, should block the first paint on one stylesheet and preload its opening picture once", async (path) => {
    const { page, head: inHead } = await head(path);
    expect(tags(page, "link").filter((tag) => attribute(tag, "rel") === "stylesheet")).toHaveLength(1);

    const main = page.slice(page.indexOf("<main"));
    const firstPicture = tags(main, "img")[0]!;
    expect(attribute(firstPicture, "fetchpriority")).toBe("high");
    const urgent = tags(page, "img").filter((tag) => attribute(tag, "fetchpriority") === "high");
    for (const picture of urgent) {
      expect(attribute(picture, "loading")).not.toBe("lazy");
      const preloads = tags(inHead, "link").filter((tag) => attribute(tag, "rel") === "preload" && attribute(tag, "href") === attribute(picture, "src"));
      expect(preloads).toHaveLength(1);
      expect(attribute(preloads[0]!, "as")).toBe("image");
      expect(attribute(preloads[0]!, "fetchPriority")).toBe("high");
    }
  });

  it.each([
    ["/shop", ["latin-400", "latin-600", "latin-700"]],
    ["/th/shop", ["thai-400", "thai-600", "thai-700", "latin-400", "latin-600"]],
  ])("given %s, should preload the text fonts of its language before the scripts", async (path, files) => {
    const { head: inHead } = await head(path);
    const fonts = tags(inHead, "link").filter((tag) => attribute(tag, "as") === "font");
    expect(fonts.map((tag) => /noto-sans-thai-(\w+-\d+)-normal-[\w-]+\.woff2$/.exec(attribute(tag, "href") ?? "")?.[1])).toEqual(files);
    for (const font of fonts) {
      expect(attribute(font, "rel")).toBe("preload");
      // Without crossorigin the browser fetches the font twice (fonts are CORS requests).
      expect(attribute(font, "crossorigin")).toBe("");
    }
    expect(inHead.indexOf('as="font"')).toBeLessThan(inHead.indexOf('rel="modulepreload"'));
  });
});
