import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";

import { statusLabelKey } from "~/domain/order-status";
import { localeFromPathname } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { Field, FormErrors, FormMessages, SelectField, SubmitButton } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";

import type { ShipStep } from "./bulk-orders.server";
import { bulkShipSchema } from "./orders-admin-schemas";

/**
 * The step after "Mark shipped" on the order list: the ticked orders that can be shipped, one
 * carrier and a tracking number for each (the order page's ship rule), and those left as they are.
 * A form of the kit: the same schema checks it in the browser and in the action.
 */
export function BulkShipPanel({ step, result, action }: { step: ShipStep; result: SubmissionResult<string[]> | undefined; action: string }) {
  const { t } = useTranslation("ordersAdmin");
  const { t: tb } = useTranslation("backend");
  const locale = localeFromPathname(useLocation().pathname);
  const [form, fields] = useSchemaForm(bulkShipSchema, {
    id: "bulk-ship",
    lastResult: result,
    defaultValue: { carrierId: "", shipments: step.ready.map((order) => ({ orderId: String(order.id), trackingNumber: "" })) },
  });
  const shipments = fields.shipments.getFieldList();
  return (
    <FormMessages namespace="ordersAdmin">
      <div className="mb-4" data-testid="bulk-ship">
        <Panel title={t("bulk.shipHeading", { count: step.ready.length })}>
          <p className="mb-3 text-sm text-ink-muted">{t("bulk.shipIntro")}</p>
          <FormErrors form={form} />
          <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
            <input type="hidden" name="intent" value="ship" />
            <SelectField meta={fields.carrierId} label={t("fields.carrierId")} className="max-w-sm">
              <option value="">—</option>
              {step.carriers.map((carrier) => (
                <option key={carrier.id} value={carrier.id}>
                  {localized(carrier, "name", locale)}
                </option>
              ))}
            </SelectField>
            <ul className="grid gap-3 md:grid-cols-2">
              {shipments.map((shipment, index) => {
                const order = step.ready[index];
                const item = shipment.getFieldset();
                if (!order) return null;
                return (
                  <li key={shipment.key} data-testid="bulk-ship-order">
                    <input type="hidden" name={item.orderId.name} value={order.id} />
                    <Field
                      meta={item.trackingNumber}
                      label={t("bulk.trackingFor", { number: order.orderNumber })}
                      hint={order.name || undefined}
                      autoCapitalize="characters"
                      autoComplete="off"
                    />
                  </li>
                );
              })}
            </ul>
            {step.skipped.length > 0 ? (
              <div className="text-sm" data-testid="bulk-ship-skipped">
                <p className="font-semibold">{t("bulk.skipped")}</p>
                <ul className="list-inside list-disc text-ink-muted">
                  {step.skipped.map((order) => (
                    <li key={order.id}>
                      <span className="font-mono">{order.orderNumber}</span> · {tb(`orderStatus.${statusLabelKey(order.statusId)}`)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <SubmitButton action={action} testId="bulk-ship-submit">
                {t("bulk.shipSubmit")}
              </SubmitButton>
              <Link to={action} className="btn-ghost border border-line">
                {t("bulk.cancel")}
              </Link>
            </div>
          </Form>
        </Panel>
      </div>
    </FormMessages>
  );
}
