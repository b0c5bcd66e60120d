import { multiplySatang, type Satang, satang, sumSatang } from "./money";

/**
 * The one rule for what a cart, checkout, order, e-mail or invoice line shows as its total, and
 * what the subtotal under the lines is: a line's amount is unit price × quantity (Baht, exact
 * satang; nothing to round), and the subtotal is their sum. A discount code and points are shown as
 * their own rows under the subtotal — never folded into the line amounts (an order line's stored
 * `line_total_satang` is after its share of them, for accounting, and is not what the lines show:
 * showing it made the lines not add up to the subtotal).
 */
export interface PricedLine {
  unitPriceSatang: number;
  quantity: number;
}

export function lineAmountSatang(line: PricedLine): Satang {
  return multiplySatang(satang(line.unitPriceSatang), line.quantity);
}

export function linesSubtotalSatang(lines: readonly PricedLine[]): Satang {
  return sumSatang(lines.map(lineAmountSatang));
}
