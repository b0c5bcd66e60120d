import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";

import { taxInvoiceOffices } from "~/domain/tax-documents";
import { useTranslation } from "~/i18n/translation";
import { CheckboxField, Field, FormMessages, RadioGroupField, TextareaField } from "~/ui/form/fields";
import { useHydrated } from "~/ui/use-hydrated";

type Meta = FieldMetadata<unknown>;
export interface TaxInvoiceFieldMetas {
  /** The checkout's box; the profile has none. */
  taxInvoice?: Meta;
  taxInvoiceName: Meta;
  taxInvoiceTaxId: Meta;
  taxInvoiceOffice: Meta;
  taxInvoiceBranch: Meta;
  taxInvoiceAddress: Meta;
}

/**
 * The buyer of a full tax invoice (issue 17), on the checkout (with the "I need one" box) and in the
 * profile (without it). With JavaScript the box reveals the fields, and unticked they are disabled, so
 * nothing is posted; without it the box is not shown and the fields are: filled in = asked for, empty
 * = not (app/features/billing/tax-invoice-request.ts decides the same on the server).
 */
export function TaxInvoiceRequestFields({
  fields,
  withBox,
  requested,
  remembered = false,
}: {
  fields: TaxInvoiceFieldMetas;
  /** Show the checkout's box (needs `fields.taxInvoice`); the profile edits the remembered buyer directly. */
  withBox: boolean;
  /** The box's first state (the remembered buyer, or what was posted). */
  requested: boolean;
  /** The fields come from the account's last request. */
  remembered?: boolean;
}) {
  const { t } = useTranslation("documents");
  const hydrated = useHydrated();
  const [open, setOpen] = useState(requested);
  const [office, setOffice] = useState(String(fields.taxInvoiceOffice.initialValue ?? "head_office"));
  const box = withBox && hydrated && fields.taxInvoice !== undefined;
  const shown = !box || open;
  return (
    <FormMessages namespace="documents">
      <div
        className="flex flex-col gap-4"
        data-testid="tax-invoice-request"
        onChange={(event) => {
          const target = event.target as HTMLInputElement;
          if (fields.taxInvoice && target.name === fields.taxInvoice.name) setOpen(target.checked);
          if (target.name === fields.taxInvoiceOffice.name) setOffice(target.value);
        }}
      >
        {box && fields.taxInvoice ? <CheckboxField meta={fields.taxInvoice} label={t("request.ask")} /> : null}
        {withBox && !hydrated ? <p className="text-sm text-ink-muted">{t("request.noScriptHint")}</p> : null}
        {/* Disabled while hidden: a request unticked after typing is not sent. Once the box asks for
            one, the name, tax id and address are required (the schema's superRefine says so too);
            without the box, empty fields mean no request, so they stay optional. */}
        <fieldset className={shown ? "flex flex-col gap-4" : "hidden"} disabled={!shown} data-testid="tax-invoice-fields">
          <p className="text-sm text-ink-muted">{t(remembered ? "request.rememberedHint" : "request.intro")}</p>
          <Field meta={fields.taxInvoiceName} label={t("fields.name")} autoComplete="organization" required={box} />
          <Field meta={fields.taxInvoiceTaxId} label={t("fields.taxId")} inputMode="numeric" autoComplete="off" hint={t("request.taxIdHint")} required={box} />
          <RadioGroupField
            meta={fields.taxInvoiceOffice}
            label={t("fields.office")}
            options={taxInvoiceOffices.map((value) => ({ value, label: t(value === "head_office" ? "request.headOffice" : "request.branch") }))}
          />
          <Field
            meta={fields.taxInvoiceBranch}
            label={t("fields.branch")}
            inputMode="numeric"
            autoComplete="off"
            hint={t("request.branchHint")}
            className={hydrated && office !== "branch" ? "hidden" : undefined}
          />
          <TextareaField meta={fields.taxInvoiceAddress} label={t("fields.address")} autoComplete="street-address" required={box} />
        </fieldset>
      </div>
    </FormMessages>
  );
}
