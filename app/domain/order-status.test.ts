import { describe, expect, it } from "vitest";

import {
  type ActorKind,
  decideStatusChange,
  finalStatusIds,
  isOrderStatusId,
  nextStatusIds,
  orderStatuses,
  orderStatusId,
  orderStatusIds,
  staffAttentionStatusIds,
  statusLabelKey,
  statusTransitions,
} from "./order-status";

const allActors: ActorKind[] = ["customer", "staff", "payment-provider", "system"];

// The decision record (docs/decisions/0003-order-statuses.md), written out again on purpose: a change
// to the table in order-status.ts must be a change to this list too.
const expectedTransitions: [from: number, to: number, actors: ActorKind[], restock: boolean, needsPayment: boolean][] = [
  [6, 1, ["staff"], false, false],
  [6, 8, ["staff", "customer"], true, false],
  [1, 2, ["payment-provider", "staff"], false, true],
  [1, 10, ["customer", "staff"], false, false],
  [1, 8, ["customer", "staff", "system"], true, false],
  [10, 2, ["staff"], false, true],
  [10, 1, ["staff"], false, false],
  [2, 3, ["staff", "system"], false, false],
  [2, 5, ["customer", "staff"], false, false],
  [2, 8, ["staff"], true, false],
  [3, 4, ["staff"], false, false],
  [3, 5, ["customer", "staff"], false, false],
  [4, 7, ["customer", "staff", "system"], false, false],
  [4, 5, ["customer", "staff"], false, false],
  [7, 5, ["customer", "staff"], false, false],
  [5, 9, ["staff", "payment-provider"], true, false],
  [5, 7, ["staff"], false, false],
  [5, 3, ["staff"], false, false],
];

describe("order status ids", () => {
  it("should fix exactly these ids", () => {
    expect(orderStatuses).toEqual({
      1: "waiting_payment",
      2: "paid",
      3: "awaiting_fulfilment",
      4: "fulfilment_done",
      5: "refund_request",
      6: "in_review",
      7: "completed",
      8: "cancelled",
      9: "refunded",
      10: "slip_review",
    });
    expect(orderStatusIds).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(orderStatusId).toMatchObject({ waiting_payment: 1, paid: 2, in_review: 6, slip_review: 10 });
  });

  it("should count ids 1–6 and 10 on the back-office sidebar", () => {
    expect(staffAttentionStatusIds).toEqual([1, 2, 3, 4, 5, 6, 10]);
  });

  it.each([
    [1, true],
    [10, true],
    [0, false],
    [11, false],
    [1.5, false],
    ["1", false],
    [null, false],
  ])("given %j, isOrderStatusId should say %s", (value, expected) => {
    expect(isOrderStatusId(value)).toBe(expected);
  });

  it.each([
    [1, "waiting_payment"],
    [2, "paid"],
    [6, "in_review"],
    [10, "slip_review"],
    [0, "unknown"],
    [42, "unknown"],
  ])("given id %s, statusLabelKey should give %s", (id, key) => {
    expect(statusLabelKey(id)).toBe(key);
  });
});

describe("the transition table", () => {
  it("should hold exactly the decided transitions", () => {
    const actual = statusTransitions.map((t) => [orderStatusId[t.from], orderStatusId[t.to], [...t.actors].sort(), t.restock, t.needsPayment]);
    const expected = expectedTransitions.map(([from, to, actors, restock, needsPayment]) => [from, to, [...actors].sort(), restock, needsPayment]);
    expect(actual).toEqual(expected);
  });

  it("should list each pair once and say when it happens", () => {
    const pairs = statusTransitions.map((t) => `${t.from}->${t.to}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const t of statusTransitions) expect(t.when).not.toBe("");
  });

  it("should let every non-final status move on and no final status move at all", () => {
    for (const id of orderStatusIds) {
      const leaves = statusTransitions.some((t) => t.from === orderStatuses[id]);
      expect(leaves).toBe(!finalStatusIds.includes(id));
    }
  });

  it("should restock exactly the changes into cancelled and refunded", () => {
    for (const t of statusTransitions) expect(t.restock).toBe(t.to === "cancelled" || t.to === "refunded");
  });
});

describe("decideStatusChange", () => {
  const allowedCases = expectedTransitions.flatMap(([from, to, actors, restock, needsPayment]) =>
    actors.map((actor) => [orderStatuses[from as 1], orderStatuses[to as 1], actor, from, to, restock, needsPayment] as const),
  );
  it.each(allowedCases)("given %s → %s by %s, should allow it", (_, __, actor, from, to, restock, needsPayment) => {
    expect(decideStatusChange(from, to, actor)).toEqual({ ok: true, restock, needsPayment });
  });

  const wrongActorCases = expectedTransitions.flatMap(([from, to, actors]) =>
    allActors.filter((actor) => !actors.includes(actor)).map((actor) => [orderStatuses[from as 1], orderStatuses[to as 1], actor, from, to] as const),
  );
  it.each(wrongActorCases)("given %s → %s by %s, should refuse the actor", (_, __, actor, from, to) => {
    expect(decideStatusChange(from, to, actor)).toEqual({ ok: false, reason: "actor-not-allowed" });
  });

  const listed = new Set(expectedTransitions.map(([from, to]) => `${from}->${to}`));
  const forbiddenCases = orderStatusIds.flatMap((from) =>
    orderStatusIds.filter((to) => to !== from && !listed.has(`${from}->${to}`)).map((to) => [orderStatuses[from], orderStatuses[to], from, to] as const),
  );
  it.each(forbiddenCases)("given %s → %s, should refuse it as not allowed for anyone", (_, __, from, to) => {
    for (const actor of allActors) expect(decideStatusChange(from, to, actor)).toEqual({ ok: false, reason: "not-allowed" });
  });

  it.each(orderStatusIds)("given status %s → itself, should refuse it as same-status", (id) => {
    expect(decideStatusChange(id, id, "staff")).toEqual({ ok: false, reason: "same-status" });
  });

  it.each([
    [0, 2],
    [2, 0],
    [11, 11],
    [Number.NaN, 1],
    [1.5, 2],
  ])("given %s → %s, should refuse it as unknown-status", (from, to) => {
    expect(decideStatusChange(from, to, "staff")).toEqual({ ok: false, reason: "unknown-status" });
  });
});

describe("nextStatusIds", () => {
  it.each([
    [1, "customer", [10, 8]],
    [1, "staff", [2, 10, 8]],
    [1, "payment-provider", [2]],
    [1, "system", [8]],
    [6, "staff", [1, 8]],
    [10, "customer", []],
    [5, "staff", [9, 7, 3]],
    [8, "staff", []],
    [9, "staff", []],
    [99, "staff", []],
  ] as const)("given status %s and actor %s, should offer %j", (from, actor, expected) => {
    expect(nextStatusIds(from, actor)).toEqual(expected);
  });
});
