import type { FieldMetadata } from "@conform-to/react";

import { documentKinds } from "~/domain/tax-documents";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/page-parts";
import { CheckboxField, Field, FormMessages } from "~/ui/form/fields";

import { prefixFieldNames, type sellerSettingsFields } from "./seller-settings";

type SellerFieldName = keyof typeof sellerSettingsFields;

/**
 * The "Seller (tax documents)" section of /backend/setting: fields of the settings form (one form, one
 * save), labelled and explained by the billing namespace, whose validation keys it adds.
 */
export function SellerSettingsPanel({ fields }: { fields: Record<SellerFieldName, FieldMetadata<unknown>> }) {
  const { t } = useTranslation("billing");
  const label = (name: SellerFieldName) => t(`fields.${name}`);
  return (
    <FormMessages namespace="billing">
      <Panel title={t("seller.heading")}>
        <div data-testid="settings-seller" className="space-y-4">
          <p className="text-sm text-ink-muted">{t("seller.intro")}</p>
          <CheckboxField meta={fields.sellerVatRegistered} label={label("sellerVatRegistered")} hint={t("seller.vatRegisteredHint")} />
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <Field meta={fields.sellerNameTh} label={label("sellerNameTh")} lang="th" />
            <Field meta={fields.sellerNameEn} label={label("sellerNameEn")} />
            <Field meta={fields.sellerAddressTh} label={label("sellerAddressTh")} lang="th" />
            <Field meta={fields.sellerAddressEn} label={label("sellerAddressEn")} />
            <Field meta={fields.sellerTaxId} label={label("sellerTaxId")} inputMode="numeric" autoComplete="off" />
            <Field meta={fields.sellerBranch} label={label("sellerBranch")} inputMode="numeric" autoComplete="off" hint={t("seller.branchHint")} />
          </div>
          <fieldset className="min-w-0">
            <legend className="mb-1 text-sm font-medium">{t("seller.prefixesLegend")}</legend>
            <p className="mb-3 text-sm text-ink-muted">{t("seller.prefixesHint")}</p>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
              {documentKinds.map((kind) => (
                <Field key={kind} meta={fields[prefixFieldNames[kind]]} label={label(prefixFieldNames[kind])} autoComplete="off" className="uppercase" />
              ))}
            </div>
          </fieldset>
        </div>
      </Panel>
    </FormMessages>
  );
}
