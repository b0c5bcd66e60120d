import { describe, expect, it } from "vitest";

import { orderStatusId } from "~/domain/order-status";

import { changeNeedsConfirmation, choiceLabel } from "./order-choices";

describe("choiceLabel", () => {
  it.each([
    [orderStatusId.waiting_payment, orderStatusId.paid, 1, "actions.markPaidCash"],
    [orderStatusId.waiting_payment, orderStatusId.paid, 2, "actions.markPaidPaypal"],
    [orderStatusId.waiting_payment, orderStatusId.paid, 3, "actions.markPaidTransfer"],
    [orderStatusId.waiting_payment, orderStatusId.paid, null, "actions.markPaid"],
    [orderStatusId.waiting_payment, orderStatusId.paid, 9, "actions.markPaid"],
    [orderStatusId.slip_review, orderStatusId.paid, 3, "actions.approveSlip"],
    [orderStatusId.slip_review, orderStatusId.waiting_payment, 3, "actions.rejectSlip"],
    [orderStatusId.refund_request, orderStatusId.refunded, 3, "actions.refund"],
    [orderStatusId.refund_request, orderStatusId.completed, 3, "actions.declineRefund"],
    [orderStatusId.waiting_payment, orderStatusId.cancelled, 3, "actions.cancel"],
    [orderStatusId.paid, orderStatusId.awaiting_fulfilment, 1, "actions.queue"],
  ] as const)("from %i to %i paid by %s is %s", (from, to, paymentTypeId, key) => {
    expect(choiceLabel(from, to, paymentTypeId)).toBe(key);
  });
});

describe("changeNeedsConfirmation", () => {
  it.each(Object.entries(orderStatusId))("%s", (name, id) => {
    expect(changeNeedsConfirmation(id)).toBe(name === "cancelled" || name === "refunded");
  });
});
