import { Form } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { foreignCurrencyCodes } from "~/domain/currency";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { textFields } from "~/features/backoffice/form-errors";
import { contentReply, contentTranslator, echoFields, zodFieldErrors } from "~/features/content/admin-action.server";
import { BilingualRow, FormSection } from "~/features/content/admin-form-ui";
import { settingsBankRows, settingsFieldNames, settingsSchema } from "~/features/content/content-admin-schemas";
import { loadSettings, saveSettings } from "~/features/content/content-admin.server";
import { getInstance, getLocale } from "~/i18n/i18next.server";
import type { Locale } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { PageHeading } from "~/ui/backend/data-table";
import type { Route } from "./+types/settings";
import { useSettledKey } from "~/ui/use-settled-key";

/**
 * Shop settings (spec §2 /backend/setting, §3 Config; issue 4 item 11), roles 1–2 ("settings"
 * group). One form: VAT, names, addresses, phone, e-mail, social accounts and the fallback
 * exchange rates (config_exchange_rates), saved in one batch. The storefront reads them on every
 * page (anonymous pages are cached for at most PAGE_CACHE_SECONDS).
 */
export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const locale = getLocale(args.context) as Locale;
  const i18n = getInstance(args.context);
  const settings = await loadSettings(env.DB);
  return { settings, meta: { title: `${i18n.getFixedT(locale, "contentAdmin")("meta.settings")} | ${i18n.getFixedT(locale, "backend")("title")}` } };
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const t = contentTranslator(args.context);
  const formData = await args.request.formData();
  if (formData.get("intent") !== "save-settings") return contentReply(400, { form: "unknown", formError: t("validation.unknownAction") });
  const fields = textFields(formData, settingsFieldNames);
  const parsed = settingsSchema.safeParse(fields);
  if (!parsed.success) return contentReply(400, { form: "settings", errors: zodFieldErrors(parsed.error, t), values: echoFields(fields) });
  await saveSettings(env.DB, parsed.data);
  return contentReply(200, { form: "settings", notice: t("settings.saved"), key: Date.now() });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.meta.title ?? "Pryde" }, { name: "robots", content: "noindex" }];

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const formKey = useSettledKey(actionData?.key);
  const { t } = useTranslation("contentAdmin");
  const { settings } = loaderData;
  const errors = actionData?.errors ?? {};
  const typed = actionData?.values ?? {};
  const stored: Record<string, string> = {
    vat: settings.vatText,
    nameEn: settings.site.nameEn,
    nameTh: settings.site.nameTh,
    addressEn: settings.site.addressEn,
    addressTh: settings.site.addressTh,
    phone: settings.site.phone,
    email: settings.site.email,
    facebook: settings.site.facebook,
    instagram: settings.site.instagram,
    line: settings.site.line,
    ...Object.fromEntries(foreignCurrencyCodes.map((code) => [`rate${code}`, String(settings.rates[code])])),
    promptPayId: settings.promptPayId,
    pointValueBaht: bahtText(settings.pointValueSatang),
    pointsEarnBaht: bahtText(settings.pointsEarnSatang),
    exchangeWindowDays: String(settings.exchangeWindowDays),
    unpaidOrderHours: String(settings.unpaidOrderHours),
    ...Object.fromEntries(
      settingsBankRows.flatMap((row) => {
        const account = settings.bankAccounts[row - 1];
        return [
          [`bank${row}`, account?.bank ?? ""],
          [`bankAccountName${row}`, account?.accountName ?? ""],
          [`bankAccountNumber${row}`, account?.accountNumber ?? ""],
        ];
      }),
    ),
  };
  const value = (name: string) => typed[name] ?? stored[name] ?? "";
  const field = (name: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={t(`fields.${name}` as "fields.vat")} defaultValue={value(name)} error={errors[name]} {...extra} />
  );

  return (
    <div className="space-y-6" data-testid="settings-page">
      <PageHeading title={t("settings.heading")} intro={t("settings.intro")} />
      <ActionMessages notice={actionData?.notice} formError={actionData?.formError} />
      <Form method="post" className="space-y-6" key={formKey} data-testid="settings-form" noValidate>
        <FormSection title={t("settings.shopHeading")}>
          <BilingualRow>
            {field("nameEn", { required: true, maxLength: 100 })}
            {field("nameTh", { required: true, maxLength: 100, lang: "th" })}
          </BilingualRow>
          <div className="max-w-xs">{field("vat", { inputMode: "decimal", required: true, hint: t("settings.vatHint") })}</div>
        </FormSection>
        <FormSection title={t("settings.contactHeading")}>
          <BilingualRow>
            {field("addressEn", { maxLength: 500 })}
            {field("addressTh", { maxLength: 500, lang: "th" })}
          </BilingualRow>
          <BilingualRow>
            {field("phone", { type: "tel", maxLength: 30, autoComplete: "off" })}
            {field("email", { type: "email", required: true, maxLength: 254, autoComplete: "off" })}
          </BilingualRow>
        </FormSection>
        <FormSection title={t("settings.socialHeading")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-3">
            {field("facebook", { maxLength: 200, hint: t("settings.socialHint") })}
            {field("instagram", { maxLength: 200, hint: t("settings.socialHint") })}
            {field("line", { maxLength: 200, hint: t("settings.socialHint") })}
          </div>
        </FormSection>
        <FormSection title={t("settings.ratesHeading")}>
          <p className="text-sm text-ink-muted">{t("settings.ratesIntro")}</p>
          <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
            {foreignCurrencyCodes.map((code) => (
              <div key={code}>{field(`rate${code}`, { inputMode: "decimal", required: true })}</div>
            ))}
          </div>
        </FormSection>
        <FormSection title={t("settings.paymentHeading")}>
          <p className="text-sm text-ink-muted">{t("settings.paymentIntro")}</p>
          <div className="max-w-xs">{field("promptPayId", { inputMode: "tel", maxLength: 30, autoComplete: "off", hint: t("settings.promptPayHint") })}</div>
          {settingsBankRows.map((row) => (
            <fieldset key={row} className="grid min-w-0 grid-cols-1 gap-4 md:grid-cols-3" data-testid="settings-bank-account">
              <legend className="mb-2 text-sm font-medium">{t("settings.bankAccountLegend", { number: row })}</legend>
              {field(`bank${row}`, { maxLength: 100, autoComplete: "off" })}
              {field(`bankAccountName${row}`, { maxLength: 100, autoComplete: "off" })}
              {field(`bankAccountNumber${row}`, { maxLength: 30, inputMode: "numeric", autoComplete: "off" })}
            </fieldset>
          ))}
        </FormSection>
        <FormSection title={t("settings.loyaltyHeading")}>
          <p className="text-sm text-ink-muted">{t("settings.loyaltyIntro")}</p>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            {field("pointValueBaht", { inputMode: "decimal", required: true })}
            {field("pointsEarnBaht", { inputMode: "decimal", required: true, hint: t("settings.pointsEarnHint") })}
            {field("exchangeWindowDays", { inputMode: "numeric", required: true, hint: t("settings.exchangeWindowHint") })}
            {field("unpaidOrderHours", { inputMode: "numeric", required: true, hint: t("settings.unpaidOrderHint") })}
          </div>
        </FormSection>
        <button type="submit" name="intent" value="save-settings" className="btn-primary">
          {t("common.save")}
        </button>
      </Form>
    </div>
  );
}

/** Satang as the Baht amount staff type ("1", "100", "0.5"). */
function bahtText(satang: number): string {
  return String(satang / 100);
}
