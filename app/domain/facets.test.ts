import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  countFacets,
  type FacetFilters,
  type FacetProduct,
  facetSearchParams,
  hasFacetFilters,
  knownFilters,
  maxFacetChoices,
  noFacetFilters,
  parseFacetFilters,
  satangToBahtText,
} from "./facets";

const parse = (query: string) => parseFacetFilters(new URLSearchParams(query));

describe("parseFacetFilters", () => {
  it("given no filter, should ask for none", () => {
    expect(parse("")).toEqual(noFacetFilters);
    expect(hasFacetFilters(parse("category=2&search=tee&sort=newest"))).toBe(false);
  });

  it("given sizes, colours, a range in Baht and in stock, should read them all (prices as satang)", () => {
    expect(parse("size=s&size=m&colour=black&min=200&max=499.5&stock=1")).toEqual({
      size: ["s", "m"],
      colour: ["black"],
      minSatang: 20000,
      maxSatang: 49950,
      inStock: true,
    });
  });

  it("given a reversed range, should swap it; given a zero minimum, should drop it", () => {
    expect(parse("min=900&max=100")).toMatchObject({ minSatang: 10000, maxSatang: 90000 });
    expect(parse("min=0&max=100")).toEqual({ ...noFacetFilters, maxSatang: 10000 });
  });

  it.each([
    "size=",
    "size=%20",
    "size=<b>",
    "size=m%27--",
    "size=ม",
    `size=${"x".repeat(41)}`,
    "colour=-black",
    "min=abc",
    "min=-5",
    "min=1e3",
    "min=0x10",
    "min=1,000",
    "max=NaN",
    "max=Infinity",
    "max=12.345",
    "max=99999999999",
    "stock=yes",
    "stock=0",
    "stock=",
  ])("given the garbage %s, should ignore it", (query) => {
    expect(parse(query)).toEqual(noFacetFilters);
  });

  it("given the same size twice or too many, should keep each once and at most the limit", () => {
    expect(parse("size=m&size=m&size=l").size).toEqual(["m", "l"]);
    expect(parse(Array.from({ length: 50 }, (_, index) => `size=s${index}`).join("&")).size).toHaveLength(maxFacetChoices);
  });

  it("given any query text, should never throw, and what it returns round-trips through the URL", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (query) => {
        const filters = parse(query);
        expect(parseFacetFilters(new URLSearchParams(facetSearchParams(filters)))).toEqual(filters);
      }),
      { numRuns: 300 },
    );
  });
});

describe("satangToBahtText", () => {
  it("should write whole Baht without decimals and keep satang otherwise", () => {
    expect(satangToBahtText(25000)).toBe("250");
    expect(satangToBahtText(25050)).toBe("250.5");
    expect(satangToBahtText(25005)).toBe("250.05");
  });
});

describe("countFacets", () => {
  const shirt: FacetProduct = {
    id: 1,
    variants: [
      { size: "s", colour: "black", stock: 0, priceSatang: 30000 },
      { size: "m", colour: "black", stock: 2, priceSatang: 30000 },
      { size: "m", colour: "red", stock: 0, priceSatang: 35000 },
    ],
  };
  const cap: FacetProduct = { id: 2, variants: [{ size: null, colour: null, stock: 5, priceSatang: 20000 }] };
  const known = { size: new Set(["s", "m", "l"]), colour: new Set(["black", "red"]) };

  it("given no filter, should count every product with each option, and list products without one", () => {
    const counts = countFacets([shirt, cap], noFacetFilters);
    expect(counts.total).toBe(2);
    expect(Object.fromEntries(counts.size)).toEqual({ s: 1, m: 1 });
    expect(counts.inStock).toBe(2);
  });

  it("given a colour, should count sizes under it but colours under every other filter only", () => {
    const filters: FacetFilters = { ...noFacetFilters, colour: ["red"], inStock: true };
    const counts = countFacets([shirt, cap], filters);
    // The only red is out of stock: nothing listed; black in stock would leave the shirt.
    expect(counts.total).toBe(0);
    expect(Object.fromEntries(counts.colour)).toEqual({ black: 1, red: 0 });
    expect(Object.fromEntries(counts.size)).toEqual({ s: 0, m: 0 });
    expect(counts.inStock).toBe(0);
  });

  it("given an unknown code, should ignore it once the known codes are applied", () => {
    const filters = knownFilters({ ...noFacetFilters, size: ["xxxl"] }, known);
    expect(countFacets([shirt, cap], filters).total).toBe(2);
  });

  it("given a price range, should judge each variant by its own price", () => {
    const counts = countFacets([shirt, cap], { ...noFacetFilters, minSatang: 32000 });
    expect(counts.total).toBe(1);
    expect(Object.fromEntries(counts.colour)).toEqual({ black: 0, red: 1 });
  });
});
