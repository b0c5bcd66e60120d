import { describe, expect, it } from "vitest";

import { buildDirectory, buildPart } from "./build-part";

describe("buildPart", () => {
  it.each([
    [undefined, "all"],
    ["", "all"],
    ["all", "all"],
    ["shop", "shop"],
    ["office", "office"],
  ])("given PRYDE_PART=%s, should build %s", (value, expected) => {
    expect(buildPart(value)).toBe(expected);
  });

  it("given a misspelt part, should refuse to build rather than build every route", () => {
    expect(() => buildPart("backoffice")).toThrow(/PRYDE_PART/);
  });

  it("should build each part into its own directory", () => {
    expect(new Set((["all", "shop", "office"] as const).map(buildDirectory))).toEqual(new Set(["build", "build-office"]));
  });
});
