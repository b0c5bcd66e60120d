import type { CustomDesign, DesignProductRules } from "./custom-design";
import { type GarmentSize, garmentSizes } from "./design-options";
import { addSatang, isSatang, multiplySatang, type Satang, sumSatang } from "./money";

/**
 * The price of a custom design (DESIGN §5): one garment costs the product's base price plus the
 * add-on of each chosen option; the design costs that × the total quantity over the sizes. Prices
 * come from D1 (custom_products, custom_options), never from the browser. On review staff may
 * quote another price per garment (custom_designs.unit_price_satang); the quote then wins.
 */

export interface DesignAddOn {
  attributeId: number;
  optionId: number;
  amount: Satang;
}

export interface DesignPriceInput {
  basePrice: Satang;
  addOns: readonly DesignAddOn[];
  quantities: Readonly<Record<GarmentSize, number>>;
}

export interface DesignPrice {
  /** Base + add-ons: what the designer shows live. */
  listUnitPrice: Satang;
  /** What is charged per garment: the staff quote when there is one, else the list price. */
  unitPrice: Satang;
  source: "list" | "quoted";
  quantity: number;
  total: Satang;
  breakdown: {
    base: Satang;
    addOns: readonly DesignAddOn[];
    sizes: readonly { size: GarmentSize; quantity: number; total: Satang }[];
  };
}

/**
 * The add-ons of the options a design chose, priced from the product's data. Choices the product
 * does not have are left out here; validateDesignAgainstProduct refuses them.
 */
export function chosenAddOns(design: Pick<CustomDesign, "options">, product: Pick<DesignProductRules, "attributes">): DesignAddOn[] {
  const addOns: DesignAddOn[] = [];
  for (const choice of design.options) {
    const option = product.attributes.find((attribute) => attribute.id === choice.attributeId)?.options.find((candidate) => candidate.id === choice.optionId);
    if (option && !addOns.some((addOn) => addOn.attributeId === choice.attributeId)) {
      addOns.push({ attributeId: choice.attributeId, optionId: choice.optionId, amount: option.priceAddOnSatang });
    }
  }
  return addOns;
}

/**
 * Per-garment and total price with a breakdown. `quotedUnitPrice` is the staff-adjusted price of
 * one garment (null or undefined: none). Amounts and quantities must be whole and not negative —
 * the schema and the database CHECKs guarantee that, so anything else is a programmer error.
 */
export function designPrice(input: DesignPriceInput, quotedUnitPrice?: Satang | null): DesignPrice {
  const amounts = [input.basePrice, ...input.addOns.map((addOn) => addOn.amount)];
  if (quotedUnitPrice !== undefined && quotedUnitPrice !== null) amounts.push(quotedUnitPrice);
  for (const amount of amounts) {
    if (!isSatang(amount) || amount < 0) throw new RangeError(`A design price needs whole non-negative satang, got ${amount}`);
  }
  for (const size of garmentSizes) {
    const quantity = input.quantities[size];
    if (!Number.isSafeInteger(quantity) || quantity < 0) throw new RangeError(`A quantity must be a whole number ≥ 0, got ${quantity}`);
  }

  const listUnitPrice = addSatang(input.basePrice, ...input.addOns.map((addOn) => addOn.amount));
  const quoted = quotedUnitPrice !== undefined && quotedUnitPrice !== null;
  const unitPrice = quoted ? quotedUnitPrice : listUnitPrice;
  const sizes = garmentSizes.map((size) => ({ size, quantity: input.quantities[size], total: multiplySatang(unitPrice, input.quantities[size]) }));
  const quantity = sizes.reduce((sum, line) => sum + line.quantity, 0);
  return {
    listUnitPrice,
    unitPrice,
    source: quoted ? "quoted" : "list",
    quantity,
    total: sumSatang(sizes.map((line) => line.total)),
    breakdown: { base: input.basePrice, addOns: input.addOns, sizes },
  };
}

/** The price of a design of a product, from the product's data; the quote, when given, overrides it. */
export function priceDesign(
  design: Pick<CustomDesign, "options" | "quantities">,
  product: Pick<DesignProductRules, "attributes" | "basePriceSatang">,
  quotedUnitPrice?: Satang | null,
): DesignPrice {
  return designPrice({ basePrice: product.basePriceSatang, addOns: chosenAddOns(design, product), quantities: design.quantities }, quotedUnitPrice);
}
