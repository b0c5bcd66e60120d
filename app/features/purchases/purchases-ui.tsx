import { clsx } from "clsx";

import { statusLabelKey } from "~/domain/order-status";
import { useTranslation } from "~/i18n/translation";

/** Pieces shared by the purchase pages: the status badge, and reading a page number from a URL. */
const tones: Record<string, string> = {
  waiting_payment: "bg-amber-100 text-amber-900",
  slip_review: "bg-amber-100 text-amber-900",
  in_review: "bg-amber-100 text-amber-900",
  paid: "bg-blue-100 text-blue-900",
  awaiting_fulfilment: "bg-blue-100 text-blue-900",
  fulfilment_done: "bg-indigo-100 text-indigo-900",
  completed: "bg-green-100 text-green-900",
  refund_request: "bg-orange-100 text-orange-900",
  cancelled: "bg-gray-200 text-gray-800",
  refunded: "bg-gray-200 text-gray-800",
};

export function OrderStatusBadge({ statusId, className }: { statusId: number; className?: string }) {
  const { t } = useTranslation("purchases");
  const key = statusLabelKey(statusId);
  return (
    <span
      className={clsx("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[key] ?? "bg-gray-200 text-gray-800", className)}
      data-testid="order-status"
      data-status={key}
    >
      {t(`status.${key}`)}
    </span>
  );
}
