import { describe, expect, it } from "vitest";

import { decideReview, designOrderLines, type DesignStatus, isEditableDesign, type ReviewAction, reviewActionsFor, sendKindOf } from "./custom-order";

describe("decideReview", () => {
  const cases: [string, DesignStatus, ReviewAction, ReturnType<typeof decideReview>][] = [
    [
      "given a submitted design, confirm should confirm it and ask for payment",
      "submitted",
      "confirm",
      { ok: true, designStatus: "confirmed", orderChange: "waiting_payment", messageRequired: false },
    ],
    [
      "given a submitted design, a change request should keep the order in review and need a message",
      "submitted",
      "request-changes",
      { ok: true, designStatus: "changes_requested", orderChange: null, messageRequired: true },
    ],
    [
      "given a submitted design, reject should cancel the order and need a message",
      "submitted",
      "reject",
      { ok: true, designStatus: "rejected", orderChange: "cancelled", messageRequired: true },
    ],
    [
      "given a design waiting for changes, reject should still be possible",
      "changes_requested",
      "reject",
      { ok: true, designStatus: "rejected", orderChange: "cancelled", messageRequired: true },
    ],
    [
      "given a design waiting for changes, confirm should be refused (staff confirm what was sent)",
      "changes_requested",
      "confirm",
      { ok: false, reason: "not-allowed" },
    ],
    ["given a design waiting for changes, asking again should be refused", "changes_requested", "request-changes", { ok: false, reason: "not-allowed" }],
    ["given a confirmed design, confirm again should be refused", "confirmed", "confirm", { ok: false, reason: "not-allowed" }],
    ["given a confirmed design, reject should be refused (the order's own cancel handles it)", "confirmed", "reject", { ok: false, reason: "not-allowed" }],
    ["given a draft, no review action should apply", "draft", "confirm", { ok: false, reason: "not-allowed" }],
    ["given a rejected design, nothing should apply", "rejected", "request-changes", { ok: false, reason: "not-allowed" }],
  ];
  it.each(cases)("%s", (_name, status, action, expected) => {
    expect(decideReview(status, action)).toEqual(expected);
  });

  it("lists the actions staff can take per status", () => {
    expect(reviewActionsFor("submitted")).toEqual(["confirm", "request-changes", "reject"]);
    expect(reviewActionsFor("changes_requested")).toEqual(["reject"]);
    expect(reviewActionsFor("confirmed")).toEqual([]);
    expect(reviewActionsFor("draft")).toEqual([]);
  });
});

describe("editing and sending", () => {
  it.each([
    ["draft", true, "submit"],
    ["changes_requested", true, "resubmit"],
    ["submitted", false, null],
    ["confirmed", false, null],
    ["rejected", false, null],
  ] as const)("given a %s design, should be editable: %s, sent as: %s", (status, editable, kind) => {
    expect(isEditableDesign(status)).toBe(editable);
    expect(sendKindOf(status)).toBe(kind);
  });
});

describe("designOrderLines", () => {
  it("given quantities per size, should make one line per size ordered, in size order", () => {
    expect(designOrderLines({ s: 2, m: 0, l: 5, xl: 1 }, 52000)).toEqual([
      { size: "s", quantity: 2, unitPriceSatang: 52000 },
      { size: "l", quantity: 5, unitPriceSatang: 52000 },
      { size: "xl", quantity: 1, unitPriceSatang: 52000 },
    ]);
  });
  it("given no quantities, should make no lines", () => {
    expect(designOrderLines({ s: 0, m: 0, l: 0, xl: 0 }, 100)).toEqual([]);
  });
});
