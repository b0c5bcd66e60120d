/**
 * The variants of a "variation" product are combinations of its product type's attribute options
 * (Size × Colour). These helpers list every combination and say which ones a product still lacks,
 * so the back-office form can add them in one click (or one no-JavaScript submit).
 */
export interface AttributeOptions {
  attributeId: number;
  /** In display order. */
  optionIds: readonly number[];
}

/**
 * Every combination, one option per attribute, in the attributes' order (the first attribute varies
 * slowest). Attributes without options are left out; no attribute with options → no combination.
 */
export function variantCombinations(attributes: readonly AttributeOptions[]): number[][] {
  const used = attributes.filter((attribute) => attribute.optionIds.length > 0);
  if (used.length === 0) return [];
  return used.reduce<number[][]>(
    (combinations, attribute) => combinations.flatMap((prefix) => attribute.optionIds.map((optionId) => [...prefix, optionId])),
    [[]],
  );
}

/** The same set of options whatever order they are listed in. */
export function combinationKey(optionIds: readonly number[]): string {
  return [...optionIds].sort((a, b) => a - b).join("-");
}

/** The combinations not yet among `existing` (each existing variant given by its option ids). */
export function missingCombinations(attributes: readonly AttributeOptions[], existing: readonly (readonly number[])[]): number[][] {
  const present = new Set(existing.map(combinationKey));
  return variantCombinations(attributes).filter((combination) => !present.has(combinationKey(combination)));
}

/** Positions (0-based) of rows whose option set already appeared earlier in the list. */
export function duplicateCombinationRows(rows: readonly (readonly number[])[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  rows.forEach((row, index) => {
    const key = combinationKey(row);
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}
