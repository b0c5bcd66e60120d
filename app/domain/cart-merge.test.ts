import { describe, expect, it } from "vitest";

import { mergeCarts, type MergeLine } from "./cart-merge";

const line = (variantId: number, quantity: number, max = 10, seenPriceSatang: number | null = 100): MergeLine => ({
  variantId,
  quantity,
  max,
  seenPriceSatang,
});
type Update = { variantId: number; quantity: number; seenPriceSatang: number | null };

describe("mergeCarts", () => {
  it.each<[string, MergeLine[], MergeLine[], MergeLine[], MergeLine[], Update[]]>([
    ["empty guest cart keeps the customer's cart", [], [line(1, 2)], [line(1, 2)], [], []],
    ["empty customer cart takes the guest lines", [line(1, 2), line(2, 1)], [], [line(1, 2), line(2, 1)], [line(1, 2), line(2, 1)], []],
    ["same variant sums quantities", [line(1, 2)], [line(1, 3)], [line(1, 5)], [], [{ variantId: 1, quantity: 5, seenPriceSatang: 100 }]],
    ["same variant is capped at max", [line(1, 4, 5)], [line(1, 3, 5)], [line(1, 5, 5)], [], [{ variantId: 1, quantity: 5, seenPriceSatang: 100 }]],
    ["other variants are appended after the customer's", [line(2, 1)], [line(1, 1)], [line(1, 1), line(2, 1)], [line(2, 1)], []],
    ["a guest line above its max is capped", [line(3, 9, 4)], [], [line(3, 4, 4)], [line(3, 4, 4)], []],
    ["a guest line with no stock is dropped", [line(3, 2, 0)], [], [], [], []],
    ["a sum already at max changes nothing", [line(1, 1, 2)], [line(1, 2, 2)], [line(1, 2, 2)], [], []],
    [
      "mixed",
      [line(1, 1), line(4, 2), line(2, 20, 6)],
      [line(2, 3, 6), line(3, 1)],
      [line(2, 6, 6), line(3, 1), line(1, 1), line(4, 2)],
      [line(1, 1), line(4, 2)],
      [{ variantId: 2, quantity: 6, seenPriceSatang: 100 }],
    ],
  ])("%s", (_name, guest, customer, lines, insert, update) => {
    const plan = mergeCarts(guest, customer);
    expect(plan.lines).toEqual(lines);
    expect(plan.insert).toEqual(insert);
    expect(plan.update).toEqual(update);
  });

  it.each<[string, MergeLine[], MergeLine[], { variantId: number; quantity: number }[]]>([
    ["nothing above max: nothing capped", [line(1, 2)], [line(1, 3)], []],
    ["a sum above max is capped and reported", [line(1, 4, 5)], [line(1, 3, 5)], [{ variantId: 1, quantity: 5 }]],
    ["a guest line above its max is reported", [line(3, 9, 4)], [], [{ variantId: 3, quantity: 4 }]],
    ["a sum exactly at max is not", [line(1, 2, 5)], [line(1, 3, 5)], []],
    ["a line with no stock left is dropped, not reported as 'only 0 left'", [line(3, 2, 0)], [], []],
    [
      "mixed",
      [line(1, 1), line(4, 12, 6), line(2, 20, 6)],
      [line(2, 3, 6), line(3, 1)],
      [
        { variantId: 4, quantity: 6 },
        { variantId: 2, quantity: 6 },
      ],
    ],
  ])("capped: %s", (_name, guest, customer, capped) => {
    expect(mergeCarts(guest, customer).capped).toEqual(capped);
  });

  it.each<[string, number | null, number | null, number | null]>([
    ["the guest saw a lower price (before a rise): keeps the lower", 90, 100, 90],
    ["the customer saw the lower price: keeps it", 100, 90, 90],
    ["the same price: nothing to update beyond the quantity", 100, 100, 100],
    ["the customer's line is older than the seen price: takes the guest's", 120, null, 120],
    ["the guest's line has no seen price: keeps the customer's", null, 80, 80],
    ["neither is known: stays unknown", null, null, null],
  ])("given a variant in both carts and %s", (_name, guestSeen, customerSeen, merged) => {
    const plan = mergeCarts([line(1, 1, 10, guestSeen)], [line(1, 1, 10, customerSeen)]);
    expect(plan.lines).toEqual([line(1, 2, 10, merged)]);
    expect(plan.update).toEqual([{ variantId: 1, quantity: 2, seenPriceSatang: merged }]);
  });

  it("given a sum already at max but a lower seen price from the guest, should update the seen price only", () => {
    const plan = mergeCarts([line(1, 1, 2, 90)], [line(1, 2, 2, 100)]);
    expect(plan.update).toEqual([{ variantId: 1, quantity: 2, seenPriceSatang: 90 }]);
  });

  it("given a guest line appended, should carry its seen price", () => {
    expect(mergeCarts([line(2, 1, 10, 77)], []).insert).toEqual([line(2, 1, 10, 77)]);
  });

  it("never changes its inputs", () => {
    const guest = [line(1, 2)];
    const customer = [line(1, 3)];
    mergeCarts(guest, customer);
    expect(guest).toEqual([line(1, 2)]);
    expect(customer).toEqual([line(1, 3)]);
  });
});
