import { describe, expect, it } from "vitest";

import { canonicalPathname } from "./spelling";

describe("canonicalPathname", () => {
  it.each([
    ["/", "/"],
    ["/shop", "/shop"],
    ["/th", "/th"],
    ["/th/shop", "/th/shop"],
    ["/TH/SHOP", "/th/SHOP"],
    ["/Th", "/th"],
    ["/TH.data", "/th.data"],
    ["/%54H/shop", "/th/shop"],
    ["/%74%68/backend/user", "/th/backend/user"],
    ["/TH/BACKEND/USER.data", "/th/BACKEND/USER.data"],
    ["//backend//user", "/backend/user"],
    ["//TH//shop", "/th/shop"],
    ["/thai-spacing", "/thai-spacing"],
    ["/the-shop", "/the-shop"],
    ["/tHe", "/tHe"],
    ["/%E0%B9%80", "/%E0%B9%80"],
    ["/%E0%B9/x", "/%E0%B9/x"],
    ["/media/products/TH.svg", "/media/products/TH.svg"],
  ])("given %s, should answer %s", (pathname, expected) => {
    expect(canonicalPathname(pathname)).toBe(expected);
  });
});
