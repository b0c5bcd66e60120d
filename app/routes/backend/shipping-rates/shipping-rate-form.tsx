import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";

import { formatDecimal } from "~/domain/number-format";
import { shippingMethodNames } from "~/domain/shipping";
import { optionalRecordId, staffRoute } from "~/features/backoffice/staff-route.server";
import { shippingBases, type ShippingRateDraft, shippingRateInput, shippingRateSchema, shippingZones } from "~/features/orders/shipping-rate-schemas";
import { deleteShippingRate, listRateCarriers, loadShippingRate, saveShippingRate, shippingRateDraft } from "~/features/orders/shipping-rates-admin.server";
import { intlLocale, localizePath } from "~/i18n/config";
import { localized } from "~/i18n/localized";
import { useTranslation } from "~/i18n/translation";
import { DeletePanel, FormPageHeading, useRecordFormPaths } from "~/ui/backend/form-page";
import { Panel } from "~/ui/backend/page-parts";
import { confirmStep, isConfirmed } from "~/ui/confirm";
import { CheckboxField, Field, FormErrors, FormMessages, MoneyField, SelectField, SubmitButton } from "~/ui/form/fields";
import { Options } from "~/ui/form/options";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/shipping-rate-form";

/**
 * A shipping rate (spec §2 /backend/shipping-rates/form and /form/{id}; issue 5 item 12): one
 * schema for create and edit, field messages in the page's language, and a refusal naming the rate
 * in the way when the bracket overlaps another active rate of the same method and destination.
 */
const listPath = "/backend/shipping-rates";

export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "ordersAdmin");
  const id = optionalRecordId(args.params.id);
  const [row, carriers] = await Promise.all([id === null ? null : loadShippingRate(env.DB, id), listRateCarriers(env.DB)]);
  if (id !== null && !row) throw data(null, { status: 404 });
  return data({
    id,
    carriers,
    draft: row ? shippingRateDraft(row) : null,
    meta: { title: title(t(id === null ? "meta.shippingRateNew" : "meta.shippingRateEdit")) },
  });
}

export async function action(args: Route.ActionArgs) {
  const { env, locale, t } = staffRoute(args, "ordersAdmin");
  const id = optionalRecordId(args.params.id);
  const formData = await args.request.formData();

  if (formData.get("intent") === "delete" && id !== null) {
    if (!isConfirmed(formData)) return data({ result: undefined, refusal: null, confirm: confirmStep(formData) });
    if (!(await deleteShippingRate(env.DB, id))) throw data(null, { status: 404 });
    return redirectWithToast(args.request, localizePath(locale, listPath), { key: "ordersAdmin:shippingRates.deleted" });
  }
  const submission = parseWithZod(formData, { schema: shippingRateSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), refusal: null, confirm: null }, { status: 400 });

  const result = await saveShippingRate(env.DB, id, shippingRateInput(submission.value));
  if (result.ok)
    return redirectWithToast(args.request, localizePath(locale, `${listPath}/form/${result.id}`), {
      key: id === null ? "ordersAdmin:shippingRates.created" : "ordersAdmin:shippingRates.saved",
    });
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "unknown-carrier")
    return data({ result: submission.reply({ fieldErrors: { carrierId: ["choice"] } }), refusal: null, confirm: null }, { status: 400 });
  const method = t(`methods.${submission.value.method}`);
  const other = result.other;
  const number = (value: number) => formatDecimal(value, intlLocale(locale), 3);
  const bracket = other
    ? other.maxValue === null
      ? t("shippingRates.bracketOpen", { min: number(other.minValue) })
      : t("shippingRates.bracket", { min: number(other.minValue), max: number(other.maxValue) })
    : "";
  const refusal =
    result.reason === "basis-mixed"
      ? t("validation.basisMixed", { method, basis: t(`bases.${other?.basis ?? "weight"}`) })
      : t("validation.overlap", { method, bracket });
  const field = result.reason === "basis-mixed" ? "basis" : "minValue";
  return data({ result: submission.reply({ fieldErrors: { [field]: ["bracketClash"] } }), refusal, confirm: null }, { status: 400 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

const emptyDraft: ShippingRateDraft = {
  method: "standard",
  zone: "domestic",
  countryCode: "TH",
  carrierId: "",
  basis: "weight",
  minValue: "0",
  maxValue: "",
  price: "",
  deliveryDaysMin: "7",
  deliveryDaysMax: "14",
  isActive: true,
};

export default function ShippingRateForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const { id } = loaderData;
  const { locale, base, here } = useRecordFormPaths(listPath, id);
  const [form, fields] = useSchemaForm(shippingRateSchema, {
    id: `shipping-rate-${id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft ?? emptyDraft,
  });

  return (
    <FormMessages namespace="ordersAdmin">
      <div className="space-y-6" data-testid="shipping-rate-form-page">
        <FormPageHeading title={id === null ? t("shippingRates.newHeading") : t("shippingRates.editHeading")} backTo={base} />
        <FormErrors form={form} refusal={actionData?.refusal} />
        <Form method="post" action={here} className="space-y-6" data-testid="shipping-rate-form" {...getFormProps(form)}>
          <Panel title={t("shippingRates.heading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              <SelectField meta={fields.method} label={t("fields.method")}>
                <Options of={shippingMethodNames} label={(method) => t(`methods.${method}`)} />
              </SelectField>
              <SelectField meta={fields.zone} label={t("fields.zone")}>
                <Options of={shippingZones} label={(zone) => t(`zones.${zone}`)} />
              </SelectField>
              <Field
                meta={fields.countryCode}
                label={t("fields.countryCode")}
                maxLength={2}
                hint={t("shippingRates.countryHint")}
                autoCapitalize="characters"
              />
              <SelectField meta={fields.carrierId} label={t("fields.carrierId")}>
                <option value="">{t("shippingRates.anyCarrier")}</option>
                <Options of={loaderData.carriers} label={(carrier) => localized(carrier, "name", locale)} />
              </SelectField>
              <SelectField meta={fields.basis} label={t("fields.basis")}>
                <Options of={shippingBases} label={(basis) => t(`bases.${basis}`)} />
              </SelectField>
              <Field meta={fields.minValue} label={t("fields.minValue")} inputMode="numeric" />
              <Field meta={fields.maxValue} label={t("fields.maxValue")} inputMode="numeric" hint={t("shippingRates.maxHint")} />
              <MoneyField meta={fields.price} label={t("fields.price")} maxLength={12} />
              <div className="grid grid-cols-2 gap-3">
                <Field meta={fields.deliveryDaysMin} label={t("fields.deliveryDaysMin")} inputMode="numeric" />
                <Field meta={fields.deliveryDaysMax} label={t("fields.deliveryDaysMax")} inputMode="numeric" />
              </div>
              <CheckboxField meta={fields.isActive} label={t("fields.isActive")} />
            </div>
          </Panel>
          <SubmitButton name="intent" value="save" action={here} testId="save">
            {id === null ? t("common.create") : t("common.save")}
          </SubmitButton>
        </Form>
        {id !== null && loaderData.draft ? (
          <DeletePanel
            title={t("shippingRates.deleteHeading")}
            action={here}
            thing="shippingRate"
            name={`${t(`methods.${loaderData.draft.method as (typeof shippingMethodNames)[number]}`)} · ${loaderData.draft.countryCode} · ${loaderData.draft.minValue}–${loaderData.draft.maxValue || "∞"}`}
            confirm={actionData?.confirm}
          />
        ) : null}
      </div>
    </FormMessages>
  );
}
