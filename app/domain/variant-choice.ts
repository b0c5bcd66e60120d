/**
 * Choosing a variant by its options on the product page. Every option a shopper can pick leads to
 * one variant: the one with the current choice's other options and this one; failing that (no
 * such combination) the first variant with this option that can be bought, else the first one.
 * An option whose target cannot be bought is shown disabled (sold out).
 */
export interface ChoiceVariant {
  id: number;
  optionIds: readonly number[];
  /** The most a cart line may hold now (0: cannot be bought). */
  max: number;
}

export interface OptionChoice {
  optionId: number;
  targetVariantId: number | null;
  selected: boolean;
  soldOut: boolean;
}

/** The variant a URL asks for (`?variant=`), else the first that can be bought, else the first. */
export function pickVariant<V extends ChoiceVariant>(variants: readonly V[], requestedId: number | null): V | null {
  const requested = requestedId === null ? undefined : variants.find((variant) => variant.id === requestedId);
  return requested ?? variants.find((variant) => variant.max > 0) ?? variants[0] ?? null;
}

export function optionChoices(variants: readonly ChoiceVariant[], current: ChoiceVariant, attributeOptionIds: readonly number[]): OptionChoice[] {
  const sameAttribute = new Set(attributeOptionIds);
  const others = current.optionIds.filter((id) => !sameAttribute.has(id));
  return attributeOptionIds.map((optionId) => {
    const withOption = variants.filter((variant) => variant.optionIds.includes(optionId));
    const exact = withOption.find((variant) => others.every((other) => variant.optionIds.includes(other)));
    const target = exact ?? withOption.find((variant) => variant.max > 0) ?? withOption[0] ?? null;
    return {
      optionId,
      targetVariantId: target?.id ?? null,
      selected: current.optionIds.includes(optionId),
      soldOut: !target || target.max <= 0,
    };
  });
}
