import { type OrderStatusId, orderStatusId } from "~/domain/order-status";

/**
 * What the buttons of the order page say and which of them ask first (issue 14). A button names
 * what it does: from "waiting payment", "paid" means cash counted for a cash (POS) order but a
 * transfer checked for a bank-transfer order, so the label follows the order's payment type
 * (spec §3: 1 cash, 2 paypal, 3 transfer). Cancelling and refunding put stock back and tell the
 * shopper, so they ask for confirmation (app/ui/confirm.ts).
 */
export type ChoiceLabelKey =
  | "actions.approveSlip"
  | "actions.rejectSlip"
  | "actions.markPaidCash"
  | "actions.markPaidPaypal"
  | "actions.markPaidTransfer"
  | "actions.markPaid"
  | "actions.refund"
  | "actions.declineRefund"
  | "actions.declineRefundResume"
  | "actions.queue"
  | "actions.ship"
  | "actions.complete"
  | "actions.cancel"
  | "actions.requestRefund"
  | "actions.refused.unknown";

const markPaidByPaymentType: Record<number, ChoiceLabelKey> = { 1: "actions.markPaidCash", 2: "actions.markPaidPaypal", 3: "actions.markPaidTransfer" };

export function choiceLabel(from: number, to: OrderStatusId, paymentTypeId: number | null): ChoiceLabelKey {
  if (from === orderStatusId.slip_review) return to === orderStatusId.paid ? "actions.approveSlip" : "actions.rejectSlip";
  if (from === orderStatusId.waiting_payment && to === orderStatusId.paid)
    return (paymentTypeId !== null && markPaidByPaymentType[paymentTypeId]) || "actions.markPaid";
  if (from === orderStatusId.refund_request) {
    if (to === orderStatusId.refunded) return "actions.refund";
    return to === orderStatusId.completed ? "actions.declineRefund" : "actions.declineRefundResume";
  }
  switch (to) {
    case orderStatusId.awaiting_fulfilment:
      return "actions.queue";
    case orderStatusId.fulfilment_done:
      return "actions.ship";
    case orderStatusId.completed:
      return "actions.complete";
    case orderStatusId.cancelled:
      return "actions.cancel";
    case orderStatusId.refund_request:
      return "actions.requestRefund";
    default:
      return "actions.refused.unknown";
  }
}

/** Changes that return stock and cannot be undone from the back office: asked before they are made. */
export function changeNeedsConfirmation(to: number): to is typeof orderStatusId.cancelled | typeof orderStatusId.refunded {
  return to === orderStatusId.cancelled || to === orderStatusId.refunded;
}
