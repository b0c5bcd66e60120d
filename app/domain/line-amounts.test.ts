import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { type CheckoutLine, quoteCheckout } from "./checkout";
import type { DiscountCodeRecord } from "./discount-code";
import { lineAmountSatang, linesSubtotalSatang } from "./line-amounts";

const lineArbitrary: fc.Arbitrary<CheckoutLine> = fc.record({
  variantId: fc.integer({ min: 1, max: 1_000 }),
  unitPriceSatang: fc.integer({ min: 0, max: 5_000_000 }),
  quantity: fc.integer({ min: 1, max: 999 }),
  weightGrams: fc.integer({ min: 0, max: 5_000 }),
  onFlashSale: fc.boolean(),
});
const codeArbitrary = fc.option(
  fc
    .record({ type: fc.constantFrom("percent" as const, "fixed" as const), value: fc.integer({ min: 1, max: 100 }) })
    .map(({ type, value }): DiscountCodeRecord => ({
      id: 1,
      code: "C",
      type,
      value: type === "fixed" ? value * 1_000 : value,
      maxDiscountSatang: null,
      minPurchaseSatang: 0,
      usageLimit: null,
      usedCount: 0,
      perCustomerLimit: null,
      isActive: true,
      startsAt: null,
      endsAt: null,
      scope: "order",
      targetIds: [],
      firstOrderOnly: false,
      combinesWithFlashSale: false,
    })),
  { nil: null },
);

describe("line amounts and the subtotal (one rule for every view)", () => {
  it("given random carts with codes and points, the lines shown add up to the subtotal, and the rows under it to the total", () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 12 }), codeArbitrary, fc.integer({ min: 0, max: 100_000 }), (lines, record, points) => {
        const quote = quoteCheckout({
          lines,
          code: record ? { record, customerRedemptions: 0 } : undefined,
          pointsRequested: points,
          pointsBalance: 50_000,
          satangPerPoint: 100,
          customerId: 1,
          country: "TH",
          method: "standard",
          rates: [
            {
              id: 1,
              method: "standard",
              zone: "domestic",
              countryCode: "TH",
              basis: "quantity",
              minValue: 1,
              maxValue: null,
              priceSatang: 5_000,
              isActive: true,
            },
          ],
          vatPercent: 7,
          now: 0,
        });
        const shown = quote.lines.map(lineAmountSatang);
        expect(shown.reduce((sum, amount) => sum + amount, 0)).toBe(quote.subtotalSatang);
        expect(linesSubtotalSatang(quote.lines)).toBe(quote.subtotalSatang);
        expect(quote.subtotalSatang - quote.discountSatang - quote.pointsSatang + quote.shippingSatang).toBe(quote.totalSatang);
        // The stored after-discount amounts are the same money, split differently: they are not what a line shows.
        expect(quote.lines.reduce((sum, line) => sum + line.lineTotalSatang, 0)).toBe(quote.subtotalSatang - quote.discountSatang - quote.pointsSatang);
      }),
      { numRuns: 300 },
    );
  });

  it.each([
    [{ unitPriceSatang: 39_000, quantity: 3 }, 117_000],
    [{ unitPriceSatang: 0, quantity: 5 }, 0],
    [{ unitPriceSatang: 1, quantity: 1 }, 1],
  ])("given %j, the line amount should be %i", (line, expected) => {
    expect(lineAmountSatang(line)).toBe(expected);
  });

  // Views got their line totals from different places (the cart from unit × quantity, order pages
  // from the stored after-discount amount): they did not add up. Every loader and view now reads the
  // one function; nothing else multiplies a price by a quantity or shows a stored line total.
  it("should be the only place a line total is computed, and no view should show a stored order line total", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) files.push(path);
      }
    };
    walk("app");
    const multiplying = files.filter((file) => /[pP]riceSatang\s*\*\s*[\w.!]*quantity|quantity\s*\*\s*[\w.!]*[pP]riceSatang/.test(readFileSync(file, "utf8")));
    expect(multiplying).toEqual([]);
    const showingStored = files.filter((file) => /orderLines\.lineTotalSatang/.test(readFileSync(file, "utf8")));
    expect(showingStored).toEqual([]);
    const loaders = [
      "features/cart/cart.server.ts",
      "features/checkout/checkout-page.server.ts",
      "features/payments/order-payment.server.ts",
      "features/checkout/checkout.server.ts",
      "routes/account/my-purchase-order.tsx",
      "routes/backend/orders/order-detail.tsx",
      "features/orders/pos-order.server.ts",
    ];
    for (const file of loaders) expect([file, readFileSync(join("app", file), "utf8").includes("lineAmountSatang(")]).toEqual([file, true]);
  });
});
