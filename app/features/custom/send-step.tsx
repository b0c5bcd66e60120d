import { getFormProps, getInputProps } from "@conform-to/react";
import { Form, Link } from "react-router";

import { garmentSizes } from "~/domain/design-options";
import { AddressFieldset } from "~/features/profile/address-fieldset";
import { useTranslation } from "~/i18n/translation";
import { Field, FieldError, FormErrors, FormMessages, SubmitButton, useFieldMessage } from "~/ui/form/fields";
import { useSchemaForm } from "~/ui/form/use-schema-form";
import { CurrencyNote, Price } from "~/ui/price";
import { useHydrated } from "~/ui/use-hydrated";

import type { SendStepData } from "./designer-route.server";
import { sendSchema } from "./send-schemas";

const sectionClass = "rounded-lg border border-line bg-surface p-4 md:p-5";

/**
 * The send step of the designer (/custom/select/{id}?design={id}&step=send): the rendered previews,
 * the estimated total, contact and delivery details, and "Send for review". The form kit's form
 * (sendSchema): it works without JavaScript, and the server re-checks and re-prices everything
 * when it is sent.
 */
export function SendStep({ data }: { data: SendStepData }) {
  const { t } = useTranslation("custom");
  const hydrated = useHydrated();
  const { quote, values } = data;
  const quantities = quote.design.quantities;
  const [form, fields] = useSchemaForm(sendSchema, { id: "send", lastResult: data.result, defaultValue: values });
  const methodMessage = useFieldMessage(fields.method.errors, t("send.method"));
  return (
    <FormMessages namespace="custom">
      <section className="mx-auto max-w-5xl px-4 py-6" data-testid="custom-send-step">
        <h1 className="text-2xl font-bold">{t("send.heading")}</h1>
        <p className="mt-2 max-w-2xl text-ink-muted">{t("send.intro")}</p>
        <p className="mt-3">
          <Link to={data.designerPath} className="text-primary underline" data-testid="back-to-designer">
            {t("send.back")}
          </Link>
        </p>
        <div className="mt-4">
          <FormErrors form={form} refusal={data.message} />
        </div>
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_1fr]">
          <div className="flex flex-col gap-6">
            <div className={sectionClass}>
              <h2 className="mb-3 text-lg font-semibold">{t("send.previews")}</h2>
              <div className="grid grid-cols-2 gap-3">
                <figure>
                  <img src={data.previews.front} alt={t("send.front")} className="w-full rounded border border-line bg-white" data-testid="preview-front" />
                  <figcaption className="mt-1 text-center text-sm text-ink-muted">{t("send.front")}</figcaption>
                </figure>
                <figure>
                  <img src={data.previews.back} alt={t("send.back_side")} className="w-full rounded border border-line bg-white" data-testid="preview-back" />
                  <figcaption className="mt-1 text-center text-sm text-ink-muted">{t("send.back_side")}</figcaption>
                </figure>
              </div>
            </div>
            <div className={sectionClass}>
              <h2 className="mb-3 text-lg font-semibold">{t("send.summary")}</h2>
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
                <dt>{t("send.sizes")}</dt>
                <dd className="text-right" data-testid="send-sizes">
                  {garmentSizes
                    .filter((size) => quantities[size] > 0)
                    .map((size) => `${size.toUpperCase()} × ${quantities[size]}`)
                    .join(", ")}
                </dd>
                <dt>{t("send.pieces")}</dt>
                <dd className="text-right">{quote.totalQuantity}</dd>
                <dt>{t("send.perPiece")}</dt>
                <dd className="text-right">
                  <Price satang={quote.unitPriceSatang} />
                </dd>
                <dt>{t("send.subtotal")}</dt>
                <dd className="text-right">
                  <Price satang={quote.subtotalSatang} />
                </dd>
                <dt>{t("send.shipping")}</dt>
                <dd className="text-right" data-testid="send-shipping">
                  {quote.shippingSatang === null ? t("send.noShipping") : <Price satang={quote.shippingSatang} />}
                </dd>
                <dt className="font-semibold">{t("send.total")}</dt>
                <dd className="text-right font-semibold" data-testid="send-total">
                  <Price satang={quote.totalSatang} />
                </dd>
              </dl>
              <p className="mt-2 text-xs text-ink-muted">{t("send.vat", { percent: quote.vatPercent })}</p>
              <CurrencyNote />
              {quote.design.notes ? (
                <p className="mt-3 whitespace-pre-wrap text-sm">
                  <span className="font-semibold">{t("send.notes")}: </span>
                  {quote.design.notes}
                </p>
              ) : null}
            </div>
          </div>
          <Form method="post" className="flex flex-col gap-6" data-testid="send-form" data-hydrated={hydrated ? "true" : undefined} {...getFormProps(form)}>
            <input type="hidden" name="designId" value={data.designId} />
            <fieldset className={sectionClass}>
              <legend className="px-1 text-lg font-semibold">{t("send.contact")}</legend>
              <Field meta={fields.email} type="email" autoComplete="email" label={t("send.email")} />
            </fieldset>
            <fieldset className={`${sectionClass} flex flex-col gap-4`}>
              <legend className="px-1 text-lg font-semibold">{t("send.delivery")}</legend>
              <FormMessages namespace="account">
                <AddressFieldset fields={fields} values={values} lists={data.lists} onAreaChange={(name, value) => form.update({ name, value })} />
              </FormMessages>
            </fieldset>
            <fieldset
              className={sectionClass}
              aria-invalid={methodMessage ? true : undefined}
              aria-describedby={methodMessage ? fields.method.errorId : undefined}
            >
              <legend className="px-1 text-lg font-semibold">{t("send.method")}</legend>
              <div className="flex flex-wrap gap-4">
                {(["standard", "express"] as const).map((method) => {
                  const { key, ...props } = getInputProps(fields.method, { type: "radio", value: method, ariaAttributes: false });
                  return (
                    <label key={key ?? method} className="flex items-center gap-2">
                      <input {...props} id={`${fields.method.id}-${method}`} className="size-4" />
                      {t(`send.methods.${method}`)}
                    </label>
                  );
                })}
              </div>
              <FieldError id={fields.method.errorId} name={fields.method.name} message={methodMessage} />
            </fieldset>
            <SubmitButton name="intent" value="send" testId="send-submit">
              {t(data.kind === "resubmit" ? "send.resubmit" : "send.submit")}
            </SubmitButton>
          </Form>
        </div>
      </section>
    </FormMessages>
  );
}
