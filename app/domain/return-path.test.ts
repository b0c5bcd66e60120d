import { describe, expect, it } from "vitest";

import { pageAddressOf, safeReturnPath } from "./return-path";

describe("safeReturnPath", () => {
  it.each([
    ["a tab between the slashes", "/\t/evil.example"],
    ["an encoded tab", "/%09/evil.example"],
    ["a carriage return", "/\r/evil.example"],
    ["a line feed", "/\n/evil.example"],
    ["an encoded line feed", "/%0a/evil.example"],
    ["a leading newline", "\n//evil.example"],
    ["a backslash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["an encoded backslash", "/%5Cevil.example"],
    ["an encoded backslash, lower case", "/%5cevil.example"],
    ["a protocol-relative URL", "//evil.example"],
    ["a protocol-relative URL with a path", "//evil.example/shop"],
    ["an encoded second slash", "/%2F/evil.example"],
    ["an encoded second slash only", "/%2Fevil.example"],
    ["a double-encoded second slash", "/%252F/evil.example"],
    ["an absolute https URL", "https://evil.example/"],
    ["an https URL without slashes", "https:evil.example"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["an encoded javascript: URL", "javascript%3Aalert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a relative path", "shop"],
    ["a DEL character", "/shop\u007f"],
    ["a C1 control", "/shop\u0085"],
    ["a NUL byte, encoded", "/shop%00"],
    ["an empty value", ""],
    ["a very long value", `/${"a".repeat(2500)}`],
  ])("given %s, should answer the fallback", (_name, value) => {
    expect(safeReturnPath(value, "/fallback")).toBe("/fallback");
  });

  it.each([
    ["the home page", "/", "/"],
    ["a page", "/shop", "/shop"],
    ["a Thai page", "/th/shop", "/th/shop"],
    ["a page with a query", "/shop?category=3&page=2", "/shop?category=3&page=2"],
    ["a query holding a URL (only the path decides)", "/shop?q=https%3A%2F%2Fx", "/shop?q=https%3A%2F%2Fx"],
    ["a query holding encoded slashes", "/shop?next=%2F%2Fx", "/shop?next=%2F%2Fx"],
    ["an encoded Thai search", "/shop?q=%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD", "/shop?q=%E0%B9%80%E0%B8%AA%E0%B8%B7%E0%B9%89%E0%B8%AD"],
    ["a lone percent sign", "/shop?q=100%", "/shop?q=100%"],
    ["a fragment", "/faqs#shipping", "/faqs#shipping"],
    ["a back-office page", "/backend/orders/fulfillment?status=2", "/backend/orders/fulfillment?status=2"],
    ["dot segments (normalised by the parser)", "/a/../shop", "/shop"],
    ["a space (serialised as the browser would)", "/shop?q=a b", "/shop?q=a%20b"],
  ])("given %s, should keep it", (_name, value, expected) => {
    expect(safeReturnPath(value, "/fallback")).toBe(expected);
  });

  it("given nothing, should answer the default fallback", () => {
    expect(safeReturnPath(null)).toBe("/");
    expect(safeReturnPath(undefined)).toBe("/");
  });
});

describe("pageAddressOf", () => {
  it.each([
    ["http://x/verify", "/verify"],
    ["http://x/verify.data", "/verify"],
    ["http://x/_root.data", "/"],
    ["http://x/th.data", "/th"],
    ["http://x/th/my-purchase/PRT1.data?index", "/th/my-purchase/PRT1"],
    ["http://x/my-purchase.data?page=2&_routes=root,en/my-purchase", "/my-purchase?page=2"],
    ["http://x/backend/products/all-product.data?q=tee&index&_routes=x", "/backend/products/all-product?q=tee"],
    ["http://x/shop?q=data.data", "/shop?q=data.data"],
    ["http://x/th/my-address.data?new&_routes=th%2Fmy-address", "/th/my-address?new"],
    ["http://x/my-address?new", "/my-address?new"],
    ["http://x/shop?indexed=1&q=%E0%B9%80", "/shop?indexed=1&q=%E0%B9%80"],
    ["http://x/", "/"],
  ])("given %s, should answer %s", (address, expected) => {
    expect(pageAddressOf(new URL(address))).toBe(expected);
  });
});
