import { describe, expect, it } from "vitest";

import { belongsToOffice, discoveryCrossesParts, isBackOfficePath } from "./parts";

const url = (path: string) => new URL(path, "http://shop.test");

describe("isBackOfficePath", () => {
  it.each([
    ["/backend", true],
    ["/backend/", true],
    ["/backend/user", true],
    ["/backend.data", true],
    ["/backend/user.data", true],
    ["/BACKEND/USER", true],
    ["/%62ackend/user", true],
    ["//backend//user", true],
    ["/th/backend", true],
    ["/TH/Backend/login", true],
    ["/", false],
    ["/th", false],
    ["/shop", false],
    ["/backends", false],
    ["/shop/backend", false],
    ["/th/shop/backend", false],
    ["/%E0%A4%A", false],
  ])("given %s, should answer %s", (path, expected) => {
    expect(isBackOfficePath(path)).toBe(expected);
  });
});

describe("belongsToOffice (what the storefront's Worker forwards)", () => {
  it.each([
    ["a back-office page", "/th/backend/orders/fulfillment", "v1", true],
    ["a storefront page", "/shop", "v1", false],
    ["a file the storefront's assets lack", "/assets/backend-frame-abc.js", "v1", true],
    ["the API", "/api/products", "v1", false],
    ["route discovery from a storefront page", "/__manifest?paths=%2Fshop&version=v1", "v1", false],
    ["route discovery from a back-office page", "/__manifest?paths=%2Fbackend&version=v2", "v1", true],
    ["route discovery without a version", "/__manifest?paths=%2Fbackend", "v1", true],
  ])("given %s, should answer %s", (_name, path, shopVersion, expected) => {
    expect(belongsToOffice(url(path), shopVersion)).toBe(expected);
  });
});

describe("discoveryCrossesParts", () => {
  const manifest = (paths: string) => url(`/__manifest?paths=${encodeURIComponent(paths)}&version=v`);
  it.each([
    ["shop", "/shop,/shop/a", false],
    ["shop", "/th,/th/shop", false],
    ["shop", "/backend,/backend/dashboard", true],
    ["shop", "/th,/th/backend", true],
    ["office", "/backend,/backend/user", false],
    ["office", "/th,/th/backend,/th/backend/user", false],
    ["office", "backend/user", false],
    ["office", "/", true],
    ["office", "/shop,/shop/a", true],
    ["office", "/th,/th/shop", true],
    ["office", "/th", true],
    ["office", "/TH,/TH/BACKEND/USER", false],
    ["shop", "/th", false],
    ["all", "/shop,/backend", false],
  ] as const)("given the %s Worker asked for %s, should answer %s", (part, paths, expected) => {
    expect(discoveryCrossesParts(manifest(paths), part)).toBe(expected);
  });

  it("given any other address, should answer false", () => {
    expect(discoveryCrossesParts(url("/shop?paths=/backend"), "shop")).toBe(false);
  });
});
