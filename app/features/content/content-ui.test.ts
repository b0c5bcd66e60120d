import { describe, expect, it } from "vitest";

import { staffLink } from "./content-ui";

describe("staffLink", () => {
  it.each([
    ["en", "/custom", { to: "/custom", external: false }],
    ["th", "/custom", { to: "/th/custom", external: false }],
    ["th", "/shop?category=2", { to: "/th/shop?category=2", external: false }],
    ["th", "https://line.me/R/ti/p/@prydeshop", { to: "https://line.me/R/ti/p/@prydeshop", external: true }],
    ["en", "//evil.example", null],
    ["en", "/\\evil.example", null],
    ["en", "javascript:alert(1)", null],
    ["en", "custom", null],
    ["en", "", null],
    ["en", null, null],
  ] as const)("given %s and %j, should give %j", (locale, value, expected) => {
    expect(staffLink(locale, value)).toEqual(expected);
  });
});
