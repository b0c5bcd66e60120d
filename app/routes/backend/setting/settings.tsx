import { type FieldMetadata, getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useLocation } from "react-router";
import type { z } from "zod";

import { foreignCurrencyCodes } from "~/domain/currency";
import { staffRoute } from "~/features/backoffice/staff-route.server";
import { SellerSettingsPanel } from "~/features/billing/seller-settings-panel";
import { refused, unsaved } from "~/features/content/admin-action.server";
import { loadSettingsDraft, saveSettings } from "~/features/content/content-admin.server";
import { settingsBankRows, settingsInput, settingsSchema } from "~/features/content/content-admin-schemas";
import { type Locale, localizePath } from "~/i18n/config";
import { getLocale } from "~/i18n/i18next.server";
import { useTranslation } from "~/i18n/translation";
import { PageHeading, Panel } from "~/ui/backend/page-parts";
import { constraintsOf } from "~/ui/form/constraints";
import { Field, FormErrors, FormMessages, SubmitButton } from "~/ui/form/fields";
import { redirectWithToast } from "~/ui/toast.server";

import type { Route } from "./+types/settings";

/**
 * Shop settings (spec §2 /backend/setting, §3 Config; issue 4 item 11), roles 1–2 ("settings"
 * group). One form: VAT, names, addresses, phone, e-mail, social accounts, the fallback exchange
 * rates (config_exchange_rates), bank transfer, points and exchanges, the seller on tax documents
 * (config_tax_seller), saved in one batch. The storefront reads them on every page (anonymous pages
 * are cached for at most PAGE_CACHE_SECONDS).
 */
export async function loader(args: Route.LoaderArgs) {
  const { env, t, title } = staffRoute(args, "contentAdmin");
  const { draft, version } = await loadSettingsDraft(env.DB);
  return { draft, version, meta: { title: title(t("meta.settings")) } };
}

export async function action(args: Route.ActionArgs) {
  const { env } = staffRoute(args);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "save-settings") return refused("settings", "unknownAction", 400);
  const submission = parseWithZod(formData, { schema: settingsSchema });
  if (submission.status !== "success") return unsaved("settings", formData, submission);
  await saveSettings(env.DB, settingsInput(submission.value));
  const here = localizePath(getLocale(args.context) as Locale, "/backend/setting");
  return redirectWithToast(args.request, here, { key: "contentAdmin:settings.saved" });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("contentAdmin");
  const here = useLocation().pathname;
  const [form, fields] = useForm<z.input<typeof settingsSchema>, z.output<typeof settingsSchema>>({
    // A save changes the version: the form then shows what was stored (e-mail in lower case, "7.50" as 7.5).
    id: `settings-${loaderData.version}`,
    lastResult: actionData?.result,
    defaultValue: loaderData.draft,
    constraint: constraintsOf(settingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const field = (meta: FieldMetadata<unknown>, extra: Omit<Parameters<typeof Field>[0], "meta" | "label"> = {}) => (
    <Field meta={meta} label={t(`fields.${meta.name}` as "fields.vat")} {...extra} />
  );

  return (
    <FormMessages namespace="contentAdmin">
      <div className="space-y-6" data-testid="settings-page">
        <PageHeading title={t("settings.heading")} intro={t("settings.intro")} />
        <FormErrors form={form} />
        <Form method="post" action={here} className="space-y-6" data-testid="settings-form" key={form.id} {...getFormProps(form)}>
          <Panel title={t("settings.shopHeading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {field(fields.nameEn)}
              {field(fields.nameTh, { lang: "th" })}
              {field(fields.vat, { inputMode: "decimal", hint: t("settings.vatHint"), className: "max-w-xs" })}
            </div>
          </Panel>
          <Panel title={t("settings.contactHeading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {field(fields.addressEn)}
              {field(fields.addressTh, { lang: "th" })}
              {field(fields.phone, { type: "tel", autoComplete: "off" })}
              {field(fields.email, { type: "email", autoComplete: "off" })}
            </div>
          </Panel>
          <Panel title={t("settings.socialHeading")}>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
              {field(fields.facebook, { hint: t("settings.socialHint") })}
              {field(fields.instagram, { hint: t("settings.socialHint") })}
              {field(fields.line, { hint: t("settings.socialHint") })}
            </div>
          </Panel>
          <Panel title={t("settings.ratesHeading")}>
            <p className="mb-3 text-sm text-ink-muted">{t("settings.ratesIntro")}</p>
            <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
              {foreignCurrencyCodes.map((code) => (
                <div key={code}>{field(fields[`rate${code}`], { inputMode: "decimal" })}</div>
              ))}
            </div>
          </Panel>
          <Panel title={t("settings.paymentHeading")}>
            <p className="mb-3 text-sm text-ink-muted">{t("settings.paymentIntro")}</p>
            <div className="space-y-4">
              {field(fields.promptPayId, { inputMode: "tel", autoComplete: "off", hint: t("settings.promptPayHint"), className: "max-w-xs" })}
              {settingsBankRows.map((row) => (
                <fieldset key={row} className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-3" data-testid="settings-bank-account">
                  <legend className="mb-2 text-sm font-medium">{t("settings.bankAccountLegend", { number: row })}</legend>
                  {field(fields[`bank${row}`], { autoComplete: "off" })}
                  {field(fields[`bankAccountName${row}`], { autoComplete: "off" })}
                  {field(fields[`bankAccountNumber${row}`], { inputMode: "numeric", autoComplete: "off" })}
                </fieldset>
              ))}
            </div>
          </Panel>
          <Panel title={t("settings.loyaltyHeading")}>
            <p className="mb-3 text-sm text-ink-muted">{t("settings.loyaltyIntro")}</p>
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
              {field(fields.pointValueBaht, { inputMode: "decimal" })}
              {field(fields.pointsEarnBaht, { inputMode: "decimal", hint: t("settings.pointsEarnHint") })}
              {field(fields.exchangeWindowDays, { inputMode: "numeric", hint: t("settings.exchangeWindowHint") })}
              {field(fields.unpaidOrderHours, { inputMode: "numeric", hint: t("settings.unpaidOrderHint") })}
            </div>
          </Panel>
          <SellerSettingsPanel fields={fields} />
          <SubmitButton name="intent" value="save-settings" action={here} testId="save-settings">
            {t("common.save")}
          </SubmitButton>
        </Form>
      </div>
    </FormMessages>
  );
}
