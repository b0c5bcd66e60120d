import { clsx } from "clsx";

import { useTranslation } from "~/i18n/translation";

/** The status badge of an exchange (/exchange, /exchange/{id}). */
const tones: Record<string, string> = {
  requested: "bg-amber-100 text-amber-900",
  approved: "bg-blue-100 text-blue-900",
  rejected: "bg-gray-200 text-gray-800",
  completed: "bg-green-100 text-green-900",
};

export function ExchangeStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation("exchanges");
  const known = status in tones ? (status as "requested") : "requested";
  return (
    <span
      className={clsx("inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[known], className)}
      data-testid="exchange-status"
      data-status={status}
    >
      {t(`status.${known}`)}
    </span>
  );
}
