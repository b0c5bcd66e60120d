import { describe, expect, it } from "vitest";
import { mergeCarts, type MergeLine } from "./cart-merge";

const line = (variantId: number, quantity: number, max = 10): MergeLine => ({ variantId, quantity, max });

describe("mergeCarts", () => {
  it.each<[string, MergeLine[], MergeLine[], MergeLine[], MergeLine[], { variantId: number; quantity: number }[]]>([
    ["empty guest cart keeps the customer's cart", [], [line(1, 2)], [line(1, 2)], [], []],
    ["empty customer cart takes the guest lines", [line(1, 2), line(2, 1)], [], [line(1, 2), line(2, 1)], [line(1, 2), line(2, 1)], []],
    ["same variant sums quantities", [line(1, 2)], [line(1, 3)], [line(1, 5)], [], [{ variantId: 1, quantity: 5 }]],
    ["same variant is capped at max", [line(1, 4, 5)], [line(1, 3, 5)], [line(1, 5, 5)], [], [{ variantId: 1, quantity: 5 }]],
    ["other variants are appended after the customer's", [line(2, 1)], [line(1, 1)], [line(1, 1), line(2, 1)], [line(2, 1)], []],
    ["a guest line above its max is capped", [line(3, 9, 4)], [], [line(3, 4, 4)], [line(3, 4, 4)], []],
    ["a guest line with no stock is dropped", [line(3, 2, 0)], [], [], [], []],
    [
      "a sum already at max changes nothing",
      [line(1, 1, 2)],
      [line(1, 2, 2)],
      [line(1, 2, 2)],
      [],
      [],
    ],
    [
      "mixed",
      [line(1, 1), line(4, 2), line(2, 20, 6)],
      [line(2, 3, 6), line(3, 1)],
      [line(2, 6, 6), line(3, 1), line(1, 1), line(4, 2)],
      [line(1, 1), line(4, 2)],
      [{ variantId: 2, quantity: 6 }],
    ],
  ])("%s", (_name, guest, customer, lines, insert, update) => {
    const plan = mergeCarts(guest, customer);
    expect(plan.lines).toEqual(lines);
    expect(plan.insert).toEqual(insert);
    expect(plan.update).toEqual(update);
  });

  it("never changes its inputs", () => {
    const guest = [line(1, 2)];
    const customer = [line(1, 3)];
    mergeCarts(guest, customer);
    expect(guest).toEqual([line(1, 2)]);
    expect(customer).toEqual([line(1, 3)]);
  });
});
