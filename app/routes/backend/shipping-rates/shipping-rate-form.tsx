import { data, Form, useLocation } from "react-router";
import { getCloudflare } from "~/cloudflare";
import { shippingMethods } from "~/db/schema/orders";
import { ActionMessages, TextField } from "~/features/accounts/auth-form";
import { requireStaffFor } from "~/features/accounts/guards.server";
import { DeletePanel, FormPageHeading, SelectField } from "~/features/catalog-admin/catalog-admin-ui";
import { catalogFieldErrors, parseIntent, textValues } from "~/features/catalog-admin/form-data";
import { ordersAdminContext, ordersNoticeFrom, redirectWithOrdersNotice, routeRecordId } from "~/features/orders/orders-admin-route.server";
import {
  ordersAdminValidationKeys,
  shippingBases,
  shippingRateFields,
  shippingRateSchema,
  shippingZones,
  type ShippingRateDraft,
} from "~/features/orders/shipping-rate-schemas";
import { deleteShippingRate, listRateCarriers, loadShippingRate, saveShippingRate, shippingRateDraft } from "~/features/orders/shipping-rates-admin.server";
import { localeFromPathname, localizePath } from "~/i18n/config";
import { useTranslation } from "~/i18n/translation";
import { Panel } from "~/ui/backend/data-table";
import type { Route } from "./+types/shipping-rate-form";

/**
 * A shipping rate (spec §2 /backend/shipping-rates/form and /form/{id}; issue 5 item 12): one
 * schema for create and edit, field messages in the page's language, and a refusal naming the rate
 * in the way when the bracket overlaps another active rate of the same method and destination.
 */
const listPath = "/backend/shipping-rates";

function recordId(params: { id?: string }): number | null {
  if (params.id === undefined) return null;
  const id = routeRecordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

export async function loader(args: Route.LoaderArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { t, title } = ordersAdminContext(args.context);
  const id = recordId(args.params);
  const [row, carriers] = await Promise.all([id === null ? null : loadShippingRate(env.DB, id), listRateCarriers(env.DB)]);
  if (id !== null && !row) throw data(null, { status: 404 });
  return data({
    id,
    carriers,
    draft: row ? shippingRateDraft(row) : null,
    notice: ordersNoticeFrom(args.request, t),
    meta: { title: title(t(id === null ? "meta.shippingRateNew" : "meta.shippingRateEdit")) },
  });
}

interface Reply {
  draft: ShippingRateDraft | null;
  errors: Record<string, string>;
  formError: string | null;
}

export async function action(args: Route.ActionArgs) {
  requireStaffFor(args);
  const { env } = getCloudflare(args.context);
  const { locale, t } = ordersAdminContext(args.context);
  const id = recordId(args.params);
  const reply = (status: number, body: Partial<Reply>) => data<Reply>({ draft: null, errors: {}, formError: null, ...body }, { status });
  let formData: FormData;
  try {
    formData = await args.request.formData();
  } catch {
    return reply(400, { formError: t("actions.refused.unknown") });
  }
  const intent = parseIntent(formData).name;

  if (intent === "delete" && id !== null) {
    if (!(await deleteShippingRate(env.DB, id))) throw data(null, { status: 404 });
    return redirectWithOrdersNotice(locale, listPath, "rate-deleted");
  }
  if (intent !== "save") return reply(400, { formError: t("actions.refused.unknown") });

  const fields = textValues(formData, shippingRateFields);
  const echo = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.slice(0, 100)])) as ShippingRateDraft;
  const parsed = shippingRateSchema.safeParse(fields);
  if (!parsed.success) return reply(400, { draft: echo, errors: catalogFieldErrors(parsed.error, t, ordersAdminValidationKeys) });

  const result = await saveShippingRate(env.DB, id, parsed.data);
  if (result.ok) return redirectWithOrdersNotice(locale, `${listPath}/form/${result.id}`, id === null ? "rate-created" : "rate-saved");
  if (result.reason === "not-found") throw data(null, { status: 404 });
  if (result.reason === "unknown-carrier") return reply(400, { draft: echo, errors: { carrierId: t("validation.choice", { field: t("fields.carrierId") }) } });
  const method = t(`methods.${parsed.data.method}`);
  const other = result.other;
  const number = (value: number) => new Intl.NumberFormat(locale === "th" ? "th-TH" : "en-GB").format(value);
  const bracket = other
    ? other.maxValue === null
      ? t("shippingRates.bracketOpen", { min: number(other.minValue) })
      : t("shippingRates.bracket", { min: number(other.minValue), max: number(other.maxValue) })
    : "";
  const message =
    result.reason === "basis-mixed"
      ? t("validation.basisMixed", { method, basis: t(`bases.${other?.basis ?? "weight"}`) })
      : t("validation.overlap", { method, bracket });
  return reply(400, { draft: echo, errors: { minValue: message }, formError: message });
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
  isActive: "on",
};

