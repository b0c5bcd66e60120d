import { describe, expect, it } from "vitest";

import { storefrontMeta } from "./meta";

describe("storefrontMeta", () => {
  const matches = [{ id: "root", loaderData: { origin: "https://shop.example" } }];
  const robots = (descriptors: ReturnType<typeof storefrontMeta>) => descriptors.filter((one) => "name" in one && one.name === "robots");

  it("leaves a shopper's own page out of search engines once asked, with or without the page's texts", () => {
    expect(robots(storefrontMeta({ title: "Cart" }, matches, "/cart", { noindex: true }))).toEqual([{ name: "robots", content: "noindex" }]);
    expect(robots(storefrontMeta(undefined, matches, "/cart", { noindex: true }))).toEqual([{ name: "robots", content: "noindex" }]);
  });

  it("lets search engines index a page that does not ask", () => {
    expect(robots(storefrontMeta({ title: "Shop" }, matches, "/shop"))).toEqual([]);
  });
});
