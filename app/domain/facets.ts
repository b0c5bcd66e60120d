/**
 * Shop filters with counts (issue 20): size, colour, a price range in Baht and "in stock only", read from
 * the URL (a GET form, so shareable and the back button works) and the counting rule they follow.
 *
 * Filters apply to variants, not to products: a product is listed when ONE of its active variants is at
 * once of a chosen size, of a chosen colour, in stock (when asked) and priced within the range, so
 * "M, black, in stock" lists what the shopper can actually buy, not a shirt whose only M is red.
 * Within one facet the choices are OR-ed (S or M). An option's count is the number of products the
 * listing would show with every OTHER facet's choices plus that option alone (standard faceting).
 *
 * The SQL in app/features/catalog/facets.server.ts implements this rule in one query; a property test
 * checks it against countFacets below on random catalogues.
 */

export const facetAttributeCodes = ["size", "colour"] as const;
export type FacetAttributeCode = (typeof facetAttributeCodes)[number];

/** More choices than this in one facet is not a shopper: the rest are ignored. */
export const maxFacetChoices = 20;
/** The most Baht a price bound can say (far above any product; keeps the satang a safe integer). */
export const maxPriceBaht = 10_000_000;

/** What the URL asks for, garbage already dropped. Prices are satang. */
export interface FacetFilters {
  size: readonly string[];
  colour: readonly string[];
  minSatang?: number;
  maxSatang?: number;
  inStock: boolean;
}

export const noFacetFilters: FacetFilters = { size: [], colour: [], inStock: false };

/** The URL names of the filters (`?size=s&size=m&colour=black&min=200&max=500&stock=1`). */
export const facetParams = { size: "size", colour: "colour", min: "min", max: "max", inStock: "stock" } as const;

/** Option codes are machine names ("m", "navy-blue"); anything else cannot be one of ours (the SQL relies on it). */
export const facetCodePattern = /^[a-z0-9][a-z0-9_-]{0,39}$/i;
// Whole Baht or Baht and satang, as a shopper would type it; no signs, exponents or separators.
const bahtAmount = /^\d{1,8}(?:\.\d{1,2})?$/;

function parseCodes(values: readonly string[]): string[] {
  const codes = new Set<string>();
  for (const value of values) {
    const code = value.trim();
    if (facetCodePattern.test(code)) codes.add(code);
    if (codes.size >= maxFacetChoices) break;
  }
  return [...codes];
}

function parseBaht(value: string | null): number | undefined {
  const text = value?.trim() ?? "";
  if (!bahtAmount.test(text)) return undefined;
  const baht = Number(text);
  return baht <= maxPriceBaht ? Math.round(baht * 100) : undefined;
}

/** The filters a URL asks for; malformed values are dropped (never an error), a reversed range is put right. */
export function parseFacetFilters(searchParams: URLSearchParams): FacetFilters {
  let minSatang = parseBaht(searchParams.get(facetParams.min));
  let maxSatang = parseBaht(searchParams.get(facetParams.max));
  if (minSatang !== undefined && maxSatang !== undefined && minSatang > maxSatang) [minSatang, maxSatang] = [maxSatang, minSatang];
  const stock = searchParams.get(facetParams.inStock);
  return {
    size: parseCodes(searchParams.getAll(facetParams.size)),
    colour: parseCodes(searchParams.getAll(facetParams.colour)),
    ...(minSatang !== undefined && minSatang > 0 ? { minSatang } : {}),
    ...(maxSatang !== undefined ? { maxSatang } : {}),
    inStock: stock === "1" || stock === "on",
  };
}

export function hasFacetFilters(filters: FacetFilters): boolean {
  return filters.size.length > 0 || filters.colour.length > 0 || filters.minSatang !== undefined || filters.maxSatang !== undefined || filters.inStock;
}

/** The filters as URL parameters, in a stable order (append them to the rest of the shop's query). */
export function facetSearchParams(filters: FacetFilters): [string, string][] {
  const params: [string, string][] = [];
  for (const code of filters.size) params.push([facetParams.size, code]);
  for (const code of filters.colour) params.push([facetParams.colour, code]);
  if (filters.minSatang !== undefined) params.push([facetParams.min, satangToBahtText(filters.minSatang)]);
  if (filters.maxSatang !== undefined) params.push([facetParams.max, satangToBahtText(filters.maxSatang)]);
  if (filters.inStock) params.push([facetParams.inStock, "1"]);
  return params;
}

/** "250" or "250.5": what the price box shows and the URL carries. */
export function satangToBahtText(satang: number): string {
  return satang % 100 === 0 ? String(satang / 100) : (satang / 100).toFixed(2).replace(/0$/, "");
}

/**
 * Only choices the catalogue knows count: a code no option has (a stale link, a typo) is ignored
 * rather than leaving an empty page. `known` are the option codes of each attribute.
 */
export function knownFilters(filters: FacetFilters, known: Record<FacetAttributeCode, ReadonlySet<string>>): FacetFilters {
  return { ...filters, size: filters.size.filter((code) => known.size.has(code)), colour: filters.colour.filter((code) => known.colour.has(code)) };
}

/** A variant as the counting rule sees it: its option codes and the price a shopper would pay now (satang). */
export interface FacetVariant {
  size: string | null;
  colour: string | null;
  stock: number;
  priceSatang: number;
}

export interface FacetProduct {
  id: number;
  /** Active variants only. */
  variants: readonly FacetVariant[];
}

export type FacetName = FacetAttributeCode | "inStock" | "price";

/** Does a variant pass every filter but `except`? (Filters must already be `knownFilters`.) */
export function variantPasses(variant: FacetVariant, filters: FacetFilters, except?: FacetName): boolean {
  const inChoice = (chosen: readonly string[], code: string | null) => chosen.length === 0 || (code !== null && chosen.includes(code));
  if (except !== "size" && !inChoice(filters.size, variant.size)) return false;
  if (except !== "colour" && !inChoice(filters.colour, variant.colour)) return false;
  if (except !== "inStock" && filters.inStock && variant.stock <= 0) return false;
  if (except !== "price" && filters.minSatang !== undefined && variant.priceSatang < filters.minSatang) return false;
  if (except !== "price" && filters.maxSatang !== undefined && variant.priceSatang > filters.maxSatang) return false;
  return true;
}

export interface FacetCounts {
  /** Products each size/colour code would leave; codes no listed variant has are absent. */
  size: Map<string, number>;
  colour: Map<string, number>;
  /** Products left with "in stock only" ticked. */
  inStock: number;
  /** Products listed with every filter applied. */
  total: number;
}

/** The counting rule in plain TypeScript (the reference the SQL is tested against). */
export function countFacets(products: readonly FacetProduct[], filters: FacetFilters): FacetCounts {
  const counts: FacetCounts = { size: new Map(), colour: new Map(), inStock: 0, total: 0 };
  for (const product of products) {
    if (product.variants.length === 0) continue;
    for (const attribute of facetAttributeCodes) {
      const codes = new Set(product.variants.map((variant) => variant[attribute]).filter((code): code is string => code !== null));
      for (const code of codes) {
        const leaves = product.variants.some((variant) => variant[attribute] === code && variantPasses(variant, filters, attribute));
        counts[attribute].set(code, (counts[attribute].get(code) ?? 0) + (leaves ? 1 : 0));
      }
    }
    if (product.variants.some((variant) => variant.stock > 0 && variantPasses(variant, filters, "inStock"))) counts.inStock += 1;
    if (product.variants.some((variant) => variantPasses(variant, filters))) counts.total += 1;
  }
  return counts;
}