export default function ShippingRateForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("ordersAdmin");
  const locale = localeFromPathname(useLocation().pathname);
  const { id } = loaderData;
  const draft = actionData?.draft ?? loaderData.draft ?? emptyDraft;
  const errors = actionData?.errors ?? {};
  const base = localizePath(locale, listPath);
  const here = id === null ? `${base}/form` : `${base}/form/${id}`;
  const formError = actionData?.formError ?? (Object.keys(errors).length ? t("validation.summary") : null);

  return (
    <div className="space-y-6" data-testid="shipping-rate-form-page">
      <FormPageHeading title={id === null ? t("shippingRates.newHeading") : t("shippingRates.editHeading")} backTo={base} />
      <ActionMessages notice={actionData ? null : loaderData.notice} formError={formError} />
      <Form method="post" action={here} className="space-y-6" data-testid="shipping-rate-form" key={JSON.stringify(actionData?.draft ?? loaderData.draft)} noValidate>
        <Panel title={t("shippingRates.heading")}>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2">
            <SelectField name="method" label={t("fields.method")} defaultValue={draft.method} error={errors.method}>
              {shippingMethods.map((method) => (
                <option key={method} value={method}>
                  {t(`methods.${method}`)}
                </option>
              ))}
            </SelectField>
            <SelectField name="zone" label={t("fields.zone")} defaultValue={draft.zone} error={errors.zone}>
              {shippingZones.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`zones.${zone}`)}
                </option>
              ))}
            </SelectField>
            <TextField name="countryCode" label={t("fields.countryCode")} maxLength={2} defaultValue={draft.countryCode} error={errors.countryCode} hint={t("shippingRates.countryHint")} autoCapitalize="characters" />
            <SelectField name="carrierId" label={t("fields.carrierId")} defaultValue={draft.carrierId} error={errors.carrierId}>
              <option value="">{t("shippingRates.anyCarrier")}</option>
              {loaderData.carriers.map((carrier) => (
                <option key={carrier.id} value={String(carrier.id)}>
                  {locale === "th" ? carrier.nameTh : carrier.nameEn}
                </option>
              ))}
            </SelectField>
            <SelectField name="basis" label={t("fields.basis")} defaultValue={draft.basis} error={errors.basis}>
              {shippingBases.map((basis) => (
                <option key={basis} value={basis}>
                  {t(`bases.${basis}`)}
                </option>
              ))}
            </SelectField>
            <TextField name="minValue" label={t("fields.minValue")} inputMode="numeric" maxLength={9} defaultValue={draft.minValue} error={errors.minValue} />
            <TextField name="maxValue" label={t("fields.maxValue")} inputMode="numeric" maxLength={9} defaultValue={draft.maxValue} error={errors.maxValue} hint={t("shippingRates.maxHint")} />
            <TextField name="price" label={t("fields.price")} inputMode="decimal" maxLength={12} defaultValue={draft.price} error={errors.price} />
            <div className="grid grid-cols-2 gap-3">
              <TextField name="deliveryDaysMin" label={t("fields.deliveryDaysMin")} inputMode="numeric" maxLength={3} defaultValue={draft.deliveryDaysMin} error={errors.deliveryDaysMin} />
              <TextField name="deliveryDaysMax" label={t("fields.deliveryDaysMax")} inputMode="numeric" maxLength={3} defaultValue={draft.deliveryDaysMax} error={errors.deliveryDaysMax} />
            </div>
            <label className="flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" name="isActive" defaultChecked={draft.isActive === "on"} className="size-4" />
              {t("fields.isActive")}
            </label>
          </div>
        </Panel>
        <button type="submit" name="intent" value="save" className="btn-primary" data-testid="save">
          {id === null ? t("common.create") : t("common.save")}
        </button>
      </Form>
      {id !== null ? <DeletePanel title={t("shippingRates.deleteHeading")} action={here} /> : null}
    </div>
  );
}
