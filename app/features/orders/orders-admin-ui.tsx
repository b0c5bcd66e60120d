import type { FieldMetadata } from "@conform-to/react";
import { clsx } from "clsx";

import { formatDate } from "~/domain/dates";
import { formatBaht } from "~/domain/money";
import { statusLabelKey } from "~/domain/order-status";
import { intlLocale, type Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Badge } from "~/ui/backend/page-parts";
import { Field, SelectField } from "~/ui/form/fields";

/**
 * Small pieces the back-office order pages share: a status badge (tone by what the status asks of
 * the shop), Baht amounts (the back office always shows THB) and Bangkok dates.
 */
const tones: Record<string, "success" | "warning" | "error" | "neutral"> = {
  waiting_payment: "warning",
  slip_review: "warning",
  in_review: "warning",
  paid: "success",
  awaiting_fulfilment: "warning",
  fulfilment_done: "success",
  refund_request: "error",
  completed: "neutral",
  cancelled: "neutral",
  refunded: "neutral",
};

export function OrderStatusBadge({ statusId, className }: { statusId: number; className?: string }) {
  const { t } = useTranslation("backend");
  const name = statusLabelKey(statusId);
  return (
    <span className={clsx(className)} data-status={name}>
      <Badge tone={tones[name] ?? "neutral"} testId="order-status">
        {t(`orderStatus.${name}`)}
      </Badge>
    </span>
  );
}

export function baht(satang: number, locale: Locale): string {
  return formatBaht(satang, intlLocale(locale));
}

export function dateTime(epochMs: number, locale: Locale): string {
  return formatDate(epochMs, locale, { dateStyle: "medium", timeStyle: "short" });
}

/** The carrier and tracking number of a parcel handed over (an order shipped, an exchange's replacement). */
export function ShipmentFields({
  carrierId,
  trackingNumber,
  carriers,
}: {
  carrierId: FieldMetadata<unknown>;
  trackingNumber: FieldMetadata<unknown>;
  carriers: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation("ordersAdmin");
  return (
    <>
      <SelectField meta={carrierId} label={t("fields.carrierId")}>
        <option value="">{t("common.none")}</option>
        {carriers.map((carrier) => (
          <option key={carrier.id} value={carrier.id}>
            {carrier.name}
          </option>
        ))}
      </SelectField>
      <Field meta={trackingNumber} label={t("fields.trackingNumber")} autoCapitalize="characters" />
    </>
  );
}
